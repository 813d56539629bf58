import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { messages } from '../../../shared/messages';
import type { SignInInput } from '../../../shared/schemas/auth';
import { OIDC_PROVIDER_ID } from '../../../shared/schemas/auth-constants';
import { ApiError } from '../../api/client';
import { useCollege } from '../../shell/config-context';
import { returnPathOf } from '../../shell/return-path';
import { useRefreshSession } from '../../shell/session';
import { usePageTitle } from '../../shell/use-page-title';
import buttonStyles from '../../ui/Button.module.css';
import { useLightForm } from '../../ui/light-form';
import styles from './Auth.module.css';
import { authErrorText, authPost, oidcErrorMessage, signInWithPopup, signInWithRedirect } from './auth-api';
import wall from './SignInPage.module.css';
import { ShowPassword, TextField } from './TextField';

/** What the product is, in one line (only this page says it, so it is worded here). */
const tagline = (productName: string, collegeName: string) =>
  `${productName} is where ${collegeName} students find roommates and housing.`;

// Creating an account is the second choice on this page: its form loads just after the page.
const loadSignUpForm = () => import('./SignUpForm');
const SignUpForm = lazy(() => loadSignUpForm().then((module) => ({ default: module.SignUpForm })));

// Validation loads on first focus or submit, not with the page (decision 0009).
const loadSignInResolver = () => import('./validation').then((module) => module.signInResolver);
const signInDefaults: SignInInput = { email: '', password: '' };

/**
 * An address that signed up but is not verified cannot sign in (decision 0020): it may ask for a
 * new link here (docs/product-spec.md: the Send Verification Email button and its catalogue strings).
 */
function SendVerification({ email }: { email: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const send = async () => {
    setState('sending');
    try {
      await authPost('/send-verification-email', { email });
      setState('sent');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <button
        type="button"
        className={`${buttonStyles.button} ${buttonStyles.secondary}`}
        onClick={() => void send()}
        disabled={state === 'sending' || state === 'sent'}
      >
        {state === 'sending' ? 'Sending...' : messages.auth.sendVerification}
      </button>
      <div role="status">
        {state === 'sent' ? <p className={styles.success}>{messages.verification.sent}</p> : null}
      </div>
      <div role="alert">
        {state === 'failed' ? <p className={styles.alert}>{messages.verification.failed}</p> : null}
      </div>
    </>
  );
}

function SignInForm({ onDone }: { onDone: () => Promise<void> }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [unverified, setUnverified] = useState<string | null>(null);
  const [passwordShown, setPasswordShown] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useLightForm<SignInInput>({ loadResolver: loadSignInResolver, defaultValues: signInDefaults });
  const submit = handleSubmit(async (input) => {
    setFailure(null);
    setUnverified(null);
    try {
      await authPost('/sign-in/email', { email: input.email, password: input.password });
      await onDone();
    } catch (error) {
      setFailure(authErrorText(error));
      if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') setUnverified(input.email.trim());
    }
  });
  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-labelledby="signin-email-heading">
      <h2 id="signin-email-heading" className={styles.subheading}>
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
      {unverified ? <SendVerification key={unverified} email={unverified} /> : null}
      <button type="submit" className={`${buttonStyles.button} ${buttonStyles.block}`} disabled={isSubmitting}>
        {isSubmitting ? 'Signing In...' : 'Sign In'}
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
  // The guard sent the visitor here from an invitation's link: back there once signed in.
  const returnTo = returnPathOf(useLocation().state) ?? '/';
  const [mode, setMode] = useState<'signIn' | 'signUp'>('signIn');
  const [oidcBusy, setOidcBusy] = useState(false);
  const [providerFailure, setProviderFailure] = useState<string | null>(null);
  const oidc = college.auth.oidc;
  const emailDomain = college.college.emailDomain;

  const done = async () => {
    await refreshSession();
    navigate(returnTo, { replace: true });
  };

  // Ready by the time a new student asks for it, without holding up this page's first paint.
  useEffect(() => {
    void loadSignUpForm();
  }, []);

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
        await signInWithRedirect(OIDC_PROVIDER_ID, returnTo);
        return;
      }
      if (outcome.kind === 'error') setProviderFailure(oidcErrorMessage(outcome.code, oidc.label, emailDomain));
      await refreshSession();
    } catch (error) {
      setProviderFailure(authErrorText(error));
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
        {mode === 'signIn' ? (
          <SignInForm onDone={done} />
        ) : (
          <Suspense fallback={<p role="status">{messages.loading}</p>}>
            <SignUpForm onDone={done} emailDomain={emailDomain} />
          </Suspense>
        )}
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
