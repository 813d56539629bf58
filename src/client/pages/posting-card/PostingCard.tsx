import { Link, useLocation } from 'react-router';
import { pageAddress } from '../../../shared/page-addresses';
import type { PostingCard as Card } from '../../../shared/schemas/posting-view';
import { BandBadge } from '../../common/BandBadge';
import { cardImage, cardWalks, placeLabel, rentText, updatedText, walkText } from '../../common/posting-text';
import { DeletePostingButton } from '../../features/posting-editor/DeletePostingButton';
import { BookmarkButton } from '../../features/postings/BookmarkButton';
import { useClock } from '../../shell/clock';
import { useCollege } from '../../shell/config-context';
import buttonStyles from '../../ui/Button.module.css';
import styles from './PostingCard.module.css';

const STATUS_CLASS: Record<Card['status'], string | undefined> = {
  Unfulfilled: styles.open,
  'Likely Fulfilled': styles.likely,
  Fulfilled: styles.closed,
};

/** One posting in a list (docs/product-spec.md, section 2): status, image, bookmark, sizes, place, details link. */
function PostingCard({
  card,
  onEdit,
  first = false,
}: {
  card: Card;
  onEdit?: (id: string) => void;
  /** Among the first cards of a list (in view when the page opens): its image loads at once. */
  first?: boolean;
}) {
  const clock = useClock();
  const config = useCollege();
  const location = useLocation();
  const place = placeLabel(config, card);
  const image = cardImage(config, card);
  const headingId = `card-${card.id}`;
  const rent = card.listingLocation === 'offcampus' ? rentText(card.monthlyRent, card.rentType) : null;
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <p className={`${styles.status} ${STATUS_CLASS[card.status] ?? ''}`}>
        <span className="visually-hidden">Status: </span>
        {card.status}
        {card.stale ? ' · May be out of date' : null}
      </p>
      <div className={styles.media}>
        <img
          src={image.src}
          alt={image.alt}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
          decoding="async"
          width={400}
          height={260}
        />
        {card.viewerIsAdmin ? null : (
          <div className={styles.bookmark}>
            <BookmarkButton postingId={card.id} bookmarked={card.viewerBookmarked} label={place} />
          </div>
        )}
      </div>
      <div className={styles.body}>
        <h3 id={headingId} className={styles.title}>
          {card.aimInteger - card.curNumSeek} looking for {card.curNumSeek} more
        </h3>
        <p className={styles.place}>{place}</p>
        <p className={styles.aim}>{card.aimInteger}-man Housing</p>
        {rent ? <p className={styles.meta}>{rent}</p> : null}
        {cardWalks(card.walks).map((walk) => (
          <p key={walk.via ? 'shuttle' : 'walk'} className={styles.meta}>
            {walkText(walk)}
          </p>
        ))}
        {card.sublet ? <p className={styles.meta}>Sublet</p> : null}
        {/* Only 'Best fit' pages carry the band: the same statement that ranks them computes it. */}
        {card.fitBand ? (
          <p className={styles.meta}>
            Lifestyle fit: <BandBadge band={card.fitBand} prefix="" />
          </p>
        ) : null}
        {card.interestCount > 0 ? (
          <p className={styles.meta}>
            {card.interestCount === 1 ? '1 student interested' : `${card.interestCount} students interested`}
          </p>
        ) : null}
        <p className={styles.updated}>
          <time dateTime={card.updatedAt}>{updatedText(card.updatedAt, clock.now)}</time>
        </p>
        <div className={styles.actions}>
          <Link
            className={styles.more}
            to={pageAddress.posting(card.id)}
            state={{ backTo: `${location.pathname}${location.search}` }}
          >
            SHOW MORE...<span className="visually-hidden"> about {place}</span>
          </Link>
          {card.viewerIsAdmin ? (
            <span className={styles.adminTools}>
              {onEdit ? (
                <button
                  type="button"
                  className={`${buttonStyles.button} ${buttonStyles.secondary} ${styles.edit}`}
                  aria-label={`Edit posting at ${place}`}
                  onClick={() => onEdit(card.id)}
                >
                  Edit
                </button>
              ) : (
                <Link
                  className={`${buttonStyles.button} ${buttonStyles.secondary} ${styles.edit}`}
                  aria-label={`Edit posting at ${place}`}
                  to={`/create-posting?id=${encodeURIComponent(card.id)}`}
                >
                  Edit
                </Link>
              )}
              {/* The button refreshes every list itself once the posting is gone. */}
              <DeletePostingButton postingId={card.id} onDeleted={() => undefined} />
            </span>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** Cards in view when a list opens (one row of four on a wide screen): the largest paint is among them. */
const FIRST_ROW = 4;

/**
 * A responsive grid of cards with one list semantics. Beside a map (issue 33), the card in view
 * on the map is `highlightedId`, and focus moving into a card is told (`onCardFocus`).
 */
export function CardGrid({
  cards,
  onEdit,
  label,
  highlightedId,
  onCardFocus,
}: {
  cards: Card[];
  onEdit?: (id: string) => void;
  label: string;
  highlightedId?: string | null;
  onCardFocus?: (id: string) => void;
}) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {cards.map((card, index) => (
        <li
          key={card.id}
          id={`card-item-${card.id}`}
          className={card.id === highlightedId ? styles.highlighted : undefined}
          aria-current={card.id === highlightedId ? 'true' : undefined}
          onFocus={onCardFocus ? () => onCardFocus(card.id) : undefined}
        >
          <PostingCard card={card} onEdit={onEdit} first={index < FIRST_ROW} />
        </li>
      ))}
    </ul>
  );
}
