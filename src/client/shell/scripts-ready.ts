import { useLayoutEffect, useSyncExternalStore } from 'react';

const noSubscription = () => () => {};
const inBrowser = () => true;
const drawn = () => false;

/**
 * False in what the server draws and while the scripts take that page over; true once they have
 * (issue 31). For what only the scripts can do, or only a page without them needs: a form's own
 * submit button where the app applies each change as it is made.
 */
export function useScriptsReady(): boolean {
  return useSyncExternalStore(noSubscription, inBrowser, drawn);
}

/**
 * A toggle drawn as a checkbox the stylesheet follows, until the scripts' button takes its place
 * (issue 31): when the page is taken over, a checkbox checked before the scripts arrived opens the
 * scripts' toggle too (`onChecked`). Read as the page is taken over, while the checkbox is there.
 */
export function useDrawnToggle(checkboxId: string, onChecked: () => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the drawn page is taken over
  useLayoutEffect(() => {
    if ((document.getElementById(checkboxId) as HTMLInputElement | null)?.checked) onChecked();
  }, []);
}
