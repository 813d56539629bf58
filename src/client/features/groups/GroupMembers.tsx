import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { can, type GroupPlace, type Viewer } from '../../../shared/authorization';
import { RETURN_FIELD } from '../../../shared/form-posts';
import { ACADEMIC_YEAR_LABELS, GENDER_LABELS } from '../../../shared/options';
import { profileFormActions } from '../../../shared/profile-form-posts';
import type { GroupMemberView } from '../../../shared/schemas/groups';
import type { PostingDetail } from '../../../shared/schemas/posting-view';
import { ApiError } from '../../api/client';
import { instagramLink, phoneLink } from '../../common/contact-links';
import { EmailLink } from '../../common/EmailLink';
import { dayText } from '../../common/posting-text';
import { useClock } from '../../shell/clock';
import { useSession } from '../../shell/session';
import buttonStyles from '../../ui/Button.module.css';
import { Dialog } from '../../ui/Dialog';
import { DrawnOpener } from '../../ui/DrawnOpener';
import { showNotice } from '../../ui/Notice';
import { type MemberAction, useLeaveGroup, useMemberAction } from './api';
import styles from './Groups.module.css';
import { GROUP_ROLE_LABELS, MEMBER_STATE_LABELS } from './labels';
import { memberControls } from './member-controls';

/** A failure as the server worded it: 'Title: message'. */
function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.title ? `${error.title}: ${error.message}` : error.message;
  return 'Something went wrong. Try again.';
}

function genderText(member: Pick<GroupMemberView, 'gender' | 'customGender'>): string | null {
  if (!member.gender) return null;
  return member.gender === 'other' && member.customGender ? member.customGender : GENDER_LABELS[member.gender];
}

/** One member as every viewer sees them: a joined member's shared details, or only name and year. */
function MemberCard({ member }: { member: GroupMemberView }) {
  const year = member.academicYear ? ACADEMIC_YEAR_LABELS[member.academicYear] : null;
  const gender = member.joined ? genderText(member) : null;
  return (
    <li className={styles.card}>
      <p className={styles.name}>
        <span>{member.name}</span>
        {member.isYou ? <span className={styles.muted}> (you)</span> : null}
      </p>
      {member.role !== 'member' ? <p className={styles.role}>{GROUP_ROLE_LABELS[member.role]}</p> : null}
      {!member.joined ? <p className={styles.notJoined}>Not joined yet</p> : null}
      {year || gender ? (
        <p>
          {year}
          {year && gender ? <span aria-hidden="true"> · </span> : null}
          {gender ? <span className={styles.muted}>{gender}</span> : null}
        </p>
      ) : null}
      {member.joined && member.email ? (
        <p>
          <EmailLink email={member.email} />
        </p>
      ) : null}
      {member.joined && member.instagramHandle ? <p>{instagramLink(member.instagramHandle)}</p> : null}
      {member.joined && member.phoneNumber ? <p>{phoneLink(member.phoneNumber)}</p> : null}
    </li>
  );
}

interface Confirmation {
  title: string;
  description: string;
  confirmLabel: string;
  run: () => void;
}

/** A confirmation dialog for an action that cannot be taken back with one click. */
function ConfirmDialog({
  confirmation,
  busy,
  onClose,
}: {
  confirmation: Confirmation | null;
  busy: boolean;
  onClose: () => void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={confirmation !== null}
      title={confirmation?.title ?? ''}
      description={confirmation?.description}
      initialFocus={cancelRef}
      onOpenChange={(open) => (open ? undefined : onClose())}
      actions={
        <>
          <button
            ref={cancelRef}
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.secondary}`}
            onClick={onClose}
          >
            Cancel
          </button>
          <button
            type="button"
            className={`${buttonStyles.button} ${styles.danger}`}
            disabled={busy}
            onClick={() => confirmation?.run()}
          >
            {confirmation?.confirmLabel}
          </button>
        </>
      }
    />
  );
}

/** The result of the last action, said in a live region (success) or an alert (failure). */
function ResultLine({ result }: { result: { ok: boolean; text: string } | null }) {
  return (
    <>
      <p role="status" className={styles.ok}>
        {result?.ok ? result.text : null}
      </p>
      <p role="alert" className={styles.failure}>
        {result && !result.ok ? result.text : null}
      </p>
    </>
  );
}

function ManageRow({
  viewer,
  group,
  member,
  now,
  onAction,
  busy,
}: {
  viewer: Viewer | null;
  group: GroupPlace;
  member: GroupMemberView;
  now: Date;
  onAction: (member: GroupMemberView, action: MemberAction) => void;
  busy: boolean;
}) {
  const clock = useClock();
  const typed = member.typed;
  if (!typed) return null;
  const controls = memberControls(viewer, group, member, now);
  const name = typed.state === 'joined' ? member.name : typed.name;
  const reasonId = `invite-reason-${member.id}`;
  const buttons: ReactNode[] = [];
  const secondary = `${buttonStyles.button} ${buttonStyles.secondary}`;
  if (controls.invite) {
    buttons.push(
      <button
        key="invite"
        type="button"
        className={secondary}
        disabled={busy || controls.invite.disabledReason !== null}
        aria-describedby={controls.invite.disabledReason ? reasonId : undefined}
        aria-label={`${controls.invite.label} to ${name}`}
        onClick={() => onAction(member, { kind: 'invite' })}
      >
        {controls.invite.label}
      </button>,
    );
  }
  if (controls.withdraw) {
    buttons.push(
      <button
        key="withdraw"
        type="button"
        className={secondary}
        disabled={busy}
        aria-label={`Withdraw the invitation to ${name}`}
        onClick={() => onAction(member, { kind: 'withdraw' })}
      >
        Withdraw invitation
      </button>,
    );
  }
  if (controls.role) {
    const role = controls.role;
    buttons.push(
      <button
        key="role"
        type="button"
        className={secondary}
        disabled={busy}
        aria-label={role === 'coadmin' ? `Make ${name} a co-admin` : `Remove ${name} as co-admin`}
        onClick={() => onAction(member, { kind: 'role', role })}
      >
        {role === 'coadmin' ? 'Make co-admin' : 'Remove co-admin'}
      </button>,
    );
  }
  if (controls.handOver) {
    buttons.push(
      <button
        key="hand-over"
        type="button"
        className={secondary}
        disabled={busy}
        aria-label={`Hand over the group to ${name}`}
        onClick={() => onAction(member, { kind: 'hand-over' })}
      >
        Hand over group
      </button>,
    );
  }
  if (controls.remove) {
    buttons.push(
      <button
        key="remove"
        type="button"
        className={`${buttonStyles.button} ${styles.danger}`}
        disabled={busy}
        aria-label={`Remove ${name} from the group`}
        onClick={() => onAction(member, { kind: 'remove' })}
      >
        Remove from group
      </button>,
    );
  }
  return (
    <li className={styles.manageRow}>
      <div className={styles.manageHead}>
        <p className={styles.name}>{name}</p>
        <p className={`${styles.state} ${styles[`state-${typed.state}`] ?? ''}`}>
          {MEMBER_STATE_LABELS[typed.state]}
          {member.role === 'coadmin' ? ` · ${GROUP_ROLE_LABELS.coadmin}` : ''}
        </p>
      </div>
      <p className={styles.muted}>
        {typed.email ?? 'No college e-mail'}
        {typed.state === 'invited' && typed.invitationExpiresAt ? (
          <>
            {' '}
            · invitation valid until{' '}
            <time dateTime={typed.invitationExpiresAt}>{dayText(typed.invitationExpiresAt, clock.zone)}</time>
          </>
        ) : null}
      </p>
      {buttons.length > 0 ? <div className={styles.actions}>{buttons}</div> : null}
      {controls.invite?.disabledReason ? (
        <p id={reasonId} className={styles.muted}>
          {controls.invite.disabledReason}
        </p>
      ) : null}
    </li>
  );
}

/** The admin's 'Manage group': each member's invitation and role, and handing the group over. */
function ManageGroup({ viewer, posting }: { viewer: Viewer | null; posting: PostingDetail }) {
  const act = useMemberAction(posting.id);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  // First the page's clock (the drawing's moment while the browser takes a drawn page over), so
  // that a 'Resend' reads as the server drew it; the timer below moves it on.
  const clock = useClock();
  const [now, setNow] = useState(() => new Date(clock.now));
  const rows = posting.members.filter((member) => member.role !== 'admin' && member.typed);

  // A 'Resend' held back by the limit turns on by itself when its time comes.
  useEffect(() => {
    const next = rows
      .map((member) => (member.typed?.resendAfter ? new Date(member.typed.resendAfter).getTime() : 0))
      .filter((time) => time > now.getTime())
      .sort((a, b) => a - b)[0];
    if (next === undefined) return;
    const timer = setTimeout(() => setNow(new Date()), Math.min(next - now.getTime() + 500, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [rows, now]);

  const run = (member: GroupMemberView, action: MemberAction, done: string) => {
    setResult(null);
    act.mutate(
      { memberId: member.id, action },
      {
        onSuccess: () => {
          setConfirmation(null);
          setResult({ ok: true, text: done });
          setNow(new Date());
          // Handing over leaves the group: this section goes with the admin's role, the notice stays.
          if (action.kind === 'hand-over') showNotice({ message: done, tone: 'success', durationMs: 8000 });
        },
        onError: (error) => {
          setConfirmation(null);
          setResult({ ok: false, text: failureText(error) });
        },
      },
    );
  };

  const onAction = (member: GroupMemberView, action: MemberAction) => {
    const name = member.typed?.state === 'joined' ? member.name : (member.typed?.name ?? member.name);
    switch (action.kind) {
      case 'invite':
        return run(member, action, `Invitation sent to ${name}.`);
      case 'withdraw':
        return run(member, action, `The invitation to ${name} was withdrawn.`);
      case 'role':
        return run(
          member,
          action,
          action.role === 'coadmin' ? `${name} is now a co-admin.` : `${name} is no longer a co-admin.`,
        );
      case 'remove':
        return setConfirmation({
          title: `Remove ${name} from the group?`,
          description: `${name} will no longer be a member of this group. You can invite them again later.`,
          confirmLabel: 'Remove from group',
          run: () => run(member, action, `${name} was removed from the group.`),
        });
      case 'hand-over':
        return setConfirmation({
          title: `Hand over the group to ${name}?`,
          description: `${name} becomes the group's administrator, and you will leave the group. This cannot be undone by you.`,
          confirmLabel: 'Hand over and leave',
          run: () => run(member, action, `${name} is now the group's administrator.`),
        });
    }
  };

  return (
    <section className={styles.manage} aria-labelledby="manage-heading">
      <h2 id="manage-heading">Manage group</h2>
      <p className={styles.muted}>
        Members you list with a college e-mail are invited to join. Only members who join show their details to others.
      </p>
      {rows.length === 0 ? (
        <p>Your posting lists no other members. Add them by editing the posting.</p>
      ) : (
        <ul className={styles.manageList}>
          {rows.map((member) => (
            <ManageRow
              key={member.id}
              viewer={viewer}
              group={posting}
              member={member}
              now={now}
              busy={act.isPending}
              onAction={onAction}
            />
          ))}
        </ul>
      )}
      <ResultLine result={result} />
      <ConfirmDialog confirmation={confirmation} busy={act.isPending} onClose={() => setConfirmation(null)} />
    </section>
  );
}

/** A joined member (not the admin) leaves the group: the detail view and the profile's My Groups. */
/** The page's address with `?leave=<posting>`: its Leave group's confirmation drawn in the page. */
export const LEAVE_PARAM = 'leave';

/**
 * Leave group, confirmed first. Before the scripts (or without them) the tap is a plain GET form
 * that draws the confirmation in the page (`?leave=`), whose own form posts the leave (issue 31);
 * once the scripts are here, the tap asks in a dialog instead.
 */
export function LeaveGroup({ postingId, place }: { postingId: string; place: string }) {
  const leave = useLeaveGroup(postingId);
  const navigate = useNavigate();
  const location = useLocation();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const title = 'Leave this group?';
  const description = `You will no longer be a member of the group at ${place}, and your details leave its posting. To come back, the administrator has to invite you again.`;
  const search = new URLSearchParams(location.search);
  const drawnConfirmation = search.get(LEAVE_PARAM) === postingId;
  search.delete(LEAVE_PARAM);
  const kept = [...search];
  const back = `${location.pathname}${kept.length > 0 ? `?${search.toString()}` : ''}`;
  const anchor = `leave-${postingId}`;
  if (drawnConfirmation) {
    return (
      <section id={anchor} className={styles.leave} aria-labelledby={`${anchor}-title`}>
        <h3 id={`${anchor}-title`}>{title}</h3>
        <p>{description}</p>
        <form method="post" action={profileFormActions.leaveGroup(postingId)} className={styles.actions}>
          <input type="hidden" name={RETURN_FIELD} value={back} />
          <Link className={`${buttonStyles.button} ${buttonStyles.secondary}`} to={back}>
            Cancel
          </Link>
          <button type="submit" className={buttonStyles.button}>
            Leave group
          </button>
        </form>
      </section>
    );
  }
  return (
    <div className={styles.leave}>
      <DrawnOpener
        action={`${location.pathname}#${anchor}`}
        fields={[...kept, [LEAVE_PARAM, postingId]]}
        className={`${buttonStyles.button} ${buttonStyles.secondary}`}
        aria-label={`Leave the group at ${place}`}
        onOpen={() =>
          setConfirmation({
            title,
            description,
            confirmLabel: 'Leave group',
            run: () =>
              leave.mutate(undefined, {
                onSuccess: () => {
                  setConfirmation(null);
                  showNotice({ message: `You left the group at ${place}.`, tone: 'success', durationMs: 8000 });
                  if (location.pathname !== '/myProfile') navigate('/myProfile#groups');
                },
                onError: (error) => {
                  setConfirmation(null);
                  setResult({ ok: false, text: failureText(error) });
                },
              }),
          })
        }
      >
        Leave group
      </DrawnOpener>
      <ResultLine result={result} />
      <ConfirmDialog confirmation={confirmation} busy={leave.isPending} onClose={() => setConfirmation(null)} />
    </div>
  );
}

/**
 * The detail view's group: the members list (the heading of docs/product-spec.md), then what the
 * viewer may do with it.
 */
export function GroupMembers({ posting, place }: { posting: PostingDetail; place: string }) {
  const viewer = useSession().user;
  return (
    <>
      <section className={styles.section} aria-labelledby="members-heading">
        <h2 id="members-heading">Current Group Members ({posting.aimInteger - posting.curNumSeek})</h2>
        <ul className={styles.cards}>
          {posting.members.map((member) => (
            <MemberCard key={member.id} member={member} />
          ))}
        </ul>
        {can(viewer, 'group.leave', posting) ? <LeaveGroup postingId={posting.id} place={place} /> : null}
      </section>
      {can(viewer, 'group.seeTypedMembers', posting) ? <ManageGroup viewer={viewer} posting={posting} /> : null}
    </>
  );
}
