import { messages } from '../messages';
import { ACCOUNT_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth-constants';
import { z } from './zod';

export { OIDC_PROVIDER_ID, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth-constants';

/**
 * Characters no account name may hold: control characters (NUL, CR, LF, DEL, C1), the Unicode
 * line and paragraph separators, and the bidi marks, embeddings, overrides and isolates that
 * reorder the text around a name in e-mail subjects and pages.
 */
const FORBIDDEN_NAME_CHARACTERS = /[\p{Cc}\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
const FORBIDDEN_NAME_CHARACTERS_ALL = new RegExp(FORBIDDEN_NAME_CHARACTERS.source, 'gu');

/** An account name on sign-up, on the verification page and on every update (server and forms). */
export const accountNameField = z
  .string({ error: messages.auth.nameRequired })
  .refine((name) => !FORBIDDEN_NAME_CHARACTERS.test(name), messages.auth.nameInvalidCharacters)
  .trim()
  .min(1, messages.auth.nameRequired)
  .max(ACCOUNT_NAME_MAX_LENGTH, messages.auth.nameTooLong(ACCOUNT_NAME_MAX_LENGTH));

/**
 * A name from elsewhere (an OpenID provider's claim) made acceptable rather than refused: the
 * forbidden characters go, spaces collapse, and the length is cut at a character boundary.
 * May answer '' when nothing usable is left.
 */
export function sanitizeAccountName(raw: unknown): string {
  const text = typeof raw === 'string' ? raw : '';
  const spaced = text.replace(FORBIDDEN_NAME_CHARACTERS_ALL, ' ').replace(/\s+/gu, ' ').trim();
  // The limit counts UTF-16 units, as the schema's max() does; the cut never splits a character.
  let cut = '';
  for (const character of spaced) {
    if (cut.length + character.length > ACCOUNT_NAME_MAX_LENGTH) break;
    cut += character;
  }
  return cut.trim();
}

const emailField = z.string().trim().min(1, messages.auth.emailInvalid).email(messages.auth.emailInvalid);
export const passwordField = z
  .string()
  .min(PASSWORD_MIN_LENGTH, messages.auth.passwordTooShort(PASSWORD_MIN_LENGTH))
  .max(PASSWORD_MAX_LENGTH, messages.auth.passwordTooLong(PASSWORD_MAX_LENGTH));

export const signInSchema = z.object({
  email: emailField,
  password: z.string().min(1, 'Enter your password.'),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z
  .object({
    name: accountNameField,
    email: emailField,
    password: passwordField,
    confirmPassword: z.string(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.auth.passwordsDiffer,
  });
export type SignUpInput = z.infer<typeof signUpSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({ password: passwordField, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.auth.passwordsDiffer,
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The mailed verification link's page: the name to keep, and the password to sign in with. */
export const verifyEmailSchema = z
  .object({ name: accountNameField, password: passwordField, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.auth.passwordsDiffer,
  });
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;
