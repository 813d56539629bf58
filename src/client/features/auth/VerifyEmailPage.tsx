import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { messages } from '../../../shared/messages';
import { ApiError } from '../../api/client';
import { useRefreshSession } from '../../shell/session';
import { usePageTitle } from '../../shell/use-page-title';
import buttonStyles from '../../ui/Button.module.css';
import { useSchemaForm } from '../../ui/schema-form';
import styles from './Auth.module.css';
import { authPost } from './auth-api';
import { NewPasswordFields } from './NewPasswordFields';
import { TextField } from './TextField';

/**
 * The page the mailed verification link opens (?token=...). Opening it changes nothing: the
 * owner confirms with the form, choosing the password there, and only that POST verifies the
 * address and signs this browser in (decision 0020).
 */
const loadSchema = () => import('./validation').then((module) => module.verifyEmailSchema);

/** The address and sign-up name the signed token carries, to show and prefill (the server checks the token). */
export function readVerificationToken(token: string | null): { email: string; name: string } | null {
  const part = token?.split('.')[1];
  if (!part) return null;
  try {
    const json = new TextDecoder().decode(
      Uint8Array.from(atob(part.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)),
    );
    const payload = JSON.parse(json) as { email?: unknown; name?: unknown };
    if (typeof payload.email !== 'string') return null;
    return { email: payload.email, name: typeof payload.name === 'string' ? payload.name : '' };
  } catch {
    return null;
  }
}

export function Component() {
  usePageTitle();
  const [params] = useSearchParams();
  const token = params.get('token');
  const claims = params.get('error') === null ? readVerificationToken(token) : null;
  if (!token || !claims) return <LinkInvalid />;
  return <ConfirmForm token={token} email={claims.email} name={claims.name} />;
}

function LinkInvalid({ message = messages.auth.verifyLinkInvalid }: { message?: string }) {
  return (
    <div className={styles.page}>
      <h1>{messages.auth.verifyHeading}</h1>
      <p className={styles.alert} role="alert">
        {message}
      </p>
      <p>
        <Link to="/signin-wall">Go to sign in</Link>
      </p>
    </div>
  );
}

function ConfirmForm({ token, email, name }: { token: string; email: string; name: string }) {
  const refreshSession = useRefreshSession();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [linkDead, setLinkDead] = useState(false);
  const form = useSchemaForm({
    schema: loadSchema,
    onValid: async (input) => {
      setFailure(null);
      try {
        await authPost('/verify-email/confirm', { token, name: input.name, password: input.password });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'INVALID_VERIFICATION_LINK') {
          setLinkDead(true);
          return;
        }
        setFailure(error instanceof ApiError ? error.message : messages.api.internal.message);
        return;
      }
      await refreshSession();
      navigate('/', { replace: true });
    },
  });

  if (linkDead) return <LinkInvalid />;
  return (
    <div className={styles.page}>
      <h1>{messages.auth.verifyHeading}</h1>
      <p>{messages.auth.verifyIntro(email)}</p>
      <form className={styles.form} {...form.formProps}>
        <TextField label="Name" autoComplete="name" name="name" defaultValue={name} error={form.error('name')} />
        <NewPasswordFields label="Password" errors={form.errors} />
        {failure ? (
          <p role="alert" className={styles.alert}>
            {failure}
          </p>
        ) : null}
        <button type="submit" className={buttonStyles.button} disabled={form.submitting}>
          {form.submitting ? 'Verifying...' : 'Verify and Sign In'}
        </button>
      </form>
    </div>
  );
}
