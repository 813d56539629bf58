import { can } from '../../../shared/authorization';
import { freshnessMessages } from '../../../shared/freshness';
import { messages } from '../../../shared/messages';
import { moderationMessages } from '../../../shared/moderation';
import type { PostingDetail } from '../../../shared/schemas/posting-view';
import { ApiError } from '../../api/client';
import { useSession } from '../../shell/session';
import buttonStyles from '../../ui/Button.module.css';
import { useRenewPosting } from './api';
import styles from './Moderation.module.css';

/** What the detail view says about a stale or hidden posting (issue 14), with its managers' way back. */
export function PostingNotices({ posting }: { posting: PostingDetail }) {
  const renew = useRenewPosting(posting.id);
  const moderation = posting.moderation;
  const viewer = useSession().user;
  // An edit of a hidden posting is its appeal; the admin and co-admins both edit and renew.
  const appeals = can(viewer, 'posting.edit', posting);
  const renews = can(viewer, 'posting.renew', posting);
  return (
    <>
      {moderation?.hidden ? (
        <section className={`${styles.notice} ${styles.danger}`} aria-labelledby="hidden-notice-title">
          <h2 id="hidden-notice-title" className={styles.noticeTitle}>
            Hidden from other students
          </h2>
          <p>
            {appeals ? moderationMessages.hiddenNotice(moderation.reason ?? '') : `Reason: ${moderation.reason ?? ''}`}
          </p>
          {moderation.appealPending ? <p>{moderationMessages.appealPending}</p> : null}
        </section>
      ) : null}
      {posting.staleAt ? (
        <section className={styles.notice} aria-labelledby="stale-notice-title">
          <h2 id="stale-notice-title" className={styles.noticeTitle}>
            This posting may be out of date
          </h2>
          <p>{renews ? freshnessMessages.staleAdminNotice : freshnessMessages.staleNotice}</p>
          {renews ? (
            <>
              <button
                type="button"
                className={buttonStyles.button}
                disabled={renew.isPending}
                onClick={() => renew.mutate()}
              >
                {renew.isPending ? 'Saving...' : 'Still looking'}
              </button>
              {renew.error ? (
                <p role="alert" className={styles.error}>
                  {renew.error instanceof ApiError ? renew.error.message : messages.api.internal.message}
                </p>
              ) : null}
            </>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
