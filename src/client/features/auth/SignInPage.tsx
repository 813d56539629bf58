import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { messages } from '../../../shared/messages';
import { TOAST_MS } from '../../../shared/options';
import {
  OIDC_PROVIDER_ID,
  type SignInInput,
  type SignUpInput,
  signInSchema,
  signUpSchema,
} from '../../../shared/schemas/auth';
import { ApiError } from '../../api/client';
import { useCollege } from '../../app/config-context';
import { useRefreshSession } from '../../app/session';
import { usePageTitle } from '../../app/use-page-title';
import buttonStyles from '../../ui/Button.module.css';
import { showNotice } from '../../ui/Notice';
import styles from './Auth.module.css';
import { authPost, oidcErrorMessage, signInWithPopup, signInWithRedirect } from './auth-api';
import { NewPasswordFields } from './NewPasswordFields';
import wall from './SignInPage.module.css';
import { TextField } from './TextField';

function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'INVALID_EMAIL_OR_PASSWORD') return messages.auth.invalidCredentials;
    return error.message;
  }
  return messages.api.internal.message;
}

function SignInForm({ onDone }: { onDone: () => Promise<void> }) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });
  const submit = handleSubmit(async (input) => {
    setFailure(null);
    try {
      await authPost('/sign-in/email', { email: input.email, password: input.password });
      await onDone();
    } catch (error) {
      setFailure(errorText(error));
    }
  });
  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-labelledby="signin-email-heading">
      <h2 id="signin-email-heading" className={wall.subheading}>
        Sign in with e-mail and password
      </h2>
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      {failure ? (
        <p role="alert" className={styles.alert}>
          {failure}
        </p>
      ) : null}
      <button type="submit" className={`${buttonStyles.button} ${buttonStyles.block}`} disabled={isSubmitting}>
        {isSubmitting ? 'Signing In...' : 'Sign In'}
      </button>
    </form>
  );
}

function SignUpForm({ onDone, emailDomain }: { onDone: () => Promise<void>; emailDomain: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
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
      const text = errorText(error);
      if (error instanceof ApiError && error.code === 'EMAIL_DOMAIN_NOT_ALLOWED') {
        showNotice({ message: text, tone: 'error', durationMs: TOAST_MS.accessRestricted });
      }
      setFailure(text);
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
      <h2 id="signup-heading" className={wall.subheading}>
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

export function Component() {
  const college = useCollege();
  usePageTitle('Sign in');
  const refreshSession = useRefreshSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [mode, setMode] = useState<'signIn' | 'signUp'>('signIn');
  const [oidcBusy, setOidcBusy] = useState(false);
  const oidc = college.auth.oidc;
  const emailDomain = college.college.emailDomain;

  const done = async () => {
    await refreshSession();
    navigate('/', { replace: true });
  };

  // A refused OpenID sign-in comes back here (full-page fallback) with ?error=.
  const errorCode = params.get('error');
  useEffect(() => {
    if (!errorCode) return;
    showNotice({
      message: oidcErrorMessage(errorCode, oidc?.label ?? 'your provider', emailDomain),
      tone: 'error',
      durationMs: TOAST_MS.accessRestricted,
    });
    setParams({}, { replace: true });
  }, [errorCode, oidc, emailDomain, setParams]);

  const signInWithProvider = async () => {
    if (!oidc) return;
    setOidcBusy(true);
    try {
      const outcome = await signInWithPopup(OIDC_PROVIDER_ID);
      if (outcome.kind === 'blocked') {
        await signInWithRedirect(OIDC_PROVIDER_ID);
        return;
      }
      if (outcome.kind === 'error') {
        showNotice({
          message: oidcErrorMessage(outcome.code, oidc.label, emailDomain),
          tone: 'error',
          durationMs: TOAST_MS.accessRestricted,
        });
      }
      await refreshSession();
    } catch (error) {
      showNotice({ message: errorText(error), tone: 'error', durationMs: TOAST_MS.accessRestricted });
    } finally {
      setOidcBusy(false);
    }
  };

  return (
    <div className={wall.wall}>
      <div className={wall.card}>
        <img src={college.logoFull} alt={college.productName} width="200" height="48" className={wall.logo} />
        <h1 className={wall.heading}>{messages.auth.heading(college.college.name)}</h1>
        {oidc ? (
          <>
            <button
              type="button"
              className={`${buttonStyles.button} ${buttonStyles.block}`}
              onClick={() => void signInWithProvider()}
              disabled={oidcBusy}
            >
              {messages.auth.signInWith(oidc.label)}
            </button>
            <p className={wall.divider}>or</p>
          </>
        ) : null}
        {mode === 'signIn' ? <SignInForm onDone={done} /> : <SignUpForm onDone={done} emailDomain={emailDomain} />}
        <div className={styles.links}>
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => setMode(mode === 'signIn' ? 'signUp' : 'signIn')}
          >
            {mode === 'signIn' ? 'New here? Create an account' : 'Already have an account? Sign in'}
          </button>
          <Link to="/forgot-password">Forgot your password?</Link>
        </div>
      </div>
    </div>
  );
}
