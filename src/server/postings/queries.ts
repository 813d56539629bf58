/** SQL of the postings feature: the service decides, these only read and write rows. */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { PostingWrite } from '../../shared/schemas/posting';
import { type Database, toCount } from '../db/client';
import { bookmark, ping, posting, postingImage, postingMember } from '../db/schema';

/** A transaction handle or the database: both run the same queries. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type PostingRow = typeof posting.$inferSelect;
export type PostingMemberRow = typeof postingMember.$inferSelect;
export type PostingImageRow = typeof postingImage.$inferSelect;

export interface NewImageRow {
  id: string;
  cardKey: string;
  fullKey: string;
  width: number;
  height: number;
}

/** A kept image keeps its creation time. */
export type ImageRowInput = NewImageRow & { createdAt?: Date };

export interface PostingRecord {
  posting: PostingRow;
  members: PostingMemberRow[];
  images: PostingImageRow[];
  interestCount: number;
  viewerBookmarked: boolean;
}

function postingColumns(write: PostingWrite) {
  const { members: _members, ...fields } = write;
  return fields;
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

export async function loadPostingRecord(db: Database, id: string, viewerId: string): Promise<PostingRecord | null> {
  const row = await findPosting(db, id);
  if (!row) return null;
  const [members, images, pings, bookmarks] = await Promise.all([
    db.select().from(postingMember).where(eq(postingMember.postingId, id)).orderBy(asc(postingMember.position)),
    db.select().from(postingImage).where(eq(postingImage.postingId, id)).orderBy(asc(postingImage.position)),
    db.select({ n: count() }).from(ping).where(eq(ping.postingId, id)),
    db
      .select({ n: count() })
      .from(bookmark)
      .where(and(eq(bookmark.postingId, id), eq(bookmark.userId, viewerId))),
  ]);
  return {
    posting: row,
    members,
    images,
    interestCount: toCount(pings[0]?.n),
    viewerBookmarked: toCount(bookmarks[0]?.n) > 0,
  };
}

export async function listImages(db: Executor, postingId: string): Promise<PostingImageRow[]> {
  return db
    .select()
    .from(postingImage)
    .where(eq(postingImage.postingId, postingId))
    .orderBy(asc(postingImage.position));
}

async function insertMembers(tx: Executor, postingId: string, write: PostingWrite): Promise<void> {
  if (write.members.length === 0) return;
  await tx.insert(postingMember).values(write.members.map((m, position) => ({ ...m, postingId, position })));
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
  images: readonly ImageRowInput[],
): Promise<void> {
  await tx.insert(posting).values({ id, adminUserId, ...postingColumns(write) });
  await insertMembers(tx, id, write);
  await insertImages(tx, id, images);
}

/** Replaces the whole field set, the member list and the ordered image list of one posting. */
export async function replacePosting(
  tx: Executor,
  id: string,
  write: PostingWrite,
  images: readonly ImageRowInput[],
): Promise<void> {
  await tx.update(posting).set(postingColumns(write)).where(eq(posting.id, id));
  await tx.delete(postingMember).where(eq(postingMember.postingId, id));
  await insertMembers(tx, id, write);
  await tx.delete(postingImage).where(eq(postingImage.postingId, id));
  await insertImages(tx, id, images);
}

export async function updateStatus(db: Executor, id: string, status: PostingRow['status']): Promise<void> {
  await db.update(posting).set({ status }).where(eq(posting.id, id));
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
