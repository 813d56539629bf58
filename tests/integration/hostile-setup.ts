/**
 * What the hostile-input files share (issue 12, item 3): one app per file with its members, a
 * posting and a ping; the change-counting watch on the database; `fuzz`, which sends each generated
 * request and checks that the answer is 2xx or a 4xx in the error shape, and that a refusal changed
 * nothing. The routes are spread over several files so that Vitest's workers share the run.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { insertPosting } from '../support/browse-fixtures';
import {
  contentType,
  errorProblems,
  FUZZ_RUNS,
  hostileJsonBody,
  hostileObject,
  hostileString,
  hostileValue,
  prototypeIsClean,
  toJsonText,
  watchDatabase,
} from '../support/hostile';
import { createMember, originHeader, type TestMember } from '../support/users';
import { multipart, onCampusPosting, storedFiles } from './postings-support';

export let t: TestApp;
export let admin: TestMember;
export let other: TestMember;
export let pinger: TestMember;
export let postingId: string;
export let pingId: string;
let databaseFingerprint: () => Promise<Record<string, string>>;

// 3-100 ms a payload on a shared 2-core machine; a test that times out keeps sending in
// the background and spoils the next test's database check, so the bound is generous.
export const TIMEOUT = Math.max(60_000, FUZZ_RUNS * 400);

/** The app, its members, a posting and a ping, made once per test file, and the database watched. */
export function setUpHostileApp(): void {
  beforeAll(async () => {
    t = await createTestApp({}, undefined, { backgroundJobs: false });
    admin = await createMember(t);
    other = await createMember(t);
    pinger = await createMember(t);
    postingId = await insertPosting(t.database.db, admin.id);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/postings/${postingId}/pings`,
      headers: { ...originHeader(t), cookie: pinger.cookie },
      payload: { message: 'Hello' },
    });
    expect(sent.statusCode).toBe(201);
    pingId = sent.json().id;
    databaseFingerprint = await watchDatabase(t.database.db, t.database.kind);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });
}

/**
 * Sends each generated request and checks the answer; the database fingerprint before each request
 * must be the one after it whenever the answer is a refusal.
 */
export async function fuzz<T>(
  arbitrary: fc.Arbitrary<T>,
  send: (payload: T) => Promise<LightMyRequestResponse>,
  options: { readOnly?: boolean; files?: boolean; errorShape?: (status: number, body: string) => string[] } = {},
) {
  let fingerprint = await databaseFingerprint();
  let files = options.files ? storedFiles(t).sort() : [];
  const statuses = new Map<number, number>();
  // Each check is made on every payload (10,000 a route in CI); `expect` is called only to report one
  // that failed, with its diff: an assertion object on every check of every payload cost more CPU
  // than many of the routes' own answers.
  await fc.assert(
    fc.asyncProperty(arbitrary, async (payload) => {
      const response = await send(payload);
      const status = response.statusCode;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status < 200 || status >= 500) {
        expect(status, response.body.slice(0, 500)).toBeLessThan(500);
        expect(status).toBeGreaterThanOrEqual(200);
      }
      const after = await databaseFingerprint();
      const filesAfter = options.files ? storedFiles(t).sort() : [];
      if (status >= 400) {
        const problems = (options.errorShape ?? errorProblems)(status, response.body);
        if (problems.length > 0) expect(problems).toEqual([]);
      }
      if (status >= 400 || options.readOnly) {
        if (!sameEntries(after, fingerprint)) expect(after).toEqual(fingerprint);
        if (!sameEntries(filesAfter, files)) expect(filesAfter).toEqual(files);
      }
      if (!prototypeIsClean()) expect(prototypeIsClean(), 'Object.prototype was added to').toBe(true);
      fingerprint = after;
      files = filesAfter;
    }),
    { numRuns: FUZZ_RUNS },
  );
  return statuses;
}

/** The same keys (or indexes) holding the same strings: what `toEqual` checks of a fingerprint or a file list. */
function sameEntries(a: Record<string, string> | string[], b: Record<string, string> | string[]): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (key) => Object.hasOwn(b, key) && (a as Record<string, string>)[key] === (b as Record<string, string>)[key],
  );
}

export const json = (member: TestMember | null, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string) => {
  return (body: { text: string; type: string }) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...originHeader(t),
        ...(member ? { cookie: member.cookie } : {}),
        'content-type': body.type,
      },
      payload: body.text,
    });
};

export const jsonBody = (
  fields: readonly string[],
  valid: Record<string, unknown> = {},
  options?: { exactlyValid?: number },
) => fc.record({ text: hostileJsonBody(fields, valid, options), type: contentType });

const POSTING_FIELDS = Object.keys(onCampusPosting());
const MEMBER_FIELDS = ['id', 'name', 'academicYear', 'gender', 'customGender', 'email', 'instagramHandle'];

/** A posting's multipart body: the posting JSON, maybe an image order, maybe junk files and extra fields. */
export const postingMultipart = fc.record({
  posting: fc.oneof(
    { weight: 6, arbitrary: hostileObject([...POSTING_FIELDS, ...MEMBER_FIELDS], onCampusPosting()).map(toJsonText) },
    { weight: 1, arbitrary: hostileValue(POSTING_FIELDS).map(toJsonText) },
    { weight: 1, arbitrary: hostileString },
  ),
  imageOrder: fc.option(hostileValue(['new:0']).map(toJsonText), { nil: undefined }),
  extra: fc.option(fc.tuple(fc.constantFrom('posting', '__proto__', 'constructor', 'x'), hostileString), {
    nil: undefined,
  }),
  files: fc.array(
    fc.record({
      name: hostileString.filter((s) => s.length < 300),
      type: fc.constantFrom('image/jpeg', 'image/png', 'text/html', 'application/octet-stream'),
      bytes: fc.uint8Array({ maxLength: 256 }),
    }),
    { maxLength: 2 },
  ),
});

type PostingMultipart = typeof postingMultipart extends fc.Arbitrary<infer P> ? P : never;

export async function sendPostingMultipart(method: 'POST' | 'PUT', url: string, payload: PostingMultipart) {
  const fields: Record<string, string> = { posting: payload.posting };
  if (payload.imageOrder !== undefined) fields.imageOrder = payload.imageOrder;
  if (payload.extra) fields[payload.extra[0]] = payload.extra[1];
  const body = await multipart(
    fields,
    payload.files.map((file) => ({ name: file.name, type: file.type, buffer: Buffer.from(file.bytes) })),
  );
  return t.app.inject({
    method,
    url,
    headers: { ...originHeader(t), cookie: admin.cookie, 'content-type': body.contentType },
    payload: body.payload,
  });
}

export function authShape(body: string): string[] {
  let json: { code?: unknown; message?: unknown; error?: unknown };
  try {
    json = JSON.parse(body);
  } catch {
    return [`not JSON: ${body.slice(0, 200)}`];
  }
  if (json.error !== undefined) return errorProblems(400, body);
  if (typeof json.message !== 'string' || json.message.length === 0) return [`no message: ${body.slice(0, 200)}`];
  if (/\n\s+at /.test(json.message)) return [`a stack trace: ${json.message.slice(0, 200)}`];
  return [];
}
