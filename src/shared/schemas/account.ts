import { accountMessages } from '../account-messages';
import { messages } from '../messages';
import { passwordField } from './auth';
import { z } from './zod';

/** How a person signs in: a password of ours, or the college's OpenID Connect provider. */
export type SignInMethod = 'password' | 'oidc';

/** The profile's Account section: GET /api/me/account. */
export interface AccountDetails {
  name: string;
  email: string;
  emailVerified: boolean;
  /** ISO date-time the account was created. */
  memberSince: string;
  signInMethods: SignInMethod[];
}

/** DELETE /api/me: the person types their e-mail address to confirm. */
export const deleteAccountSchema = z.object({ confirmEmail: z.string().max(320) });
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** The typed address matches the account's, ignoring case and surrounding spaces. */
export function confirmsEmail(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase();
}

/** Change password: the current one, and a new one under the sign-up rules. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, accountMessages.currentPasswordRequired),
    password: passwordField,
    confirmPassword: z.string(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.auth.passwordsDiffer,
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
