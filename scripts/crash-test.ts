/**
 * `npm run test:crash` (issue 12, item 5): the real server on PGlite is killed with SIGKILL in the
 * middle of writes (postings with images, pings, bookmarks, joining and leaving groups) CRASH_CYCLES
 * times (default 20) and
 * restarted each time. After every kill it checks, on the database and the uploads folder:
 *   - the database opens (as the server does, then again directly);
 *   - no half-saved posting: each posting has exactly the images its request carried, and every
 *     image row has both of its files;
 *   - every acknowledged write (201/200 answer) is present: a join's row is joined (or gone, if a
 *     leave of it was cut off by the kill), a leave's row gone, a ping's conversation and every conversation message (issue 19) there;
 *   - every group's size is its number of member rows (a join or leave is never half-done);
 *   - no half-signed agreement (issue 34): every acknowledged version and signature is there, each
 *     group's versions run 1, 2, 3... with the hash of their own text, and every signature is on
 *     its version's hash;
 *   - after the restart (whose start-up sweep removes unreferenced files; ORPHAN_FILE_GRACE_SECONDS=0
 *     here, a single server), no file in uploads that no image row references.
 * Exits 1 with the first problem found. Prints how long it took.
 */

import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import { type DatabaseHandle, openDatabase } from '../src/server/db/client';
import { agreementText } from '../src/shared/agreement-signatures';
import { freePort, repoRoot, startReady, stopGracefully } from './lib/server-process';
import { postingBody, postingForm, request, type Student, sampleJpeg, seedStudents, signIn } from './lib/students';

const CYCLES = Number(process.env.CRASH_CYCLES ?? 20);
const STUDENTS = 16;
const started = Date.now();

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qm-crash-'));
const env = {
  DATA_DIR: dataDir,
  AUTH_SECRET: 'crash-test-secret-that-is-long-enough-0123456789',
  ORPHAN_FILE_GRACE_SECONDS: '0',
};
const config = loadConfig({ ...env, PUBLIC_URL: 'http://127.0.0.1:3000' }, repoRoot);
const dorms = config.college.dorms.map((dorm) => dorm.key);
const uploadsDir = path.join(dataDir, 'uploads');

function fail(message: string): never {
  process.stderr.write(`crash test FAILED: ${message}\n`);
  process.exit(1);
}

const openDb = () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
const rows = async <T>(db: DatabaseHandle, text: string): Promise<T[]> =>
  ((await db.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;

/** Every stored file under uploads, as storage keys. */
function storedKeys(): string[] {
  const root = path.join(uploadsDir, 'postings');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true })
    .map(String)
    .filter((entry) => entry.endsWith('.webp'))
    .map((entry) => `postings/${entry.split(path.sep).join('/')}`);
}

interface Acknowledged {
  postings: Map<string, number>;
  pings: Set<string>;
  bookmarks: Set<string>;
  /** Member rows joined (row id to the student), and rows left (issue 23). */
  joins: Map<string, string>;
  leaves: Set<string>;
  /**
   * Rows whose leave was asked for and not acknowledged: one the kill cut off may have been done, so
   * such a row may be gone; if it is there, it is still joined.
   */
  leavesAsked: Set<string>;
  /** Conversation messages (issue 19): their sequences, and each acknowledged ping's conversation. */
  messages: Set<number>;
  conversations: Map<string, string>;
  /** Roommate agreements (issue 34): versions ('posting/version') and signatures ('posting/version/user'). */
  agreementVersions: Set<string>;
  signatures: Set<string>;
}
const acknowledged: Acknowledged = {
  postings: new Map(),
  pings: new Set(),
  bookmarks: new Set(),
  joins: new Map(),
  leaves: new Set(),
  leavesAsked: new Set(),
  messages: new Set(),
  conversations: new Map(),
  agreementVersions: new Set(),
  signatures: new Set(),
};

/** Checks the database and the uploads folder; `swept` says the start-up sweep has run since the kill. */
async function check(cycle: number, swept: boolean): Promise<{ postings: number; orphans: number }> {
  let db: DatabaseHandle;
  try {
    db = await openDb();
  } catch (error) {
    fail(`cycle ${cycle}: the database does not open: ${(error as Error).message}`);
  }
  try {
    const postings = await rows<{ id: string; description: string | null; images: number }>(
      db,
      `select p.id, p.description, (select count(*)::int from posting_image i where i.posting_id = p.id) as images
       from posting p`,
    );
    for (const p of postings) {
      const declared = /images=(\d+)/.exec(p.description ?? '');
      if (declared && Number(declared[1]) !== p.images)
        fail(`cycle ${cycle}: posting ${p.id} has ${p.images} image rows, its request carried ${declared[1]}`);
    }
    const ids = new Set(postings.map((p) => p.id));
    for (const [id, images] of acknowledged.postings) {
      if (!ids.has(id)) fail(`cycle ${cycle}: acknowledged posting ${id} is missing`);
      const found = postings.find((p) => p.id === id);
      if (found && found.images !== images) fail(`cycle ${cycle}: posting ${id} lost images`);
    }
    const images = await rows<{ card_key: string; full_key: string }>(
      db,
      'select card_key, full_key from posting_image',
    );
    const files = new Set(storedKeys());
    for (const image of images) {
      for (const key of [image.card_key, image.full_key])
        if (!files.has(key)) fail(`cycle ${cycle}: image row without its file ${key}`);
    }
    const pingIds = new Set((await rows<{ id: string }>(db, 'select id from ping')).map((r) => r.id));
    for (const id of acknowledged.pings)
      if (!pingIds.has(id)) fail(`cycle ${cycle}: acknowledged ping ${id} is missing`);
    // Issue 19: each acknowledged ping has its conversation, and every acknowledged message is there.
    const conversationOf = new Map(
      (await rows<{ id: string; ping_id: string }>(db, 'select id, ping_id from conversation')).map((r) => [
        r.ping_id,
        r.id,
      ]),
    );
    for (const [pingId, conversationId] of acknowledged.conversations)
      if (conversationOf.get(pingId) !== conversationId)
        fail(`cycle ${cycle}: acknowledged ping ${pingId} lost its conversation ${conversationId}`);
    const seqs = new Set(
      (await rows<{ seq: string | number }>(db, 'select seq from conversation_message')).map((r) => Number(r.seq)),
    );
    for (const seq of acknowledged.messages)
      if (!seqs.has(seq)) fail(`cycle ${cycle}: acknowledged message ${seq} is missing`);
    const bookmarks = new Set(
      (await rows<{ k: string }>(db, "select user_id || '/' || posting_id as k from bookmark")).map((r) => r.k),
    );
    for (const k of acknowledged.bookmarks)
      if (!bookmarks.has(k)) fail(`cycle ${cycle}: acknowledged bookmark ${k} is missing`);
    const members = await rows<{ id: string; user_id: string | null; state: string }>(
      db,
      'select id, user_id, state from posting_member',
    );
    const memberById = new Map(members.map((m) => [m.id, m]));
    for (const [id, userId] of acknowledged.joins) {
      if (acknowledged.leaves.has(id)) continue;
      const row = memberById.get(id);
      if (!row && acknowledged.leavesAsked.has(id)) continue;
      if (row?.state !== 'joined' || row.user_id !== userId)
        fail(`cycle ${cycle}: acknowledged join ${id} is not a joined row of its student`);
    }
    for (const id of acknowledged.leaves)
      if (memberById.has(id)) fail(`cycle ${cycle}: acknowledged leave ${id} left its row behind`);
    const sizes = await rows<{ id: string }>(
      db,
      `select p.id from posting p
       where p.cur_group_size <> (select count(*)::int from posting_member m where m.posting_id = p.id)`,
    );
    if (sizes.length > 0) fail(`cycle ${cycle}: posting ${sizes[0]?.id} has a size other than its member rows`);
    await checkAgreements(db, cycle);
    const referenced = new Set(images.flatMap((image) => [image.card_key, image.full_key]));
    const orphans = [...files].filter((key) => !referenced.has(key));
    if (swept && orphans.length > 0) fail(`cycle ${cycle}: ${orphans.length} unreferenced files after the sweep`);
    return { postings: postings.length, orphans: orphans.length };
  } finally {
    await db.close();
  }
}

/** No half-signed agreement: versions whole and in order, signatures on their version's hash, nothing acknowledged lost. */
async function checkAgreements(db: DatabaseHandle, cycle: number): Promise<void> {
  const versions = await rows<{
    posting_id: string;
    version: number;
    clauses: { title: string; text: string }[];
    text_hash: string;
  }>(db, 'select posting_id, version, clauses, text_hash from agreement_version order by posting_id, version');
  const hashOf = new Map<string, string>();
  const count = new Map<string, number>();
  for (const v of versions) {
    const expected = createHash('sha256').update(agreementText(v.version, v.clauses), 'utf8').digest('hex');
    if (v.text_hash !== expected)
      fail(`cycle ${cycle}: agreement ${v.posting_id} version ${v.version} has another text's hash`);
    const n = (count.get(v.posting_id) ?? 0) + 1;
    if (v.version !== n) fail(`cycle ${cycle}: agreement ${v.posting_id} has version ${v.version} where ${n} belongs`);
    count.set(v.posting_id, n);
    hashOf.set(`${v.posting_id}/${v.version}`, v.text_hash);
  }
  for (const key of acknowledged.agreementVersions)
    if (!hashOf.has(key)) fail(`cycle ${cycle}: acknowledged agreement version ${key} is missing`);
  const signatures = await rows<{ k: string; v: string; text_hash: string }>(
    db,
    "select posting_id || '/' || version || '/' || user_id as k, posting_id || '/' || version as v, text_hash from agreement_signature",
  );
  for (const sig of signatures)
    if (hashOf.get(sig.v) !== sig.text_hash) fail(`cycle ${cycle}: signature ${sig.k} is not on its version's text`);
  const signed = new Set(signatures.map((sig) => sig.k));
  for (const key of acknowledged.signatures)
    if (!signed.has(key)) fail(`cycle ${cycle}: acknowledged signature ${key} is missing`);
}

async function main() {
  const port = await freePort();
  // Seed the students on a migrated database before the server owns it.
  const setup = await openDb();
  await setup.migrate();
  const seeded = await seedStudents(setup.db, {
    count: STUDENTS,
    emailDomain: config.college.college.emailDomain,
    termsVersion: config.college.termsVersion,
    tag: 'crash',
  });
  await setup.close();

  let server = await startReady(port, env);
  const students: Student[] = [];
  for (const s of seeded) students.push(await signIn(server.url, s));
  const images = await Promise.all([0, 1, 2].map(sampleJpeg));
  const origin = server.url;

  let counter = 0;
  /** Each acknowledged posting's admin, and the conversations of pings to it (issue 19). */
  const owners = new Map<string, Student>();
  const conversations: { id: string; admin: Student }[] = [];
  /** Creates a posting; `invite` is a student listed (and so invited) as its second member. */
  async function createPosting(student: Student, invite?: Student): Promise<void> {
    counter += 1;
    const count = 1 + (counter % 3);
    const marker = `crash test posting ${counter}, images=${count}`;
    const form = postingForm(marker, dorms[counter % dorms.length] as string);
    if (invite) {
      const members = form.members as Record<string, string>[];
      members.push({ ...(members[0] as Record<string, string>), name: 'Invited', email: invite.email });
    }
    const { body, contentType } = await postingBody(form, images.slice(0, count));
    const answer = await request(origin, {
      method: 'POST',
      path: '/api/postings',
      headers: { cookie: student.cookie, origin, 'content-type': contentType },
      body,
    });
    if (answer.status === 201) {
      acknowledged.postings.set(JSON.parse(answer.body).id, count);
      owners.set(JSON.parse(answer.body).id, student);
    }
    // 16 writers may hold more uploads than the server's cap (issue 22): that refusal is the
    // product shedding load on purpose, unacknowledged and so owed nothing; any other 5xx fails.
    else if (answer.status >= 500 && !(answer.status === 503 && answer.body.includes('"UPLOADS_BUSY"')))
      fail(`create answered ${answer.status}: ${answer.body}`);
  }

  // Each student starts with one posting, so there is something to ping and bookmark, listing
  // the next student, who is invited to join it.
  for (const [n, student] of students.entries())
    await createPosting(student, students[(n + 1) % students.length] as Student);
  const targets = () => [...acknowledged.postings.keys()];
  /** The row each student joined and has not yet left. */
  const joined = new Map<string, { postingId: string; memberId: string }>();

  /** Joins the student's pending invitation, or leaves the group they joined. */
  async function joinOrLeave(student: Student): Promise<void> {
    const mine = joined.get(student.id);
    if (mine) {
      acknowledged.leavesAsked.add(mine.memberId);
      const answer = await request(origin, {
        method: 'POST',
        path: `/api/postings/${mine.postingId}/leave`,
        headers: { cookie: student.cookie, origin },
      });
      if (answer.status === 200) {
        acknowledged.leaves.add(mine.memberId);
        joined.delete(student.id);
      } else if (answer.status === 403 && answer.body.includes('"NOT_A_MEMBER"')) {
        // A leave the kill cut off was done: the student is free to join again.
        joined.delete(student.id);
      } else if (answer.status >= 500) fail(`leave answered ${answer.status}: ${answer.body}`);
      return;
    }
    const list = await request(origin, {
      method: 'GET',
      path: '/api/me/invitations',
      headers: { cookie: student.cookie },
    });
    if (list.status !== 200) {
      if (list.status >= 500) fail(`invitations answered ${list.status}: ${list.body}`);
      return;
    }
    const [invitation] = (JSON.parse(list.body) as { items: { id: string; postingId: string }[] }).items;
    if (!invitation) return;
    const answer = await request(origin, {
      method: 'POST',
      path: `/api/invitations/${invitation.id}/join`,
      headers: { cookie: student.cookie, origin },
    });
    if (answer.status === 200) {
      acknowledged.joins.set(invitation.id, student.id);
      joined.set(student.id, { postingId: invitation.postingId, memberId: invitation.id });
    } else if (answer.status >= 500) fail(`join answered ${answer.status}: ${answer.body}`);
  }

  /** The student's group's agreement (issue 34): a clause changed, or their signature, on the text read. */
  async function editOrSign(student: Student): Promise<void> {
    const postingId =
      joined.get(student.id)?.postingId ?? [...owners.entries()].find(([, owner]) => owner.id === student.id)?.[0];
    if (!postingId) return;
    const path = `/api/postings/${postingId}/agreement`;
    const read = await request(origin, { method: 'GET', path, headers: { cookie: student.cookie } });
    if (read.status !== 200) {
      if (read.status >= 500) fail(`agreement answered ${read.status}: ${read.body}`);
      return;
    }
    const { textHash, version } = JSON.parse(read.body) as { textHash: string; version: number };
    const edit = Math.random() < 0.3;
    const answer = await request(origin, {
      method: 'POST',
      path: edit ? `${path}/clauses/guests` : `${path}/signatures`,
      headers: { cookie: student.cookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify(
        edit
          ? { text: `Guests are announced ${counter} hours ahead.`, textHash }
          : { name: student.name, confirm: true, textHash },
      ),
    });
    if (answer.status === 200) {
      const after = JSON.parse(answer.body) as { version: number };
      for (let v = 1; v <= after.version; v += 1) acknowledged.agreementVersions.add(`${postingId}/${v}`);
      if (!edit) acknowledged.signatures.add(`${postingId}/${version}/${student.id}`);
    } else if (answer.status >= 500) fail(`agreement change answered ${answer.status}: ${answer.body}`);
  }

  async function writer(student: Student, stop: { stopped: boolean }) {
    while (!stop.stopped) {
      const kind = Math.random();
      try {
        if (kind < 0.4) await createPosting(student);
        else if (kind > 0.9) await joinOrLeave(student);
        else if (kind > 0.75 && kind <= 0.8) await editOrSign(student);
        else if (kind > 0.8 && conversations.length > 0) {
          // The group's admin writes in a conversation of a ping to their posting (issue 19).
          const { id, admin } = conversations[Math.floor(Math.random() * conversations.length)] as {
            id: string;
            admin: Student;
          };
          const answer = await request(origin, {
            method: 'POST',
            path: `/api/conversations/${id}/messages`,
            headers: { cookie: admin.cookie, origin, 'content-type': 'application/json' },
            body: JSON.stringify({ body: 'Still free: when can you visit?' }),
          });
          if (answer.status === 201) acknowledged.messages.add(JSON.parse(answer.body).seq);
          else if (answer.status >= 500) fail(`message answered ${answer.status}: ${answer.body}`);
        } else {
          const all = targets();
          const target = all[Math.floor(Math.random() * all.length)] as string;
          if (kind < 0.7) {
            const answer = await request(origin, {
              method: 'POST',
              path: `/api/postings/${target}/pings`,
              headers: { cookie: student.cookie, origin, 'content-type': 'application/json' },
              body: JSON.stringify({ message: 'Still looking?' }),
            });
            if (answer.status === 201) {
              const sent = JSON.parse(answer.body) as { id: string; conversationId: string };
              acknowledged.pings.add(sent.id);
              acknowledged.conversations.set(sent.id, sent.conversationId);
              const admin = owners.get(target);
              if (admin) conversations.push({ id: sent.conversationId, admin });
            } else if (answer.status >= 500) fail(`ping answered ${answer.status}: ${answer.body}`);
          } else {
            const answer = await request(origin, {
              method: 'PUT',
              path: `/api/postings/${target}/bookmark`,
              headers: { cookie: student.cookie, origin },
            });
            if (answer.status === 200) acknowledged.bookmarks.add(`${student.id}/${target}`);
            else if (answer.status >= 500) fail(`bookmark answered ${answer.status}: ${answer.body}`);
          }
        }
      } catch {
        // The connection died with the server: the write was not acknowledged.
        return;
      }
    }
  }

  /** Every storage key a posting references, read through the API of the running server. */
  async function referencedKeys(viewer: Student): Promise<Set<string>> {
    const keys = new Set<string>();
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({ location: 'oncampus', limit: '50', ...(cursor ? { cursor } : {}) });
      const page = await request(origin, {
        method: 'GET',
        path: `/api/postings?${query}`,
        headers: { cookie: viewer.cookie },
      });
      if (page.status !== 200) fail(`search answered ${page.status}: ${page.body}`);
      const json = JSON.parse(page.body) as { items: { id: string }[]; nextCursor: string | null };
      ids.push(...json.items.map((item) => item.id));
      cursor = json.nextCursor;
    } while (cursor);
    for (const id of ids) {
      const detail = await request(origin, {
        method: 'GET',
        path: `/api/postings/${id}`,
        headers: { cookie: viewer.cookie },
      });
      if (detail.status !== 200) fail(`detail answered ${detail.status}: ${detail.body}`);
      for (const image of (JSON.parse(detail.body) as { images: { cardUrl: string; fullUrl: string }[] }).images) {
        keys.add(image.cardUrl.replace('/api/images/', ''));
        keys.add(image.fullUrl.replace('/api/images/', ''));
      }
    }
    return keys;
  }

  let orphansSeen = 0;
  for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
    const stop = { stopped: false };
    const before = acknowledged.postings.size + acknowledged.pings.size + acknowledged.bookmarks.size;
    const postingsBefore = acknowledged.postings.size;
    const acknowledgedNow = () =>
      acknowledged.postings.size + acknowledged.pings.size + acknowledged.bookmarks.size - before;
    const writers = students.map((student) => writer(student, stop));
    // Kill once this round has an acknowledged posting and a few other writes (with more postings,
    // pings and bookmarks then in flight), at a random moment after that.
    const deadline = Date.now() + 120_000;
    while ((acknowledged.postings.size === postingsBefore || acknowledgedNow() < 3) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 400));
    server.child.kill('SIGKILL');
    await server.exited;
    stop.stopped = true;
    await Promise.all(writers);

    // Straight after the kill: the database opens, nothing half-saved, every acknowledged write there.
    const raw = await check(cycle, false);
    orphansSeen += raw.orphans;

    // A killed server leaves its lock; the first restart waits for it to go stale as an operator's
    // would, later ones remove it (the test knows the process is dead) to keep the run short.
    if (cycle > 1) rmSync(path.join(dataDir, 'server.lock'), { recursive: true, force: true });
    server = await startReady(port, env);
    // Ready means the start-up sweep has run: every file left in uploads must belong to a posting.
    const referenced = await referencedKeys(students[0] as Student);
    const left = storedKeys().filter((key) => !referenced.has(key));
    if (left.length > 0) fail(`cycle ${cycle}: ${left.length} unreferenced files after the restart: ${left[0]}`);
    process.stdout.write(
      `cycle ${cycle}: killed after ${acknowledgedNow()} acknowledged writes; ${raw.postings} postings; ` +
        `${raw.orphans} unreferenced files after the kill, 0 after the restart\n`,
    );
  }
  await stopGracefully(server);
  await check(CYCLES, true);
  rmSync(dataDir, { recursive: true, force: true });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  process.stdout.write(
    `crash test passed: ${CYCLES} SIGKILLs mid-write, ${acknowledged.postings.size} postings, ` +
      `${acknowledged.pings.size} pings, ${acknowledged.bookmarks.size} bookmarks, ` +
      `${acknowledged.joins.size} joins, ${acknowledged.leaves.size} leaves, ${acknowledged.messages.size} messages, ` +
      `${acknowledged.agreementVersions.size} agreement versions and ${acknowledged.signatures.size} signatures ` +
      'acknowledged and all present; ' +
      `no half-saved posting; ${orphansSeen} unreferenced files left by the kills, all removed at restart; ${seconds} s\n`,
  );
}

main().catch((error) => fail(error instanceof Error ? (error.stack ?? error.message) : String(error)));
