import { messages } from '../../../shared/messages';
import { useMyPostings } from '../../features/postings/api';
import { PagedListStates } from '../../ui/PagedListStates';
import { CardGrid } from '../posting-card/PostingCard';
import styles from './ProfilePostingLists.module.css';

const LISTS = {
  administered: { id: 'administered-posts', title: 'My Administered Posts', empty: messages.profile.noAdministered },
  bookmarked: { id: 'bookmarked-posts', title: 'My Bookmarked Posts', empty: messages.profile.noBookmarked },
} as const;

function PostingList({ which }: { which: keyof typeof LISTS }) {
  const list = LISTS[which];
  // Pages of 2: the first page is the first 2 cards (PROFILE_LIST_INITIAL), each
  // 'SHOW MORE POSTINGS...' fetches the next 2 (PROFILE_LIST_STEP).
  const query = useMyPostings(which);
  return (
    <section id={list.id} className={styles.list} aria-labelledby={`${list.id}-heading`} tabIndex={-1}>
      <h2 id={`${list.id}-heading`}>{list.title}</h2>
      <PagedListStates
        query={query}
        empty={list.empty}
        moreLabel="SHOW MORE POSTINGS..."
        emptyClassName={styles.empty}
        moreClassName={styles.more}
      >
        {(cards) => <CardGrid cards={cards} label={list.title} />}
      </PagedListStates>
    </section>
  );
}

/** The profile's two lists with anchors to each (docs/product-spec.md, section 2, Profile). */
export function ProfilePostingLists() {
  return (
    <div className={styles.lists}>
      <nav aria-label="My posts" className={styles.anchors}>
        <a href={`#${LISTS.administered.id}`}>{LISTS.administered.title}</a>
        <a href={`#${LISTS.bookmarked.id}`}>{LISTS.bookmarked.title}</a>
      </nav>
      <PostingList which="administered" />
      <PostingList which="bookmarked" />
    </div>
  );
}
