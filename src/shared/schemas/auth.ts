import { messages } from '../messages';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth-constants';
import { z } from './zod';

export { OIDC_PROVIDER_ID, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth-constants';

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
