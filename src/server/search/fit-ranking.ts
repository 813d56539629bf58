/**
 * The ranking of 'Best fit' (docs/decisions/0015 and 0021): the window of candidates, their groups'
 * linked accounts and the viewer's pair sums come from small statements (queries.ts); the pooling per
 * posting and the order are computed here, with the sums of the shared model (src/shared/lifestyle.ts).
 * Members are read in chunks of candidates, so no single statement holds the embedded database long.
 */
import type { SearchFilters } from '../../shared/schemas/filters';
import { type Executor, toCount } from '../db/client';
import {
  type FitCandidate,
  type FitViewer,
  fitCandidates,
  fitMembers,
  fitPairs,
  type PairSums,
  viewerFitAnswers,
} from './fit-queries';
import { type Cursor, cardsById, type SearchRow } from './queries';

/** Candidates whose members one statement reads (and whose linked accounts one statement scores). */
const CHUNK = 100;

export interface FitRow extends SearchRow {
  fit_key: number;
  fit_agreed: number | null;
  fit_total: number | null;
  fit_dealbreaker: boolean | null;
}

interface Ranked {
  candidate: FitCandidate;
  key: number;
  agreed: number | null;
  total: number | null;
  dealbreaker: boolean | null;
}

/** The order key: no dealbreaker first, then the share of agreeing weight in thousandths; unscored last. */
function keyOf(agreed: number, total: number, dealbreaker: boolean): number {
  return (dealbreaker ? 0 : 1001) + (total === 0 ? 1000 : Math.round((agreed * 1000) / total));
}

/** Descending by (key, created_at, id), as the cursor pages. */
function compare(a: { key: number; created: string; id: string }, b: { key: number; created: string; id: string }) {
  if (a.key !== b.key) return b.key - a.key;
  if (a.created !== b.created) return a.created < b.created ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** The rows of one 'Best fit' page (`take` of them, the first page's with the count). */
export async function rankedFitRows(
  db: Executor,
  viewer: FitViewer,
  filters: SearchFilters,
  questionKeys: readonly string[],
  cursor: Extract<Cursor, { kind: 'fit' }> | undefined,
  take: number,
): Promise<FitRow[]> {
  const answers = await viewerFitAnswers(db, viewer.id, questionKeys);
  const candidates = await fitCandidates(db, filters, viewer, cursor === undefined);
  const pairs = new Map<string, PairSums | null>();
  const groups = new Map<string, Set<string>>(candidates.map((c) => [c.id, new Set([c.admin_user_id])]));
  if (answers.length > 0) {
    for (let from = 0; from < candidates.length; from += CHUNK) {
      const chunk = candidates.slice(from, from + CHUNK);
      for (const { posting_id, user_id } of await fitMembers(
        db,
        chunk.map((c) => c.id),
      )) {
        groups.get(posting_id)?.add(user_id);
      }
      const unseen = new Set<string>();
      for (const c of chunk) for (const userId of groups.get(c.id) ?? []) if (!pairs.has(userId)) unseen.add(userId);
      unseen.delete(viewer.id);
      for (const userId of unseen) pairs.set(userId, null);
      for (const row of await fitPairs(db, [...unseen], answers)) pairs.set(row.user_id, row);
    }
  }
  const ranked: Ranked[] = candidates.map((candidate) => {
    let agreed = 0;
    let total = 0;
    let dealbreaker = false;
    let compared = false;
    for (const userId of groups.get(candidate.id) ?? []) {
      const pair = userId === viewer.id ? null : pairs.get(userId);
      if (!pair) continue;
      compared = true;
      agreed += toCount(pair.agreed);
      total += toCount(pair.total);
      dealbreaker ||= pair.dealbreaker === true;
    }
    return compared
      ? { candidate, key: keyOf(agreed, total, dealbreaker), agreed, total, dealbreaker }
      : { candidate, key: -1, agreed: null, total: null, dealbreaker: null };
  });
  const order = (r: Ranked) => ({ key: r.key, created: r.candidate.created_at, id: r.candidate.id });
  const after = cursor ? { key: cursor.fitKey, created: cursor.createdAt, id: cursor.id } : undefined;
  const page = ranked
    .filter((r) => after === undefined || compare(order(r), after) > 0)
    .sort((a, b) => compare(order(a), order(b)))
    .slice(0, take);
  const cards = new Map(
    (
      await cardsById(
        db,
        page.map((r) => r.candidate.id),
      )
    ).map((row) => [row.id, row]),
  );
  const count = candidates[0]?.total_count;
  return page.flatMap((r) => {
    const card = cards.get(r.candidate.id);
    // A posting deleted between the statements is left out of the page.
    if (!card) return [];
    return [
      {
        ...card,
        ...(count === undefined ? {} : { total_count: count }),
        fit_key: r.key,
        fit_agreed: r.agreed,
        fit_total: r.total,
        fit_dealbreaker: r.dealbreaker,
      },
    ];
  });
}
