import { useSyncExternalStore } from 'react';

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
