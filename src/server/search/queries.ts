/**
 * SQL of the postings search and of every list of cards (profile lists reuse `selectCards`).
 * One statement per page: the card columns, the first image, the interest count and the viewer's
 * bookmark come back together, each from an index, so a page costs the same at any table size.
 */

import { type SQL, sql } from 'drizzle-orm';
import type { PostingStatus } from '../../shared/options';
import type { SearchFilters } from '../../shared/schemas/filters';
import { type Database, type Executor, queryRows, toCount } from '../db/client';

/** Postings without rent sort after every real rent. */
const NO_RENT_KEY = 2_147_483_647;
/** Postings without a pin (no walking minutes) sort after every real walk. */
export const NO_WALK_KEY = 2_147_483_647;

export interface CardRow {
  id: string;
  listing_location: 'oncampus' | 'offcampus';
  dorm: string | null;
  address: string | null;
  aim_integer: number;
  cur_num_seek: number;
  status: PostingStatus;
  monthly_rent: number | null;
  rent_type: 'total' | 'per_person' | null;
  sublet: boolean;
  card_key: string | null;
  interest_count: number | string;
  /** ISO timestamp with microseconds, exact enough to page on. */
  created_at: string;
  updated_at: string;
  rent_key: number;
  stale: boolean;
  viewer_is_admin: boolean;
  viewer_bookmarked: boolean;
  /** Only in the bookmarked list: when the viewer bookmarked it (for paging). */
  bookmarked_at?: string;
  /* Where it is (issue 33): the pin's columns, as the public pin is made of them. */
  pin_latitude: number | null;
  pin_longitude: number | null;
  pin_exact: boolean;
  pin_area_latitude: number | null;
  pin_area_longitude: number | null;
  walk_stop_key: string | null;
  walk_stop_minutes: number | null;
  /** Minutes to each campus place. */
  walks: { placeKey: string; minutes: number }[];
}

/** A search row: the same for every viewer (so it can be shared), with the admin to tell who administers it. */
export type SearchRow = Omit<CardRow, 'viewer_is_admin' | 'viewer_bookmarked' | 'bookmarked_at'> & {
  admin_user_id: string;
  /** First page only: how many postings match, counted up to COUNT_CAP + 1. */
  total_count?: number | string;
  /** The walking sort only: minutes to its place, or NO_WALK_KEY. */
  walk_key?: number | string;
};

/** The result count stops here ('1,000+'): counting is bounded like the page itself. */
export const COUNT_CAP = 1000;

export type Cursor =
  | { kind: 'newest'; createdAt: string; id: string }
  | { kind: 'rent'; rentKey: number; id: string }
  | { kind: 'walk'; walkKey: number; id: string }
  | { kind: 'seeking'; curNumSeek: number; createdAt: string; id: string }
  | { kind: 'fit'; fitKey: number; createdAt: string; id: string }
  | { kind: 'bookmarked'; bookmarkedAt: string; id: string };

export const isoMicros = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The columns of a card that are the same for every viewer, read from `posting p`. */
const sharedCardColumns = sql`
    p.id, p.listing_location, p.dorm, p.address, p.aim_integer, p.cur_num_seek, p.status,
    p.monthly_rent, p.rent_type, p.sublet,
    ${isoMicros(sql`p.created_at`)} AS created_at,
    ${isoMicros(sql`p.updated_at`)} AS updated_at,
    COALESCE(p.rent_per_person, ${NO_RENT_KEY}) AS rent_key,
    (p.stale_at IS NOT NULL) AS stale,
    (SELECT i.card_key FROM posting_image i WHERE i.posting_id = p.id ORDER BY i.position LIMIT 1) AS card_key,
    (SELECT count(DISTINCT g.searcher_user_id) FROM ping g WHERE g.posting_id = p.id) AS interest_count,
    p.pin_latitude, p.pin_longitude, p.pin_exact, p.pin_area_latitude, p.pin_area_longitude,
    p.walk_stop_key, p.walk_stop_minutes,
    (SELECT coalesce(json_agg(json_build_object('placeKey', w.place_key, 'minutes', w.minutes)), '[]')
      FROM posting_walk w WHERE w.posting_id = p.id) AS walks`;

/** The columns of a card for `viewerId`, read from `posting p`. */
function cardColumns(viewerId: string): SQL {
  return sql`${sharedCardColumns},
    (p.admin_user_id = ${viewerId}) AS viewer_is_admin,
    EXISTS (SELECT 1 FROM bookmark b WHERE b.user_id = ${viewerId} AND b.posting_id = p.id) AS viewer_bookmarked`;
}

/** The WHERE conditions of the filters (see src/shared/matching.ts for what each one means). */
export function filterConditions(filters: SearchFilters): SQL[] {
  // Hidden postings (moderation) are never in search; stale ones only when asked for.
  const where: SQL[] = [sql`p.listing_location = ${filters.location}`, sql`p.hidden_at IS NULL`];
  if (filters.showStale !== 'yes') where.push(sql`p.stale_at IS NULL`);
  if (filters.housingAim !== undefined) where.push(sql`p.aim_integer = ${filters.housingAim}`);
  if (filters.groupSize !== undefined) where.push(sql`p.cur_num_seek = ${filters.groupSize}`);
  if (filters.gender !== undefined) where.push(sql`lower(p.admin_gender) = ${filters.gender.toLowerCase()}`);
  if (filters.classYear !== undefined) {
    where.push(sql`lower(p.admin_academic_year) = ${filters.classYear.toLowerCase()}`);
  }
  if (filters.sublet !== undefined) where.push(sql`p.sublet = ${filters.sublet === 'yes'}`);
  if (filters.hideFulfilled === 'yes') where.push(sql`p.status <> 'Fulfilled'`);
  if (filters.location === 'oncampus') {
    if (filters.dorm !== undefined) where.push(sql`p.dorm = ${filters.dorm}`);
  } else {
    if (filters.maxRent !== undefined)
      where.push(sql`COALESCE(p.rent_per_person, ${NO_RENT_KEY}) <= ${filters.maxRent}`);
    if (filters.moveIn !== undefined) where.push(sql`p.rent_end >= ${filters.moveIn}::date`);
    if (filters.moveOut !== undefined) where.push(sql`p.rent_start <= ${filters.moveOut}::date`);
    // Within N minutes' walk of a place (issue 33): posting_walk_place_idx reads the place's postings
    // within reach, so a filter that keeps few postings reads few.
    if (filters.walkMinutes !== undefined && filters.walkPlace !== undefined) {
      where.push(sql`p.id IN (SELECT w.posting_id FROM posting_walk w
        WHERE w.place_key = ${filters.walkPlace} AND w.minutes <= ${filters.walkMinutes})`);
    }
  }
  return where;
}

/**
 * The order a (non-fit) search is read in: rent and walking time (to walkPlace, which the service
 * fills in) only off campus, else newest unless 'seeking'.
 */
export function searchOrder(filters: SearchFilters): 'rent' | 'walk' | 'seeking' | 'newest' {
  if (filters.location === 'offcampus' && filters.sort === 'rent') return 'rent';
  if (filters.location === 'offcampus' && filters.sort === 'walk' && filters.walkPlace !== undefined) return 'walk';
  return filters.sort === 'seeking' ? 'seeking' : 'newest';
}

/**
 * How many postings match, as a column of a first page's statement. The count stops after
 * COUNT_CAP + 1 matching rows, so it is a bounded read at any table size; without an ORDER BY the
 * planner reads them the cheapest way (an index for a selective filter, the first table pages
 * when most postings match).
 */
export const totalCountColumn = (conditions: SQL[]) =>
  sql`, (SELECT count(*) FROM (SELECT 1 FROM posting p WHERE ${sql.join(conditions, sql` AND `)} LIMIT ${
    COUNT_CAP + 1
  }) AS matching) AS total_count`;

/**
 * The walking sort (issue 33), a page at a time at any table size: the postings with a walk to the
 * place are read in the order of posting_walk_place_idx (minutes, then id) until a page is full;
 * only a page that runs past them reads the postings with no walk there (no pin), in id order, which
 * sort after every real walk (NO_WALK_KEY). Never every off-campus posting joined and sorted.
 */
function walkSearchStatement(
  filters: SearchFilters,
  conditions: SQL[],
  cursor: Cursor | undefined,
  limit: number,
  total: SQL,
): SQL {
  const place = filters.walkPlace;
  const after = cursor?.kind === 'walk' ? cursor : undefined;
  const matching = sql.join(conditions, sql` AND `);
  const pinnedAfter = after
    ? sql` AND (sw.minutes, sw.posting_id) > (${after.walkKey}::integer, ${after.id}::uuid)`
    : sql``;
  const unpinnedAfter = after
    ? sql` AND (${NO_WALK_KEY}::integer, p.id) > (${after.walkKey}::integer, ${after.id}::uuid)`
    : sql``;
  return sql`WITH pinned AS MATERIALIZED (
      SELECT sw.posting_id AS id, sw.minutes AS walk_key
      FROM posting_walk sw JOIN posting p ON p.id = sw.posting_id
      WHERE sw.place_key = ${place} AND ${matching}${pinnedAfter}
      ORDER BY sw.minutes ASC, sw.posting_id ASC
      LIMIT ${limit}
    ), unpinned AS MATERIALIZED (
      SELECT p.id, ${NO_WALK_KEY}::integer AS walk_key
      FROM posting p
      WHERE (SELECT count(*) FROM pinned) < ${limit} AND ${matching}
        AND NOT EXISTS (SELECT 1 FROM posting_walk w WHERE w.posting_id = p.id AND w.place_key = ${place})${unpinnedAfter}
      ORDER BY p.id ASC
      LIMIT ${limit}
    )
    SELECT ${sharedCardColumns}, p.admin_user_id, page.walk_key${total}
    FROM (SELECT id, walk_key FROM pinned UNION ALL SELECT id, walk_key FROM unpinned) AS page
      JOIN posting p ON p.id = page.id
    ORDER BY page.walk_key ASC, p.id ASC
    LIMIT ${limit}`;
}

function searchStatement(filters: SearchFilters, cursor: Cursor | undefined, limit: number): SQL {
  const conditions = filterConditions(filters);
  const sort = searchOrder(filters);
  if (sort === 'walk') {
    const total = cursor === undefined ? totalCountColumn(conditions) : sql``;
    return walkSearchStatement(filters, conditions, cursor, limit, total);
  }
  const where = [...conditions];
  if (cursor?.kind === 'newest') {
    where.push(sql`(p.created_at, p.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`);
  } else if (cursor?.kind === 'rent') {
    where.push(
      sql`(COALESCE(p.rent_per_person, ${NO_RENT_KEY}), p.id) > (${cursor.rentKey}::integer, ${cursor.id}::uuid)`,
    );
  } else if (cursor?.kind === 'seeking') {
    where.push(
      sql`(p.cur_num_seek, p.created_at, p.id) < (${cursor.curNumSeek}::integer, ${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`,
    );
  }
  // NULLS LAST matches the indexes (the sort columns are NOT NULL, so it changes nothing else).
  const order =
    sort === 'rent'
      ? sql`COALESCE(p.rent_per_person, ${NO_RENT_KEY}) ASC, p.id ASC`
      : sort === 'seeking'
        ? sql`p.cur_num_seek DESC NULLS LAST, p.created_at DESC NULLS LAST, p.id DESC NULLS LAST`
        : sql`p.created_at DESC NULLS LAST, p.id DESC NULLS LAST`;
  // The first page also says how many postings match, in the same statement.
  const total = cursor === undefined ? totalCountColumn(conditions) : sql``;
  return sql`SELECT ${sharedCardColumns}, p.admin_user_id${total}
    FROM posting p
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY ${order}
    LIMIT ${limit}`;
}

/** One page of the search, plus one row to tell whether there is a next page. */
export function searchCards(
  db: Database,
  filters: SearchFilters,
  cursor: Cursor | undefined,
  limit: number,
): Promise<SearchRow[]> {
  return queryRows<SearchRow>(db, searchStatement(filters, cursor, limit + 1), { prepared: true });
}

/** The statement of a search page, for EXPLAIN in tests and diagnostics. */
export function searchStatementForExplain(filters: SearchFilters, cursor?: Cursor): SQL {
  return searchStatement(filters, cursor, 21);
}

/** The ids of every posting `userId` bookmarked (for the bookmark toggles of search cards). */
export async function bookmarkedPostingIds(db: Database, userId: string): Promise<string[]> {
  const rows = await queryRows<{ posting_id: string }>(
    db,
    sql`SELECT b.posting_id FROM bookmark b WHERE b.user_id = ${userId}`,
    { prepared: true },
  );
  return rows.map((row) => row.posting_id);
}

/** Postings `adminId` administers, newest first. */
export function administeredCards(
  db: Database,
  viewerId: string,
  cursor: Cursor | undefined,
  limit: number,
): Promise<CardRow[]> {
  const where: SQL[] = [sql`p.admin_user_id = ${viewerId}`];
  if (cursor?.kind === 'newest') {
    where.push(sql`(p.created_at, p.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`);
  }
  return queryRows<CardRow>(
    db,
    sql`SELECT ${cardColumns(viewerId)}
      FROM posting p
      WHERE ${sql.join(where, sql` AND `)}
      ORDER BY p.created_at DESC NULLS LAST, p.id DESC NULLS LAST
      LIMIT ${limit + 1}`,
  );
}

/** Postings `viewerId` bookmarked, most recently bookmarked first. */
export function bookmarkedCards(
  db: Database,
  viewerId: string,
  cursor: Cursor | undefined,
  limit: number,
): Promise<CardRow[]> {
  // A hidden posting stays in its admin's own bookmarks only.
  const where: SQL[] = [sql`bm.user_id = ${viewerId}`, sql`(p.hidden_at IS NULL OR p.admin_user_id = ${viewerId})`];
  if (cursor?.kind === 'bookmarked') {
    where.push(sql`(bm.created_at, bm.posting_id) < (${cursor.bookmarkedAt}::timestamptz, ${cursor.id}::uuid)`);
  }
  return queryRows<CardRow>(
    db,
    sql`SELECT ${cardColumns(viewerId)}, ${isoMicros(sql`bm.created_at`)} AS bookmarked_at
      FROM bookmark bm
      JOIN posting p ON p.id = bm.posting_id
      WHERE ${sql.join(where, sql` AND `)}
      ORDER BY bm.created_at DESC NULLS LAST, bm.posting_id DESC NULLS LAST
      LIMIT ${limit + 1}`,
  );
}

export const interestCount = (row: Pick<CardRow, 'interest_count'>) => toCount(row.interest_count);

export const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** The cards of the postings of one 'Best fit' page (at most limit + 1 ids, by primary key). */
export function cardsById(db: Executor, postingIds: readonly string[]): Promise<SearchRow[]> {
  if (postingIds.length === 0) return Promise.resolve([]);
  return queryRows<SearchRow>(
    db,
    sql`SELECT ${sharedCardColumns}, p.admin_user_id FROM posting p WHERE p.id = ANY(${uuidArray(postingIds)})`,
  );
}
