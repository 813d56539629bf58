import type { UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH } from '../../../shared/schemas/auth';
import { TextField } from './TextField';

/** A new password and its repetition (sign-up and password reset). */
export function NewPasswordFields({
  label,
  password,
  confirmPassword,
  errors,
}: {
  label: string;
  password: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { password?: { message?: string }; confirmPassword?: { message?: string } };
}) {
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password?.message}
        {...password}
      />
      <TextField
        label={`Repeat ${label.toLowerCase()}`}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...confirmPassword}
      />
    </>
  );
}
