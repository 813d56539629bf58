/**
 * The rules of saved searches and their alerts (issue 14).
 *
 * - A student saves the filters of /postings (read by the shared filter schema) with a name and
 *   an alert frequency; they list, rename, change the alert of, and delete their own.
 * - A posting that becomes listed (created, or re-opened from Fulfilled) leaves an event in the
 *   same transaction; the alerts job matches it against the active searches of other students and,
 *   in one transaction with taking the event: mails those alerting immediately (through the
 *   outbox) and keeps the rest for their daily digest. A student is told of a posting at most once
 *   (saved_search_alert_sent), never of their own.
 * - The digest job mails each student one e-mail per day with every match kept for them.
 * - An unsubscribe link (signed token) turns one search's alert off without signing in.
 */
import { isUuid } from '../../shared/ids';
import { matchesFilters } from '../../shared/matching';
import { messages } from '../../shared/messages';
import { postingValidation } from '../../shared/posting-validation-messages';
import { type AlertFrequency, SAVED_SEARCHES_MAX, savedSearchMessages } from '../../shared/saved-searches';
import { normaliseFilters, type SearchFilters, searchFiltersSchema } from '../../shared/schemas/filters';
import type { SavedSearchUpdate, SavedSearchView, UnsubscribeView } from '../../shared/schemas/saved-search';
import type { Viewer } from '../auth/session';
import type { AppConfig } from '../config';
import type { Database, Executor } from '../db/client';
import { AppError } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { createAlertMails, type MailSearch } from './mails';
import * as q from './queries';
import { checkUnsubscribeToken, unsubscribeToken } from './token';

const DIGEST_BATCH = 100;

const notFound = () =>
  new AppError(404, 'SAVED_SEARCH_NOT_FOUND', savedSearchMessages.notFound.title, savedSearchMessages.notFound.message);
const expiredLink = () =>
  new AppError(
    410,
    'UNSUBSCRIBE_LINK_EXPIRED',
    savedSearchMessages.unsubscribe.expired.title,
    savedSearchMessages.unsubscribe.expired.message,
  );
const invalidLink = () =>
  new AppError(
    400,
    'INVALID_UNSUBSCRIBE_LINK',
    savedSearchMessages.unsubscribe.invalid.title,
    savedSearchMessages.unsubscribe.invalid.message,
  );

/**
 * The most recent daily cut-off at or before `now`: today's digest hour (the college config's
 * `alerts.digestHourUtc`), or yesterday's.
 */
export function digestCutoff(now: Date, hourUtc: number): Date {
  const cutoff = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hourUtc));
  if (cutoff.getTime() > now.getTime()) cutoff.setUTCDate(cutoff.getUTCDate() - 1);
  return cutoff;
}

/** The stored filters read back through the schema (a search saved before a schema change still opens). */
function readFilters(stored: unknown): SearchFilters {
  const parsed = searchFiltersSchema.safeParse(stored);
  return normaliseFilters(parsed.success ? parsed.data : searchFiltersSchema.parse({}));
}

function toView(row: q.SavedSearchRow): SavedSearchView {
  return {
    id: row.id,
    name: row.name,
    alert: row.alert,
    filters: readFilters(row.filters),
    createdAt: row.createdAt.toISOString(),
  };
}

export interface SavedSearchServiceDeps {
  db: Database;
  config: AppConfig;
}

export interface CreateInput {
  name: string;
  alert: AlertFrequency;
  filters: SearchFilters;
}

export function createSavedSearchService({ db, config }: SavedSearchServiceDeps) {
  const mails = createAlertMails(config);
  const dormKeys = new Set(config.college.dorms.map((dorm) => dorm.key));
  const placeKeys = new Set(config.college.campusPlaces.map((place) => place.key));

  const mailSearch = (search: { id: string; name: string; alert: AlertFrequency }, userId: string): MailSearch => {
    const query = `id=${encodeURIComponent(search.id)}&token=${unsubscribeToken(config.authSecret, search.id, userId)}`;
    return {
      id: search.id,
      name: search.name,
      alert: search.alert,
      unsubscribePageUrl: `${config.publicUrl}/alerts/unsubscribe?${query}`,
      unsubscribeApiUrl: `${config.publicUrl}/api/saved-searches/unsubscribe?${query}`,
    };
  };

  async function list(viewer: Viewer): Promise<SavedSearchView[]> {
    return (await q.listForUser(db, viewer.id)).map(toView);
  }

  async function create(viewer: Viewer, input: CreateInput): Promise<SavedSearchView> {
    const filters = normaliseFilters(input.filters);
    if (filters.dorm !== undefined && !dormKeys.has(filters.dorm)) {
      throw new AppError(400, 'VALIDATION_FAILED', savedSearchMessages.failedTitle, postingValidation.unknownDorm, [
        postingValidation.unknownDorm,
      ]);
    }
    if (filters.walkPlace !== undefined && !placeKeys.has(filters.walkPlace)) {
      const message = messages.api.unknownPlace;
      throw new AppError(400, 'VALIDATION_FAILED', savedSearchMessages.failedTitle, message, [message]);
    }
    const row = await db.transaction(async (tx) => {
      await q.lockUser(tx, viewer.id);
      if ((await q.countForUser(tx, viewer.id)) >= SAVED_SEARCHES_MAX) {
        const message = savedSearchMessages.tooMany(SAVED_SEARCHES_MAX);
        throw new AppError(409, 'TOO_MANY_SAVED_SEARCHES', savedSearchMessages.failedTitle, message, [message]);
      }
      return q.insert(tx, { userId: viewer.id, name: input.name, alert: input.alert, filters });
    });
    return toView(row);
  }

  async function update(viewer: Viewer, id: string, changes: SavedSearchUpdate): Promise<SavedSearchView> {
    if (!isUuid(id)) throw notFound();
    const row = await db.transaction(async (tx) => {
      const updated = await q.update(tx, id, viewer.id, changes);
      if (!updated) throw notFound();
      if (updated.alert === 'off') await q.dropDigestItems(tx, id);
      return updated;
    });
    return toView(row);
  }

  async function remove(viewer: Viewer, id: string): Promise<void> {
    if (!isUuid(id)) throw notFound();
    if (!(await q.remove(db, id, viewer.id))) throw notFound();
  }

  /* ---------- unsubscribe (no sign-in: the token is the authority) ---------- */

  async function searchForToken(id: string | undefined, token: string | undefined): Promise<q.SavedSearchRow> {
    if (typeof id !== 'string' || typeof token !== 'string' || !isUuid(id) || token.length > 200) {
      throw invalidLink();
    }
    const row = await q.findById(db, id);
    if (!row) throw invalidLink();
    const verdict = checkUnsubscribeToken(config.authSecret, row.id, row.userId, token);
    if (verdict === 'expired') throw expiredLink();
    if (verdict !== 'valid') throw invalidLink();
    return row;
  }

  /** GET: what the link is about; changes nothing (mail scanners follow links). */
  async function describeUnsubscribe(id: string | undefined, token: string | undefined): Promise<UnsubscribeView> {
    const row = await searchForToken(id, token);
    return { name: row.name, alert: row.alert };
  }

  /** POST: turns that search's alert off. */
  async function unsubscribe(id: string | undefined, token: string | undefined): Promise<UnsubscribeView> {
    const row = await searchForToken(id, token);
    const updated = await db.transaction(async (tx) => {
      const changed = await q.update(tx, row.id, row.userId, { alert: 'off' });
      if (!changed) throw invalidLink();
      await q.dropDigestItems(tx, row.id);
      return changed;
    });
    return { name: updated.name, alert: updated.alert };
  }

  /* ---------- alerts ---------- */

  /** Called in the transaction that creates a posting or re-opens it from Fulfilled. */
  async function postingListed(tx: Executor, postingId: string): Promise<void> {
    await q.insertEvent(tx, postingId);
  }

  /**
   * The searches that match `posting`: the index narrows, the shared filter semantics decide.
   * Stored filters are the schema's own output (normalised on every write), so they are used as
   * they are; reading each through the schema again would cost more than the query.
   */
  async function matchingSearches(tx: Executor, posting: q.AlertPosting): Promise<q.Candidate[]> {
    const candidates = await q.candidatesFor(tx, posting);
    return candidates.filter((candidate) => matchesFilters(posting, candidate.filters as Partial<SearchFilters>));
  }

  /** Matches one posting in the caller's transaction: immediate alerts queued, digest matches kept. */
  async function alertFor(tx: Executor, posting: q.AlertPosting): Promise<{ mailed: number; queued: number }> {
    const byUser = new Map<string, q.Candidate[]>();
    for (const match of await matchingSearches(tx, posting)) {
      byUser.set(match.userId, [...(byUser.get(match.userId) ?? []), match]);
    }
    let mailed = 0;
    let queued = 0;
    for (const [userId, matches] of byUser) {
      const now = matches.find((match) => match.alert === 'immediately');
      if (now) {
        if (await q.recordSent(tx, userId, posting.id, now.id)) {
          await enqueueMail(tx, [mails.immediate({ to: now.email, userId, posting, search: mailSearch(now, userId) })]);
          mailed += 1;
        }
        await q.dropDigestItem(tx, userId, posting.id);
        continue;
      }
      const daily = matches[0];
      if (daily) {
        await q.queueForDigest(tx, userId, posting.id, daily.id);
        queued += 1;
      }
    }
    return { mailed, queued };
  }

  /**
   * The alerts job: matches every posting listed since the last run. Each event is taken and its
   * mail written in one transaction, so a crash leaves it to be matched again, never half done.
   */
  async function processEvents(): Promise<{ postings: number; mailed: number; queued: number }> {
    const report = { postings: 0, mailed: 0, queued: 0 };
    for (;;) {
      const done = await db.transaction(async (tx) => {
        const event = await q.claimEvent(tx);
        if (!event) return false;
        const [posting] = await q.loadPostings(tx, [event.postingId]);
        // Fulfilled again, or hidden by moderation, before the job came round: nothing to announce.
        if (posting && posting.status !== 'Fulfilled' && !posting.hidden) {
          const result = await alertFor(tx, posting);
          report.postings += 1;
          report.mailed += result.mailed;
          report.queued += result.queued;
        }
        return true;
      });
      if (!done) return report;
    }
  }

  /** The digest job: one e-mail per student with every match kept before the latest cut-off. */
  async function sendDigests(now: Date = new Date()): Promise<{ mailed: number }> {
    const cutoff = digestCutoff(now, config.college.alerts.digestHourUtc);
    let mailed = 0;
    for (;;) {
      const users = await q.usersDueForDigest(db, cutoff, DIGEST_BATCH);
      for (const userId of users) {
        const sent = await db.transaction(async (tx) => {
          if (!(await q.claimDigest(tx, userId, cutoff))) return false;
          const items = (await q.takeDigestItems(tx, userId, cutoff)).filter((item) => item.alert !== 'off');
          const to = await q.userEmail(tx, userId);
          if (!to || items.length === 0) return false;
          const postings = new Map(
            (
              await q.loadPostings(
                tx,
                items.map((item) => item.postingId),
              )
            ).map((posting) => [posting.id, posting]),
          );
          const entries: { posting: q.AlertPosting; search: MailSearch }[] = [];
          for (const item of items) {
            const posting = postings.get(item.postingId);
            // A posting hidden since it matched is left out, as one deleted or filled.
            if (!posting || posting.status === 'Fulfilled' || posting.hidden) continue;
            if (!(await q.recordSent(tx, userId, posting.id, item.savedSearchId))) continue;
            const search = { id: item.savedSearchId, name: item.searchName, alert: item.alert };
            entries.push({ posting, search: mailSearch(search, userId) });
          }
          if (entries.length === 0) return false;
          await enqueueMail(tx, [mails.digest({ to, userId, cutoff, entries })]);
          return true;
        });
        if (sent) mailed += 1;
      }
      if (users.length < DIGEST_BATCH) return { mailed };
    }
  }

  return {
    list,
    create,
    update,
    remove,
    describeUnsubscribe,
    unsubscribe,
    postingListed,
    matchingSearches,
    processEvents,
    sendDigests,
  };
}

export type SavedSearchService = ReturnType<typeof createSavedSearchService>;
