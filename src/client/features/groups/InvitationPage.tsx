import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { RETURN_FIELD } from '../../../shared/form-posts';
import { messages } from '../../../shared/messages';
import { pageAddress } from '../../../shared/page-addresses';
import { profileFormActions } from '../../../shared/profile-form-posts';
import type { InvitationView } from '../../../shared/schemas/groups';
import { ApiError } from '../../api/client';
import { dayText } from '../../common/posting-text';
import { useClock } from '../../shell/clock';
import { usePageTitle } from '../../shell/use-page-title';
import buttonStyles from '../../ui/Button.module.css';
import { showNotice } from '../../ui/Notice';
import { useDeclineInvitation, useInvitationByToken, useJoinInvitation } from './api';
import styles from './Groups.module.css';

/** What the server said when it refused: its title and message, as they are. */
export function Refusal({ error }: { error: unknown }) {
  const title = error instanceof ApiError && error.title ? error.title : messages.api.internal.title;
  const message = error instanceof Error && error.message ? error.message : messages.api.internal.message;
  return (
    <div className={styles.notice} role="alert">
      <p className={styles.noticeTitle}>{title}</p>
      <p>{message}</p>
    </div>
  );
}

/** The confirmation after joining, shown on the posting's detail view. */
export function joinedNotice(invitation: Pick<InvitationView, 'adminName'>): void {
  showNotice({
    title: 'You joined the group',
    message: `You are now a member of ${invitation.adminName}'s group. Choose what you share with your groups on your profile.`,
    tone: 'success',
    durationMs: 10_000,
  });
}

/** Join this group / This isn't me, for one invitation (the link's page and the profile). */
export function InvitationAnswers({
  invitation,
  token,
  onDeclined,
}: {
  invitation: InvitationView;
  token?: string;
  onDeclined: () => void;
}) {
  const navigate = useNavigate();
  const join = useJoinInvitation();
  const decline = useDeclineInvitation();
  const busy = join.isPending || decline.isPending;
  const failure = join.error ?? decline.error;
  return (
    <>
      {/* A plain form too (issue 31): a tap before the scripts, or without them, posts the answer
          the button names; the server answers with the posting joined, or the profile. */}
      <form
        className={styles.actions}
        method="post"
        action={profileFormActions.answerInvitation(invitation.id)}
        onSubmit={(event) => {
          event.preventDefault();
          const chosen = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value');
          if (chosen === 'join') {
            join.mutate(
              { id: invitation.id, token },
              {
                onSuccess: ({ postingId }) => {
                  joinedNotice(invitation);
                  navigate(pageAddress.posting(postingId));
                },
              },
            );
          } else if (chosen === 'decline') {
            decline.mutate({ id: invitation.id, token }, { onSuccess: onDeclined });
          }
        }}
      >
        <input type="hidden" name={RETURN_FIELD} value="/myProfile#invitations" />
        {token ? <input type="hidden" name="token" value={token} /> : null}
        <button
          type="submit"
          name="answer"
          value="join"
          className={buttonStyles.button}
          disabled={busy}
          aria-describedby={`invitation-${invitation.id}`}
        >
          {join.isPending ? 'Joining...' : 'Join this group'}
        </button>
        <button
          type="submit"
          name="answer"
          value="decline"
          className={`${buttonStyles.button} ${buttonStyles.secondary}`}
          disabled={busy}
          aria-describedby={`invitation-${invitation.id}`}
        >
          This isn't me
        </button>
      </form>
      {failure ? <Refusal error={failure} /> : null}
    </>
  );
}

/** /invitations/:token: the page an invitation e-mail links to (issue 23). */
export function Component() {
  usePageTitle();
  const clock = useClock();
  const { token = '' } = useParams();
  const invitation = useInvitationByToken(token);
  const [declined, setDeclined] = useState(false);
  const doneRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (declined) doneRef.current?.focus();
  }, [declined]);

  if (declined) {
    return (
      <div className="page">
        <section className={styles.invitation} aria-labelledby="declined-heading">
          <h1 id="declined-heading" ref={doneRef} tabIndex={-1}>
            Invitation declined
          </h1>
          <p role="status">
            Thank you. The group administrator will see that this invitation was not for you. You were not added to the
            group.
          </p>
          <p>
            <Link to="/postings">Search Postings</Link>
          </p>
        </section>
      </div>
    );
  }
  if (invitation.isPending) {
    return (
      <p className="app-status" role="status">
        {messages.loading}
      </p>
    );
  }
  if (invitation.isError) {
    return (
      <div className="page">
        <section className={styles.invitation} aria-labelledby="invitation-heading">
          <h1 id="invitation-heading">Invitation to a group</h1>
          <Refusal error={invitation.error} />
          <p>
            <Link to="/myProfile#invitations">See my invitations</Link>
          </p>
        </section>
      </div>
    );
  }
  const view = invitation.data;
  return (
    <div className="page">
      <section className={styles.invitation} aria-labelledby="invitation-heading">
        <h1 id="invitation-heading">Invitation to join a group</h1>
        <p id={`invitation-${view.id}`}>
          {view.adminName} listed you as a member of their group at {view.place}. Join to appear as a member on its
          posting; you choose what you share with the group on your profile.
        </p>
        <dl className={styles.facts}>
          <div>
            <dt>Place</dt>
            <dd>{view.place}</dd>
          </div>
          <div>
            <dt>Group administrator</dt>
            <dd>{view.adminName}</dd>
          </div>
          <div>
            <dt>Listed as</dt>
            <dd>{view.memberName}</dd>
          </div>
          <div>
            <dt>Invitation valid until</dt>
            <dd>
              <time dateTime={view.expiresAt}>{dayText(view.expiresAt, clock.zone)}</time>
            </dd>
          </div>
        </dl>
        <p>
          <Link to={pageAddress.posting(view.postingId)}>See the posting</Link>
        </p>
        <InvitationAnswers invitation={view} token={token} onDeclined={() => setDeclined(true)} />
      </section>
    </div>
  );
}
