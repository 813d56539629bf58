import { useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../shared/schemas/auth-constants';
import { ShowPassword, TextField } from './TextField';

/**
 * A new password and its repetition (sign-up, password reset, verification), fields `password`
 * and `confirmPassword`, with one 'Show password' for both.
 */
export function NewPasswordFields({
  label,
  errors,
}: {
  label: string;
  errors: { password?: string; confirmPassword?: string };
}) {
  const [shown, setShown] = useState(false);
  const type = shown ? 'text' : 'password';
  return (
    <>
      <TextField
        label={label}
        name="password"
        type={type}
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password}
      />
      <TextField
        label={`Repeat ${label.toLowerCase()}`}
        name="confirmPassword"
        type={type}
        autoComplete="new-password"
        error={errors.confirmPassword}
      />
      <ShowPassword shown={shown} onChange={setShown} />
    </>
  );
}
