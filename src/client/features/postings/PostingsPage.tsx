import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { messages } from '../../../shared/messages';
import { filtersFromParams, filtersToParams, type SearchFilters } from '../../../shared/schemas/filters';
import { usePageTitle } from '../../app/use-page-title';
import buttonStyles from '../../ui/Button.module.css';
import { PostingForm } from '../posting-editor';
import { useSearch } from './api';
import { emptyFilters, FilterBar } from './FilterBar';
import { LocationTabs } from './LocationTabs';
import { CardGrid } from './PostingCard';
import styles from './PostingsPage.module.css';

const PANEL_ID = 'postings-panel';

/** Loads the next page when the sentinel scrolls into view; the button does the same for keyboards. */
function useInfiniteScroll(load: () => void, enabled: boolean) {
  const sentinel = useRef<HTMLDivElement | null>(null);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadRef.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled]);
  return sentinel;
}

function Results({ filters, onEdit }: { filters: SearchFilters; onEdit: (id: string) => void }) {
  const search = useSearch(filters);
  const more = () => {
    if (search.hasNextPage && !search.isFetchingNextPage) void search.fetchNextPage();
  };
  const sentinel = useInfiniteScroll(more, Boolean(search.hasNextPage));
  const cards = search.data?.pages.flatMap((page) => page.items) ?? [];

  if (search.isPending) {
    return (
      <p role="status" className={styles.status}>
        {messages.loading}
      </p>
    );
  }
  if (search.isError) {
    return (
      <div role="alert" className={styles.status}>
        <p>{search.error.message}</p>
        <button type="button" className={buttonStyles.button} onClick={() => void search.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <>
      <p role="status" className="visually-hidden">
        {cards.length === 0 ? '' : `${cards.length}${search.hasNextPage ? '+' : ''} postings shown`}
      </p>
      {cards.length === 0 ? (
        <p className={styles.empty}>{messages.postings.empty}</p>
      ) : (
        <CardGrid cards={cards} onEdit={onEdit} label="Postings" />
      )}
      <div ref={sentinel} />
      {search.hasNextPage ? (
        <div className={styles.more}>
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.secondary}`}
            onClick={more}
            disabled={search.isFetchingNextPage}
          >
            {search.isFetchingNextPage ? messages.loading : 'Load more'}
          </button>
        </div>
      ) : null}
    </>
  );
}

/** /postings: the tabs, the filter bar and the matching postings; the filters live in the URL. */
export function Component() {
  usePageTitle('Search Postings');
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const filters = filtersFromParams(params);
  const [editing, setEditing] = useState<string | null>(null);
  const canGoBack = location.key !== 'default';

  const apply = (next: SearchFilters) => setParams(filtersToParams(next));

  return (
    <div className={`page ${styles.page}`}>
      <div className={styles.header}>
        {canGoBack ? (
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.secondary}`}
            onClick={() => navigate(-1)}
          >
            Back
          </button>
        ) : null}
        <h1 className={styles.title}>Search Postings</h1>
      </div>
      <LocationTabs
        value={filters.location}
        onChange={(loc) => apply({ ...filters, location: loc })}
        panelId={PANEL_ID}
        label="Listing location"
      />
      <section
        id={PANEL_ID}
        role="tabpanel"
        aria-labelledby={`${PANEL_ID}-tab-${filters.location}`}
        className={styles.panel}
      >
        <FilterBar filters={filters} onChange={apply} onReset={() => apply(emptyFilters(filters.location))} />
        {editing ? (
          <PostingForm postingId={editing} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} />
        ) : (
          <Results filters={filters} onEdit={setEditing} />
        )}
      </section>
    </div>
  );
}
