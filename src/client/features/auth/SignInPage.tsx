import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { messages } from '../../../shared/messages';
import type { SignInInput, SignUpInput } from '../../../shared/schemas/auth';
import { OIDC_PROVIDER_ID } from '../../../shared/schemas/auth-constants';
import { ApiError } from '../../api/client';
import { useCollege } from '../../app/config-context';
import { useRefreshSession } from '../../app/session';
import { usePageTitle } from '../../app/use-page-title';
import buttonStyles from '../../ui/Button.module.css';
import { useLightForm } from '../../ui/light-form';
import styles from './Auth.module.css';
import { authPost, oidcErrorMessage, signInWithPopup, signInWithRedirect } from './auth-api';
import { NewPasswordFields, ShowPassword } from './NewPasswordFields';
import wall from './SignInPage.module.css';
import { TextField } from './TextField';

/** What the product is, in one line (only this page says it, so it is worded here). */
const tagline = (productName: string, collegeName: string) =>
  `${productName} is where ${collegeName} students find roommates and housing.`;

function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'INVALID_EMAIL_OR_PASSWORD') return messages.auth.invalidCredentials;
    return error.message;
  }
  return messages.api.internal.message;
}

// Validation loads on first focus or submit, not with the page (decision 0007).
const loadSignInResolver = () => import('./validation').then((module) => module.signInResolver);
const loadSignUpResolver = () => import('./validation').then((module) => module.signUpResolver);
const signInDefaults: SignInInput = { email: '', password: '' };
const signUpDefaults: SignUpInput = { name: '', email: '', password: '', confirmPassword: '' };

function SignInForm({ onDone }: { onDone: () => Promise<void> }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [passwordShown, setPasswordShown] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useLightForm<SignInInput>({ loadResolver: loadSignInResolver, defaultValues: signInDefaults });
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
        type={passwordShown ? 'text' : 'password'}
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <ShowPassword shown={passwordShown} onChange={setPasswordShown} />
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
      setFailure(errorText(error));
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
  const [providerFailure, setProviderFailure] = useState<string | null>(null);
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
    setProviderFailure(oidcErrorMessage(errorCode, oidc?.label ?? 'your provider', emailDomain));
    setParams({}, { replace: true });
  }, [errorCode, oidc, emailDomain, setParams]);

  const signInWithProvider = async () => {
    if (!oidc) return;
    setOidcBusy(true);
    setProviderFailure(null);
    try {
      const outcome = await signInWithPopup(OIDC_PROVIDER_ID);
      if (outcome.kind === 'blocked') {
        await signInWithRedirect(OIDC_PROVIDER_ID);
        return;
      }
      if (outcome.kind === 'error') setProviderFailure(oidcErrorMessage(outcome.code, oidc.label, emailDomain));
      await refreshSession();
    } catch (error) {
      setProviderFailure(errorText(error));
    } finally {
      setOidcBusy(false);
    }
  };

  return (
    <div className={wall.wall}>
      <div className={wall.card}>
        <img src={college.logoFull} alt={college.productName} width="200" height="48" className={wall.logo} />
        <p className={wall.tagline}>{tagline(college.productName, college.college.name)}</p>
        <h1 className={wall.heading}>{messages.auth.heading(college.college.name)}</h1>
        {providerFailure ? (
          <p role="alert" className={styles.alert}>
            {providerFailure}
          </p>
        ) : null}
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
