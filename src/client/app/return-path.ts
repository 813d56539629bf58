import { returnPathFor, safeReturnPath } from './access';

/** Kept for the tab only, so that it survives the provider's full-page sign-in but not the session. */
const KEY = 'quadmates.returnAfterSignIn';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Remembers the page the guard sends a signed-out visitor away from, when it is one to come back to. */
export function rememberReturnPath(pathname: string, search: string): void {
  const path = returnPathFor(pathname, search);
  if (path) storage()?.setItem(KEY, path);
}

/** The page to come back to after signing in, still remembered. */
export function peekReturnPath(): string | null {
  return safeReturnPath(storage()?.getItem(KEY) ?? null);
}

/** The page came back to: nothing to return to any more. */
export function forgetReturnPath(): void {
  storage()?.removeItem(KEY);
}
