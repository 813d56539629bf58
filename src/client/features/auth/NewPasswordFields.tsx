import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH } from '../../../shared/schemas/auth-constants';
import { ShowPassword, TextField } from './TextField';

/** A new password and its repetition (sign-up and password reset), with one 'Show password' for both. */
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
  const [shown, setShown] = useState(false);
  const type = shown ? 'text' : 'password';
  return (
    <>
      <TextField
        label={label}
        type={type}
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password?.message}
        {...password}
      />
      <TextField
        label={`Repeat ${label.toLowerCase()}`}
        type={type}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...confirmPassword}
      />
      <ShowPassword shown={shown} onChange={setShown} />
    </>
  );
}
