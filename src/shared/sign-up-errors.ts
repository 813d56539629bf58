/**
 * Why a sign-up sent without the scripts came back (the form route's `error` code, issue 31): the
 * words the sign-up form itself would have said, by code, so an address can name a refusal but
 * never put its own words on the page. The server finds a field's code by its schema message.
 */
import { messages } from './messages';
import { ACCOUNT_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './schemas/auth-constants';

export const SIGN_UP_ERRORS = {
  NAME_REQUIRED: messages.auth.nameRequired,
  NAME_TOO_LONG: messages.auth.nameTooLong(ACCOUNT_NAME_MAX_LENGTH),
  NAME_INVALID_CHARACTERS: messages.auth.nameInvalidCharacters,
  EMAIL_INVALID: messages.auth.emailInvalid,
  PASSWORD_TOO_SHORT: messages.auth.passwordTooShort(PASSWORD_MIN_LENGTH),
  PASSWORD_TOO_LONG: messages.auth.passwordTooLong(PASSWORD_MAX_LENGTH),
  PASSWORDS_DIFFER: messages.auth.passwordsDiffer,
  RATE_LIMITED: messages.api.rateLimited.message,
  SIGN_UP_FAILED: messages.api.internal.message,
} as const;

export type SignUpErrorCode = keyof typeof SIGN_UP_ERRORS | 'EMAIL_DOMAIN_NOT_ALLOWED';

/** The words for a code the sign-up form route sent back, or null for a code it never sends. */
export function signUpErrorText(code: string | null, emailDomain: string): string | null {
  if (code === 'EMAIL_DOMAIN_NOT_ALLOWED') return messages.accessRestricted(emailDomain);
  return code !== null && Object.hasOwn(SIGN_UP_ERRORS, code)
    ? SIGN_UP_ERRORS[code as keyof typeof SIGN_UP_ERRORS]
    : null;
}

/** The code of a sign-up schema's message (the server's side of the table). */
export function signUpErrorCodeOf(message: string): keyof typeof SIGN_UP_ERRORS {
  const found = Object.entries(SIGN_UP_ERRORS).find(([, text]) => text === message);
  return (found?.[0] as keyof typeof SIGN_UP_ERRORS | undefined) ?? 'SIGN_UP_FAILED';
}

/** The address a sign-up's verification link went to, as the page may show it: an address of the college. */
export function sentToOf(raw: string | null, emailDomain: string): string | null {
  if (raw === null || raw.length > 254 || /[\s<>"]/.test(raw)) return null;
  const at = raw.lastIndexOf('@');
  const domain = raw.slice(at + 1).toLowerCase();
  const college = emailDomain.toLowerCase();
  // The college's domain or one of its subdomains (the config may allow some).
  return at > 0 && (domain === college || domain.endsWith(`.${college}`)) ? raw : null;
}
