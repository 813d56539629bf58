/**
 * Issue 22, items 2 and 4: a posting's multipart body is not read before its sender is known to be
 * allowed (the posting's admin for an edit, a member under their posting limit for a create); the
 * files of an allowed upload go to a private temporary folder that is always removed; uploads in
 * progress are capped per student (429) and in all (503); and every per-student limit (postings,
 * image work, reports, invitations) answers its own sentence. Also the automatic hide, which counts
 * only reporters whose accounts were a day old.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, posting, postingMember, user } from '../../src/server/db/schema';
import {
  limitMessages,
  STUDENT_LIMITS,
  UPLOADS_IN_FLIGHT_PER_STUDENT,
  UPLOADS_IN_FLIGHT_TOTAL,
} from '../../src/shared/limits';
import { AUTO_HIDE_REPORTERS } from '../../src/shared/moderation';
import { createTestApp, type TestApp } from '../support/app';
import { insertPosting } from '../support/browse-fixtures';
import { createMember, createUser, originHeader, type TestMember } from '../support/users';
import { jpegFile, onCampusPosting, sendPosting, storedFiles } from './postings-support';

let t: TestApp;

// Several tests sign many students up through the real API: slow on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

beforeAll(async () => {
  t = await createTestApp({}, undefined, {
    backgroundJobs: false,
    // Uploads here are held open, unsent, for as long as a busy machine takes, and a full server
    // refuses at once: the pace and the wait for a place are tested in slow-uploads.test.ts.
    uploadPace: { windowMs: 10 * 60_000, placeWaitMs: 0 },
  });
});
afterAll(async () => {
  await t?.close();
});

const MB = 1024 * 1024;
const BOUNDARY = '----quadmates-test-boundary';
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** The start of a multipart body: the posting field, then the header of a file part whose bytes follow. */
function bodyHead(fileName = 'big.png'): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="posting"\r\n\r\n${JSON.stringify(onCampusPosting())}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="images"; filename="${fileName}"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
}
const bodyTail = () => Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

/**
 * A body of `totalBytes` produced only as the server reads it: `pulled()` says how much it took.
 * Four file parts of just under 10 MB each, the most the old code held in memory per request.
 */
function lazyBody(totalBytes: number) {
  let pulled = 0;
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  const parts = 4;
  const perPart = Math.floor(totalBytes / parts);
  async function* generate() {
    for (let part = 0; part < parts; part += 1) {
      const head =
        part === 0
          ? bodyHead(`big-${part}.png`)
          : Buffer.from(
              `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="images"; filename="big-${part}.png"\r\nContent-Type: image/png\r\n\r\n`,
            );
      pulled += head.length;
      yield head;
      for (let sent = 0; sent < perPart; sent += chunk.length) {
        pulled += chunk.length;
        yield chunk;
      }
    }
    const tail = bodyTail();
    pulled += tail.length;
    yield tail;
  }
  const stream = Readable.from(generate(), { objectMode: false, highWaterMark: 64 * 1024 });
  return { stream, pulled: () => pulled };
}

/** Sends a ~40 MB streamed body; answers the response, how much of the body the server pulled, and the memory growth. */
async function sendLarge(method: 'POST' | 'PUT', url: string, cookie: string) {
  const body = lazyBody(40 * MB);
  const before = process.memoryUsage();
  const response = await t.app.inject({
    method,
    url,
    headers: { ...originHeader(t), ...(cookie ? { cookie } : {}), 'content-type': CONTENT_TYPE },
    payload: body.stream,
  });
  const after = process.memoryUsage();
  body.stream.destroy();
  return {
    response,
    pulled: body.pulled(),
    arrayBuffersGrowth: after.arrayBuffers - before.arrayBuffers,
  };
}

const uploadFolders = () => {
  const root = path.join(t.config.dataDir, 'tmp');
  try {
    return readdirSync(root).filter((name) => name.startsWith('upload-'));
  } catch {
    return [];
  }
};

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function postingsOf(member: TestMember) {
  return t.database.db.select({ id: posting.id }).from(posting).where(eq(posting.adminUserId, member.id));
}

describe('a posting body is not read before the sender is allowed', () => {
  it("refuses a non-admin's 40 MB edit with 403 before reading its body", async () => {
    const admin = await createMember(t);
    const stranger = await createMember(t);
    const postingId = await insertPosting(t.database.db, admin.id);
    const { response, pulled, arrayBuffersGrowth } = await sendLarge(
      'PUT',
      `/api/postings/${postingId}`,
      stranger.cookie,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('NOT_POSTING_ADMIN');
    // The connection closes instead of reading the rest of the body to keep it alive.
    expect(response.headers.connection).toBe('close');
    // Of 40 MB, only what the stream machinery buffers ahead was taken, and none of it kept.
    expect(pulled).toBeLessThan(2 * MB);
    expect(arrayBuffersGrowth).toBeLessThan(16 * MB);
    expect(uploadFolders()).toEqual([]);
  });

  it('refuses an edit of a posting that does not exist with 404 before reading its body', async () => {
    const member = await createMember(t);
    const { response, pulled } = await sendLarge(
      'PUT',
      '/api/postings/00000000-0000-4000-8000-000000000000',
      member.cookie,
    );
    expect(response.statusCode).toBe(404);
    expect(pulled).toBeLessThan(2 * MB);
  });

  it('refuses a create by someone signed out, unverified or without the terms before reading its body', async () => {
    const unverified = await createUser(t, { verified: true, acceptedTerms: false });
    for (const [cookie, status] of [
      ['', 401],
      [unverified.cookie, 403],
    ] as const) {
      const { response, pulled } = await sendLarge('POST', '/api/postings', cookie);
      expect(response.statusCode).toBe(status);
      expect(response.json().error).toMatchObject({ code: expect.any(String), title: expect.any(String) });
      expect(pulled).toBeLessThan(2 * MB);
    }
  });

  it("streams an admin's upload to a private temporary folder and removes it afterwards", async () => {
    const admin = await createMember(t);
    const head = bodyHead('room.jpg');
    const stream = new PassThrough();
    stream.write(head);
    const pending = t.app.inject({
      method: 'POST',
      url: '/api/postings',
      headers: { ...originHeader(t), cookie: admin.cookie, 'content-type': CONTENT_TYPE },
      payload: stream,
    });
    await until(() => uploadFolders().length === 1, 'the upload folder');
    const folder = path.join(t.config.dataDir, 'tmp', uploadFolders()[0] as string);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    stream.write((await jpegFile()).buffer);
    await until(() => readdirSync(folder).length === 1, 'the file');
    expect(statSync(path.join(folder, readdirSync(folder)[0] as string)).mode & 0o777).toBe(0o600);
    stream.end(bodyTail());
    const response = await pending;
    expect(response.statusCode).toBe(201);
    expect(response.json().images).toHaveLength(1);
    expect(uploadFolders()).toEqual([]);
  });

  it('answers a body that ends mid-file with 400 and keeps nothing of it', async () => {
    const admin = await createMember(t);
    const stream = new PassThrough();
    stream.end(Buffer.concat([bodyHead(), Buffer.alloc(64 * 1024, 1)]));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/postings',
      headers: { ...originHeader(t), cookie: admin.cookie, 'content-type': CONTENT_TYPE },
      payload: stream,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(uploadFolders()).toEqual([]);
    expect(await postingsOf(admin)).toEqual([]);
  });

  it('removes the temporary folder of an upload whose sender went away mid-body', async () => {
    const admin = await createMember(t);
    const stream = new PassThrough();
    stream.write(bodyHead());
    stream.write(Buffer.alloc(256 * 1024, 1));
    const pending = t.app.inject({
      method: 'POST',
      url: '/api/postings',
      headers: { ...originHeader(t), cookie: admin.cookie, 'content-type': CONTENT_TYPE },
      payload: stream,
    });
    await until(() => uploadFolders().length === 1, 'the upload folder');
    stream.destroy(new Error('the browser went away'));
    await pending.catch(() => undefined);
    await until(() => uploadFolders().length === 0, 'the folder to be removed');
    expect(await postingsOf(admin)).toEqual([]);
  });

  // The sender can also go in the moment between the upload's folder being made and its body
  // being read (the reader then never heard the request close): each of these lands there.
  it.each([1, 2, 3, 5])(
    'removes the folder and frees the place of a sender gone before the body is read (%i turns in)',
    async (turns) => {
      const admin = await createMember(t);
      const stream = new PassThrough();
      stream.write(bodyHead());
      const pending = t.app.inject({
        method: 'POST',
        url: '/api/postings',
        headers: { ...originHeader(t), cookie: admin.cookie, 'content-type': CONTENT_TYPE },
        payload: stream,
      });
      for (let turn = 0; turn < turns; turn += 1) await new Promise((resolve) => setImmediate(resolve));
      stream.destroy(new Error('the browser went away'));
      await pending.catch(() => undefined);
      await until(() => uploadFolders().length === 0, 'the folder to be removed');
      expect(await postingsOf(admin)).toEqual([]);
      // The student's place among the uploads in progress is free again.
      expect((await sendPosting(t, { cookie: admin.cookie, posting: onCampusPosting() })).statusCode).toBe(201);
    },
  );
});

describe('uploads in progress are capped', () => {
  /** Starts a create whose body stops after its head; `finish()` sends the rest (a valid posting, no images). */
  function hangingUpload(member: TestMember) {
    const stream = new PassThrough();
    stream.write(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="posting"\r\n\r\n${JSON.stringify(onCampusPosting())}\r\n`,
    );
    const response = t.app.inject({
      method: 'POST',
      url: '/api/postings',
      headers: { ...originHeader(t), cookie: member.cookie, 'content-type': CONTENT_TYPE },
      payload: stream,
    });
    return {
      response,
      finish: () => {
        stream.end(`--${BOUNDARY}--\r\n`);
        return response;
      },
    };
  }

  it(`per student (${UPLOADS_IN_FLIGHT_PER_STUDENT}, then 429) and in all (${UPLOADS_IN_FLIGHT_TOTAL}, then 503)`, async () => {
    const students = await Promise.all(
      Array.from({ length: UPLOADS_IN_FLIGHT_TOTAL / UPLOADS_IN_FLIGHT_PER_STUDENT + 1 }, () => createMember(t)),
    );
    const [first, ...rest] = students as [TestMember, ...TestMember[]];
    const hanging = [];
    for (let i = 0; i < UPLOADS_IN_FLIGHT_PER_STUDENT; i += 1) hanging.push(hangingUpload(first));
    await until(() => uploadFolders().length === UPLOADS_IN_FLIGHT_PER_STUDENT, "the first student's uploads");

    const again = await sendPosting(t, { cookie: first.cookie, posting: onCampusPosting() });
    expect(again.statusCode).toBe(429);
    expect(again.json().error).toEqual({
      code: 'UPLOAD_IN_PROGRESS',
      title: limitMessages.uploadsPerStudent.title,
      message: limitMessages.uploadsPerStudent.message,
    });

    const last = rest.pop() as TestMember;
    for (const student of rest)
      for (let i = 0; i < UPLOADS_IN_FLIGHT_PER_STUDENT; i += 1) hanging.push(hangingUpload(student));
    await until(() => uploadFolders().length === UPLOADS_IN_FLIGHT_TOTAL, 'every upload place taken');

    const busy = await sendPosting(t, { cookie: last.cookie, posting: onCampusPosting() });
    expect(busy.statusCode).toBe(503);
    expect(busy.json().error).toEqual({
      code: 'UPLOADS_BUSY',
      title: limitMessages.uploadsTotal.title,
      message: limitMessages.uploadsTotal.message,
    });

    for (const upload of hanging) expect((await upload.finish()).statusCode).toBe(201);
    expect(uploadFolders()).toEqual([]);
    // The places are free again.
    expect((await sendPosting(t, { cookie: last.cookie, posting: onCampusPosting() })).statusCode).toBe(201);
  });
});

describe('per-student limits, each with its own sentence', () => {
  const expectLimit = (response: { statusCode: number; json(): unknown }, kind: keyof typeof STUDENT_LIMITS) => {
    const limit = STUDENT_LIMITS[kind];
    expect(response.statusCode).toBe(429);
    expect((response.json() as { error: unknown }).error).toEqual({
      code: limit.code,
      title: limit.title,
      message: limit.message(limit.max),
    });
  };

  it(`postings: ${STUDENT_LIMITS.postings.max} a day, the next refused before its body is read`, async () => {
    const admin = await createMember(t);
    for (let i = 0; i < STUDENT_LIMITS.postings.max; i += 1) {
      expect((await sendPosting(t, { cookie: admin.cookie, posting: onCampusPosting() })).statusCode).toBe(201);
    }
    expectLimit(await sendPosting(t, { cookie: admin.cookie, posting: onCampusPosting() }), 'postings');
    const { response, pulled } = await sendLarge('POST', '/api/postings', admin.cookie);
    expectLimit(response, 'postings');
    expect(pulled).toBeLessThan(2 * MB);
    expect(await postingsOf(admin)).toHaveLength(STUDENT_LIMITS.postings.max);
    // Another student is not affected, and the admin may still edit.
    const other = await createMember(t);
    expect((await sendPosting(t, { cookie: other.cookie, posting: onCampusPosting() })).statusCode).toBe(201);
    const [own] = await postingsOf(admin);
    const edit = await sendPosting(t, {
      method: 'PUT',
      url: `/api/postings/${own?.id}`,
      cookie: admin.cookie,
      posting: onCampusPosting({ description: 'Edited' }),
    });
    expect(edit.statusCode).toBe(200);
  });

  it(`image work: ${STUDENT_LIMITS.imageWork.max} images a day; the next upload stores nothing`, async () => {
    const admin = await createMember(t);
    const file = await jpegFile('room.jpg', 40, 30);
    const perPosting = 10;
    const rounds = STUDENT_LIMITS.imageWork.max / perPosting;
    for (let i = 0; i < rounds; i += 1) {
      const sent = await sendPosting(t, {
        cookie: admin.cookie,
        posting: onCampusPosting(),
        files: Array.from({ length: perPosting }, () => file),
      });
      expect(sent.statusCode).toBe(201);
    }
    const [first] = await postingsOf(admin);
    const filesBefore = storedFiles(t).length;
    const refused = await sendPosting(t, {
      method: 'PUT',
      url: `/api/postings/${first?.id}`,
      cookie: admin.cookie,
      posting: onCampusPosting(),
      imageOrder: [],
      files: [file],
    });
    expectLimit(refused, 'imageWork');
    expect(storedFiles(t)).toHaveLength(filesBefore);
    expect(uploadFolders()).toEqual([]);
    // Text without new images is no image work.
    const textOnly = await sendPosting(t, {
      cookie: admin.cookie,
      posting: onCampusPosting({ description: 'No photos' }),
    });
    expect(textOnly.statusCode).toBe(201);
  });

  it(`reports: ${STUDENT_LIMITS.reports.max} a day`, async () => {
    const admin = await createMember(t);
    const reporter = await createMember(t);
    const ids = [];
    for (let i = 0; i <= STUDENT_LIMITS.reports.max; i += 1) ids.push(await insertPosting(t.database.db, admin.id));
    const report = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/postings/${id}/reports`,
        headers: { ...originHeader(t), cookie: reporter.cookie },
        payload: { reason: 'scam' },
      });
    for (const id of ids.slice(0, -1)) expect((await report(id)).statusCode).toBe(201);
    expectLimit(await report(ids.at(-1) as string), 'reports');
  });

  it(`invitations: ${STUDENT_LIMITS.invitations.max} a day`, async () => {
    const admin = await createMember(t);
    const postingId = await insertPosting(t.database.db, admin.id);
    const count = STUDENT_LIMITS.invitations.max + 1;
    const emails = Array.from({ length: count }, (_, i) => `member${i + 1}.${Date.now()}@bc.edu`);
    const rows = await t.database.db
      .insert(postingMember)
      .values(
        emails.map((email, i) => ({
          postingId,
          position: i + 1,
          name: `Member ${i + 1}`,
          academicYear: 'junior',
          gender: 'female',
          email,
        })),
      )
      .returning({ id: postingMember.id });
    const invite = (position: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/postings/${postingId}/members/${rows[position - 1]?.id}/invite`,
        headers: { ...originHeader(t), cookie: admin.cookie },
      });
    for (let position = 1; position < count; position += 1) expect((await invite(position)).statusCode).toBe(200);
    expectLimit(await invite(count), 'invitations');
    const mails = await t.database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'group-invitation'), eq(mailOutbox.recipient, emails.at(-1) as string)));
    expect(mails).toEqual([]);
  });
});

describe('the automatic hide counts reporters whose accounts are a day old', () => {
  const DAY_MS = 24 * 60 * 60_000;
  const ageAccount = (member: TestMember, days: number) =>
    t.database.db
      .update(user)
      .set({ createdAt: new Date(Date.now() - days * DAY_MS) })
      .where(eq(user.id, member.id));
  const report = (member: TestMember, id: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/postings/${id}/reports`,
      headers: { ...originHeader(t), cookie: member.cookie },
      payload: { reason: 'scam' },
    });
  const hiddenAt = async (id: string) =>
    (await t.database.db.select({ hiddenAt: posting.hiddenAt }).from(posting).where(eq(posting.id, id)))[0]?.hiddenAt;

  it(`${AUTO_HIDE_REPORTERS} fresh accounts cannot hide a posting`, async () => {
    const admin = await createMember(t);
    const postingId = await insertPosting(t.database.db, admin.id);
    const fresh = await Promise.all(Array.from({ length: AUTO_HIDE_REPORTERS }, () => createMember(t)));
    for (const member of fresh)
      expect((await report(member, postingId)).json()).toEqual({ reported: true, hidden: false });
    expect(await hiddenAt(postingId)).toBeNull();
  });

  it(`${AUTO_HIDE_REPORTERS} accounts older than a day hide it`, async () => {
    const admin = await createMember(t);
    const postingId = await insertPosting(t.database.db, admin.id);
    const seasoned = await Promise.all(Array.from({ length: AUTO_HIDE_REPORTERS }, () => createMember(t)));
    for (const member of seasoned) await ageAccount(member, 2);
    const answers = [];
    for (const member of seasoned) answers.push((await report(member, postingId)).json());
    expect(answers.at(-1)).toEqual({ reported: true, hidden: true });
    expect(answers.slice(0, -1)).toEqual(Array(AUTO_HIDE_REPORTERS - 1).fill({ reported: true, hidden: false }));
    expect(await hiddenAt(postingId)).not.toBeNull();
  });

  it('a fresh account does not complete a hide that seasoned accounts began', async () => {
    const admin = await createMember(t);
    const postingId = await insertPosting(t.database.db, admin.id);
    const seasoned = await Promise.all(Array.from({ length: AUTO_HIDE_REPORTERS - 1 }, () => createMember(t)));
    for (const member of seasoned) await ageAccount(member, 2);
    for (const member of seasoned) await report(member, postingId);
    const fresh = await createMember(t);
    expect((await report(fresh, postingId)).json()).toEqual({ reported: true, hidden: false });
    expect(await hiddenAt(postingId)).toBeNull();
  });
});
