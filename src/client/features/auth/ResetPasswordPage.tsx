import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { messages } from '../../../shared/messages';
import { ApiError } from '../../api/client';
import { usePageTitle } from '../../shell/use-page-title';
import buttonStyles from '../../ui/Button.module.css';
import { useSchemaForm } from '../../ui/schema-form';
import styles from './Auth.module.css';
import { authPost } from './auth-api';
import { NewPasswordFields } from './NewPasswordFields';

/** The page the e-mailed reset link opens (?token=...): choose a new password. */
const loadSchema = () => import('./validation').then((module) => module.resetPasswordSchema);

export function Component() {
  usePageTitle();
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkBroken = !token || params.get('error') !== null;
  const [outcome, setOutcome] = useState<{ kind: 'done' } | { kind: 'failed'; message: string } | null>(null);
  const form = useSchemaForm({
    schema: loadSchema,
    onValid: async ({ password }) => {
      setOutcome(null);
      try {
        await authPost('/reset-password', { newPassword: password, token: token ?? '' });
        setOutcome({ kind: 'done' });
      } catch (error) {
        const message =
          error instanceof ApiError && error.code === 'INVALID_TOKEN'
            ? messages.auth.resetLinkInvalid
            : error instanceof ApiError
              ? error.message
              : messages.api.internal.message;
        setOutcome({ kind: 'failed', message });
      }
    },
  });

  if (linkBroken) {
    return (
      <div className={styles.page}>
        <h1>Choose a New Password</h1>
        <p className={styles.alert} role="alert">
          {messages.auth.resetLinkInvalid}
        </p>
        <p>
          <Link to="/forgot-password">Ask for a new reset link</Link>
        </p>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <h1>Choose a New Password</h1>
      {outcome?.kind === 'done' ? (
        <>
          <p className={styles.success} role="status">
            {messages.auth.resetDone}
          </p>
          <p>
            <Link to="/signin-wall">Sign in</Link>
          </p>
        </>
      ) : (
        <form className={styles.form} {...form.formProps}>
          <NewPasswordFields label="New password" errors={form.errors} />
          {outcome?.kind === 'failed' ? (
            <p role="alert" className={styles.alert}>
              {outcome.message}
            </p>
          ) : null}
          <button type="submit" className={buttonStyles.button} disabled={form.submitting}>
            Save New Password
          </button>
        </form>
      )}
    </div>
  );
}
