/** The sign-in page's 'Create an account' form: loaded just after the page, which opens on signing in. */
import { useState } from 'react';
import { messages } from '../../../shared/messages';
import type { SignUpInput } from '../../../shared/schemas/auth';
import buttonStyles from '../../ui/Button.module.css';
import { useLightForm } from '../../ui/light-form';
import styles from './Auth.module.css';
import { authErrorText, authPost } from './auth-api';
import { NewPasswordFields } from './NewPasswordFields';
import { TextField } from './TextField';

// Validation loads on first focus or submit, not with the form (decision 0009).
const loadSignUpResolver = () => import('./validation').then((module) => module.signUpResolver);
const signUpDefaults: SignUpInput = { name: '', email: '', password: '', confirmPassword: '' };

export function SignUpForm({ onDone, emailDomain }: { onDone: () => Promise<void>; emailDomain: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useLightForm<SignUpInput>({ loadResolver: loadSignUpResolver, defaultValues: signUpDefaults });
  const submit = handleSubmit(async (input) => {
    setFailure(null);
    setSentTo(null);
    try {
      await authPost('/sign-up/email', {
        name: input.name,
        email: input.email,
        password: input.password,
        callbackURL: '/',
      });
    } catch (error) {
      // Shown once, beside the form (the wrong-domain message too): not also as a toast, which
      // would cover the links below the form.
      setFailure(authErrorText(error));
      return;
    }
    // Signing up answers the same for a new or a taken address; signing in tells them apart
    // only to whoever knows the password.
    try {
      await authPost('/sign-in/email', { email: input.email, password: input.password });
      await onDone();
    } catch {
      setSentTo(input.email.trim());
    }
  });
  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-labelledby="signup-heading">
      <h2 id="signup-heading" className={styles.subheading}>
        Create an account
      </h2>
      <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField
        label="College email"
        type="email"
        autoComplete="email"
        hint={`Your @${emailDomain} address.`}
        error={errors.email?.message}
        {...register('email')}
      />
      <NewPasswordFields
        label="Password"
        password={register('password')}
        confirmPassword={register('confirmPassword')}
        errors={errors}
      />
      {failure ? (
        <p role="alert" className={styles.alert}>
          {failure}
        </p>
      ) : null}
      {sentTo ? (
        <p role="status" className={styles.success}>
          {messages.auth.signUpSent(sentTo)}
        </p>
      ) : null}
      <button type="submit" className={`${buttonStyles.button} ${buttonStyles.block}`} disabled={isSubmitting}>
        {isSubmitting ? 'Creating Account...' : 'Create Account'}
      </button>
    </form>
  );
}
