import { useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH } from '../../../shared/schemas/auth-constants';
import fieldStyles from '../../ui/FormField.module.css';
import { TextField } from './TextField';

/**
 * A 'Show password' checkbox: the password fields above it show their text while it is checked.
 * A checkbox (not an icon in the field) so it has a visible label and one state to announce.
 */
export function ShowPassword({ shown, onChange }: { shown: boolean; onChange: (shown: boolean) => void }) {
  const id = useId();
  return (
    <div className={fieldStyles.showPassword}>
      <input id={id} type="checkbox" checked={shown} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>Show password</label>
    </div>
  );
}

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
