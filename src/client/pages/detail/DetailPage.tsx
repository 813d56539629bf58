import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { can } from '../../../shared/authorization';
import { messages } from '../../../shared/messages';
import { ACADEMIC_YEAR_LABELS, UTILITIES_LABELS } from '../../../shared/options';
import { pageAddress } from '../../../shared/page-addresses';
import type { PostingDetail } from '../../../shared/schemas/posting-view';
import { ApiError } from '../../api/client';
import { instagramLink, phoneLink } from '../../common/contact-links';
import { EmailLink } from '../../common/EmailLink';
import { PostingNotFound } from '../../common/PostingNotFound';
import {
  dateText,
  dayText,
  defaultImage,
  pinText,
  placeLabel,
  rentText,
  timeAgo,
  walkText,
} from '../../common/posting-text';
import { GroupMembers } from '../../features/groups/GroupMembers';
import { PostingFit } from '../../features/lifestyle/Fit';
import { PostingNotices } from '../../features/moderation/PostingNotices';
import { ReportInPage, ReportPosting, reportFormAsked } from '../../features/moderation/ReportPosting';
import { PingInterest } from '../../features/pings/PingInterest';
import {
  DELETE_CONFIRM,
  DELETE_PARAM,
  DeleteConfirmation,
  DeletePostingButton,
  StatusControl,
} from '../../features/posting-editor';
import { usePostingDetail } from '../../features/postings/api';
import { BookmarkButton } from '../../features/postings/BookmarkButton';
import { Carousel, type Slide } from '../../features/postings/Carousel';
import { ShareButton } from '../../features/postings/ShareButton';
import { useClock } from '../../shell/clock';
import { useCollege } from '../../shell/config-context';
import { useSession } from '../../shell/session';
import { usePageTitle } from '../../shell/use-page-title';
import buttonStyles from '../../ui/Button.module.css';
import styles from './DetailPage.module.css';

/** Where a card link came from (set by PostingCard), so 'Back' returns to the same results. */
export interface BackState {
  backTo?: string;
}

function BackLink() {
  const location = useLocation();
  const backTo = (location.state as BackState | null)?.backTo;
  const target = backTo?.startsWith('/') ? backTo : '/postings';
  const label = target.startsWith('/myProfile') ? 'Back to My Profile' : 'Back to results';
  return (
    <Link className={styles.back} to={target}>
      <span aria-hidden="true">←</span> {label}
    </Link>
  );
}

function PostedDates({ createdAt, updatedAt }: { createdAt: string; updatedAt: string }) {
  const clock = useClock();
  const edited = new Date(updatedAt).getTime() - new Date(createdAt).getTime() > 60_000;
  return (
    <p className={styles.dates}>
      Posted <time dateTime={createdAt}>{dayText(createdAt, clock.zone)}</time>
      {edited ? (
        <>
          <span aria-hidden="true"> · </span>
          Updated <time dateTime={updatedAt}>{timeAgo(updatedAt, clock.now)}</time>
        </>
      ) : null}
    </p>
  );
}

function Field({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className={styles.field}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Detail({ posting }: { posting: PostingDetail }) {
  const config = useCollege();
  const navigate = useNavigate();
  const place = placeLabel(config, posting);
  const offCampus = posting.listingLocation === 'offcampus';
  const photos: Slide[] = posting.images.map((image, i) => ({
    src: image.fullUrl,
    alt: `Photo ${i + 1} of ${place}`,
  }));
  // On campus the dorm's image comes first; off campus it stands in only when there are no photos.
  const slides = offCampus
    ? photos.length > 0
      ? photos
      : [defaultImage(config, posting)]
    : [defaultImage(config, posting), ...photos];
  const rent = rentText(posting.monthlyRent, posting.rentType);
  const start = dateText(posting.rentStart);
  const end = dateText(posting.rentEnd);
  const admin = posting.adminContact;
  const viewer = useSession().user;
  const [params] = useSearchParams();
  const mayDelete = can(viewer, 'posting.delete', posting);
  const mayReport = can(viewer, 'posting.report', posting);

  return (
    <article className={styles.detail} aria-labelledby="detail-title">
      <BackLink />
      <header className={styles.header}>
        <div>
          <p className={styles.kicker}>{offCampus ? 'Off-Campus' : 'On-Campus'}</p>
          <h1 id="detail-title" className={styles.title}>
            {place}
          </h1>
          <PostedDates createdAt={posting.createdAt} updatedAt={posting.updatedAt} />
          <p className={styles.interest}>
            {posting.interestCount === 1
              ? '1 other group has expressed interest'
              : `${posting.interestCount} other groups have expressed interest`}
          </p>
        </div>
        <div className={styles.headerTools}>
          <ShareButton path={pageAddress.posting(posting.id)} />
          {posting.viewerIsAdmin ? null : (
            <BookmarkButton postingId={posting.id} bookmarked={posting.viewerBookmarked} label={place} showLabel />
          )}
          {can(viewer, 'posting.edit', posting) ? (
            // The posting form's own page, a link: it works before the scripts as any link does.
            <Link
              className={`${buttonStyles.button} ${buttonStyles.secondary}`}
              to={pageAddress.editPosting(posting.id)}
            >
              Edit
            </Link>
          ) : null}
          {mayDelete ? (
            <DeletePostingButton
              postingId={posting.id}
              onDeleted={() => navigate('/postings', { replace: true })}
              drawnConfirmation={posting.id}
            />
          ) : null}
          {mayReport ? <ReportPosting postingId={posting.id} place={place} /> : null}
        </div>
      </header>
      {/* Opened by a tap before the scripts, or without them (issue 31): the dialogs' forms, in the page. */}
      {mayDelete && params.get(DELETE_PARAM) === DELETE_CONFIRM ? <DeleteConfirmation postingId={posting.id} /> : null}
      {mayReport && reportFormAsked(params) ? <ReportInPage postingId={posting.id} place={place} /> : null}
      <PostingNotices posting={posting} />

      <div className={styles.columns}>
        <Carousel slides={slides} label={`Images of ${place}`} idPrefix="photo" />
        <div className={styles.facts}>
          <div className={styles.statusRow}>
            <StatusControl
              postingId={posting.id}
              status={posting.status}
              mayChange={can(viewer, 'posting.changeStatus', posting)}
            />
          </div>
          <p className={styles.sizes}>
            <strong>{posting.aimInteger} Total</strong>
            <span aria-hidden="true"> · </span>
            <strong>Seeking {posting.curNumSeek} More</strong>
          </p>
          <dl className={styles.list}>
            <Field term={offCampus ? 'Address' : 'Dorm'}>{place}</Field>
            {offCampus ? (
              <>
                <Field term="Rent">{rent ?? 'Not given'}</Field>
                <Field term="Rental period">{start && end ? `${start} – ${end}` : (start ?? end ?? 'Not given')}</Field>
                <Field term="Utilities">{posting.utilities ? UTILITIES_LABELS[posting.utilities] : 'Not given'}</Field>
                {posting.pin ? <Field term="Where">{pinText(posting.pin)}</Field> : null}
                {posting.walks.length > 0 ? (
                  <Field term="Getting to campus">
                    <ul className={styles.walks}>
                      {posting.walks.map((walk) => (
                        <li key={`${walk.placeKey}-${walk.via ? 'shuttle' : 'foot'}`}>{walkText(walk)}</li>
                      ))}
                    </ul>
                  </Field>
                ) : null}
              </>
            ) : null}
            <Field term="Sublet">{posting.sublet ? 'Yes' : 'No'}</Field>
          </dl>
        </div>
      </div>

      {posting.description ? (
        <section className={styles.section} aria-labelledby="about-heading">
          <h2 id="about-heading">About the Group</h2>
          {/* Plain text: React escapes it; CSS keeps its line breaks. */}
          <p className={styles.description}>{posting.description}</p>
        </section>
      ) : null}

      <div className={styles.section}>
        <PostingFit postingId={posting.id} />
      </div>

      <section className={styles.section} aria-labelledby="ping-heading">
        <h2 id="ping-heading">Interested in this group?</h2>
        <PingInterest posting={posting} place={place} />
      </section>

      <section className={styles.section} aria-labelledby="admin-heading">
        <h2 id="admin-heading">Group Administrator</h2>
        <dl className={styles.list}>
          <Field term="Name">{admin.name}</Field>
          <Field term="Year">{ACADEMIC_YEAR_LABELS[admin.academicYear] ?? admin.academicYear}</Field>
          {admin.email ? (
            <Field term="Email">
              <EmailLink email={admin.email} />
            </Field>
          ) : null}
          {admin.instagramHandle ? <Field term="Instagram">{instagramLink(admin.instagramHandle)}</Field> : null}
          {offCampus && admin.phoneNumber ? <Field term="Phone">{phoneLink(admin.phoneNumber)}</Field> : null}
        </dl>
      </section>

      {can(viewer, 'group.agreement', posting) ? (
        <section className={styles.section} aria-labelledby="agreement-heading">
          <h2 id="agreement-heading">Roommate Agreement</h2>
          <p>
            Quiet hours, guests, cleaning and the rest, drafted from your group's answers and signed by each of you.
          </p>
          <p>
            <Link to={pageAddress.agreement(posting.id)}>Open your group's roommate agreement</Link>
          </p>
        </section>
      ) : null}

      <GroupMembers posting={posting} place={place} />
    </article>
  );
}

/** /detailView?id=: everything about one posting (docs/product-spec.md, section 2). */
export function Component() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const query = usePostingDetail(id);
  const config = useCollege();
  usePageTitle(query.data ? placeLabel(config, query.data) : undefined);

  if (!id || (query.isError && query.error instanceof ApiError && query.error.status === 404)) {
    return <PostingNotFound />;
  }
  if (query.isError) {
    return (
      <div className="page" role="alert">
        <h1>{query.error instanceof ApiError ? query.error.title : messages.api.internal.title}</h1>
        <p>{query.error.message}</p>
        <button type="button" className={buttonStyles.button} onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (!query.data) {
    return (
      <p className="app-status" role="status">
        {messages.loading}
      </p>
    );
  }
  return (
    <div className="page">
      <Detail posting={query.data} />
    </div>
  );
}
