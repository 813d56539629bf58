import { Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { messages } from '../../../shared/first-load-messages';
import { formActions, RETURN_FIELD, SIGN_UP_MODE, SIGN_UP_MODE_PARAM, sameSitePath } from '../../../shared/form-posts';
import { ApiError } from '../../api/client';
import { useCollege } from '../../shell/config-context';
import { FormNotice } from '../../shell/FormNotice';
import { returnPathOf } from '../../shell/return-path';
import { useRefreshSession } from '../../shell/session';
import { usePageTitle } from '../../shell/use-page-title';
import buttonStyles from '../../ui/Button.module.css';
import { lazyPart } from '../../ui/lazy-part';
import { useSchemaForm } from '../../ui/schema-form';
import styles from './Auth.module.css';
import { authErrorText, authPost, oidcErrorMessage } from './auth-api';
import wall from './SignInPage.module.css';
import { ShowPassword, TextField } from './TextField';

/** What the product is, in one line (only this page says it, so it is worded here). */
const tagline = (productName: string, collegeName: string) =>
  `${productName} is where ${collegeName} students find roommates and housing.`;

// Creating an account is the second choice on this page: its form loads just after the page.
const loadSignUpForm = () => import('./SignUpForm');
const SignUpForm = lazyPart(() => loadSignUpForm().then((module) => module.SignUpForm));

// Validation loads on first focus or submit, not with the page (decision 0009).
const loadSignInSchema = () => import('./validation').then((module) => module.signInSchema);

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

/** Why an e-mail sign-in sent without the scripts came back (the form route's `error` code). */
const EMAIL_SIGN_IN_ERRORS: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: messages.auth.invalidCredentials,
  EMAIL_NOT_VERIFIED: messages.auth.notVerifiedSignIn,
  RATE_LIMITED: messages.api.rateLimited.message,
  SIGN_IN_FAILED: messages.auth.signInFailed,
};

/**
 * The e-mail sign-in: the app's call once the scripts have taken the page over; before then, or
 * with JavaScript off, a plain form the server answers (issue 31), coming back here with `failed`.
 */
function SignInForm({
  onDone,
  returnTo,
  failed,
}: {
  onDone: () => Promise<void>;
  returnTo: string;
  failed: string | null;
}) {
  const [failure, setFailure] = useState<string | null>(failed);
  const [unverified, setUnverified] = useState<string | null>(null);
  const [passwordShown, setPasswordShown] = useState(false);
  const form = useSchemaForm({
    schema: loadSignInSchema,
    onValid: async (input) => {
      setFailure(null);
      setUnverified(null);
      try {
        await authPost('/sign-in/email', { email: input.email, password: input.password });
        await onDone();
      } catch (error) {
        setFailure(authErrorText(error));
        if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') setUnverified(input.email.trim());
      }
    },
  });
  // Typed text stays by itself (uncontrolled fields); 'Show password' is drawn once the scripts are here.
  return (
    <form
      className={styles.form}
      method="post"
      action={formActions.signIn()}
      {...form.formProps}
      aria-labelledby="signin-email-heading"
    >
      {returnTo === '/' ? null : <input type="hidden" name={RETURN_FIELD} value={returnTo} />}
      <h2 id="signin-email-heading" className={styles.subheading}>
        Sign in with e-mail and password
      </h2>
      <TextField label="Email" type="email" autoComplete="email" name="email" error={form.error('email')} />
      <TextField
        label="Password"
        type={passwordShown ? 'text' : 'password'}
        autoComplete="current-password"
        name="password"
        error={form.error('password')}
      />
      <ShowPassword shown={passwordShown} onChange={setPasswordShown} />
      {failure ? (
        <p role="alert" className={styles.alert}>
          {failure}
        </p>
      ) : null}
      {unverified ? <SendVerification key={unverified} email={unverified} /> : null}
      <button type="submit" className={`${buttonStyles.button} ${buttonStyles.block}`} disabled={form.submitting}>
        {form.submitting ? 'Signing In...' : 'Sign In'}
      </button>
    </form>
  );
}

export function Component() {
  const college = useCollege();
  usePageTitle();
  const refreshSession = useRefreshSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // The guard sent the visitor here from an invitation's link, or a form posted without the
  // scripts sent a visitor here from its page: back there once signed in.
  const location = useLocation();
  const returnTo = returnPathOf(location.state) ?? sameSitePath(params.get(RETURN_FIELD)) ?? '/';
  // Which form shows is the address's (`?mode=signUp`): the switch is a link, so a tap before the
  // scripts, or without them, opens the page drawn with the sign-up form (issue 31).
  const signingUp = params.get(SIGN_UP_MODE_PARAM) === SIGN_UP_MODE;
  const oidc = college.auth.oidc;
  const emailDomain = college.college.emailDomain;
  // A refused sign-in comes back here with ?error= (the provider's, or the e-mail form's when
  // sent without the scripts): said in the page as drawn, so it shows before the scripts too. A
  // sign-up's comes back with the sign-up form, which says it.
  const [errorCode] = useState(() => params.get('error'));
  const [sentTo] = useState(() => params.get('sentTo'));
  // Each form says only the refusals it came back with (a sign-up's not on the sign-in form).
  const [errorOfSignUp] = useState(signingUp);
  const signInError = errorOfSignUp || signingUp ? null : errorCode;
  const emailFailure = signInError ? (EMAIL_SIGN_IN_ERRORS[signInError] ?? null) : null;
  const providerFailure =
    signInError && !emailFailure ? oidcErrorMessage(signInError, oidc?.label ?? 'your provider', emailDomain) : null;
  const modeAddress = (next: 'signIn' | 'signUp') => {
    const query = new URLSearchParams(next === 'signUp' ? { [SIGN_UP_MODE_PARAM]: SIGN_UP_MODE } : {});
    if (returnTo !== '/') query.set(RETURN_FIELD, returnTo);
    const search = query.toString();
    return search ? `${location.pathname}?${search}` : location.pathname;
  };

  const done = async () => {
    await refreshSession();
    navigate(returnTo, { replace: true });
  };

  // Ready by the time a new student asks for it, without holding up this page's first paint.
  useEffect(() => {
    void loadSignUpForm();
  }, []);

  // Once read, the code leaves the address: a reload does not say it again.
  useEffect(() => {
    if (!errorCode && !sentTo) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        next.delete('sentTo');
        return next;
      },
      { replace: true },
    );
  }, [errorCode, sentTo, setParams]);

  return (
    <div className={wall.wall}>
      <div className={wall.card}>
        <img src={college.logoFull} alt={college.productName} width="200" height="48" className={wall.logo} />
        <p className={wall.tagline}>{tagline(college.productName, college.college.name)}</p>
        <h1 className={wall.heading}>{messages.auth.heading(college.college.name)}</h1>
        {/* Why a form sent without the scripts brought the visitor here ('You need to sign in to bookmark a post'). */}
        <FormNotice />
        {providerFailure ? (
          <p role="alert" className={styles.alert}>
            {providerFailure}
          </p>
        ) : null}
        {oidc ? (
          <>
            {/* A link, not a popup (issue 31): a tap before the scripts arrive works, and so does a
                browser that refuses popups; the provider's pages open in this window and bring
                the visitor back to `returnTo`. */}
            <a className={`${buttonStyles.button} ${buttonStyles.block}`} href={formActions.providerSignIn(returnTo)}>
              {messages.auth.signInWith(oidc.label)}
            </a>
            <p className={wall.divider}>or</p>
          </>
        ) : null}
        {signingUp ? (
          <Suspense fallback={<p role="status">{messages.loading}</p>}>
            <SignUpForm
              onDone={done}
              emailDomain={emailDomain}
              returnTo={returnTo}
              failedCode={errorOfSignUp ? errorCode : null}
              sentTo={sentTo}
            />
          </Suspense>
        ) : (
          <SignInForm onDone={done} returnTo={returnTo} failed={emailFailure} />
        )}
        <div className={styles.links}>
          <Link to={modeAddress(signingUp ? 'signIn' : 'signUp')} replace>
            {signingUp ? 'Already have an account? Sign in' : 'New here? Create an account'}
          </Link>
          <Link to="/forgot-password">Forgot your password?</Link>
        </div>
      </div>
    </div>
  );
}
