/**
 * The sign-in page's 'Create an account' form: loaded just after the page, which opens on signing
 * in. Drawn by the server when the address asks for it (`?mode=signUp`), as a plain form posting
 * to the sign-up form route (issue 31): sent before the scripts, or without them, the server
 * creates the account and comes back here with what the form would have said.
 */
import { useState } from 'react';
import { formActions, RETURN_FIELD } from '../../../shared/form-posts';
import { messages } from '../../../shared/messages';
import { sentToOf, signUpErrorText } from '../../../shared/sign-up-errors';
import buttonStyles from '../../ui/Button.module.css';
import { useSchemaForm } from '../../ui/schema-form';
import styles from './Auth.module.css';
import { authErrorText, authPost } from './auth-api';
import { NewPasswordFields } from './NewPasswordFields';
import { TextField } from './TextField';

// Validation loads on first focus or submit, not with the form (decision 0009).
const loadSignUpSchema = () => import('./validation').then((module) => module.signUpSchema);

export function SignUpForm({
  onDone,
  emailDomain,
  returnTo,
  failedCode,
  sentTo: sentBefore,
}: {
  onDone: () => Promise<void>;
  emailDomain: string;
  returnTo: string;
  /** The form route's refusal, when the form was sent without the scripts. */
  failedCode: string | null;
  /** Where the form route's sign-up sent its verification link. */
  sentTo: string | null;
}) {
  const [failure, setFailure] = useState<string | null>(() => signUpErrorText(failedCode, emailDomain));
  const [sentTo, setSentTo] = useState<string | null>(() => sentToOf(sentBefore, emailDomain));
  const form = useSchemaForm({ schema: loadSignUpSchema, onValid: (input) => signUp(input) });
  async function signUp(input: { name: string; email: string; password: string }) {
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
  }
  return (
    <form
      className={styles.form}
      method="post"
      action={formActions.signUp()}
      {...form.formProps}
      aria-labelledby="signup-heading"
    >
      {returnTo === '/' ? null : <input type="hidden" name={RETURN_FIELD} value={returnTo} />}
      <h2 id="signup-heading" className={styles.subheading}>
        Create an account
      </h2>
      <TextField label="Name" autoComplete="name" name="name" error={form.error('name')} />
      <TextField
        label="College email"
        type="email"
        autoComplete="email"
        hint={`Your @${emailDomain} address.`}
        name="email"
        error={form.error('email')}
      />
      <NewPasswordFields label="Password" errors={form.errors} />
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
      <button type="submit" className={`${buttonStyles.button} ${buttonStyles.block}`} disabled={form.submitting}>
        {form.submitting ? 'Creating Account...' : 'Create Account'}
      </button>
    </form>
  );
}
