/** The router state of the guard's redirect to the sign-in page: the page the visitor asked for. */
export interface ReturnState {
  returnTo: string;
}

/**
 * The page to come back to once signed in, from the sign-in page's router state (issue 23): an
 * invitation's link of this site, opened from an e-mail before signing in. Other pages keep the
 * spec's landing on '/' (docs/product-spec.md).
 */
export function returnPathOf(state: unknown): string | null {
  const path = (state as Partial<ReturnState> | null)?.returnTo;
  return typeof path === 'string' && /^\/invitations\/[^/?#]+$/.test(path) ? path : null;
}
