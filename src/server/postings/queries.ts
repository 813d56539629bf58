/** SQL of the postings feature: the service decides, these only read and write rows. */
import { asc, count, eq, getTableColumns, inArray, sql, type Table } from 'drizzle-orm';
import type { PingStatus } from '../../shared/options';
import type { PostingWrite } from '../../shared/schemas/posting';
import { type Executor, queryRows, toCount } from '../db/client';
import { memberSharing, posting, postingFulfilment, postingImage, postingMember, postingWalk } from '../db/schema';
import type { MemberRecord } from '../groups/queries';
import type { LocationWrite } from './location';

export type { Executor };

export type PostingRow = typeof posting.$inferSelect;
export type PostingImageRow = typeof postingImage.$inferSelect;

interface NewImageRow {
  id: string;
  cardKey: string;
  fullKey: string;
  width: number;
  height: number;
}

/** A kept image keeps its creation time. */
export type ImageRowInput = NewImageRow & { createdAt?: Date };

/** A student's latest ping to a posting, as its detail answer shows it to them. */
export interface ViewerPing {
  id: string;
  status: PingStatus;
  createdAt: string;
}

/** What a posting's detail answer is made of, the same for every viewer. */
export interface PostingSource {
  posting: PostingRow;
  images: PostingImageRow[];
  /** Each student who pinged the posting (by user id), with their latest ping. */
  latestPings: ReadonlyMap<string, ViewerPing>;
  members: MemberRecord[];
  /** Walking minutes to each campus place, as stored when it was saved. */
  walks: { placeKey: string; minutes: number }[];
}

function postingColumns(write: PostingWrite, location: LocationWrite) {
  const { members: _members, ...fields } = write;
  const { walks: _walks, ...located } = location;
  return { ...fields, ...located };
}

/** The posting's walking minutes, replaced whole with every save. */
async function replaceWalks(tx: Executor, postingId: string, walks: LocationWrite['walks']): Promise<void> {
  await tx.delete(postingWalk).where(eq(postingWalk.postingId, postingId));
  if (walks.length === 0) return;
  await tx
    .insert(postingWalk)
    .values(walks.map((walk) => ({ postingId, placeKey: walk.placeKey, minutes: walk.minutes })));
}

export async function findPosting(db: Executor, id: string): Promise<PostingRow | undefined> {
  const [row] = await db.select().from(posting).where(eq(posting.id, id));
  return row;
}

/** Locks the posting's row until the transaction ends, so concurrent edits apply one after another. */
export async function lockPosting(tx: Executor, id: string): Promise<PostingRow | undefined> {
  const [row] = await tx.select().from(posting).where(eq(posting.id, id)).for('update');
  return row;
}

/** JSON from to_jsonb(row) as the row Drizzle would have read: camelCase keys, Dates, numbers. */
function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

interface MemberJson {
  row: Record<string, unknown>;
  accountName: string | null;
  accountEmail: string | null;
  sharing: Record<string, unknown> | null;
}

interface PingJson {
  id: string;
  searcher: string;
  status: PingStatus;
  createdAt: string;
}

/**
 * Everything of a posting's detail answer that is the same for every viewer, in one statement: the
 * row, its images in order, each pinger's latest ping, and the member rows in order, each joined one
 * with its account's name and e-mail and what they share. Null when there is no such posting.
 */
export async function loadPostingSource(db: Executor, id: string): Promise<PostingSource | null> {
  const [found] = await db
    .select({
      posting,
      images: sql<Record<string, unknown>[]>`(
        SELECT coalesce(json_agg(to_jsonb(i) ORDER BY i.position), '[]') FROM posting_image i
        WHERE i.posting_id = posting.id)`,
      // Each student who pinged counts once, however often they pinged: their latest ping.
      pings: sql<PingJson[]>`(
        SELECT coalesce(json_agg(json_build_object(
          'id', l.id, 'searcher', l.searcher_user_id, 'status', l.status, 'createdAt', l.created_at)), '[]')
        FROM (SELECT DISTINCT ON (g.searcher_user_id) g.id, g.searcher_user_id, g.status, g.created_at
          FROM ping g WHERE g.posting_id = posting.id
          ORDER BY g.searcher_user_id, g.created_at DESC, g.id DESC) l)`,
      // A joined member's account and sharing; the rows of those not joined stand alone.
      members: sql<MemberJson[]>`(
        SELECT coalesce(json_agg(json_build_object(
          'row', to_jsonb(m), 'accountName', u.name, 'accountEmail', u.email, 'sharing', to_jsonb(s))
          ORDER BY m.position), '[]')
        FROM posting_member m
        LEFT JOIN "user" u ON u.id = m.user_id AND m.state = 'joined'
        LEFT JOIN member_sharing s ON s.user_id = m.user_id AND m.state = 'joined'
        WHERE m.posting_id = posting.id)`,
      walks: sql<{ placeKey: string; minutes: number }[]>`(
        SELECT coalesce(json_agg(json_build_object('placeKey', w.place_key, 'minutes', w.minutes)), '[]')
        FROM posting_walk w WHERE w.posting_id = posting.id)`,
    })
    .from(posting)
    .where(eq(posting.id, id));
  if (!found) return null;
  const latestPings = new Map<string, ViewerPing>();
  for (const p of found.pings) {
    latestPings.set(p.searcher, { id: p.id, status: p.status, createdAt: new Date(p.createdAt).toISOString() });
  }
  return {
    posting: found.posting,
    images: found.images.map((image) => rowFromJson(postingImage, image)),
    latestPings,
    members: found.members.map((m) => ({
      row: rowFromJson(postingMember, m.row),
      accountName: m.accountName,
      accountEmail: m.accountEmail,
      sharing: m.sharing ? rowFromJson(memberSharing, m.sharing) : null,
    })),
    walks: found.walks,
  };
}

export async function listImages(db: Executor, postingId: string): Promise<PostingImageRow[]> {
  return db
    .select()
    .from(postingImage)
    .where(eq(postingImage.postingId, postingId))
    .orderBy(asc(postingImage.position));
}

async function insertImages(tx: Executor, postingId: string, images: readonly ImageRowInput[]): Promise<void> {
  if (images.length === 0) return;
  await tx.insert(postingImage).values(images.map((image, position) => ({ ...image, postingId, position })));
}

export async function insertPosting(
  tx: Executor,
  id: string,
  adminUserId: string,
  write: PostingWrite,
  location: LocationWrite,
  images: readonly ImageRowInput[],
): Promise<void> {
  await tx.insert(posting).values({ id, adminUserId, ...postingColumns(write, location) });
  await insertImages(tx, id, images);
  await replaceWalks(tx, id, location.walks);
}

/** An admin's edit or status change: the posting is fresh again (no reminder pending, not stale). */
const freshAgain = { renewalRemindedAt: null, renewalNonce: null, staleAt: null } as const;

/**
 * Replaces the whole field set and the ordered image list of one posting (its member rows are the
 * groups feature's: merged by it in the same transaction). The posting is fresh again; a hidden one
 * is marked appealed (it goes back to the moderators' queue).
 */
export async function replacePosting(
  tx: Executor,
  id: string,
  write: PostingWrite,
  location: LocationWrite,
  images: readonly ImageRowInput[],
  { appeal = false }: { appeal?: boolean } = {},
): Promise<void> {
  await tx
    .update(posting)
    .set({ ...postingColumns(write, location), ...freshAgain, ...(appeal ? { appealedAt: new Date() } : {}) })
    .where(eq(posting.id, id));
  await tx.delete(postingImage).where(eq(postingImage.postingId, id));
  await insertImages(tx, id, images);
  await replaceWalks(tx, id, location.walks);
}

export async function updateStatus(db: Executor, id: string, status: PostingRow['status']): Promise<void> {
  await db
    .update(posting)
    .set({ status, ...freshAgain })
    .where(eq(posting.id, id));
}

/** 'Still looking': updated now, no reminder pending, not stale. */
export async function renewPosting(db: Executor, id: string): Promise<void> {
  await db
    .update(posting)
    .set({ updatedAt: new Date(), ...freshAgain })
    .where(eq(posting.id, id));
}

/** A posting the freshness job reminded, with what its e-mail needs. */
export interface ReminderRow {
  id: string;
  dorm: string | null;
  address: string | null;
  renewal_nonce: string;
  admin_email: string;
  admin_name: string;
}

/**
 * Claims up to `limit` postings not updated since `cutoff` and not yet reminded, and gives each a
 * reminder nonce. Rows another server is claiming are skipped (SKIP LOCKED) and the UPDATE's own
 * WHERE re-checks the reminder, so each posting is reminded once however many servers run this.
 * The UPDATE names its columns, so a posting's updated_at is left alone.
 */
export function claimRemindersDue(tx: Executor, cutoff: Date, now: Date, limit: number): Promise<ReminderRow[]> {
  return queryRows<ReminderRow>(
    tx,
    sql`UPDATE posting p
      SET renewal_reminded_at = ${now.toISOString()}::timestamptz, renewal_nonce = gen_random_uuid()
      FROM "user" u
      WHERE u.id = p.admin_user_id
        AND p.renewal_reminded_at IS NULL AND p.stale_at IS NULL AND p.hidden_at IS NULL
        AND p.id IN (
          SELECT d.id FROM posting d
          WHERE d.renewal_reminded_at IS NULL AND d.stale_at IS NULL AND d.hidden_at IS NULL
            AND d.updated_at < ${cutoff.toISOString()}::timestamptz AND d.status <> 'Fulfilled'
          ORDER BY d.updated_at
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
      RETURNING p.id, p.dorm, p.address, p.renewal_nonce, u.email AS admin_email, u.name AS admin_name`,
  );
}

/** Marks stale the postings reminded before `cutoff` whose admin did not answer; returns their ids. */
export async function markStaleDue(tx: Executor, cutoff: Date, now: Date, limit: number): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`UPDATE posting p SET stale_at = ${now.toISOString()}::timestamptz
      WHERE p.stale_at IS NULL AND p.renewal_reminded_at IS NOT NULL
        AND p.id IN (
          SELECT d.id FROM posting d
          WHERE d.stale_at IS NULL AND d.renewal_reminded_at IS NOT NULL
            AND d.renewal_reminded_at < ${cutoff.toISOString()}::timestamptz
          ORDER BY d.renewal_reminded_at
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
      RETURNING p.id`,
  );
  return rows.map((row) => row.id);
}

/** Records that the posting was marked Fulfilled; a posting counts once, however often it is marked. */
export async function recordFulfilment(tx: Executor, postingId: string): Promise<void> {
  await tx.insert(postingFulfilment).values({ postingId }).onConflictDoNothing();
}

/** How many postings this deployment has seen marked Fulfilled (deleted ones included). */
export async function countFulfilments(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(postingFulfilment);
  return toCount(row?.n);
}

/** Deletes the posting; members, images, bookmarks and pings go with it (ON DELETE CASCADE). */
export async function deletePosting(tx: Executor, id: string): Promise<void> {
  await tx.delete(posting).where(eq(posting.id, id));
}

/** Deletes every posting a user administers (cascading as above); returns their images' storage keys. */
export async function deletePostingsOfAdmin(tx: Executor, adminUserId: string): Promise<string[]> {
  const images = await tx
    .select({ cardKey: postingImage.cardKey, fullKey: postingImage.fullKey })
    .from(postingImage)
    .innerJoin(posting, eq(posting.id, postingImage.postingId))
    .where(eq(posting.adminUserId, adminUserId));
  await tx.delete(posting).where(eq(posting.adminUserId, adminUserId));
  return images.flatMap((row) => [row.cardKey, row.fullKey]);
}

/** Of these keys, the ones some posting image still references. */
export async function referencedKeys(db: Executor, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const batch = keys.slice(i, i + 500);
    const [cards, fulls] = await Promise.all([
      db.select({ key: postingImage.cardKey }).from(postingImage).where(inArray(postingImage.cardKey, batch)),
      db.select({ key: postingImage.fullKey }).from(postingImage).where(inArray(postingImage.fullKey, batch)),
    ]);
    for (const row of [...cards, ...fulls]) found.add(row.key);
  }
  return found;
}
