import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { messages } from '../../../shared/messages';
import { ACADEMIC_YEAR_LABELS, ACADEMIC_YEARS, GENDER_LABELS, GENDERS } from '../../../shared/options';
import { pageAddress } from '../../../shared/page-addresses';
import { groupMessages, type InvitationView, SHARING_LIMITS, type Sharing } from '../../../shared/schemas/groups';
import { dayText } from '../../common/posting-text';
import { useClock } from '../../shell/clock';
import { useSession } from '../../shell/session';
import buttonStyles from '../../ui/Button.module.css';
import fieldStyles from '../../ui/FormField.module.css';
import { useMyGroups, useMyInvitations, useSaveSharing, useSharing } from './api';
import { LeaveGroup } from './GroupMembers';
import styles from './Groups.module.css';
import { InvitationAnswers, Refusal } from './InvitationPage';
import { GROUP_ROLE_LABELS } from './labels';
import { type SharingFormValues, sharingFormValues, sharingFromForm, sharingProblems } from './sharing-rules';

/** Once `ready`, the section the address names (#id) is scrolled to and focused (e-mails link there). */
function useHashTarget(id: string, ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash !== `#${id}` || !ready) return;
    const section = document.getElementById(id);
    section?.scrollIntoView();
    section?.focus({ preventScroll: true });
  }, [hash, id, ready]);
}

function InvitationItem({ invitation }: { invitation: InvitationView }) {
  const clock = useClock();
  const [declined, setDeclined] = useState(false);
  return (
    <li className={styles.item}>
      <p className={styles.name}>
        {invitation.adminName}'s group at {invitation.place}
      </p>
      <p id={`invitation-${invitation.id}`}>
        {invitation.adminName} listed you as {invitation.memberName}. Valid until{' '}
        <time dateTime={invitation.expiresAt}>{dayText(invitation.expiresAt, clock.zone)}</time>.
      </p>
      <p>
        <Link to={pageAddress.posting(invitation.postingId)} state={{ backTo: '/myProfile#invitations' }}>
          See the posting
          <span className="visually-hidden"> at {invitation.place}</span>
        </Link>
      </p>
      {declined ? null : <InvitationAnswers invitation={invitation} onDeclined={() => setDeclined(true)} />}
      <p role="status" className={styles.ok}>
        {declined ? 'Invitation declined. You were not added to the group.' : null}
      </p>
    </li>
  );
}

/** The profile's pending invitations to join groups. */
export function InvitationsSection() {
  const invitations = useMyInvitations();
  useHashTarget('invitations', !invitations.isPending);
  return (
    <section id="invitations" className={styles.section} aria-labelledby="invitations-heading" tabIndex={-1}>
      <h2 id="invitations-heading">Invitations</h2>
      <p className={styles.muted}>
        Groups whose administrator listed you as a member. Join to appear on the group's posting, or say it isn't you.
      </p>
      {invitations.isPending ? (
        <p role="status">{messages.loading}</p>
      ) : invitations.isError ? (
        <Refusal error={invitations.error} />
      ) : invitations.data.items.length === 0 ? (
        <p>You have no invitations.</p>
      ) : (
        <ul className={styles.list} aria-label="Invitations">
          {invitations.data.items.map((invitation) => (
            <InvitationItem key={invitation.id} invitation={invitation} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The groups the student joined (not as their admin). */
export function MyGroupsSection() {
  const clock = useClock();
  const groups = useMyGroups();
  useHashTarget('groups', !groups.isPending);
  return (
    <section id="groups" className={styles.section} aria-labelledby="groups-heading" tabIndex={-1}>
      <h2 id="groups-heading">My Groups</h2>
      <p className={styles.muted}>Groups you joined. Their members see what you share with your groups.</p>
      {groups.isPending ? (
        <p role="status">{messages.loading}</p>
      ) : groups.isError ? (
        <Refusal error={groups.error} />
      ) : groups.data.items.length === 0 ? (
        <p>You have not joined a group yet.</p>
      ) : (
        <ul className={styles.list} aria-label="My Groups">
          {groups.data.items.map((group) => (
            <li key={group.postingId} className={styles.item}>
              <p className={styles.name}>
                <Link to={pageAddress.posting(group.postingId)} state={{ backTo: '/myProfile#groups' }}>
                  {group.place}
                </Link>
              </p>
              <p>
                {GROUP_ROLE_LABELS[group.role]} · administered by {group.adminName} · {group.status}
              </p>
              <p className={styles.muted}>
                Joined <time dateTime={group.joinedAt}>{dayText(group.joinedAt, clock.zone)}</time>
              </p>
              {group.role === 'admin' ? null : <LeaveGroup postingId={group.postingId} place={group.place} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SharingForm({ sharing, email }: { sharing: Sharing; email: string }) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const save = useSaveSharing();
  const [problems, setProblems] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  const problemsRef = useRef<HTMLDivElement>(null);
  const { register, handleSubmit, watch, reset } = useForm<SharingFormValues>({
    defaultValues: sharingFormValues(sharing),
  });
  const gender = watch('gender');

  const submit = (values: SharingFormValues) => {
    setSaved(false);
    const found = sharingProblems(values);
    setProblems(found);
    if (found.length > 0) {
      problemsRef.current?.focus();
      return;
    }
    save.mutate(sharingFromForm(values), {
      onSuccess: (answer) => {
        reset(sharingFormValues(answer));
        setSaved(true);
      },
    });
  };

  const check = (name: keyof Sharing['share'], label: string) => (
    <div className={styles.check}>
      <input id={id(`share-${name}`)} type="checkbox" {...register(`share.${name}`)} />
      <label htmlFor={id(`share-${name}`)}>{label}</label>
    </div>
  );

  return (
    <form className={styles.section} noValidate onSubmit={handleSubmit(submit)} aria-labelledby="sharing-heading">
      <div className={styles.grid}>
        <div className={styles.item}>
          <div className={fieldStyles.field}>
            <label className={fieldStyles.label} htmlFor={id('academicYear')}>
              Academic year
            </label>
            <select id={id('academicYear')} className={fieldStyles.control} {...register('academicYear')}>
              <option value="">Not given</option>
              {ACADEMIC_YEARS.map((year) => (
                <option key={year} value={year}>
                  {ACADEMIC_YEAR_LABELS[year]}
                </option>
              ))}
            </select>
          </div>
          {check('academicYear', 'Show my academic year')}
        </div>
        <div className={styles.item}>
          <div className={fieldStyles.field}>
            <label className={fieldStyles.label} htmlFor={id('gender')}>
              Gender
            </label>
            <select id={id('gender')} className={fieldStyles.control} {...register('gender')}>
              <option value="">Not given</option>
              {GENDERS.map((value) => (
                <option key={value} value={value}>
                  {GENDER_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
          {gender === 'other' ? (
            <div className={fieldStyles.field}>
              <label className={fieldStyles.label} htmlFor={id('customGender')}>
                Your gender
              </label>
              <input
                id={id('customGender')}
                className={fieldStyles.control}
                maxLength={SHARING_LIMITS.customGender}
                {...register('customGender')}
              />
            </div>
          ) : null}
          {check('gender', 'Show my gender')}
        </div>
        <div className={styles.item}>
          <p className={fieldStyles.label}>College e-mail</p>
          <p className={styles.muted}>{email}</p>
          {check('email', 'Show my college e-mail')}
        </div>
        <div className={styles.item}>
          <div className={fieldStyles.field}>
            <label className={fieldStyles.label} htmlFor={id('phoneNumber')}>
              Phone number
            </label>
            <input
              id={id('phoneNumber')}
              type="tel"
              autoComplete="tel"
              className={fieldStyles.control}
              maxLength={SHARING_LIMITS.phone}
              {...register('phoneNumber')}
            />
          </div>
          {check('phoneNumber', 'Show my phone number')}
        </div>
        <div className={styles.item}>
          <div className={fieldStyles.field}>
            <label className={fieldStyles.label} htmlFor={id('instagramHandle')}>
              Instagram handle
            </label>
            <input
              id={id('instagramHandle')}
              autoCapitalize="none"
              className={fieldStyles.control}
              maxLength={SHARING_LIMITS.instagram + 1}
              {...register('instagramHandle')}
            />
          </div>
          {check('instagramHandle', 'Show my Instagram')}
        </div>
      </div>
      <div ref={problemsRef} tabIndex={-1} role="alert" className={problems.length > 0 ? styles.notice : undefined}>
        {problems.length > 0 ? (
          <>
            <p className={styles.noticeTitle}>{groupMessages.sharingTitle}</p>
            <ul>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
      {save.isError ? <Refusal error={save.error} /> : null}
      <p role="status" className={styles.success}>
        {saved ? 'Saved. The members of your groups now see only what you turned on.' : ''}
      </p>
      <div>
        <button type="submit" className={buttonStyles.button} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save what I share'}
        </button>
      </div>
    </form>
  );
}

/** What a student shows the members of the groups they joined: each detail off until turned on. */
export function SharingSection() {
  const sharing = useSharing();
  const session = useSession();
  useHashTarget('sharing', !sharing.isPending);
  return (
    <section id="sharing" className={styles.section} aria-labelledby="sharing-heading" tabIndex={-1}>
      <h2 id="sharing-heading">What I share with my groups</h2>
      <p className={styles.muted}>
        The members of a group you join, and the students who view its posting, see your name and only the details you
        turn on here. Nothing is shown until you turn it on.
      </p>
      {sharing.isPending ? (
        <p role="status">{messages.loading}</p>
      ) : sharing.isError ? (
        <Refusal error={sharing.error} />
      ) : (
        <SharingForm sharing={sharing.data} email={session.user?.email ?? ''} />
      )}
    </section>
  );
}
