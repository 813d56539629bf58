/**
 * Marks everything beside `dialog` in the body inert and hidden from assistive technology, as
 * the browser already treats it while a modal dialog is open, so that tools reading the DOM (and
 * older screen readers) agree. Returns the undo.
 */
export function hideOthers(dialog: HTMLElement): () => void {
  const hidden: Element[] = [];
  for (const element of Array.from(document.body.children)) {
    if (element === dialog || element.hasAttribute('inert') || element.tagName === 'SCRIPT') continue;
    element.setAttribute('inert', '');
    element.setAttribute('aria-hidden', 'true');
    hidden.push(element);
  }
  return () => {
    for (const element of hidden) {
      element.removeAttribute('inert');
      element.removeAttribute('aria-hidden');
    }
  };
}
