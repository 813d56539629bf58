/**
 * The postings search: validated filters in, one page of cards out. Also turns card rows into the
 * shared PostingCard shape and owns the opaque cursors, for the profile lists too.
 */
import { isUuid } from '../../shared/ids';
import { bandOf } from '../../shared/lifestyle';
import { messages } from '../../shared/messages';
import { publicPin } from '../../shared/posting-pin';
import type { SearchFilters } from '../../shared/schemas/filters';
import { normaliseFilters } from '../../shared/schemas/filters';
import type { PostingCard, PostingPage } from '../../shared/schemas/posting-view';
import type { SearchQuery } from '../../shared/schemas/search-query';
import { toWalkViews, type WalkPlaces } from '../../shared/walking';
import { type Database, toCount } from '../db/client';
import { errors } from '../http/errors';
import type { FitGuard } from './fit-guard';
import type { FitViewer } from './fit-queries';
import { type FitRow, rankedFitRows } from './fit-ranking';
import {
  bookmarkedPostingIds,
  type CardRow,
  COUNT_CAP,
  type Cursor,
  interestCount,
  type SearchRow,
  searchCards,
  searchOrder,
} from './queries';
import type { SearchCache } from './search-cache';

/** How a stored image key becomes a URL the browser can load. */
export type ImageUrl = (storageKey: string) => string;

const INVALID_CURSOR = messages.api.invalidCursor;

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

function encodeCursor(cursor: Cursor): string {
  const parts =
    cursor.kind === 'newest'
      ? ['n', cursor.createdAt, cursor.id]
      : cursor.kind === 'rent'
        ? ['r', String(cursor.rentKey), cursor.id]
        : cursor.kind === 'walk'
          ? ['w', String(cursor.walkKey), cursor.id]
          : cursor.kind === 'seeking'
            ? ['s', `${cursor.curNumSeek}~${cursor.createdAt}`, cursor.id]
            : cursor.kind === 'fit'
              ? ['f', `${cursor.fitKey}~${cursor.createdAt}`, cursor.id]
              : ['b', cursor.bookmarkedAt, cursor.id];
  return Buffer.from(parts.join('|'), 'utf8').toString('base64url');
}

/** Reads a cursor made by encodeCursor; anything else (or a cursor of another list) is a 400. */
export function decodeCursor(value: string | undefined, expected: Cursor['kind']): Cursor | undefined {
  if (value === undefined) return undefined;
  const parts = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const [tag, key, id] = parts;
  const invalid = () => errors.badRequest(INVALID_CURSOR, ['cursor: is not a cursor of this list']);
  if (parts.length !== 3 || !id || !isUuid(id) || key === undefined) throw invalid();
  if (expected === 'newest' && tag === 'n' && TIMESTAMP.test(key)) return { kind: 'newest', createdAt: key, id };
  if (expected === 'bookmarked' && tag === 'b' && TIMESTAMP.test(key))
    return { kind: 'bookmarked', bookmarkedAt: key, id };
  if (expected === 'rent' && tag === 'r' && /^\d{1,10}$/.test(key)) {
    const rentKey = Number(key);
    if (rentKey <= 2_147_483_647) return { kind: 'rent', rentKey, id };
  }
  if (expected === 'walk' && tag === 'w' && /^\d{1,10}$/.test(key)) {
    const walkKey = Number(key);
    if (walkKey <= 2_147_483_647) return { kind: 'walk', walkKey, id };
  }
  if (expected === 'seeking' && tag === 's') {
    const [seek, createdAt] = key.split('~');
    if (seek && /^\d{1,3}$/.test(seek) && createdAt && TIMESTAMP.test(createdAt)) {
      return { kind: 'seeking', curNumSeek: Number(seek), createdAt, id };
    }
  }
  if (expected === 'fit' && tag === 'f') {
    const [fitKey, createdAt] = key.split('~');
    if (fitKey && /^-?\d{1,4}$/.test(fitKey) && createdAt && TIMESTAMP.test(createdAt)) {
      return { kind: 'fit', fitKey: Number(fitKey), createdAt, id };
    }
  }
  throw invalid();
}

/** A card's fields that are the same for every viewer. */
export type SharedCard = Omit<PostingCard, 'viewerIsAdmin' | 'viewerBookmarked'>;

function sharedCard(row: SearchRow | CardRow, imageUrl: ImageUrl, places: WalkPlaces): SharedCard {
  return {
    id: row.id,
    listingLocation: row.listing_location,
    dorm: row.dorm,
    address: row.address,
    aimInteger: row.aim_integer,
    curNumSeek: row.cur_num_seek,
    status: row.status,
    monthlyRent: row.monthly_rent,
    rentType: row.rent_type,
    sublet: row.sublet,
    imageUrl: row.card_key ? imageUrl(row.card_key) : null,
    interestCount: interestCount(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    stale: row.stale === true,
    // A card is shared by every viewer (the search cache): only the pin everyone may see.
    pin: publicPin({
      pinLatitude: row.pin_latitude,
      pinLongitude: row.pin_longitude,
      pinExact: row.pin_exact,
      pinAreaLatitude: row.pin_area_latitude,
      pinAreaLongitude: row.pin_area_longitude,
    }),
    walks: toWalkViews({ places: row.walks, stopKey: row.walk_stop_key, stopMinutes: row.walk_stop_minutes }, places),
  };
}

/** Spelled out rather than spread: this runs for every card of every page served. */
function withViewer(card: SharedCard, viewerIsAdmin: boolean, viewerBookmarked: boolean): PostingCard {
  return {
    id: card.id,
    listingLocation: card.listingLocation,
    dorm: card.dorm,
    address: card.address,
    aimInteger: card.aimInteger,
    curNumSeek: card.curNumSeek,
    status: card.status,
    monthlyRent: card.monthlyRent,
    rentType: card.rentType,
    sublet: card.sublet,
    imageUrl: card.imageUrl,
    interestCount: card.interestCount,
    createdAt: card.createdAt,
    updatedAt: card.updatedAt,
    stale: card.stale,
    viewerIsAdmin,
    viewerBookmarked,
    pin: card.pin,
    walks: card.walks,
  };
}

export function toCard(row: CardRow, imageUrl: ImageUrl, places: WalkPlaces): PostingCard {
  return withViewer(sharedCard(row, imageUrl, places), row.viewer_is_admin, row.viewer_bookmarked);
}

/** Cuts the extra row fetched to detect a next page, turns rows into items and builds the next cursor. */
export function toPage<Row, Item>(
  rows: Row[],
  limit: number,
  toItem: (row: Row) => Item,
  cursorOf: (last: Row) => Cursor,
): { items: Item[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map(toItem),
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(cursorOf(last)) : null,
  };
}

/** The first page's count: exact up to COUNT_CAP, then 'at least COUNT_CAP'. */
function totalOf(rows: SearchRow[]): PostingPage['total'] {
  const counted = rows[0]?.total_count === undefined ? 0 : toCount(rows[0].total_count);
  return counted > COUNT_CAP ? { count: COUNT_CAP, atLeast: true } : { count: counted, atLeast: false };
}

/** A search page as every viewer shares it (what the cache keeps). */
export interface SharedPage {
  items: { card: SharedCard; adminUserId: string }[];
  nextCursor: string | null;
  total: PostingPage['total'];
}

export interface SearchDeps {
  db: Database;
  dormKeys: ReadonlySet<string>;
  imageUrl: ImageUrl;
  /** The college's campus places and shuttle stops, which name a card's walks. */
  places: WalkPlaces;
  cache: SearchCache<SharedPage>;
  /** The lifestyle questions asked (their keys), for 'Best fit'. */
  questionKeys: readonly string[];
  /** Bounds what 'Best fit' costs per student and in total (docs/decisions/0021). */
  guard: FitGuard;
}

/** One key per distinct search, whatever the order of its query string. */
function pageKey(filters: SearchFilters, cursor: string | undefined, limit: number): string {
  const fields = Object.entries(filters)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([fields, cursor ?? null, limit]);
}

/** The band of a 'Best fit' row, or null when nobody in its group could be compared. */
function fitBandOf(row: FitRow): PostingCard['fitBand'] {
  if (row.fit_total === null || row.fit_agreed === null) return null;
  return bandOf({
    agreed: toCount(row.fit_agreed),
    total: toCount(row.fit_total),
    dealbreaker: row.fit_dealbreaker === true,
  });
}

export function createSearchService({ db, dormKeys, imageUrl, places, cache, questionKeys, guard }: SearchDeps) {
  /**
   * 'Best fit' is the viewer's own order, so it is not shared through the cache: a few small
   * statements rank the window of newest matching postings by the viewer's fit (docs/decisions/0015
   * and 0021), behind the fit guard (rate limit, one request per student, a limit on how many run).
   */
  async function fitPage(viewer: FitViewer, filters: SearchFilters, rawCursor: string | undefined, limit: number) {
    const cursor = decodeCursor(rawCursor, 'fit') as Extract<Cursor, { kind: 'fit' }> | undefined;
    const rows = await guard.run(viewer.id, (executor) =>
      rankedFitRows(executor, viewer, filters, questionKeys, cursor, limit + 1),
    );
    const bookmarked = await cache.bookmarkedIds(viewer.id, () => bookmarkedPostingIds(db, viewer.id));
    const page = toPage(
      rows,
      limit,
      (row): PostingCard => ({
        ...withViewer(sharedCard(row, imageUrl, places), row.admin_user_id === viewer.id, bookmarked.has(row.id)),
        fitBand: fitBandOf(row),
      }),
      (last): Cursor => ({ kind: 'fit', fitKey: Number(last.fit_key), createdAt: last.created_at, id: last.id }),
    );
    return { ...page, total: cursor === undefined ? totalOf(rows) : null };
  }

  return {
    async search(viewer: FitViewer, query: SearchQuery): Promise<PostingPage> {
      const { cursor: rawCursor, limit, ...rest } = query;
      const filters: SearchFilters = normaliseFilters(rest as SearchFilters);
      if (filters.dorm !== undefined && !dormKeys.has(filters.dorm)) {
        throw errors.badRequest(messages.api.unknownDorm, ['dorm: is not a dorm of this college']);
      }
      if (filters.walkPlace !== undefined && !places.campusPlaces.some((place) => place.key === filters.walkPlace)) {
        throw errors.badRequest(messages.api.unknownPlace, ['walkPlace: is not a campus place of this college']);
      }
      // The walking sort without a place measures to the first campus place.
      if (filters.sort === 'walk' && filters.walkPlace === undefined && places.campusPlaces[0]) {
        filters.walkPlace = places.campusPlaces[0].key;
      }
      if (filters.sort === 'fit') return fitPage(viewer, filters, rawCursor, limit);
      const sort = searchOrder(filters);
      const cursor = decodeCursor(rawCursor, sort);
      const loadPage = async (): Promise<SharedPage> => {
        const rows = await searchCards(db, filters, cursor, limit);
        const page = toPage(
          rows,
          limit,
          (row) => ({ card: sharedCard(row, imageUrl, places), adminUserId: row.admin_user_id }),
          (last): Cursor =>
            sort === 'rent'
              ? { kind: 'rent', rentKey: Number(last.rent_key), id: last.id }
              : sort === 'walk'
                ? { kind: 'walk', walkKey: Number(last.walk_key), id: last.id }
                : sort === 'seeking'
                  ? { kind: 'seeking', curNumSeek: last.cur_num_seek, createdAt: last.created_at, id: last.id }
                  : { kind: 'newest', createdAt: last.created_at, id: last.id },
        );
        return { ...page, total: cursor === undefined ? totalOf(rows) : null };
      };
      const viewerId = viewer.id;
      const [page, bookmarked] = await Promise.all([
        cache.page(pageKey(filters, rawCursor, limit), loadPage),
        cache.bookmarkedIds(viewerId, () => bookmarkedPostingIds(db, viewerId)),
      ]);
      return {
        items: page.items.map(({ card, adminUserId }) =>
          withViewer(card, adminUserId === viewerId, bookmarked.has(card.id)),
        ),
        nextCursor: page.nextCursor,
        total: page.total,
      };
    },
  };
}
