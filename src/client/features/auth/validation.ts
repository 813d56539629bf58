// The account pages' validation: the shared schemas (full zod) with react-hook-form's resolver,
// loaded when a field is first focused rather than with the page (decision 0009).
import { zodResolver } from '@hookform/resolvers/zod';
import {
  forgotPasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  verifyEmailSchema,
} from '../../../shared/schemas/auth';

export const signInResolver = zodResolver(signInSchema);
export const signUpResolver = zodResolver(signUpSchema);
export const forgotPasswordResolver = zodResolver(forgotPasswordSchema);
export const resetPasswordResolver = zodResolver(resetPasswordSchema);
export const verifyEmailResolver = zodResolver(verifyEmailSchema);
