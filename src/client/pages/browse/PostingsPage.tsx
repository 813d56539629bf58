import { Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { searchAddressParams, searchCursorOf } from '../../../shared/list-pages';
import { messages } from '../../../shared/messages';
import {
  emptyFilters,
  fieldsFor,
  filtersFromParams,
  filtersToParams,
  normaliseFilters,
  type SearchFilters,
} from '../../../shared/schemas/filters';
import { useMyLifestyle } from '../../features/lifestyle/mine';
import { LazyMapView } from '../../features/map/LazyMapView';
import { useSearch } from '../../features/postings/api';
import { FilterChips } from '../../features/postings/FilterChips';
import { LocationTabs } from '../../features/postings/LocationTabs';
import { ResultsOptions } from '../../features/postings/ResultsOptions';
import { useCollege } from '../../shell/config-context';
import { useDrawnToggle, useScriptsReady } from '../../shell/scripts-ready';
import { usePageTitle } from '../../shell/use-page-title';
import buttonStyles from '../../ui/Button.module.css';
import { groupDigits } from '../../ui/format-en-us';
import { lazyPart } from '../../ui/lazy-part';
import { CardGrid } from '../posting-card/PostingCard';
import styles from './PostingsPage.module.css';

// The filters are a plain GET form drawn by the server, which works before its code arrives (a
// choice made meanwhile is kept): its code loads beside the page's, not in its first load.
const FilterBar = lazyPart(() => import('../../features/postings/FilterBar').then((module) => module.FilterBar));

// 'Save this search' loads just after the page (its space is kept), so the first load stays small.
const SaveSearchButton = lazyPart(() =>
  import('../../features/saved-searches').then((module) => module.SaveSearchButton),
);

// The posting form opened to edit a posting, with its validation and its pin's map: only then.
const PostingEditor = lazyPart(() => import('./PostingEditor').then((module) => module.PostingEditor));

/** How many filters narrow the search (the sort is not one). */
const activeFilterCount = (filters: SearchFilters) =>
  fieldsFor(filters.location).filter((field) => field !== 'sort' && filters[field] !== undefined).length;

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

/** '24 postings', '1 posting', '1,000+ postings'. */
function totalText(total: { count: number; atLeast: boolean }): string {
  const n = `${groupDigits(total.count)}${total.atLeast ? '+' : ''}`;
  return `${n} ${total.count === 1 && !total.atLeast ? 'posting' : 'postings'}`;
}

function Results({
  filters,
  cursor,
  onChange,
  onEdit,
  onReset,
}: {
  filters: SearchFilters;
  /** Where the results start (a 'Load more' link's address), or null for the first. */
  cursor: string | null;
  onChange: (next: SearchFilters) => void;
  onEdit: (id: string) => void;
  onReset: () => void;
}) {
  const search = useSearch(filters, cursor);
  // 'Best fit' is offered to a viewer with a lifestyle profile (issue 13).
  const lifestyle = useMyLifestyle();
  const canSortByFit = (lifestyle.data?.answers.length ?? 0) > 0 || filters.sort === 'fit';
  const more = () => {
    if (search.hasNextPage && !search.isFetchingNextPage) void search.fetchNextPage();
  };
  const sentinel = useInfiniteScroll(more, Boolean(search.hasNextPage));
  const cards = useMemo(() => search.data?.pages.flatMap((page) => page.items) ?? [], [search.data]);
  const total = search.data?.pages[0]?.total;
  // The map beside the Off-Campus list (issue 33): offered where the college has a map section and
  // only once the scripts run (a map needs them); its code loads when it is opened.
  const config = useCollege();
  const scriptsReady = useScriptsReady();
  const mapOffered = scriptsReady && filters.location === 'offcampus' && config.map !== null;
  const [mapOpen, setMapOpen] = useState(false);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const mapId = useId();
  const showMap = mapOffered && mapOpen;
  const cardItem = (id: string) => document.getElementById(`card-item-${id}`);
  const nextCursor = search.data?.pages.at(-1)?.nextCursor;
  const firstResults = `/postings?${filtersToParams(filters)}`;

  const toolbar = (
    <div className={styles.toolbar}>
      <p role="status" className={styles.count}>
        {search.isPending ? messages.loading : total ? totalText(total) : ''}
      </p>
      {mapOffered ? (
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.secondary}`}
          aria-expanded={mapOpen}
          aria-controls={mapId}
          onClick={() => setMapOpen(!mapOpen)}
        >
          {mapOpen ? 'Hide map' : 'Show map'}
        </button>
      ) : null}
      {cursor ? (
        // A 'Load more' link's page starts further on: the way back to the first results.
        <Link className={styles.firstResults} to={firstResults}>
          Back to the first postings
        </Link>
      ) : null}
      <ResultsOptions filters={filters} onChange={onChange} canSortByFit={canSortByFit} />
    </div>
  );
  const map = showMap ? (
    <div id={mapId} className={styles.map}>
      <LazyMapView
        cards={cards}
        highlightedId={highlighted}
        onMarkerFocus={(id) => {
          setHighlighted(id);
          // At once, not gliding: the marker keeps the focus, the card comes into view.
          cardItem(id)?.scrollIntoView({ block: 'nearest' });
        }}
        // Choosing a marker takes the keyboard to its card's link.
        onMarkerActivate={(id) => cardItem(id)?.querySelector<HTMLElement>('a[href]')?.focus()}
      />
    </div>
  ) : mapOffered ? (
    <div id={mapId} hidden />
  ) : null;

  // The toolbar stays the first child in every state, so its controls keep focus while results load.
  if (search.isPending) return <>{toolbar}</>;
  if (search.isError) {
    return (
      <>
        {toolbar}
        <div role="alert" className={styles.status}>
          <p>{search.error.message}</p>
          <button type="button" className={buttonStyles.button} onClick={() => void search.refetch()}>
            Try again
          </button>
        </div>
      </>
    );
  }
  return (
    <>
      {toolbar}
      <div className={showMap ? styles.withMap : styles.listOnly}>
        {map}
        <div className={styles.list}>
          {cards.length === 0 ? (
            <div className={styles.empty}>
              <p>{messages.postings.empty}</p>
              <Link
                className={buttonStyles.button}
                to={`/postings?${filtersToParams(emptyFilters(filters.location))}`}
                onClick={(event) => {
                  event.preventDefault();
                  onReset();
                }}
              >
                Reset
              </Link>
            </div>
          ) : (
            <CardGrid
              cards={cards}
              onEdit={onEdit}
              label="Postings"
              highlightedId={showMap ? highlighted : null}
              onCardFocus={showMap ? setHighlighted : undefined}
            />
          )}
        </div>
      </div>
      <div ref={sentinel} />
      {search.hasNextPage && nextCursor ? (
        <div className={styles.more}>
          {/* A link to the next page's address (issue 31): before the scripts, or without them,
              the server draws that page; once they are here the next cards load in place. */}
          <Link
            className={`${buttonStyles.button} ${buttonStyles.secondary}`}
            to={`/postings?${searchAddressParams(filters, nextCursor)}`}
            onClick={(event) => {
              event.preventDefault();
              more();
            }}
            aria-disabled={search.isFetchingNextPage || undefined}
          >
            {search.isFetchingNextPage ? messages.loading : 'Load more'}
          </Link>
        </div>
      ) : null}
    </>
  );
}

/**
 * On narrow screens the filter form folds away behind a button, so results come first. As the
 * server draws it the toggle is a checkbox the stylesheet follows (issue 31), so it opens the form
 * before the scripts have taken the page over and without them; the scripts' button takes its
 * place, open if the checkbox was.
 */
function CollapsibleFilters({ activeCount, children }: { activeCount: number; children: React.ReactNode }) {
  const scriptsReady = useScriptsReady();
  const [open, setOpen] = useState(false);
  const toggleId = useId();
  const bodyId = useId();
  useDrawnToggle(toggleId, () => setOpen(true));
  const active = activeCount > 0 ? ` (${activeCount} active)` : '';
  const toggleClass = `${buttonStyles.button} ${buttonStyles.secondary} ${styles.filtersToggle}`;
  return (
    <div className={styles.filters}>
      {scriptsReady ? (
        <button
          type="button"
          className={toggleClass}
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide filters' : 'Show filters'}
          {active}
        </button>
      ) : (
        <>
          <input
            id={toggleId}
            type="checkbox"
            className={`drawn-toggle ${styles.filtersCheck}`}
            aria-controls={bodyId}
          />
          <label htmlFor={toggleId} className={toggleClass}>
            <span className={styles.whenClosed}>Show filters{active}</span>
            <span className={styles.whenOpen}>Hide filters{active}</span>
          </label>
        </>
      )}
      <div id={bodyId} className={styles.filtersBody} data-open={scriptsReady ? open : undefined}>
        {children}
      </div>
    </div>
  );
}

/** /postings: the tabs, the filter bar and the matching postings; the filters live in the URL. */
export function Component() {
  usePageTitle();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const filters = filtersFromParams(params);
  const [editing, setEditing] = useState<string | null>(null);
  const canGoBack = location.key !== 'default';

  // Changes apply on top of the newest filters asked for, even before the URL has caught up: two
  // quick changes (a dorm, then a group size) both stick instead of the second undoing the first.
  const pending = useRef<string | null>(null);
  const query = params.toString();
  useEffect(() => {
    if (pending.current === query) pending.current = null;
  }, [query]);
  const apply = (next: SearchFilters) => {
    const base: Record<string, unknown> = {
      ...(pending.current === null ? filters : filtersFromParams(new URLSearchParams(pending.current))),
    };
    const keys = new Set([...Object.keys(filters), ...Object.keys(next)] as (keyof SearchFilters)[]);
    for (const key of keys) if (next[key] !== filters[key]) base[key] = next[key];
    const nextParams = filtersToParams(normaliseFilters(base as SearchFilters));
    pending.current = nextParams.toString();
    setParams(nextParams);
  };
  const reset = () => {
    pending.current = null;
    setParams(filtersToParams(emptyFilters(filters.location)));
  };

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
        hrefFor={(loc) => `/postings?${filtersToParams(normaliseFilters({ ...filters, location: loc }))}`}
        panelId={PANEL_ID}
        label="Listing location"
      />
      <section
        id={PANEL_ID}
        role="tabpanel"
        aria-labelledby={`${PANEL_ID}-tab-${filters.location}`}
        className={styles.panel}
      >
        <CollapsibleFilters activeCount={activeFilterCount(filters)}>
          <FilterBar
            filters={filters}
            onChange={apply}
            onReset={reset}
            resetTo={`/postings?${filtersToParams(emptyFilters(filters.location))}`}
          />
        </CollapsibleFilters>
        <FilterChips filters={filters} onChange={apply} />
        <div className={styles.saveSearch}>
          <Suspense fallback={null}>
            <SaveSearchButton filters={filters} />
          </Suspense>
        </div>
        {editing ? (
          <Suspense
            fallback={
              <p className="app-status" role="status">
                {messages.loading}
              </p>
            }
          >
            <PostingEditor postingId={editing} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} />
          </Suspense>
        ) : (
          <Results
            filters={filters}
            cursor={searchCursorOf(params)}
            onChange={apply}
            onEdit={setEditing}
            onReset={reset}
          />
        )}
      </section>
    </div>
  );
}
