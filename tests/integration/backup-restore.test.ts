/**
 * Backups that restore (issue 32): a deployment seeded through the API (students, postings with
 * photos, a group joined by link, a ping and its conversation with messages, reads, a report, a
 * block, bookmarks, a saved search, lifestyle answers, a contact message, a posting report, a
 * moderator's action, live events and mail) is backed up and restored into an empty deployment,
 * and every table's rows and every image's bytes are compared; then the restored deployment
 * serves: a student signs in with their password and sees their posting's photos.
 *
 * Embedded database and disk images through the real `npm run backup` and `npm run restore`;
 * images in an S3 bucket (s3rver); and PostgreSQL when TEST_DATABASE_URL is set (a PGlite archive
 * into PostgreSQL, then PostgreSQL to PostgreSQL). Also: what is left out (sessions, tokens), the
 * refusals (a database with rows, a store with images, a damaged archive, a running server), and
 * a restore that fails half-way leaving nothing behind.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { and, desc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
// s3rver ships no types; only its constructor, run() and close() are used.
// @ts-expect-error: untyped CommonJS module
import S3rver from 's3rver';
import { create, extract } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashFile } from '../../src/server/backup/archive';
import { createBackup } from '../../src/server/backup/backup';
import { MANIFEST_FILE, type Manifest } from '../../src/server/backup/contents';
import { tablesWithRows } from '../../src/server/backup/database';
import { restoreBackup } from '../../src/server/backup/restore';
import { type AppConfig, loadConfig } from '../../src/server/config';
import { type Database, type DatabaseHandle, openDatabase, queryRows } from '../../src/server/db/client';
import { lockDataDir } from '../../src/server/db/data-dir-lock';
import { account, mailOutbox, session } from '../../src/server/db/schema';
import { createStorage, type Storage } from '../../src/server/storage';
import type { SentPing } from '../../src/shared/schemas/ping';
import type { PostingMemberInput } from '../../src/shared/schemas/posting';
import type { PostingDetail } from '../../src/shared/schemas/posting-view';
import { createTestApp, repoRoot, type TestApp } from '../support/app';
import { collegeConfigWith } from '../support/college-config';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { migratedDataDir } from '../support/server';
import { cookieFrom, createMember, createUser, originHeader, type TestMember } from '../support/users';
import { jpegFile, onCampusPosting, png, sendPosting } from './postings-support';

const SECRET = 'backup-test-secret-that-is-long-enough-0123456789';
const PASSWORD = 'correct-horse-battery';
const MODERATOR = `bk.moderator.${Date.now()}@bc.edu`;
/** A token an OpenID provider handed over at sign-in: someone else's credential, never archived. */
const OIDC_ACCESS_TOKEN = `oidc-access-${randomBytes(8).toString('hex')}`;

/** This version's migrations, as drizzle-kit wrote them. */
const JOURNAL = (
  JSON.parse(readFileSync(path.join(repoRoot, 'src/server/db/migrations/meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  }
).entries;

const folders: string[] = [];
const tempFolder = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(dir);
  return dir;
};
let collegeConfig: string;

interface S3Server {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
let s3: S3Server;
let s3Endpoint = '';
const BUCKETS = ['qm-backup-source', 'qm-backup-target', 'qm-backup-failed'] as const;

beforeAll(async () => {
  collegeConfig = collegeConfigWith({ moderators: [MODERATOR] });
  folders.push(path.dirname(collegeConfig));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: tempFolder('qm-bk-s3-'),
    configureBuckets: BUCKETS.map((name) => ({ name, configs: [] })),
  }) as S3Server;
  s3Endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
});
afterAll(async () => {
  await s3?.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const s3Env = (bucket: (typeof BUCKETS)[number]) => ({
  S3_BUCKET: bucket,
  S3_ENDPOINT: s3Endpoint,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
});

/** A deployment's configuration as the scripts read it from the environment. */
const deploymentConfig = (dataDir: string, env: Record<string, string> = {}): AppConfig =>
  loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, AUTH_SECRET: SECRET, COLLEGE_CONFIG: collegeConfig, ...env },
    repoRoot,
  );

/** An embedded database in `<dataDir>/db`, as a deployment keeps it, handed to the test app. */
async function embeddedDatabase(dataDir: string): Promise<TestDatabase> {
  const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  return { ...handle, url: undefined, pgliteDir: path.join(dataDir, 'db'), destroy: () => handle.close() };
}

/** Runs an npm script's entry as `npm run` does (`npm run backup` is `tsx scripts/backup.ts`). */
function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', AUTH_SECRET: SECRET, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

// ---------------------------------------------------------------------------------------------
// The seeded deployment.

interface Seeded {
  admin: TestMember;
  student: TestMember;
  postingId: string;
  /** The unverified sign-up's verification link (in the outbox): a credential. */
  verifyLink: string;
}

const typed = (name: string, email = ''): PostingMemberInput => ({
  name,
  academicYear: 'sophomore',
  gender: 'male',
  customGender: '',
  email,
  instagramHandle: '',
});

async function seed(t: TestApp): Promise<Seeded> {
  const call = async (
    member: TestMember | null,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    payload?: object,
  ) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { ...originHeader(t), ...(member ? { cookie: member.cookie } : {}) },
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response;
  };
  const stamp = `${Date.now()}.${randomBytes(3).toString('hex')}`;
  const admin = await createUser(t, { email: `avery.${stamp}@bc.edu`, name: 'Avery Admin', password: PASSWORD });
  const member = await createMember(t, { email: `morgan.${stamp}@bc.edu`, name: 'Morgan Member' });
  const student = await createMember(t, { email: `sam.${stamp}@bc.edu`, name: 'Sam Student' });
  const moderator = await createMember(t, { email: MODERATOR, name: 'Mo Moderator' });
  await createUser(t, { email: `una.${stamp}@bc.edu`, name: 'Una Unverified', verified: false });

  const created = await sendPosting(t, {
    cookie: admin.cookie,
    posting: onCampusPosting({ dorm: 'Gabelli', members: [typed('(the admin)'), typed('Morgan', member.email)] }),
    files: [await jpegFile('room.jpg', 640, 480), { name: 'hall.png', type: 'image/png', buffer: await png(400, 300) }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const postingId = created.json<PostingDetail>().id;
  const other = await sendPosting(t, {
    cookie: student.cookie,
    posting: onCampusPosting({ dorm: 'Ignacio', members: [typed('(the admin)')] }),
    files: [await jpegFile('desk.jpg', 320, 240)],
  });
  expect(other.statusCode, other.body).toBe(201);
  const otherId = other.json<PostingDetail>().id;

  // Morgan joins the group through the link mailed to them.
  const [invitation] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'group-invitation'), eq(mailOutbox.recipient, member.email)))
    .orderBy(desc(mailOutbox.createdAt));
  const token = decodeURIComponent(invitation?.link?.split('/').at(-1) ?? '');
  const view = await call(member, 'GET', `/api/invitations/by-token/${encodeURIComponent(token)}`);
  await call(member, 'POST', `/api/invitations/${view.json().id}/join`, { token });

  // A ping opens a conversation; both sides write, read, share contact details; a report; a block.
  const ping = (await call(student, 'POST', `/api/postings/${postingId}/pings`, { message: 'Is the room free?' })).json<
    SentPing & { conversationId: string }
  >();
  await call(admin, 'POST', `/api/conversations/${ping.conversationId}/messages`, { body: 'Yes! Come and see it.' });
  const last = (
    await call(student, 'POST', `/api/conversations/${ping.conversationId}/messages`, {
      body: 'Send the deposit by wire?',
    })
  ).json<{ seq: number }>();
  await call(admin, 'POST', `/api/conversations/${ping.conversationId}/read`, { seq: last.seq });
  await call(student, 'PUT', `/api/conversations/${ping.conversationId}/share`, {
    email: true,
    phone: false,
    instagram: false,
  });
  await call(admin, 'POST', `/api/conversations/${ping.conversationId}/messages/${last.seq}/report`, {
    reason: 'scam',
  });
  await call(member, 'PUT', `/api/me/blocks/${student.id}`);

  await call(student, 'PUT', `/api/postings/${postingId}/bookmark`);
  await call(student, 'POST', '/api/saved-searches', {
    name: 'Gabelli',
    alert: 'daily',
    filters: { location: 'oncampus' },
  });
  await call(student, 'PUT', '/api/me/lifestyle', {
    answers: [{ question: 'bedtime', self: 'before-11', accept: ['before-11', '11-to-12'], importance: 'somewhat' }],
  });
  await call(student, 'POST', '/api/contact', {
    name: 'Sam Student',
    email: student.email,
    message: 'Thanks for this!',
  });
  await call(admin, 'POST', `/api/postings/${otherId}/reports`, { reason: 'wrong-info' });
  await call(moderator, 'POST', `/api/moderation/postings/${otherId}/dismiss`, {});
  await call(student, 'PATCH', `/api/postings/${otherId}/status`, { status: 'Fulfilled' });
  await call(student, 'PUT', '/api/me/conversation-settings', { unreadEmail: true });
  await call(member, 'PUT', '/api/me/sharing', {
    academicYear: 'junior',
    gender: null,
    customGender: null,
    phoneNumber: null,
    instagramHandle: 'morgan.m',
    share: { academicYear: true, gender: false, email: false, phoneNumber: false, instagramHandle: true },
  });

  // The credentials that must not travel: an OpenID token, and the verification e-mail's link.
  await t.database.db.update(account).set({ accessToken: OIDC_ACCESS_TOKEN }).where(eq(account.userId, admin.id));
  const [verify] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'verify-email'));
  expect(verify?.link).toBeTruthy();
  return { admin, student, postingId, verifyLink: verify?.link ?? '' };
}

// ---------------------------------------------------------------------------------------------
// What is compared.

/** Every table's rows as JSON text (UTC), sorted: `adjust` rewrites a table's select for what is left out. */
async function everyRow(db: Database, adjust: Record<string, string> = {}): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL TIME ZONE 'UTC'`);
    const tables = await queryRows<{ name: string }>(
      tx,
      sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
    );
    const rows: Record<string, string[]> = {};
    for (const { name } of tables) {
      const select = adjust[name] ?? 'SELECT to_jsonb(t)::text AS row FROM public.%I AS t';
      const found = await queryRows<{ row: string }>(tx, sql.raw(select.replace('%I', `"${name}"`)));
      rows[name] = found.map((r) => r.row).sort();
    }
    const migrations = await queryRows<{ row: string }>(
      tx,
      sql`SELECT hash || ' ' || created_at AS row FROM drizzle.__drizzle_migrations ORDER BY created_at`,
    );
    rows['drizzle.__drizzle_migrations'] = migrations.map((r) => r.row);
    return rows;
  });
}

/** The source's rows as a restore must reproduce them: credentials and short-lived counters left out. */
const WITHOUT_CREDENTIALS: Record<string, string> = {
  session: 'SELECT NULL::text AS row WHERE false',
  verification: 'SELECT NULL::text AS row WHERE false',
  rate_limit: 'SELECT NULL::text AS row WHERE false',
  mail_outbox:
    "SELECT to_jsonb(t)::text AS row FROM public.%I AS t WHERE kind NOT IN ('verify-email', 'password-reset')",
  account: `SELECT (to_jsonb(t) || '{"access_token": null, "refresh_token": null, "id_token": null,
    "access_token_expires_at": null, "refresh_token_expires_at": null}'::jsonb)::text AS row FROM public.%I AS t`,
};

/** Every serial counter (live event and message numbers): where it stands, or that it is unused. */
async function sequences(db: Database): Promise<string[]> {
  const rows = await queryRows<{ value: string }>(
    db,
    sql`SELECT sequencename || ' ' || coalesce(last_value::text, 'unused') AS value
        FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename`,
  );
  return rows.map((r) => r.value);
}

/** Every stored object's bytes, by key. */
async function everyImage(storage: Storage): Promise<Map<string, Buffer>> {
  const images = new Map<string, Buffer>();
  for (const { key } of await storage.list('')) {
    if (key.startsWith('.')) continue;
    const object = await storage.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of object?.body ?? []) chunks.push(chunk as Buffer);
    images.set(key, Buffer.concat(chunks));
  }
  return images;
}

/** The restored deployment serves: a password sign-in works, an old session does not, photos load. */
async function expectServes(config: AppConfig, database: DatabaseHandle, seeded: Seeded, images: Map<string, Buffer>) {
  const dataDir = config.dataDir;
  const handle: TestDatabase = { ...database, url: undefined, pgliteDir: undefined, destroy: async () => {} };
  const t = await createTestApp(
    {
      DATA_DIR: dataDir,
      COLLEGE_CONFIG: collegeConfig,
      AUTH_SECRET: SECRET,
    },
    undefined,
    { database: handle, backgroundJobs: false },
  );
  try {
    // Sessions are not in the archive: yesterday's cookie signs nobody in.
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: seeded.admin.cookie } });
    expect(me.json()).toEqual({ user: null });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { ...originHeader(t), 'x-forwarded-for': '10.200.0.1' },
      payload: { email: seeded.admin.email, password: PASSWORD },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const cookie = cookieFrom(signIn.headers['set-cookie']);
    const detail = await t.app.inject({ method: 'GET', url: `/api/postings/${seeded.postingId}`, headers: { cookie } });
    expect(detail.statusCode, detail.body).toBe(200);
    const urls = detail.json<PostingDetail>().images.flatMap((image) => [image.cardUrl, image.fullUrl]);
    expect(urls).toHaveLength(4);
    for (const url of urls) {
      const served = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(images.get(url.replace(/^\/api\/images\//, '')) ?? Buffer.alloc(0))).toBe(true);
    }
  } finally {
    await t.close();
  }
}

/** What must never be in an archive, searched in its unpacked bytes. */
function expectNoCredentials(file: string, secrets: string[]) {
  const bytes = gunzipSync(readFileSync(file));
  expect(secrets.length).toBeGreaterThan(3);
  for (const secret of [...secrets, OIDC_ACCESS_TOKEN, SECRET]) expect(bytes.includes(secret), secret).toBe(false);
}

const credentialsOf = async (db: Database, seeded: Seeded) => [
  ...(await db.select({ token: session.token }).from(session)).map((s) => s.token),
  seeded.verifyLink,
];

// ---------------------------------------------------------------------------------------------

describe('the embedded database with disk images, through npm run backup and npm run restore', () => {
  let sourceDir: string;
  let seeded: Seeded;
  let archive: string;
  let sourceRows: Record<string, string[]>;
  let sourceSequences: string[];
  let sourceImages: Map<string, Buffer>;
  let credentials: string[];
  let newestLiveEvent: number;

  beforeAll(async () => {
    sourceDir = migratedDataDir();
    folders.push(sourceDir);
    const database = await embeddedDatabase(sourceDir);
    const t = await createTestApp(
      { DATA_DIR: sourceDir, COLLEGE_CONFIG: collegeConfig, AUTH_SECRET: SECRET },
      undefined,
      {
        database,
        backgroundJobs: false,
      },
    );
    try {
      seeded = await seed(t);
      // The newest live event is gone (as the stream's trimming removes them): its number must
      // still never be handed out again after a restore.
      await t.database.db.execute(sql`DELETE FROM live_event WHERE seq = (SELECT max(seq) FROM live_event)`);
      const [newest] = await queryRows<{ seq: string }>(
        t.database.db,
        sql`SELECT max(seq)::text AS seq FROM live_event`,
      );
      newestLiveEvent = Number(newest?.seq);
      sourceRows = await everyRow(t.database.db, WITHOUT_CREDENTIALS);
      sourceSequences = await sequences(t.database.db);
      sourceImages = await everyImage(createStorage(t.config));
      credentials = await credentialsOf(t.database.db, seeded);
    } finally {
      // The server stops before an embedded database is backed up.
      await t.close();
      await database.close();
    }
  });

  it('seeds every kind of row the brief names, and photos on disk', () => {
    const filled = Object.entries(sourceRows)
      .filter(([, rows]) => rows.length > 0)
      .map(([name]) => name);
    expect(filled).toEqual(
      expect.arrayContaining([
        'user',
        'account',
        'posting',
        'posting_member',
        'posting_image',
        'ping',
        'conversation',
        'conversation_message',
        'conversation_participant',
        'conversation_setting',
        'member_sharing',
        'posting_fulfilment',
        'live_event',
        'mail_outbox',
        'bookmark',
        'saved_search',
        'lifestyle_answer',
        'contact_message',
        'posting_report',
        'moderation_action',
        'message_report',
        'student_block',
        'student_usage',
      ]),
    );
    expect(sourceImages.size).toBe(6);
    // The live events' counter stands past the newest row (its event was removed).
    expect(sourceSequences).toContain(`live_event_seq_seq ${newestLiveEvent + 1}`);
  });

  it('refuses to back up while a server holds the data folder, in one sentence', async () => {
    const release = await lockDataDir(sourceDir, { kind: 'server', url: 'http://localhost:3999' }, () => {});
    try {
      const refused = await runScript('scripts/backup.ts', [], { DATA_DIR: sourceDir, COLLEGE_CONFIG: collegeConfig });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe(
        `npm run backup cannot run while the server at http://localhost:3999 is using the data folder ${sourceDir} (the embedded database takes one process at a time). Stop the server (Ctrl+C where it runs), run npm run backup, then start the server again; or run it before starting the server.\n`,
      );
    } finally {
      await release();
    }
  });

  it('writes one archive with a manifest of versions, counts and checksums, and no credentials', async () => {
    const out = `${tempFolder('qm-bk-out-')}/`;
    const ran = await runScript('scripts/backup.ts', ['--out', out], {
      DATA_DIR: sourceDir,
      COLLEGE_CONFIG: collegeConfig,
    });
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    archive = ran.stdout.match(/^Backed up to (\S+) /)?.[1] ?? '';
    expect(path.dirname(archive)).toBe(path.resolve(out));
    expect(path.basename(archive)).toMatch(/^quadmates-backup-\d{8}-\d{6}Z\.tar\.gz$/);

    const unpacked = tempFolder('qm-bk-unpacked-');
    await extract({ file: archive, cwd: unpacked });
    const manifest = JSON.parse(readFileSync(path.join(unpacked, MANIFEST_FILE), 'utf8')) as Manifest;
    expect(manifest).toMatchObject({
      format: 'quadmates-backup',
      formatVersion: 1,
      app: {
        name: 'quadmates',
        version: JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).version,
      },
      source: { database: 'pglite', images: 'disk' },
      migrations: { applied: JOURNAL.length, last: JOURNAL.at(-1)?.tag },
      images: { count: 6, missing: 0 },
      leftOut: { tables: ['session', 'verification', 'rate_limit'] },
    });
    for (const table of manifest.tables) {
      const expected = sourceRows[table.name]?.length;
      expect(table.rows, table.name).toBe(expected);
    }
    for (const [name, entry] of Object.entries(manifest.files)) {
      expect(await hashFile(path.join(unpacked, name)), name).toEqual(entry);
    }
    // The college config in use, byte for byte, and every image it names.
    expect(readFileSync(path.join(unpacked, manifest.college.config))).toEqual(readFileSync(collegeConfig));
    expect(manifest.college.files).toBeGreaterThan(10);
    expectNoCredentials(archive, credentials);
  });

  it('restores into an empty data folder: every row, counter and image equal; the site serves', async () => {
    const targetDir = tempFolder('qm-bk-target-');
    const ran = await runScript('scripts/restore.ts', [archive], {
      DATA_DIR: targetDir,
      COLLEGE_CONFIG: collegeConfig,
    });
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain("college config: the archive's is the one in use");

    const config = deploymentConfig(targetDir);
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(targetDir, 'db') });
    try {
      expect(await everyRow(database.db)).toEqual(sourceRows);
      expect(await sequences(database.db)).toEqual(sourceSequences);
      const images = await everyImage(createStorage(config));
      expect(images).toEqual(sourceImages);
      await expectServes(config, database, seeded, images);

      // Again into the same deployment: refused in one sentence, and nothing changed.
      const before = await everyRow(database.db);
      await expect(restoreBackup({ config, database, storage: createStorage(config), archive })).rejects.toThrow(
        new RegExp(
          `^The embedded database in ${path.join(targetDir, 'db')} already holds data \\(rows in \\d+ tables: [^)]+\\); a restore only fills an empty deployment, so it changed nothing\\.$`,
        ),
      );
      expect(await everyRow(database.db)).toEqual(before);
    } finally {
      await database.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'moves to PostgreSQL: the archive restores into an empty PostgreSQL database, whose own backup restores into another',
    async () => {
      const first = await scratchPostgres();
      const second = await scratchPostgres();
      try {
        const firstConfig = deploymentConfig(tempFolder('qm-bk-pg1-'), { DATABASE_URL: first.url });
        const firstDb = await openDatabase({ kind: 'postgres', url: first.url, poolSize: 2 });
        let pgArchive: string;
        try {
          // A database with no tables at all: the restore creates the schema in its transaction.
          await restoreBackup({ config: firstConfig, database: firstDb, storage: createStorage(firstConfig), archive });
          expect(await everyRow(firstDb.db)).toEqual(sourceRows);
          expect(await sequences(firstDb.db)).toEqual(sourceSequences);
          expect(await everyImage(createStorage(firstConfig))).toEqual(sourceImages);
          pgArchive = path.join(tempFolder('qm-bk-pgout-'), 'pg.tar.gz');
          const made = await createBackup({ ...deploymentHandles(firstConfig, firstDb), file: pgArchive });
          expect(made.manifest.source).toEqual({ database: 'postgres', images: 'disk' });
        } finally {
          await firstDb.close();
        }
        const secondConfig = deploymentConfig(tempFolder('qm-bk-pg2-'), { DATABASE_URL: second.url });
        const secondDb = await openDatabase({ kind: 'postgres', url: second.url, poolSize: 2 });
        try {
          await restoreBackup({
            config: secondConfig,
            database: secondDb,
            storage: createStorage(secondConfig),
            archive: pgArchive,
          });
          expect(await everyRow(secondDb.db)).toEqual(sourceRows);
          expect(await sequences(secondDb.db)).toEqual(sourceSequences);
          const images = await everyImage(createStorage(secondConfig));
          expect(images).toEqual(sourceImages);
          await expectServes(secondConfig, secondDb, seeded, images);
        } finally {
          await secondDb.close();
        }
      } finally {
        await first.drop();
        await second.drop();
      }
    },
  );
});

const deploymentHandles = (config: AppConfig, database: DatabaseHandle) => ({
  config,
  database,
  storage: createStorage(config),
});

/** A new database with nothing in it on the test server (TEST_DATABASE_URL), dropped afterwards. */
async function scratchPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL as string;
  const name = `qm_backup_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** Unpacks an archive, lets `change` alter its files, and packs it again as a new archive. */
async function alteredArchive(archive: string, change: (folder: string, manifest: Manifest) => Promise<void>) {
  const folder = tempFolder('qm-bk-alter-');
  await extract({ file: archive, cwd: folder });
  const manifest = JSON.parse(readFileSync(path.join(folder, MANIFEST_FILE), 'utf8')) as Manifest;
  await change(folder, manifest);
  writeFileSync(path.join(folder, MANIFEST_FILE), JSON.stringify(manifest));
  const file = path.join(tempFolder('qm-bk-altered-'), 'altered.tar.gz');
  await create({ gzip: true, file, cwd: folder }, [MANIFEST_FILE, 'college', 'database', 'images']);
  return file;
}

describe("images in an S3 bucket (s3rver), on the suite's database", () => {
  let t: TestApp;
  let seeded: Seeded;
  let archive: string;
  let sourceRows: Record<string, string[]>;
  let sourceImages: Map<string, Buffer>;
  const fresh: TestDatabase[] = [];
  const emptyTarget = async (bucket: (typeof BUCKETS)[number]) => {
    const database = await createTestDatabase();
    fresh.push(database);
    const config = deploymentConfig(tempFolder('qm-bk-s3target-'), s3Env(bucket));
    return { config, database, storage: createStorage(config) };
  };

  beforeAll(async () => {
    t = await createTestApp(
      { ...s3Env('qm-backup-source'), COLLEGE_CONFIG: collegeConfig, AUTH_SECRET: SECRET },
      undefined,
      {
        backgroundJobs: false,
      },
    );
    seeded = await seed(t);
    sourceRows = await everyRow(t.database.db, WITHOUT_CREDENTIALS);
    sourceImages = await everyImage(createStorage(t.config));
    archive = path.join(tempFolder('qm-bk-s3out-'), 'bucket.tar.gz');
    const made = await createBackup({ ...deploymentHandles(t.config, t.database), file: archive });
    expect(made.manifest.source.images).toBe('s3');
    expect(made.manifest.images).toMatchObject({ count: 6, missing: 0 });
  });
  afterAll(async () => {
    for (const database of fresh) await database.destroy();
    await t?.close();
  });

  it("restores the bucket's images into another bucket byte for byte, and every row", async () => {
    const target = await emptyTarget('qm-backup-target');
    const result = await restoreBackup({ ...target, archive });
    expect(result.collegeConfigMatches).toBe(true);
    expect(await everyRow(target.database.db)).toEqual(sourceRows);
    expect(await everyImage(target.storage)).toEqual(sourceImages);
  });

  it('refuses a store that already holds images, and writes nothing', async () => {
    const target = await emptyTarget('qm-backup-source');
    await expect(restoreBackup({ ...target, archive })).rejects.toThrow(
      'The bucket qm-backup-source already holds 6 images; a restore only fills an empty deployment, so it changed nothing.',
    );
    expect(await tablesWithRows(target.database.db)).toEqual([]);
  });

  it('refuses a damaged archive before writing anything', async () => {
    const damaged = await alteredArchive(archive, async (folder, manifest) => {
      const image = Object.keys(manifest.files).find((name) => name.startsWith('images/')) as string;
      const bytes = readFileSync(path.join(folder, image));
      bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 0xff;
      writeFileSync(path.join(folder, image), bytes);
    });
    const target = await emptyTarget('qm-backup-failed');
    await expect(restoreBackup({ ...target, archive: damaged })).rejects.toThrow(
      /^\/.+\/altered\.tar\.gz is damaged: images\/postings\/.+\.webp does not match its checksum in the manifest; nothing was restored\.$/,
    );
    expect(await everyImage(target.storage)).toEqual(new Map());
  });

  it('a restore that fails half-way removes the images it wrote and leaves the database as it was', async () => {
    // A valid archive (checksums and counts agree) whose rows cannot all go in: a posting is missing,
    // so its photos' rows fail their foreign key after the photos were written to the bucket.
    const broken = await alteredArchive(archive, async (folder, manifest) => {
      const file = path.join(folder, 'database/posting.jsonl');
      const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
      const kept = lines.filter((line) => !line.includes(seeded.postingId));
      writeFileSync(file, kept.map((line) => `${line}\n`).join(''));
      manifest.files['database/posting.jsonl'] = await hashFile(file);
      const entry = manifest.tables.find((table) => table.name === 'posting');
      if (entry) entry.rows = kept.length;
    });
    const target = await emptyTarget('qm-backup-failed');
    const before = await everyRow(target.database.db);
    await expect(restoreBackup({ ...target, archive: broken })).rejects.toThrow(
      /^The restore failed \(.*violates foreign key constraint.*\), so it changed nothing\.$/,
    );
    expect(await everyImage(target.storage)).toEqual(new Map());
    expect(await everyRow(target.database.db)).toEqual(before);
  });

  it('counts the images the database names that the store no longer has', async () => {
    const [gone] = [...sourceImages.keys()];
    await createStorage(t.config).delete([gone as string]);
    const made = await createBackup({
      ...deploymentHandles(t.config, t.database),
      file: path.join(tempFolder('qm-bk-s3out-'), 'missing.tar.gz'),
    });
    expect(made.manifest.images).toMatchObject({ count: 5, missing: 1 });
  });
});
