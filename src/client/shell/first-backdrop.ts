/**
 * The landing backdrop's first image that the server draws in the page it sends for / (see
 * src/server/http/page-html.ts), so that it paints before any script runs. The landing page's
 * backdrop removes it once its own image is ready; the main layout removes it when the visitor
 * ends up elsewhere (sent to sign in, or to the terms).
 */
export function removeFirstBackdrop(): void {
  document.getElementById('first-backdrop')?.remove();
}
