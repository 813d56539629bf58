import { z } from 'zod';
import { messages } from '../messages';

/** The id of the OpenID Connect provider in /api/auth/callback/{id}. */
export const OIDC_PROVIDER_ID = 'oidc';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

export const emailField = z.string().trim().min(1, messages.auth.emailInvalid).email(messages.auth.emailInvalid);
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
    name: z.string().trim().min(1, messages.auth.nameRequired).max(100, 'Name must be at most 100 characters.'),
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
