import { useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../shared/messages';
import { usePageTitle } from '../../shell/use-page-title';
import buttonStyles from '../../ui/Button.module.css';
import { useSchemaForm } from '../../ui/schema-form';
import styles from './Auth.module.css';
import { authPost } from './auth-api';
import { TextField } from './TextField';

/** /forgot-password: asks for a reset link; the answer is the same whether or not the account exists. */
const loadSchema = () => import('./validation').then((module) => module.forgotPasswordSchema);

export function Component() {
  usePageTitle();
  const [outcome, setOutcome] = useState<'sent' | 'failed' | null>(null);
  const form = useSchemaForm({
    schema: loadSchema,
    onValid: async ({ email }) => {
      setOutcome(null);
      try {
        await authPost('/request-password-reset', { email, redirectTo: '/reset-password' });
        setOutcome('sent');
      } catch {
        setOutcome('failed');
      }
    },
  });

  return (
    <div className={styles.page}>
      <h1>Reset Password</h1>
      <p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
      <form className={styles.form} {...form.formProps}>
        <TextField label="Email" type="email" autoComplete="email" name="email" error={form.error('email')} />
        <button type="submit" className={buttonStyles.button} disabled={form.submitting}>
          {messages.auth.sendReset}
        </button>
        <div role="status">{outcome === 'sent' ? <p className={styles.success}>{messages.reset.sent}</p> : null}</div>
        <div role="alert">{outcome === 'failed' ? <p className={styles.alert}>{messages.reset.failed}</p> : null}</div>
      </form>
      <p>
        <Link to="/signin-wall">Back to sign in</Link>
      </p>
    </div>
  );
}
