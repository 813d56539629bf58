import { originMessages } from '../../shared/origin-messages';
import type { AppConfig } from '../config';
import { AppError } from '../http/errors';

/**
 * Which page origins may send cookie-carrying writes and sign-ins: the configured PUBLIC_URL's,
 * and in development also the other spelling of a loopback address on the same port
 * (`localhost` and `127.0.0.1`), because the server listens on 127.0.0.1 while PUBLIC_URL says
 * localhost and a newcomer may open either. Never in production or tests. Used by better-auth's
 * `trustedOrigins` and by our own cross-origin check on /api, so the two always agree.
 */
export function trustedOrigins(config: Pick<AppConfig, 'publicUrl' | 'nodeEnv'>): string[] {
  const url = new URL(config.publicUrl);
  const origins = [url.origin];
  if (config.nodeEnv !== 'development') return origins;
  const other = LOOPBACK_ALIASES[url.hostname];
  if (other) {
    const alias = new URL(url.origin);
    alias.hostname = other;
    origins.push(alias.origin);
  }
  return origins;
}

const LOOPBACK_ALIASES: Record<string, string> = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' };

const CROSS_ORIGIN = 'CROSS_ORIGIN';

/** better-auth's codes for a refused page origin or redirect target. */
export const BETTER_AUTH_ORIGIN_CODES: ReadonlySet<string> = new Set([
  'INVALID_ORIGIN',
  'MISSING_OR_NULL_ORIGIN',
  'INVALID_CALLBACK_URL',
  'INVALID_REDIRECT_URL',
  'INVALID_ERROR_CALLBACK_URL',
  'INVALID_NEW_USER_CALLBACK_URL',
]);

/** What the person sees when a page's origin is refused: where they are, and where to go instead. */
function originRefusalMessage(productName: string, publicUrl: string, origin: string | undefined): string {
  return origin && origin !== 'null'
    ? originMessages.wrongAddress.openedAt(origin, productName, publicUrl)
    : originMessages.wrongAddress.unknown(productName, publicUrl);
}

/** better-auth's codes for a refused destination (a callbackURL or redirect off the site). */
const RETURN_LINK_CODES: ReadonlySet<string> = new Set([
  'INVALID_CALLBACK_URL',
  'INVALID_REDIRECT_URL',
  'INVALID_ERROR_CALLBACK_URL',
  'INVALID_NEW_USER_CALLBACK_URL',
]);

export function originRefusal(
  config: Pick<AppConfig, 'publicUrl' | 'college'>,
  origin: string | undefined,
  code = CROSS_ORIGIN,
): AppError {
  const { productName } = config.college;
  if (RETURN_LINK_CODES.has(code))
    return new AppError(
      403,
      code,
      originMessages.returnLink.title,
      originMessages.returnLink.message(productName, config.publicUrl),
    );
  return new AppError(
    403,
    code,
    originMessages.wrongAddress.title,
    originRefusalMessage(productName, config.publicUrl, origin),
  );
}
