/**
 * SQL of 'Best fit': the window of candidate postings, their joined members and the viewer's pair
 * sums with each, in statements small enough that their plans cannot go wrong. The cards of the
 * page come from queries.ts like every other list's.
 */

import { type SQL, sql } from 'drizzle-orm';
import type { StoredAnswer } from '../../shared/lifestyle';
import type { SearchFilters } from '../../shared/schemas/filters';
import { type Executor, queryRows } from '../db/client';
import { filterConditions, isoMicros, totalCountColumn, uuidArray } from './queries';

/**
 * 'Best fit' (issue 13, docs/decisions/0015 and 0021) ranks the FIT_WINDOW newest postings that
 * match the filters, leaving out the viewer's own (admin, or a member row with their address). The
 * work is split into small statements whose plans cannot go wrong without statistics (the embedded
 * database never gathers any): the window from the newest-first indexes, the linked members of each
 * candidate and the pair sums of each member, both read through a per-row index lookup the planner
 * cannot turn into a scan (OFFSET 0 keeps each lateral subquery apart). Pooling and ordering happen
 * in fitRanking (service), with the shared model's sums; only the page's postings read their cards.
 */
const FIT_WINDOW = 500;

export interface FitCandidate {
  id: string;
  admin_user_id: string;
  /** ISO timestamp with microseconds, exact enough to page on. */
  created_at: string;
  /** First page only, as in the search. */
  total_count?: number | string;
}

export interface FitViewer {
  id: string;
  email: string;
}

/**
 * Not the viewer's posting: not one they administer nor one they joined (decision 0024: a member is
 * linked to an account only by joining, never by an address). A scalar subquery per posting (through
 * the posting_member user index) rather than NOT EXISTS, which the planner may turn into an anti-join
 * hashing every member row.
 */
function notOwnPosting(viewer: FitViewer): SQL {
  return sql`p.admin_user_id <> ${viewer.id} AND (
    SELECT 1 FROM posting_member own
    WHERE own.posting_id = p.id AND own.user_id = ${viewer.id} LIMIT 1) IS NULL`;
}

function fitCandidatesStatement(filters: SearchFilters, viewer: FitViewer, withCount: boolean): SQL {
  const conditions = [...filterConditions(filters), notOwnPosting(viewer)];
  const total = withCount ? totalCountColumn(conditions) : sql``;
  return sql`SELECT p.id, p.admin_user_id, ${isoMicros(sql`p.created_at`)} AS created_at${total}
    FROM posting p
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY p.created_at DESC NULLS LAST, p.id DESC NULLS LAST
    LIMIT ${FIT_WINDOW}`;
}

/** The window of 'Best fit': the newest matching postings that are not the viewer's own. */
export function fitCandidates(
  db: Executor,
  filters: SearchFilters,
  viewer: FitViewer,
  withCount: boolean,
): Promise<FitCandidate[]> {
  return queryRows<FitCandidate>(db, fitCandidatesStatement(filters, viewer, withCount), { prepared: true });
}

const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`}::text[]`;
const intArray = (values: readonly number[]) => sql`${`{${values.map((v) => Math.trunc(v)).join(',')}}`}::integer[]`;

function fitMembersStatement(postingIds: readonly string[]): SQL {
  return sql`SELECT c.id AS posting_id, linked.user_id
    FROM unnest(${uuidArray(postingIds)}) AS c(id)
    CROSS JOIN LATERAL (
      SELECT m.user_id
      FROM posting_member m
      WHERE m.posting_id = c.id AND m.state = 'joined' AND m.user_id IS NOT NULL
      OFFSET 0
    ) AS linked`;
}

/** The students who joined the groups of `postingIds` (decision 0024; the admins are among them). */
export function fitMembers(
  db: Executor,
  postingIds: readonly string[],
): Promise<{ posting_id: string; user_id: string }[]> {
  if (postingIds.length === 0) return Promise.resolve([]);
  return queryRows(db, fitMembersStatement(postingIds));
}

export interface PairSums {
  user_id: string;
  agreed: number | string;
  total: number | string;
  dealbreaker: boolean;
}

const weight = (importance: SQL) => sql`(CASE ${importance} WHEN 2 THEN 3 WHEN 1 THEN 1 ELSE 0 END)`;

function fitPairsStatement(userIds: readonly string[], viewerAnswers: readonly StoredAnswer[]): SQL {
  const column = <K extends keyof StoredAnswer>(key: K) => viewerAnswers.map((a) => a[key]);
  return sql`SELECT g.user_id, s.agreed, s.total, s.dealbreaker
    FROM unnest(${textArray(userIds)}) AS g(user_id)
    CROSS JOIN LATERAL (
      SELECT
        sum(CASE WHEN a.accept & (1 << v.self) <> 0 THEN ${weight(sql`a.importance`)} ELSE 0 END
          + CASE WHEN v.accept & (1 << a.self) <> 0 THEN ${weight(sql`v.importance`)} ELSE 0 END) AS agreed,
        sum(${weight(sql`a.importance`)} + ${weight(sql`v.importance`)}) AS total,
        bool_or((a.importance = 2 AND a.accept & (1 << v.self) = 0)
          OR (v.importance = 2 AND v.accept & (1 << a.self) = 0)) AS dealbreaker,
        count(*) AS compared
      FROM lifestyle_answer a
      JOIN unnest(${textArray(column('question') as string[])}, ${intArray(column('self') as number[])},
        ${intArray(column('accept') as number[])}, ${intArray(column('importance') as number[])})
        AS v(question, self, accept, importance) ON v.question = a.question
      WHERE a.user_id = g.user_id
      OFFSET 0
    ) AS s
    WHERE s.compared > 0`;
}

/**
 * The viewer's pair sums with each of `userIds` on the questions both answered (the shared model's
 * two directions and weights, src/shared/lifestyle.ts); users with nothing in common are left out.
 */
export function fitPairs(
  db: Executor,
  userIds: readonly string[],
  viewerAnswers: readonly StoredAnswer[],
): Promise<PairSums[]> {
  if (userIds.length === 0 || viewerAnswers.length === 0) return Promise.resolve([]);
  return queryRows<PairSums>(db, fitPairsStatement(userIds, viewerAnswers));
}

/** The viewer's answers to the questions asked. */
export function viewerFitAnswers(db: Executor, viewerId: string, questionKeys: readonly string[]) {
  if (questionKeys.length === 0) return Promise.resolve([]);
  return queryRows<StoredAnswer>(
    db,
    sql`SELECT question, self, accept, importance FROM lifestyle_answer
      WHERE user_id = ${viewerId} AND question = ANY(${textArray(questionKeys)})`,
  );
}

/** The statements of a 'Best fit' page, for EXPLAIN in tests and diagnostics. */
export function fitStatementsForExplain(
  filters: SearchFilters,
  viewer: FitViewer,
  postingIds: readonly string[],
  userIds: readonly string[],
  viewerAnswers: readonly StoredAnswer[],
): SQL[] {
  return [
    fitCandidatesStatement(filters, viewer, true),
    fitMembersStatement(postingIds),
    fitPairsStatement(userIds, viewerAnswers),
  ];
}
