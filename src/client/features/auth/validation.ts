// The account pages' schemas (full zod), loaded when a field is first focused or the form first
// sent rather than with the page (decisions 0009, 0044).
export {
  forgotPasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  verifyEmailSchema,
} from '../../../shared/schemas/auth';
