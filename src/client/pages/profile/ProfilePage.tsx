import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { can, refusal } from '../../../shared/authorization';
import { messages } from '../../../shared/messages';
import type { Me, MeResponse } from '../../../shared/schemas/me';
import { ApiError } from '../../api/client';
import { authPost } from '../../features/auth/auth-api';
import { LifestyleSection } from '../../features/lifestyle/LifestyleSection';
import type { VerifyFirstState } from '../../shell/access';
import { SESSION_QUERY_KEY, useSession } from '../../shell/session';
import { usePageTitle } from '../../shell/use-page-title';
import buttonStyles from '../../ui/Button.module.css';
import { lazyPart } from '../../ui/lazy-part';
import styles from './ProfilePage.module.css';

/**
 * The posting lists ('My Administered Posts', 'My Bookmarked Posts') come with the postings
 * feature: when `./ProfilePostingLists.tsx` exports `ProfilePostingLists`, it is shown below.
 */
const listModules = import.meta.glob<{ ProfilePostingLists?: ComponentType }>('./ProfilePostingLists.tsx', {
  eager: true,
});
const ProfilePostingLists = Object.values(listModules)[0]?.ProfilePostingLists;

// Worded here rather than in shared/messages.ts (not strings of docs/product-spec.md), so that only this page's
// chunk carries them, not the first load of every page.
const text = {
  sending: 'Sending...',
  /** After the spec's 'Verification email sent.' (the address is named just above). */
  checkInbox: 'Open the link in it to verify (look in your spam folder too).',
  /** When an unverified account followed a link to another page and the guard sent it here. */
  verifyFirst: (page: string) => `${page} opens once your e-mail address is verified.`,
};

function isVerifyFirstState(state: unknown): state is VerifyFirstState {
  const inner = (state as Partial<VerifyFirstState> | null)?.verifyFirst;
  return typeof inner === 'object' && inner !== null && typeof inner.from === 'string';
}

/** The names the navigation gives the pages an unverified account is kept from. */
const PAGE_NAMES: Record<string, string> = {
  '/': 'Home',
  '/postings': 'Search Postings',
  '/welcomeToPostings': 'Search Postings',
  '/detailView': 'the posting',
  '/create-posting': 'Create Posting',
  '/our-purpose': 'Our Purpose',
  '/contact-us': 'Contact Us',
};

/**
 * Why an unverified account is on its profile after following a link elsewhere (the guard sent
 * it here, spec section 2). The live region is there from the start and the sentence arrives
 * after it, so screen readers announce it; each redirect (a new location key) says it again.
 */
function useVerifyFirstMessage(): string | null {
  const location = useLocation();
  const from = isVerifyFirstState(location.state) ? location.state.verifyFirst.from : null;
  const [message, setMessage] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new redirect (location.key) says it again.
  useEffect(() => {
    setMessage(
      from === null
        ? null
        : text.verifyFirst(PAGE_NAMES[from] ?? (from.startsWith('/invitations/') ? 'Your invitation' : 'that page')),
    );
  }, [from, location.key]);
  return message;
}

// Below the posting lists: loaded beside them rather than with the page's first load, and drawn
// in commits of their own, so that no single task draws the whole page (Total Blocking Time).
const SavedSearchList = lazyPart(() =>
  import('../../features/saved-searches').then((module) => module.SavedSearchList),
);
// The inbox and the lifestyle fit it shows of each sender, loaded side by side.
const PingInbox = lazyPart(() =>
  Promise.all([import('../../features/pings/PingInbox'), import('../../features/lifestyle/Fit')]).then(
    ([inbox, fit]) =>
      () => <inbox.PingInbox senderFit={fit.PingFit} />,
  ),
);
const MessageSettingsSection = lazyPart(() =>
  import('../../features/conversations/MessageSettings').then((module) => module.MessageSettingsSection),
);
const AccountSection = lazyPart(() =>
  import('../../features/auth/AccountSection').then((module) => module.AccountSection),
);
const groupSections = () => import('../../features/groups/ProfileGroups');
const InvitationsSection = lazyPart(() => groupSections().then((module) => module.InvitationsSection));
const MyGroupsSection = lazyPart(() => groupSections().then((module) => module.MyGroupsSection));
const SharingSection = lazyPart(() => groupSections().then((module) => module.SharingSection));

/** The profile's sections, each with an address of its own (/myProfile#id) for links and e-mails. */
const SECTIONS = [
  { id: 'administered-posts', label: 'My Posts' },
  { id: 'invitations', label: 'Invitations' },
  { id: 'groups', label: 'My Groups' },
  { id: 'sharing', label: 'What I share' },
  { id: 'lifestyle', label: 'Lifestyle Profile' },
  { id: 'saved-searches', label: 'Saved Searches' },
  { id: 'pings-received', label: 'Pings' },
  { id: 'messages', label: 'Messages' },
  { id: 'account', label: 'Account' },
] as const;

function ProfileNav({ member }: { member: boolean }) {
  const sections = member ? SECTIONS : SECTIONS.filter((section) => section.id === 'account');
  return (
    <nav aria-label="Profile sections" className={styles.sections}>
      <ul>
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`}>{section.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function VerificationNotice({ user }: { user: Me }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const verifyFirst = useVerifyFirstMessage();
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
      <h2 id="verify-heading" className={styles.noticeHeading}>
        {messages.auth.notVerified.title}
      </h2>
      <div role="status" className={styles.liveLine}>
        {verifyFirst ? <p className={styles.why}>{verifyFirst}</p> : null}
      </div>
      <p>{messages.auth.unverifiedNotice(user.email)}</p>
      <button type="button" className={buttonStyles.button} onClick={() => void send()} disabled={state === 'sending'}>
        {state === 'sending' ? text.sending : messages.auth.sendVerification}
      </button>
      <div role="status" className={styles.liveLine}>
        {state === 'sent' ? (
          <p className={styles.sent}>
            <span aria-hidden="true">✓ </span>
            {messages.verification.sent} {text.checkInbox}
          </p>
        ) : null}
      </div>
      <div role="alert" className={styles.liveLine}>
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
  usePageTitle();
  const session = useSession();
  if (session.status !== 'signedIn') return null;
  const { user } = session;
  const member = can(user, 'product.use', null);
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1>{messages.profile.heading}</h1>
        <SignOutButton />
      </div>
      <p className={styles.greeting}>{messages.auth.greeting(user.name.trim() || user.email)}</p>
      {refusal(user, 'product.use', null) === 'unverified' ? <VerificationNotice user={user} /> : null}
      <ProfileNav member={member} />
      {user.emailVerified && ProfilePostingLists ? <ProfilePostingLists /> : null}
      {member ? (
        <Suspense fallback={<p role="status">{messages.loading}</p>}>
          <InvitationsSection />
          <MyGroupsSection />
          <SharingSection />
        </Suspense>
      ) : null}
      {member ? <LifestyleSection name={user.name.trim() || user.email} /> : null}
      {member ? (
        <Suspense fallback={<p role="status">{messages.loading}</p>}>
          <SavedSearchList />
        </Suspense>
      ) : null}
      {member ? (
        <Suspense fallback={null}>
          <PingInbox />
        </Suspense>
      ) : null}
      {member ? (
        <Suspense fallback={null}>
          <MessageSettingsSection />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        <AccountSection user={user} />
      </Suspense>
    </div>
  );
}
