/**
 * SQL of the postings search and of every list of cards (profile lists reuse `selectCards`).
 * One statement per page: the card columns, the first image, the interest count and the viewer's
 * bookmark come back together, each from an index, so a page costs the same at any table size.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { SearchFilters } from '../../shared/schemas/filters';
import { type Database, queryRows, toCount } from '../db/client';

/** Postings without rent sort after every real rent. */
export const NO_RENT_KEY = 2_147_483_647;

export interface CardRow {
  id: string;
  listing_location: 'oncampus' | 'offcampus';
  dorm: string | null;
  address: string | null;
  aim_integer: number;
  cur_num_seek: number;
  status: 'Unfulfilled' | 'Likely Fulfilled' | 'Fulfilled';
  monthly_rent: number | null;
  rent_type: 'total' | 'per_person' | null;
  sublet: boolean;
  card_key: string | null;
  interest_count: number | string;
  /** ISO timestamp with microseconds, exact enough to page on. */
  created_at: string;
  rent_key: number;
  viewer_is_admin: boolean;
  viewer_bookmarked: boolean;
  /** Only in the bookmarked list: when the viewer bookmarked it (for paging). */
  bookmarked_at?: string;
}

/** A search row: the same for every viewer (so it can be shared), with the admin to tell who administers it. */
export type SearchRow = Omit<CardRow, 'viewer_is_admin' | 'viewer_bookmarked' | 'bookmarked_at'> & {
  admin_user_id: string;
};

export type Cursor =
  | { kind: 'newest'; createdAt: string; id: string }
  | { kind: 'rent'; rentKey: number; id: string }
  | { kind: 'bookmarked'; bookmarkedAt: string; id: string };

const isoMicros = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The columns of a card that are the same for every viewer, read from `posting p`. */
const sharedCardColumns = sql`
    p.id, p.listing_location, p.dorm, p.address, p.aim_integer, p.cur_num_seek, p.status,
    p.monthly_rent, p.rent_type, p.sublet,
    ${isoMicros(sql`p.created_at`)} AS created_at,
    COALESCE(p.rent_per_person, ${NO_RENT_KEY}) AS rent_key,
    (SELECT i.card_key FROM posting_image i WHERE i.posting_id = p.id ORDER BY i.position LIMIT 1) AS card_key,
    (SELECT count(*) FROM ping g WHERE g.posting_id = p.id) AS interest_count`;

/** The columns of a card for `viewerId`, read from `posting p`. */
export function cardColumns(viewerId: string): SQL {
  return sql`${sharedCardColumns},
    (p.admin_user_id = ${viewerId}) AS viewer_is_admin,
    EXISTS (SELECT 1 FROM bookmark b WHERE b.user_id = ${viewerId} AND b.posting_id = p.id) AS viewer_bookmarked`;
}

/** The WHERE conditions of the filters (see src/shared/matching.ts for what each one means). */
export function filterConditions(filters: SearchFilters): SQL[] {
  const where: SQL[] = [sql`p.listing_location = ${filters.location}`];
  if (filters.housingAim !== undefined) where.push(sql`p.aim_integer = ${filters.housingAim}`);
  if (filters.groupSize !== undefined) where.push(sql`p.cur_num_seek = ${filters.groupSize}`);
  if (filters.gender !== undefined) where.push(sql`lower(p.admin_gender) = ${filters.gender.toLowerCase()}`);
  if (filters.classYear !== undefined) {
    where.push(sql`lower(p.admin_academic_year) = ${filters.classYear.toLowerCase()}`);
  }
  if (filters.sublet !== undefined) where.push(sql`p.sublet = ${filters.sublet === 'yes'}`);
  if (filters.location === 'oncampus') {
    if (filters.dorm !== undefined) where.push(sql`p.dorm = ${filters.dorm}`);
  } else {
    if (filters.maxRent !== undefined)
      where.push(sql`COALESCE(p.rent_per_person, ${NO_RENT_KEY}) <= ${filters.maxRent}`);
    if (filters.moveIn !== undefined) where.push(sql`p.rent_end >= ${filters.moveIn}::date`);
    if (filters.moveOut !== undefined) where.push(sql`p.rent_start <= ${filters.moveOut}::date`);
  }
  return where;
}

function searchStatement(filters: SearchFilters, cursor: Cursor | undefined, limit: number): SQL {
  const where = filterConditions(filters);
  const byRent = filters.location === 'offcampus' && filters.sort === 'rent';
  if (cursor?.kind === 'newest') {
    where.push(sql`(p.created_at, p.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`);
  } else if (cursor?.kind === 'rent') {
    where.push(
      sql`(COALESCE(p.rent_per_person, ${NO_RENT_KEY}), p.id) > (${cursor.rentKey}::integer, ${cursor.id}::uuid)`,
    );
  }
  // NULLS LAST matches the indexes (created_at is NOT NULL, so it changes nothing else).
  const order = byRent
    ? sql`COALESCE(p.rent_per_person, ${NO_RENT_KEY}) ASC, p.id ASC`
    : sql`p.created_at DESC NULLS LAST, p.id DESC NULLS LAST`;
  return sql`SELECT ${sharedCardColumns}, p.admin_user_id
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
  const where: SQL[] = [sql`bm.user_id = ${viewerId}`];
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
