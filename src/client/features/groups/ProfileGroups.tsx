import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { RETURN_FIELD } from '../../../shared/form-posts';
import { messages } from '../../../shared/messages';
import { ACADEMIC_YEAR_LABELS, ACADEMIC_YEARS, GENDER_LABELS, GENDERS } from '../../../shared/options';
import { pageAddress } from '../../../shared/page-addresses';
import { profileFormActions } from '../../../shared/profile-form-posts';
import { groupMessages, type InvitationView, SHARING_LIMITS, type Sharing } from '../../../shared/schemas/groups';
import { dayText } from '../../common/posting-text';
import { useClock } from '../../shell/clock';
import { useSession } from '../../shell/session';
import buttonStyles from '../../ui/Button.module.css';
import { describedBy } from '../../ui/Field';
import fieldStyles from '../../ui/FormField.module.css';
import { useSchemaForm } from '../../ui/schema-form';
import { useMyGroups, useMyInvitations, useSaveSharing, useSharing } from './api';
import { LeaveGroup } from './GroupMembers';
import styles from './Groups.module.css';
import { InvitationAnswers, Refusal } from './InvitationPage';
import { GROUP_ROLE_LABELS } from './labels';

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
              <p>
                <Link className={styles.agreementLink} to={pageAddress.agreement(group.postingId)}>
                  Roommate agreement<span className="visually-hidden"> of {group.place}</span>
                </Link>
              </p>
              {group.role === 'admin' ? null : <LeaveGroup postingId={group.postingId} place={group.place} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// The form's schema (zod) loads when the form is first used, not with the profile (decision 0009).
const loadSharingSchema = () => import('./sharing-rules').then((module) => module.sharingFormSchema);

function SharingForm({ sharing, email }: { sharing: Sharing; email: string }) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const save = useSaveSharing();
  const [saved, setSaved] = useState(false);
  // The fields are drawn anew from what the server kept after each save (a handle without its @).
  const [drawn, setDrawn] = useState({ sharing, version: 0 });
  const form = useSchemaForm({
    schema: loadSharingSchema,
    onValid: (values) => {
      setSaved(false);
      save.mutate(values, {
        onSuccess: (answer) => {
          setDrawn((last) => ({ sharing: answer, version: last.version + 1 }));
          setSaved(true);
        },
      });
    },
    onInvalid: () => setSaved(false),
  });
  const problems = Object.values(form.errors);
  const kept = drawn.sharing;

  /** What ties a control to its error. */
  const aria = (name: string) => ({
    id: id(name),
    name,
    'aria-invalid': form.error(name) ? true : undefined,
    'aria-describedby': describedBy(id(name), form.error(name)),
  });
  const errorOf = (name: string) =>
    form.error(name) ? (
      <p id={`${id(name)}-error`} className={fieldStyles.error}>
        {form.error(name)}
      </p>
    ) : null;

  const check = (name: keyof Sharing['share'], label: string) => (
    <div className={styles.check}>
      <input id={id(`share-${name}`)} type="checkbox" name={`share.${name}`} defaultChecked={kept.share[name]} />
      <label htmlFor={id(`share-${name}`)}>{label}</label>
    </div>
  );

  return (
    // A plain form too (issue 31): sent before the scripts, or without them, the server saves it.
    <form
      className={styles.section}
      method="post"
      action={profileFormActions.sharing()}
      {...form.formProps}
      aria-labelledby="sharing-heading"
    >
      <input type="hidden" name={RETURN_FIELD} value="/myProfile#sharing" />
      <div className={styles.grid} key={drawn.version}>
        <div className={styles.item}>
          <div className={fieldStyles.field}>
            <label className={fieldStyles.label} htmlFor={id('academicYear')}>
              Academic year
            </label>
            <select className={fieldStyles.control} defaultValue={kept.academicYear ?? ''} {...aria('academicYear')}>
              <option value="">Not given</option>
              {ACADEMIC_YEARS.map((year) => (
                <option key={year} value={year}>
                  {ACADEMIC_YEAR_LABELS[year]}
                </option>
              ))}
            </select>
            {errorOf('academicYear')}
          </div>
          {check('academicYear', 'Show my academic year')}
        </div>
        {/* 'Your gender' shows while Other is chosen: the stylesheet follows the choice (genderItem),
            so it does before the scripts arrive and without them, and it posts with the form. */}
        <div className={`${styles.item} ${styles.genderItem}`}>
          <div className={fieldStyles.field}>
            <label className={fieldStyles.label} htmlFor={id('gender')}>
              Gender
            </label>
            <select className={fieldStyles.control} defaultValue={kept.gender ?? ''} {...aria('gender')}>
              <option value="">Not given</option>
              {GENDERS.map((value) => (
                <option key={value} value={value}>
                  {GENDER_LABELS[value]}
                </option>
              ))}
            </select>
            {errorOf('gender')}
          </div>
          <div className={`${fieldStyles.field} ${styles.customGender}`}>
            <label className={fieldStyles.label} htmlFor={id('customGender')}>
              Your gender
            </label>
            <input
              className={fieldStyles.control}
              maxLength={SHARING_LIMITS.customGender}
              defaultValue={kept.customGender ?? ''}
              {...aria('customGender')}
            />
            {errorOf('customGender')}
          </div>
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
              type="tel"
              autoComplete="tel"
              className={fieldStyles.control}
              maxLength={SHARING_LIMITS.phone}
              defaultValue={kept.phoneNumber ?? ''}
              {...aria('phoneNumber')}
            />
            {errorOf('phoneNumber')}
          </div>
          {check('phoneNumber', 'Show my phone number')}
        </div>
        <div className={styles.item}>
          <div className={fieldStyles.field}>
            <label className={fieldStyles.label} htmlFor={id('instagramHandle')}>
              Instagram handle
            </label>
            <input
              autoCapitalize="none"
              className={fieldStyles.control}
              maxLength={SHARING_LIMITS.instagram + 1}
              defaultValue={kept.instagramHandle ?? ''}
              {...aria('instagramHandle')}
            />
            {errorOf('instagramHandle')}
          </div>
          {check('instagramHandle', 'Show my Instagram')}
        </div>
      </div>
      <div role="alert" className={problems.length > 0 ? styles.notice : undefined}>
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
