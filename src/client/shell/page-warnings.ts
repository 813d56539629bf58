/**
 * The warnings the server drew over the page (src/server/http/page-warnings.ts), taken over by their
 * own script (warnings.ts), before the app's code arrives: the one the visitor sees becomes a modal dialog
 * (focus inside, the page behind inert, Tab kept inside, Escape or a click outside answers it),
 * one at a time, the in-app browser's first. An answered warning is removed and remembered for
 * the visit in a cookie, so the server does not draw it again. A tap before this script arrives
 * posts the warning's plain form instead, and the server remembers the answer. One the stylesheet hides (the
 * narrow-screen warning on a wide screen) is removed at once.
 */
import { PAGE_WARNINGS, type PageWarning, WARNING_SEEN, WARNING_SEEN_COOKIE } from '../../shared/page-warnings';
import { hideOthers } from '../ui/hide-others';

/** Remembers the answer for the visit (a session cookie the server reads). */
function remember(warning: PageWarning): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser, and its cookies are always Secure (not sent to http://127.0.0.1); the value is a constant.
  document.cookie = `${WARNING_SEEN_COOKIE[warning]}=${WARNING_SEEN}; path=/; samesite=lax${secure}`;
}

function showModal(dialog: HTMLDialogElement, then: () => void): void {
  const warning = dialog.dataset.warning as PageWarning;
  dialog.close();
  const showOthers = hideOthers(dialog);
  const onClose = () => {
    // The close event of the close() above arrives after showModal(), with the dialog open again.
    if (dialog.open) return;
    dialog.removeEventListener('close', onClose);
    remember(warning);
    showOthers();
    dialog.remove();
    then();
  };
  dialog.addEventListener('close', onClose);
  // Answered here, not by its plain form (which posts the answer when this script is not there).
  dialog.querySelector('form')?.addEventListener('submit', (event) => {
    event.preventDefault();
    dialog.close();
  });
  // Its one control keeps focus: Tab does not leave for the page behind or the browser's toolbar.
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    event.preventDefault();
    dialog.querySelector('button')?.focus();
  });
  // A click on the backdrop lands on the <dialog> itself, outside its box.
  dialog.addEventListener('click', (event) => {
    if (event.target !== dialog) return;
    const box = dialog.getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (!inside) dialog.close();
  });
  dialog.showModal();
}

export function takeOverPageWarnings(): void {
  const shown: HTMLDialogElement[] = [];
  for (const warning of PAGE_WARNINGS) {
    const dialog = document.querySelector<HTMLDialogElement>(`dialog[data-warning="${warning}"]`);
    if (!dialog) continue;
    if (dialog.getClientRects().length > 0) shown.push(dialog);
    else dialog.remove();
  }
  for (const dialog of shown.slice(1)) dialog.close();
  const next = () => {
    const dialog = shown.shift();
    if (dialog) showModal(dialog, next);
  };
  next();
}
