import { Link } from 'react-router';
import type { MemberFit } from '../../../shared/lifestyle';
import type { FitView, OwnGroupMember } from '../../../shared/schemas/lifestyle';
import { BandBadge } from '../../common/BandBadge';
import { useScriptsReady } from '../../shell/scripts-ready';
import { usePingFit, usePostingFit } from './api';
import styles from './Lifestyle.module.css';

function MemberReasons({ member, headingLevel }: { member: MemberFit; headingLevel: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const who = member.role === 'admin' ? `${member.name} (admin)` : member.name;
  if (member.band === null) {
    return (
      <li className={styles.member}>
        <Heading className={styles.memberName}>{who}</Heading>
        <p className={styles.muted}>
          {member.name} {member.skipped}
        </p>
      </li>
    );
  }
  return (
    <li className={styles.member}>
      <div className={styles.memberHead}>
        <Heading className={styles.memberName}>{who}</Heading>
        <BandBadge band={member.band} prefix={`Fit with ${member.name}: `} />
      </div>
      {member.differences.length > 0 ? (
        <>
          <p className={styles.reasonsLabel}>Where you differ</p>
          <ul className={styles.reasons}>
            {member.differences.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </>
      ) : null}
      {member.agreements.length > 0 ? (
        <>
          <p className={styles.reasonsLabel}>Where you agree</p>
          <ul className={styles.reasons}>
            {member.agreements.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </>
      ) : null}
      {member.differences.length === 0 && member.agreements.length === 0 ? (
        <p className={styles.muted}>Neither of you marked any of your shared answers as mattering.</p>
      ) : null}
    </li>
  );
}

function GroupReasons({ fit, headingLevel }: { fit: Extract<FitView, { status: 'ok' }>; headingLevel: 3 | 4 }) {
  return (
    <>
      {fit.band ? (
        <p className={styles.overall}>
          Overall: <BandBadge band={fit.band} prefix="" />
        </p>
      ) : (
        <p>Nobody in this group has lifestyle answers to compare with yet.</p>
      )}
      <ul className={styles.members}>
        {fit.members.map((member) => (
          <MemberReasons key={`${member.role}-${member.name}`} member={member} headingLevel={headingLevel} />
        ))}
      </ul>
    </>
  );
}

const STATE_TEXT: Record<OwnGroupMember['state'], string> = {
  'not-invited': 'Not invited',
  invited: 'Invited',
  joined: 'Joined',
  declined: 'Declined the invitation',
};

/** One member of the admin's own group: where they stand, and whether the fit includes them. */
function InviteRow({ member }: { postingId: string; member: OwnGroupMember }) {
  return (
    <li className={styles.member}>
      <div className={styles.memberHead}>
        <h3 className={styles.memberName}>{member.name}</h3>
        <span className={styles.muted}>
          {STATE_TEXT[member.state]}
          {member.state === 'joined'
            ? member.hasProfile
              ? ' · Has a lifestyle profile'
              : ' · No lifestyle profile yet'
            : ''}
        </span>
      </div>
    </li>
  );
}

/** The detail view: the viewer's fit with the group, or, for its admin, whom to invite. */
export function PostingFit({ postingId }: { postingId: string }) {
  const fit = usePostingFit(postingId);
  const ready = useScriptsReady();
  // The drawn page carries the fit (page-loads.ts); without it, only the scripts can work it out.
  if (fit.isPending) return ready ? <p role="status">Working out how you fit…</p> : null;
  if (fit.isError) return null;
  const view = fit.data;
  return (
    <section className={styles.fit} aria-labelledby="fit-heading">
      <h2 id="fit-heading">{view.status === 'own' ? "Members' Lifestyle Profiles" : 'How You Fit With This Group'}</h2>
      {view.status === 'no-profile' ? (
        <p>
          Answer the lifestyle questionnaire to see how your habits fit with this group, member by member. Nobody sees
          your answers, only the fit. <Link to="/myProfile#lifestyle">Fill my lifestyle profile</Link>
        </p>
      ) : view.status === 'own' ? (
        <>
          <p className={styles.muted}>
            Students who view this posting see how they fit with you and with each member who has a lifestyle profile.
          </p>
          {view.members.length === 0 ? (
            <p>Your posting lists no other members.</p>
          ) : (
            <ul className={styles.members}>
              {view.members.map((member) => (
                <InviteRow key={member.position} postingId={postingId} member={member} />
              ))}
            </ul>
          )}
        </>
      ) : (
        <>
          <p className={styles.muted}>
            Compared both ways on each lifestyle question: whether what you are suits what they can live with, and the
            reverse, weighted by how much each of you said it matters.
          </p>
          <GroupReasons fit={view} headingLevel={3} />
        </>
      )}
    </section>
  );
}

/** The admin's inbox: how a student who pinged fits with the group. */
export function PingFit({ pingId, senderName }: { pingId: string; senderName: string }) {
  const fit = usePingFit(pingId);
  if (fit.isPending || fit.isError) return null;
  const view = fit.data;
  if (view.status === 'no-profile') {
    return <p className={styles.muted}>{senderName} has not filled a lifestyle profile yet.</p>;
  }
  if (view.status !== 'ok') return null;
  return (
    <div className={styles.pingFit}>
      {view.band ? (
        <p className={styles.overall}>
          Lifestyle fit with your group: <BandBadge band={view.band} prefix="" />
        </p>
      ) : (
        <p className={styles.muted}>Nobody in your group has lifestyle answers to compare with yet.</p>
      )}
      <details>
        <summary>Why this fit</summary>
        <GroupReasons fit={view} headingLevel={4} />
      </details>
    </div>
  );
}
