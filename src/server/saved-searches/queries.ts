/** SQL of saved searches and their alerts; service.ts decides, these only read and write rows. */

import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { MatchablePosting } from '../../shared/matching';
import type { PostingStatus } from '../../shared/options';
import type { AlertFrequency } from '../../shared/saved-searches';
import type { SearchFilters } from '../../shared/schemas/filters';
import { type Executor, queryRows, toCount } from '../db/client';
import { savedSearch, savedSearchDigestItem, savedSearchEvent } from '../db/schema';

export type SavedSearchRow = typeof savedSearch.$inferSelect;

/**
 * The match columns of a search: each filter a posting is looked up by, '' or 0 meaning "any".
 * Kept beside the filters on every write, so the index always agrees with what is verified.
 */
function matchColumns(filters: SearchFilters) {
  return {
    location: filters.location,
    matchDorm: filters.location === 'oncampus' ? (filters.dorm ?? '') : '',
    matchAim: filters.housingAim ?? 0,
    matchSeek: filters.groupSize ?? 0,
    matchGender: filters.gender?.toLowerCase() ?? '',
    matchYear: filters.classYear?.toLowerCase() ?? '',
  };
}

export async function listForUser(db: Executor, userId: string): Promise<SavedSearchRow[]> {
  return db
    .select()
    .from(savedSearch)
    .where(eq(savedSearch.userId, userId))
    .orderBy(asc(savedSearch.createdAt), asc(savedSearch.id));
}

export async function countForUser(db: Executor, userId: string): Promise<number> {
  const rows = await queryRows<{ n: unknown }>(
    db,
    sql`SELECT count(*) AS n FROM saved_search WHERE user_id = ${userId}`,
  );
  return toCount(rows[0]?.n);
}

export async function findById(db: Executor, id: string): Promise<SavedSearchRow | undefined> {
  const [row] = await db.select().from(savedSearch).where(eq(savedSearch.id, id));
  return row;
}

/** Serialises one student's saves, so the per-student limit holds when two saves race. */
export async function lockUser(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`SELECT id FROM "user" WHERE id = ${userId} FOR UPDATE`);
}

export async function insert(
  db: Executor,
  row: { userId: string; name: string; alert: AlertFrequency; filters: SearchFilters },
): Promise<SavedSearchRow> {
  const [inserted] = await db
    .insert(savedSearch)
    .values({ ...row, filters: row.filters as Record<string, unknown>, ...matchColumns(row.filters) })
    .returning();
  if (!inserted) throw new Error('insert returned no row');
  return inserted;
}

export async function update(
  db: Executor,
  id: string,
  userId: string,
  changes: { name?: string; alert?: AlertFrequency },
): Promise<SavedSearchRow | undefined> {
  const [row] = await db
    .update(savedSearch)
    .set(changes)
    .where(and(eq(savedSearch.id, id), eq(savedSearch.userId, userId)))
    .returning();
  return row;
}

export async function remove(db: Executor, id: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(savedSearch)
    .where(and(eq(savedSearch.id, id), eq(savedSearch.userId, userId)))
    .returning({ id: savedSearch.id });
  return rows.length > 0;
}

/** Matches waiting for a digest of a search whose alert went off are dropped. */
export async function dropDigestItems(db: Executor, savedSearchId: string): Promise<void> {
  await db.delete(savedSearchDigestItem).where(eq(savedSearchDigestItem.savedSearchId, savedSearchId));
}

/* ---------- matching ---------- */

/** Records that a posting became listed; matched later by the alerts job. */
export async function insertEvent(db: Executor, postingId: string): Promise<void> {
  await db.insert(savedSearchEvent).values({ postingId });
}

/**
 * Takes the oldest unmatched event in the caller's transaction. SKIP LOCKED: servers side by side
 * each take a different one; a rollback puts it back.
 */
export async function claimEvent(db: Executor): Promise<{ postingId: string } | undefined> {
  const rows = await queryRows<{ posting_id: string }>(
    db,
    sql`DELETE FROM saved_search_event WHERE id = (
          SELECT id FROM saved_search_event ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED
        ) RETURNING posting_id`,
  );
  return rows[0] ? { postingId: rows[0].posting_id } : undefined;
}

/** A posting as alert matching reads it: what the search rules look at, and who and where it is. */
export interface AlertPosting extends MatchablePosting {
  id: string;
  adminUserId: string;
  address: string | null;
  status: PostingStatus;
  /** Hidden by moderation (decision 0013): announced to nobody (decision 0023). */
  hidden: boolean;
}

interface AlertPostingRow {
  id: string;
  admin_user_id: string;
  listing_location: 'oncampus' | 'offcampus';
  dorm: string | null;
  address: string | null;
  aim_integer: number;
  cur_num_seek: number;
  admin_gender: string;
  admin_academic_year: string;
  sublet: boolean;
  rent_per_person: number | null;
  rent_start: string | Date | null;
  rent_end: string | Date | null;
  status: AlertPosting['status'];
  hidden: boolean;
  walks: { placeKey: string; minutes: number }[];
}

const isoDate = (value: string | Date | null) =>
  value === null ? null : value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

const toAlertPosting = (row: AlertPostingRow): AlertPosting => ({
  id: row.id,
  adminUserId: row.admin_user_id,
  listingLocation: row.listing_location,
  dorm: row.dorm,
  address: row.address,
  aimInteger: Number(row.aim_integer),
  curNumSeek: Number(row.cur_num_seek),
  adminGender: row.admin_gender,
  adminAcademicYear: row.admin_academic_year,
  sublet: row.sublet,
  rentPerPerson: row.rent_per_person === null ? null : Number(row.rent_per_person),
  rentStart: isoDate(row.rent_start),
  rentEnd: isoDate(row.rent_end),
  status: row.status,
  hidden: row.hidden === true,
  walks: row.walks,
});

const POSTING_COLUMNS = sql`p.id, p.admin_user_id, p.listing_location, p.dorm, p.address, p.aim_integer,
  p.cur_num_seek, p.admin_gender, p.admin_academic_year, p.sublet, p.rent_per_person, p.rent_start,
  p.rent_end, p.status, p.hidden_at IS NOT NULL AS hidden,
  (SELECT coalesce(json_agg(json_build_object('placeKey', w.place_key, 'minutes', w.minutes)), '[]')
    FROM posting_walk w WHERE w.posting_id = p.id) AS walks`;

export async function loadPostings(db: Executor, ids: readonly string[]): Promise<AlertPosting[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<AlertPostingRow>(
    db,
    sql`SELECT ${POSTING_COLUMNS} FROM posting p WHERE p.id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  return rows.map(toAlertPosting);
}

export interface Candidate {
  id: string;
  userId: string;
  name: string;
  alert: Exclude<AlertFrequency, 'off'>;
  filters: Record<string, unknown>;
  email: string;
}

/**
 * The active searches of other students that could match `posting`: the partial index
 * saved_search_match_idx is probed for each combination of "this value" and "any" of its
 * columns (2^5 probes at most), so the cost follows the number of candidates, not of searches.
 * Filters without a match column (sublet, rent, dates) are verified by the caller.
 */
export function candidateStatement(posting: AlertPosting): SQL {
  const either = <T>(value: T, any: T) => sql`(${any}, ${value})`;
  return sql`SELECT s.id, s.user_id, s.name, s.alert, s.filters, u.email
      FROM saved_search s JOIN "user" u ON u.id = s.user_id
      WHERE s.alert <> 'off'
        AND s.location = ${posting.listingLocation}
        AND s.match_dorm IN ${either(posting.dorm ?? '', '')}
        AND s.match_aim IN ${either(posting.aimInteger, 0)}
        AND s.match_seek IN ${either(posting.curNumSeek, 0)}
        AND s.match_gender IN ${either(posting.adminGender.toLowerCase(), '')}
        AND s.match_year IN ${either(posting.adminAcademicYear.toLowerCase(), '')}
        AND s.user_id <> ${posting.adminUserId}
        AND u.email_verified`;
}

export async function candidatesFor(db: Executor, posting: AlertPosting): Promise<Candidate[]> {
  const rows = await queryRows<{
    id: string;
    user_id: string;
    name: string;
    alert: Candidate['alert'];
    filters: Record<string, unknown> | string;
    email: string;
  }>(db, candidateStatement(posting), { prepared: true });
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    name: row.name,
    alert: row.alert,
    filters: typeof row.filters === 'string' ? JSON.parse(row.filters) : row.filters,
    email: row.email,
  }));
}

/**
 * Records that `userId` is told of `postingId` now; false when they already were (the key
 * (user, posting) makes that hold whatever the race).
 */
export async function recordSent(
  db: Executor,
  userId: string,
  postingId: string,
  savedSearchId: string,
): Promise<boolean> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`INSERT INTO saved_search_alert_sent (user_id, posting_id, saved_search_id)
        VALUES (${userId}, ${postingId}::uuid, ${savedSearchId}::uuid)
        ON CONFLICT (user_id, posting_id) DO NOTHING RETURNING user_id`,
  );
  return rows.length > 0;
}

/** Keeps a match for the student's next digest, unless they were already told of the posting. */
export async function queueForDigest(
  db: Executor,
  userId: string,
  postingId: string,
  savedSearchId: string,
): Promise<void> {
  await db.execute(
    sql`INSERT INTO saved_search_digest_item (user_id, posting_id, saved_search_id)
        SELECT ${userId}, ${postingId}::uuid, ${savedSearchId}::uuid
        WHERE NOT EXISTS (
          SELECT 1 FROM saved_search_alert_sent WHERE user_id = ${userId} AND posting_id = ${postingId}::uuid
        )
        ON CONFLICT (user_id, posting_id) DO NOTHING`,
  );
}

export async function dropDigestItem(db: Executor, userId: string, postingId: string): Promise<void> {
  await db.execute(
    sql`DELETE FROM saved_search_digest_item WHERE user_id = ${userId} AND posting_id = ${postingId}::uuid`,
  );
}

/* ---------- daily digest ---------- */

/** Students with matches from before `cutoff` whose digest for that cut-off has not gone out. */
export async function usersDueForDigest(db: Executor, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`SELECT DISTINCT i.user_id FROM saved_search_digest_item i
        WHERE i.created_at <= ${cutoff.toISOString()}::timestamptz
          AND NOT EXISTS (
            SELECT 1 FROM saved_search_digest d
            WHERE d.user_id = i.user_id AND d.last_cutoff >= ${cutoff.toISOString()}::timestamptz
          )
        LIMIT ${limit}`,
  );
  return rows.map((row) => row.user_id);
}

/**
 * Claims the digest of `userId` for `cutoff` in the caller's transaction: true for exactly one
 * caller per student and cut-off. A second server blocks on the row until the first commits,
 * then sees the cut-off taken.
 */
export async function claimDigest(db: Executor, userId: string, cutoff: Date): Promise<boolean> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`INSERT INTO saved_search_digest (user_id, last_cutoff) VALUES (${userId}, ${cutoff.toISOString()}::timestamptz)
        ON CONFLICT (user_id) DO UPDATE SET last_cutoff = EXCLUDED.last_cutoff
        WHERE saved_search_digest.last_cutoff < EXCLUDED.last_cutoff
        RETURNING user_id`,
  );
  return rows.length > 0;
}

export interface DigestEntry {
  postingId: string;
  savedSearchId: string;
  searchName: string;
  alert: AlertFrequency;
}

/** Takes the student's matches from before `cutoff`, with their search. */
export async function takeDigestItems(db: Executor, userId: string, cutoff: Date): Promise<DigestEntry[]> {
  const rows = await queryRows<{ posting_id: string; saved_search_id: string; name: string; alert: AlertFrequency }>(
    db,
    sql`WITH taken AS (
          DELETE FROM saved_search_digest_item
          WHERE user_id = ${userId} AND created_at <= ${cutoff.toISOString()}::timestamptz
          RETURNING posting_id, saved_search_id, created_at
        )
        SELECT t.posting_id, t.saved_search_id, s.name, s.alert
        FROM taken t JOIN saved_search s ON s.id = t.saved_search_id
        ORDER BY t.created_at`,
  );
  return rows.map((row) => ({
    postingId: row.posting_id,
    savedSearchId: row.saved_search_id,
    searchName: row.name,
    alert: row.alert,
  }));
}

export async function userEmail(db: Executor, userId: string): Promise<string | undefined> {
  const rows = await queryRows<{ email: string }>(
    db,
    sql`SELECT email FROM "user" WHERE id = ${userId} AND email_verified`,
  );
  return rows[0]?.email;
}
