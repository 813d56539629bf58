import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../../shared/messages';
import type { Me, MeResponse } from '../../../shared/schemas/me';
import { ApiError } from '../../api/client';
import { SESSION_QUERY_KEY, useSession } from '../../app/session';
import { usePageTitle } from '../../app/use-page-title';
import buttonStyles from '../../ui/Button.module.css';
import { authPost } from '../auth/auth-api';
import styles from './ProfilePage.module.css';

/**
 * The posting lists ('My Administered Posts', 'My Bookmarked Posts') come with the postings
 * feature: when `./ProfilePostingLists.tsx` exports `ProfilePostingLists`, it is shown below.
 */
const listModules = import.meta.glob<{ ProfilePostingLists?: ComponentType }>('./ProfilePostingLists.tsx', {
  eager: true,
});
const ProfilePostingLists = Object.values(listModules)[0]?.ProfilePostingLists;

function VerificationNotice({ user }: { user: Me }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const send = async () => {
    setState('sending');
    try {
      await authPost('/send-verification-email', { email: user.email, callbackURL: '/myProfile' });
      setState('sent');
    } catch {
      setState('failed');
    }
  };
  return (
    <section className={styles.notice} aria-labelledby="verify-heading">
      <h2 id="verify-heading" className="visually-hidden">
        {messages.auth.notVerified.title}
      </h2>
      <p>{messages.auth.unverifiedNotice(user.email)}</p>
      <button type="button" className={buttonStyles.button} onClick={() => void send()} disabled={state === 'sending'}>
        {messages.auth.sendVerification}
      </button>
      <div role="status">{state === 'sent' ? <p className={styles.ok}>{messages.verification.sent}</p> : null}</div>
      <div role="alert">
        {state === 'failed' ? <p className={styles.error}>{messages.verification.failed}</p> : null}
      </div>
    </section>
  );
}

function SignOutButton() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const signOut = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await authPost('/sign-out');
      queryClient.setQueryData<MeResponse>(SESSION_QUERY_KEY, { user: null });
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] && query.queryKey[0] !== 'config',
      });
      navigate('/');
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.status !== 0 && error.message ? error.message : messages.signOut.unexpected,
      );
      setBusy(false);
    }
  };
  return (
    <div>
      <button
        type="button"
        className={`${buttonStyles.button} ${buttonStyles.secondary}`}
        onClick={() => void signOut()}
        disabled={busy}
      >
        {busy ? messages.signOut.busy : messages.auth.signOut}
      </button>
      {failure ? (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      ) : null}
    </div>
  );
}

export function Component() {
  usePageTitle(messages.profile.heading);
  const session = useSession();
  if (session.status !== 'signedIn') return null;
  const { user } = session;
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1>{messages.profile.heading}</h1>
        <SignOutButton />
      </div>
      <p className={styles.greeting}>{messages.auth.greeting(user.name.trim() || user.email)}</p>
      {user.emailVerified ? null : <VerificationNotice user={user} />}
      {user.emailVerified && ProfilePostingLists ? <ProfilePostingLists /> : null}
    </div>
  );
}
