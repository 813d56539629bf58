import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
// s3rver ships no types; only its constructor, run() and close() are used.
// @ts-expect-error: untyped CommonJS module
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posting } from '../../src/server/db/schema';
import { sweepOrphanedFiles } from '../../src/server/postings/images';
import type { Storage } from '../../src/server/storage';
import { messages } from '../../src/shared/messages';
import type { PostingDetail } from '../../src/shared/schemas/posting-view';
import { createTestApp, type TestApp } from '../support/app';
import { createMember, originHeader, type TestMember } from '../support/users';
import { jpegFile, keyOf, onCampusPosting, sendPosting } from './postings-support';

interface S3Server {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}

let s3: S3Server;
let s3Dir: string;
let s3Endpoint: string;

beforeAll(async () => {
  s3Dir = mkdtempSync(path.join(os.tmpdir(), 'qm-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'quadmates-test', configs: [] }],
  }) as S3Server;
  const address = await s3.run();
  s3Endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await s3?.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

const backends = [
  { kind: 'disk', env: () => ({}) },
  {
    kind: 's3',
    env: () => ({
      S3_BUCKET: 'quadmates-test',
      S3_ENDPOINT: s3Endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    }),
  },
] as const;

describe.each(backends)('$kind storage', ({ kind, env }) => {
  let t: TestApp;
  let admin: TestMember;
  let storage: Storage;

  beforeAll(async () => {
    t = await createTestApp(env());
    admin = await createMember(t);
    storage = t.app.storage;
  });
  afterAll(async () => {
    await t?.close();
  });

  const storedKeys = async () => (await storage.list('postings/')).map((item) => item.key).sort();
  const postingCount = async () => (await t.database.db.select({ id: posting.id }).from(posting)).length;

  it('is the configured kind', () => {
    expect(storage.kind).toBe(kind);
  });

  it('puts, gets, lists and deletes objects and refuses unsafe keys', async () => {
    await storage.put('postings/probe/one.webp', Buffer.from('RIFF....WEBP'), 'image/webp');
    const object = await storage.get('postings/probe/one.webp');
    expect(object?.contentType).toBe('image/webp');
    const chunks: Buffer[] = [];
    for await (const chunk of object?.body ?? []) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).toString()).toBe('RIFF....WEBP');
    expect(await storedKeys()).toContain('postings/probe/one.webp');
    expect(await storage.get('postings/probe/missing.webp')).toBeNull();
    await storage.delete(['postings/probe/one.webp', 'postings/probe/never-existed.webp']);
    expect(await storedKeys()).not.toContain('postings/probe/one.webp');
    await expect(storage.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow();
    await expect(storage.get('postings/../../secret.webp')).rejects.toThrow();
  });

  it('stores, serves and deletes a posting’s images', async () => {
    const response = await sendPosting(t, {
      cookie: admin.cookie,
      posting: onCampusPosting(),
      files: [await jpegFile('a.jpg', 640, 480), await jpegFile('b.jpg', 320, 240)],
    });
    expect(response.statusCode, response.body).toBe(201);
    const detail = response.json() as PostingDetail;
    const keys = detail.images.flatMap((i) => [keyOf(i.cardUrl), keyOf(i.fullUrl)]);
    expect(await storedKeys()).toEqual(expect.arrayContaining(keys));
    const image = await t.app.inject({
      method: 'GET',
      url: detail.images[1]?.fullUrl as string,
      headers: { cookie: admin.cookie },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.rawPayload.subarray(8, 12).toString()).toBe('WEBP');

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/postings/${detail.id}`,
      headers: { ...originHeader(t), cookie: admin.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    const left = await storedKeys();
    for (const key of keys) expect(left).not.toContain(key);
  });

  it('removes the stored images of an account deleted by declining the terms', async () => {
    const leaver = await createMember(t);
    const response = await sendPosting(t, {
      cookie: leaver.cookie,
      posting: onCampusPosting(),
      files: [await jpegFile('leaving.jpg', 320, 240)],
    });
    expect(response.statusCode, response.body).toBe(201);
    const detail = response.json() as PostingDetail;
    const keys = detail.images.flatMap((i) => [keyOf(i.cardUrl), keyOf(i.fullUrl)]);
    expect(await storedKeys()).toEqual(expect.arrayContaining(keys));

    const declined = await t.app.inject({
      method: 'POST',
      url: '/api/me/decline',
      headers: { ...originHeader(t), cookie: leaver.cookie },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const left = await storedKeys();
    for (const key of keys) expect(left).not.toContain(key);
    expect(await t.database.db.select({ id: posting.id }).from(posting).where(eq(posting.id, detail.id))).toEqual([]);
  });

  it('leaves no row and no file when storage fails mid-save', async () => {
    const rowsBefore = await postingCount();
    const keysBefore = await storedKeys();
    const put = storage.put;
    let calls = 0;
    // The third file (the second image's card) fails: two files were already written.
    storage.put = async (key, body, type) => {
      calls += 1;
      if (calls === 3) throw new Error('disk full');
      return put.call(storage, key, body, type);
    };
    try {
      const response = await sendPosting(t, {
        cookie: admin.cookie,
        posting: onCampusPosting(),
        files: [await jpegFile(), await jpegFile(), await jpegFile()],
      });
      expect(response.statusCode).toBe(500);
      expect(response.json().error).toMatchObject({
        code: 'STORAGE_FAILED',
        title: messages.submit.failedTitle,
        message: messages.submit.storageError,
      });
    } finally {
      storage.put = put;
    }
    expect(calls).toBe(3);
    expect(await postingCount()).toBe(rowsBefore);
    expect(await storedKeys()).toEqual(keysBefore);
  });

  it('leaves no file when the database refuses the posting after the files were written', async () => {
    const rowsBefore = await postingCount();
    const keysBefore = await storedKeys();
    const db = t.database.db;
    const transaction = db.transaction;
    let calls = 0;
    // The first transaction counts the image work (decision 0022), before any file is written.
    db.transaction = ((...args: Parameters<typeof db.transaction>) => {
      calls += 1;
      if (calls === 1) return transaction.apply(db, args);
      throw new Error('connection lost');
    }) as typeof db.transaction;
    try {
      const response = await sendPosting(t, {
        cookie: admin.cookie,
        posting: onCampusPosting(),
        files: [await jpegFile()],
      });
      expect(calls).toBe(2);
      expect(response.statusCode).toBe(500);
      expect(response.json().error.message).toBe(messages.submit.storageError);
    } finally {
      db.transaction = transaction;
    }
    expect(await postingCount()).toBe(rowsBefore);
    expect(await storedKeys()).toEqual(keysBefore);
  });

  it('keeps a posting unchanged when storage fails during an edit', async () => {
    const created = (
      await sendPosting(t, {
        cookie: admin.cookie,
        posting: onCampusPosting(),
        files: [await jpegFile('a.jpg', 200, 100)],
      })
    ).json() as PostingDetail;
    const keysBefore = await storedKeys();
    const put = storage.put;
    let calls = 0;
    storage.put = async (key, body, type) => {
      calls += 1;
      if (calls === 2) throw new Error('bucket unavailable');
      return put.call(storage, key, body, type);
    };
    try {
      const response = await sendPosting(t, {
        method: 'PUT',
        url: `/api/postings/${created.id}`,
        cookie: admin.cookie,
        posting: onCampusPosting({ dorm: 'Voute' }),
        imageOrder: ['new:0'],
        files: [await jpegFile()],
      });
      expect(response.statusCode).toBe(500);
    } finally {
      storage.put = put;
    }
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/postings/${created.id}`, headers: { cookie: admin.cookie } })
    ).json() as PostingDetail;
    expect(after.dorm).toBe('Walsh');
    expect(after.images.map((i) => i.id)).toEqual(created.images.map((i) => i.id));
    expect(await storedKeys()).toEqual(keysBefore);
  });

  it('sweeps files no posting references, sparing recent ones and referenced ones', async () => {
    const created = (
      await sendPosting(t, { cookie: admin.cookie, posting: onCampusPosting(), files: [await jpegFile()] })
    ).json() as PostingDetail;
    await storage.put('postings/crashed-save/orphan-card.webp', Buffer.from('x'), 'image/webp');
    // Within the grace period nothing is removed (a save may be in flight on another server).
    expect(await sweepOrphanedFiles(t.database.db, storage)).toEqual({ removed: 0 });
    const later = Date.now() + 2 * 60 * 60 * 1000;
    expect(await sweepOrphanedFiles(t.database.db, storage, { now: later })).toEqual({ removed: 1 });
    const keys = await storedKeys();
    expect(keys).not.toContain('postings/crashed-save/orphan-card.webp');
    expect(keys).toContain(keyOf(created.images[0]?.cardUrl as string));
    expect(keys).toContain(keyOf(created.images[0]?.fullUrl as string));
  });
});

describe('start-up sweep', () => {
  it('removes old unreferenced files from DATA_DIR/uploads when the app starts', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qm-sweep-'));
    const folder = path.join(dataDir, 'uploads', 'postings', 'left-behind');
    mkdirSync(folder, { recursive: true });
    const old = path.join(folder, 'abc-full.webp');
    const recent = path.join(folder, 'def-full.webp');
    writeFileSync(old, 'x');
    writeFileSync(recent, 'y');
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
    utimesSync(old, dayAgo, dayAgo);
    const t = await createTestApp({ DATA_DIR: dataDir });
    try {
      const keys = (await t.app.storage.list('postings/')).map((item) => item.key);
      expect(keys).toEqual(['postings/left-behind/def-full.webp']);
    } finally {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
