/**
 * Hostile input (issue 12, item 3): generated payloads against every write route and the search
 * filters. Every answer is 2xx, or 4xx in the API's error shape with a title and message from the
 * catalogue (src/shared/messages.ts); never a 5xx; a refused request changes nothing in the
 * database or the uploads folder; nothing reaches Object.prototype.
 *
 * FUZZ_RUNS payloads per route (200 by default; `npm run test:hostile` sends 10,000 unless told).
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationLink } from '../../src/server/auth/email-verification';
import { posting, postingMember, savedSearch } from '../../src/server/db/schema';
import { hashToken } from '../../src/server/groups/invitations';
import { createRenewalToken } from '../../src/server/postings/renewal-token';
import { unsubscribeToken } from '../../src/server/saved-searches/token';
import { createTestApp, type TestApp } from '../support/app';
import { insertPosting } from '../support/browse-fixtures';
import {
  contentType,
  encodePathSegment,
  errorProblems,
  FUZZ_RUNS,
  hostileJsonBody,
  hostileObject,
  hostileString,
  hostileValue,
  idSegment,
  prototypeIsClean,
  toJsonText,
  watchDatabase,
} from '../support/hostile';
import { createMember, originHeader, type TestMember } from '../support/users';
import { multipart, onCampusPosting, storedFiles } from './postings-support';

let t: TestApp;
let admin: TestMember;
let other: TestMember;
let pinger: TestMember;
let postingId: string;
let pingId: string;
let databaseFingerprint: () => Promise<Record<string, string>>;

// 3-100 ms a payload on a shared 2-core machine; a test that times out keeps sending in
// the background and spoils the next test's database check, so the bound is generous.
const TIMEOUT = Math.max(60_000, FUZZ_RUNS * 400);

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
  databaseFingerprint = await watchDatabase(t.database.db);
}, 300_000);
afterAll(async () => {
  await t?.close();
});

/**
 * Sends each generated request and checks the answer; the database fingerprint before each request
 * must be the one after it whenever the answer is a refusal.
 */
async function fuzz<T>(
  arbitrary: fc.Arbitrary<T>,
  send: (payload: T) => Promise<LightMyRequestResponse>,
  options: { readOnly?: boolean; files?: boolean; errorShape?: (status: number, body: string) => string[] } = {},
) {
  let fingerprint = await databaseFingerprint();
  let files = options.files ? storedFiles(t).sort() : [];
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(arbitrary, async (payload) => {
      const response = await send(payload);
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      expect(response.statusCode, response.body.slice(0, 500)).toBeLessThan(500);
      expect(response.statusCode).toBeGreaterThanOrEqual(200);
      const after = await databaseFingerprint();
      const filesAfter = options.files ? storedFiles(t).sort() : [];
      if (response.statusCode >= 400)
        expect((options.errorShape ?? errorProblems)(response.statusCode, response.body)).toEqual([]);
      if (response.statusCode >= 400 || options.readOnly) {
        expect(after).toEqual(fingerprint);
        expect(filesAfter).toEqual(files);
      }
      expect(prototypeIsClean()).toBe(true);
      fingerprint = after;
      files = filesAfter;
    }),
    { numRuns: FUZZ_RUNS },
  );
  return statuses;
}

const json = (member: TestMember | null, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string) => {
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

const jsonBody = (
  fields: readonly string[],
  valid: Record<string, unknown> = {},
  options?: { exactlyValid?: number },
) => fc.record({ text: hostileJsonBody(fields, valid, options), type: contentType });

const POSTING_FIELDS = Object.keys(onCampusPosting());
const MEMBER_FIELDS = ['id', 'name', 'academicYear', 'gender', 'customGender', 'email', 'instagramHandle'];

/** A posting's multipart body: the posting JSON, maybe an image order, maybe junk files and extra fields. */
const postingMultipart = fc.record({
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

async function sendPostingMultipart(method: 'POST' | 'PUT', url: string, payload: PostingMultipart) {
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

describe(`hostile input: ${FUZZ_RUNS} generated payloads per route`, () => {
  it(
    'POST /api/postings (multipart create)',
    async () => {
      const statuses = await fuzz(
        postingMultipart,
        (payload) => sendPostingMultipart('POST', '/api/postings', payload),
        {
          files: true,
        },
      );
      // The generators reach both sides: some postings are refused, some are valid.
      expect(statuses.get(400)).toBeGreaterThan(0);
    },
    TIMEOUT,
  );

  it(
    'PUT /api/postings/:id (multipart edit)',
    async () => {
      const statuses = await fuzz(
        fc.tuple(postingMultipart, idSegment([postingId])),
        ([payload, id]) => sendPostingMultipart('PUT', `/api/postings/${id}`, payload),
        { files: true },
      );
      expect(statuses.get(400)).toBeGreaterThan(0);
    },
    TIMEOUT,
  );

  it(
    'PATCH /api/postings/:id/status',
    async () => {
      const statusValues = ['Unfulfilled', 'Likely Fulfilled', 'Fulfilled', 'fulfilled', 'FULFILLED', ''];
      const body = fc.record({
        text: fc.oneof(
          hostileJsonBody(['status'], { status: 'Likely Fulfilled' }),
          fc.constantFrom(...statusValues).map((status) => JSON.stringify({ status })),
        ),
        type: contentType,
      });
      await fuzz(fc.tuple(body, idSegment([postingId])), ([payload, id]) =>
        json(admin, 'PATCH', `/api/postings/${id}/status`)(payload),
      );
    },
    TIMEOUT,
  );

  it(
    'GET /api/postings (search filters)',
    async () => {
      const FILTER_FIELDS = [
        'location',
        'groupSize',
        'housingAim',
        'dorm',
        'gender',
        'classYear',
        'sublet',
        'maxRent',
        'moveIn',
        'moveOut',
        'sort',
        'hideFulfilled',
        'cursor',
        'limit',
      ];
      const query = fc.array(
        fc.tuple(
          fc.oneof(
            { weight: 5, arbitrary: fc.constantFrom(...FILTER_FIELDS) },
            { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'location[]', 'limit[0]') },
          ),
          fc.oneof(
            hostileString.filter((s) => s.length < 5_000),
            fc.constantFrom(
              'offcampus',
              'oncampus',
              '3',
              '0',
              '-1',
              '1e3',
              '2027-02-30',
              '9999-12-31',
              'rent',
              'fit',
              'yes',
            ),
          ),
        ),
        { maxLength: 8 },
      );
      const statuses = await fuzz(
        query,
        (entries) => {
          const params = new URLSearchParams();
          for (const [key, value] of entries) params.append(key, value);
          return t.app.inject({ method: 'GET', url: `/api/postings?${params}`, headers: { cookie: other.cookie } });
        },
        { readOnly: true },
      );
      expect(statuses.get(200)).toBeGreaterThan(0);
    },
    TIMEOUT,
  );

  it(
    'PUT and DELETE /api/postings/:id/bookmark',
    async () => {
      await fuzz(
        fc.tuple(fc.constantFrom('PUT' as const, 'DELETE' as const), idSegment([postingId]), jsonBody(['posting'])),
        ([method, id, body]) => json(other, method, `/api/postings/${id}/bookmark`)(body),
      );
    },
    TIMEOUT,
  );

  it(
    'POST /api/postings/:id/pings',
    async () => {
      await fuzz(fc.tuple(idSegment([postingId]), jsonBody(['message'], { message: 'Hi there' })), ([id, body]) =>
        json(other, 'POST', `/api/postings/${id}/pings`)(body),
      );
    },
    TIMEOUT,
  );

  it(
    'PATCH /api/pings/:id',
    async () => {
      const body = fc.record({
        text: fc.oneof(
          hostileJsonBody(['status'], { status: 'declined' }),
          fc.constantFrom('accepted', 'declined', 'pending', 'Accepted').map((status) => JSON.stringify({ status })),
        ),
        type: contentType,
      });
      await fuzz(fc.tuple(idSegment([pingId]), body), ([id, payload]) =>
        json(admin, 'PATCH', `/api/pings/${id}`)(payload),
      );
    },
    TIMEOUT,
  );

  it(
    'POST /api/contact',
    async () => {
      await fuzz(
        jsonBody(['name', 'email', 'message'], { name: 'Maeve Kelly', email: 'maeve@bc.edu', message: 'Hello team' }),
        json(other, 'POST', '/api/contact'),
      );
    },
    TIMEOUT,
  );

  it(
    'GET and POST /api/renewals (a signed link: hostile tokens, and signed ones with hostile dates)',
    async () => {
      const nonce = randomUUID();
      await t.database.db
        .update(posting)
        .set({ renewalRemindedAt: new Date(), renewalNonce: nonce })
        .where(eq(posting.id, postingId));
      // Signed as the server signs, so the date and fields behind the signature are what is tried.
      const signed = (fields: string) => {
        const payload = Buffer.from(fields, 'utf8').toString('base64url');
        return `${payload}.${createHmac('sha256', t.config.authSecret).update(`quadmates-renewal-v1:${payload}`).digest('base64url')}`;
      };
      const token = fc.oneof(
        hostileString,
        fc
          .tuple(fc.constantFrom('renew', 'fulfil', 'x'), fc.oneof(hostileString, fc.integer().map(String)))
          .map(([action, seconds]) => signed(`${postingId}|${nonce}|${action}|${seconds}`)),
        fc
          .date({ noInvalidDate: true })
          .map((date) => createRenewalToken(t.config.authSecret, { postingId, nonce, action: 'fulfil' }, date)),
      );
      await fuzz(fc.tuple(fc.constantFrom('GET' as const, 'POST' as const), token), ([method, value]) =>
        method === 'GET'
          ? t.app.inject({ method, url: `/api/renewals?token=${encodePathSegment(value)}` })
          : json(null, method, '/api/renewals')({ text: JSON.stringify({ token: value }), type: 'application/json' }),
      );
    },
    TIMEOUT,
  );

  it(
    'GET and POST /api/saved-searches/unsubscribe (a signed link: hostile ids and tokens, hostile dates)',
    async () => {
      const [search] = await t.database.db
        .insert(savedSearch)
        .values({
          userId: other.id,
          name: 'Walsh',
          alert: 'daily',
          filters: { location: 'oncampus' },
          location: 'oncampus',
        })
        .returning({ id: savedSearch.id });
      const searchId = search?.id as string;
      const token = fc.oneof(
        hostileString,
        fc.oneof(hostileString, fc.integer().map(String)).map((seconds) => {
          const genuine = unsubscribeToken(t.config.authSecret, searchId, other.id);
          return `${seconds}${genuine.slice(genuine.indexOf('.'))}`;
        }),
        fc.date({ noInvalidDate: true }).map((date) => unsubscribeToken(t.config.authSecret, searchId, other.id, date)),
      );
      await fuzz(
        fc.tuple(fc.constantFrom('GET' as const, 'POST' as const), idSegment([searchId]), token),
        ([method, id, value]) =>
          t.app.inject({
            method,
            url: `/api/saved-searches/unsubscribe?id=${id}&token=${encodePathSegment(value)}`,
            headers: originHeader(t),
          }),
      );
    },
    TIMEOUT,
  );

  it(
    'POST /api/auth/sign-up/email',
    async () => {
      let address = 0;
      // better-auth answers its own errors as { code, message } (src/client/features/auth/auth-api.ts
      // turns them into the API's error); they must still be 4xx with a readable message, no stack.
      const authErrorShape = (status: number, body: string): string[] => {
        if (status === 429 || status === 403) return errorProblems(status, body).length === 0 ? [] : authShape(body);
        return authShape(body);
      };
      const statuses = await fuzz(
        jsonBody(
          ['email', 'name', 'password', 'callbackURL', 'image', 'rememberMe'],
          { email: 'fresh.student@bc.edu', name: 'Fresh Student', password: 'correct-horse-battery' },
          // Every sign-up that passes validation hashes its password (scrypt, tens of milliseconds
          // to a second on a busy machine), even for an address already taken, so as not to reveal
          // it. Sent 1 time in 10, the one unchanged valid body would cost most of the run and
          // test nothing new after its first time; valid bodies still arrive through the
          // generated objects (the rest valid, the overrides harmless), about 1 in 30.
          { exactlyValid: 0 },
        ),
        (body) => {
          address += 1;
          return t.app.inject({
            method: 'POST',
            url: '/api/auth/sign-up/email',
            // Each payload from its own address: the sign-up rate limit (5 a minute) is not what is tested.
            remoteAddress: `10.77.${(address >> 8) & 255}.${address & 255}`,
            headers: { ...originHeader(t), 'content-type': body.type },
            payload: body.text,
          });
        },
        { errorShape: authErrorShape },
      );
      expect(statuses.get(400)).toBeGreaterThan(0);
    },
    // A sign-up that passes validation hashes its password (scrypt): slower than the other routes.
    TIMEOUT * 5,
  );

  it(
    'POST /api/auth/verify-email/confirm',
    async () => {
      // A waiting account and its mailed token: the exactly valid body verifies it once, after
      // which the same body is refused as a spent link (decision 0020).
      const email = 'waiting.student@bc.edu';
      const signUp = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress: '10.78.0.1',
        headers: originHeader(t),
        payload: { email, name: 'Waiting Student', password: 'correct-horse-battery' },
      });
      expect(signUp.statusCode).toBe(200);
      const token = new URL(await verificationLink(t.config, email, 'Waiting Student')).searchParams.get('token');
      let address = 0;
      const statuses = await fuzz(
        jsonBody(['token', 'name', 'password'], { token, name: 'Waiting Student', password: 'correct-horse-battery' }),
        (body) => {
          address += 1;
          return t.app.inject({
            method: 'POST',
            url: '/api/auth/verify-email/confirm',
            // Each payload from its own address: the confirm's rate limit is not what is tested.
            remoteAddress: `10.79.${(address >> 8) & 255}.${address & 255}`,
            headers: { ...originHeader(t), 'content-type': body.type },
            payload: body.text,
          });
        },
        { errorShape: (_status, body) => authShape(body) },
      );
      expect(statuses.get(400)).toBeGreaterThan(0);
    },
    TIMEOUT * 2,
  );
});

describe(`hostile input to groups (issue 23): ${FUZZ_RUNS} generated payloads per route`, () => {
  let groupId: string;
  let invitee: TestMember;
  let joiner: TestMember;
  let invitedRow: string;
  let joinedRow: string;
  let typedRow: string;
  let token: string;

  beforeAll(async () => {
    invitee = await createMember(t);
    joiner = await createMember(t);
    groupId = await insertPosting(t.database.db, admin.id, { curGroupSize: 4, curNumSeek: 2 });
    token = randomBytes(32).toString('base64url');
    const base = { postingId: groupId, academicYear: 'junior', gender: 'female' } as const;
    const rows = await t.database.db
      .insert(postingMember)
      .values([
        {
          ...base,
          position: 1,
          name: 'Invitee',
          email: invitee.email,
          state: 'invited',
          invitedAt: new Date(),
          invitationExpiresAt: new Date(Date.now() + 86_400_000),
          invitationTokenHash: hashToken(token),
        },
        {
          ...base,
          position: 2,
          name: 'Joiner',
          email: joiner.email,
          userId: joiner.id,
          state: 'joined',
          joinedAt: new Date(),
        },
        { ...base, position: 3, name: 'Typed', email: `typed.${Date.now()}@bc.edu` },
      ])
      .returning({ id: postingMember.id });
    [invitedRow, joinedRow, typedRow] = rows.map((row) => row.id) as [string, string, string];
  }, 120_000);

  it(
    'PUT /api/me/sharing',
    async () => {
      const valid = {
        academicYear: 'senior',
        gender: 'other',
        customGender: 'Nonbinary',
        phoneNumber: '617-555-0100',
        instagramHandle: '@me.here',
        share: { academicYear: true, gender: true, email: false, phoneNumber: true, instagramHandle: false },
      };
      const statuses = await fuzz(jsonBody(Object.keys(valid), valid), json(other, 'PUT', '/api/me/sharing'));
      expect(statuses.get(400)).toBeGreaterThan(0);
    },
    TIMEOUT,
  );

  it(
    'GET /api/invitations/by-token/:token',
    async () => {
      await fuzz(
        fc.oneof(fc.constant(token), hostileString.filter((s) => s.length < 500).map(encodePathSegment)),
        (value) =>
          t.app.inject({
            method: 'GET',
            url: `/api/invitations/by-token/${value === token ? token : value}`,
            headers: { cookie: invitee.cookie },
          }),
        { readOnly: true },
      );
    },
    TIMEOUT,
  );

  it(
    'POST /api/invitations/:id/join and /decline',
    async () => {
      await fuzz(
        fc.tuple(
          fc.constantFrom('join', 'decline'),
          idSegment([invitedRow, joinedRow]),
          jsonBody(['token'], { token: 'not-the-token' }),
        ),
        ([action, id, body]) => json(invitee, 'POST', `/api/invitations/${id}/${action}`)(body),
      );
    },
    TIMEOUT,
  );

  it(
    'POST /api/postings/:id/members/:memberId/invite and /withdraw, DELETE .../:memberId',
    async () => {
      await fuzz(
        fc.tuple(
          fc.constantFrom('invite', 'withdraw', 'remove'),
          idSegment([groupId]),
          idSegment([typedRow, invitedRow]),
          jsonBody(['memberId']),
        ),
        ([action, id, memberId, body]) =>
          action === 'remove'
            ? json(admin, 'DELETE', `/api/postings/${id}/members/${memberId}`)(body)
            : json(admin, 'POST', `/api/postings/${id}/members/${memberId}/${action}`)(body),
      );
    },
    TIMEOUT,
  );

  it(
    'PUT /api/postings/:id/members/:memberId/role',
    async () => {
      await fuzz(
        fc.tuple(idSegment([groupId]), idSegment([joinedRow, typedRow]), jsonBody(['role'], { role: 'coadmin' })),
        ([id, memberId, body]) => json(admin, 'PUT', `/api/postings/${id}/members/${memberId}/role`)(body),
      );
    },
    TIMEOUT,
  );

  it(
    'POST /api/postings/:id/leave and /hand-over',
    async () => {
      await fuzz(fc.tuple(idSegment([groupId]), jsonBody(['memberId'])), ([id, body]) =>
        json(joiner, 'POST', `/api/postings/${id}/leave`)(body),
      );
      await fuzz(fc.tuple(idSegment([groupId]), jsonBody(['memberId'], { memberId: typedRow })), ([id, body]) =>
        json(admin, 'POST', `/api/postings/${id}/hand-over`)(body),
      );
    },
    TIMEOUT * 2,
  );
});

function authShape(body: string): string[] {
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
