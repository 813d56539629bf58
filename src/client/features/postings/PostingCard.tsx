import { Link } from 'react-router';
import type { PostingCard as Card } from '../../../shared/schemas/posting-view';
import { useCollege } from '../../app/config-context';
import { DeletePostingButton } from '../posting-editor';
import { BookmarkButton } from './BookmarkButton';
import styles from './PostingCard.module.css';
import { cardImage, placeLabel, rentText } from './posting-text';

export const STATUS_CLASS: Record<Card['status'], string | undefined> = {
  Unfulfilled: styles.open,
  'Likely Fulfilled': styles.likely,
  Fulfilled: styles.closed,
};

/** One posting in a list (spec section 2): status, image, bookmark, sizes, place, details link. */
export function PostingCard({ card, onEdit }: { card: Card; onEdit?: (id: string) => void }) {
  const config = useCollege();
  const place = placeLabel(config, card);
  const image = cardImage(config, card);
  const headingId = `card-${card.id}`;
  const rent = card.listingLocation === 'offcampus' ? rentText(card.monthlyRent, card.rentType) : null;
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <p className={`${styles.status} ${STATUS_CLASS[card.status] ?? ''}`}>
        <span className="visually-hidden">Status: </span>
        {card.status}
      </p>
      <div className={styles.media}>
        <img src={image.src} alt={image.alt} loading="lazy" decoding="async" width={400} height={260} />
        <div className={styles.bookmark}>
          <BookmarkButton postingId={card.id} bookmarked={card.viewerBookmarked} label={place} />
        </div>
      </div>
      <div className={styles.body}>
        <h3 id={headingId} className={styles.title}>
          {card.aimInteger - card.curNumSeek} looking for {card.curNumSeek} more
        </h3>
        <p className={styles.place}>{place}</p>
        <p className={styles.aim}>{card.aimInteger}-man Housing</p>
        {rent ? <p className={styles.meta}>{rent}</p> : null}
        {card.sublet ? <p className={styles.meta}>Sublet</p> : null}
        <div className={styles.actions}>
          <Link className={styles.more} to={`/detailView?id=${encodeURIComponent(card.id)}`}>
            SHOW MORE...<span className="visually-hidden"> about {place}</span>
          </Link>
          {card.viewerIsAdmin ? (
            <span className={styles.adminTools}>
              {onEdit ? (
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label={`Edit posting at ${place}`}
                  title="Edit"
                  onClick={() => onEdit(card.id)}
                >
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                    <path
                      d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinejoin="round"
                    />
                  </svg>
                </button>
              ) : null}
              {/* The button refreshes every list itself once the posting is gone. */}
              <DeletePostingButton postingId={card.id} onDeleted={() => undefined} />
            </span>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** A responsive grid of cards with one list semantics. */
export function CardGrid({ cards, onEdit, label }: { cards: Card[]; onEdit?: (id: string) => void; label: string }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {cards.map((card) => (
        <li key={card.id}>
          <PostingCard card={card} onEdit={onEdit} />
        </li>
      ))}
    </ul>
  );
}
