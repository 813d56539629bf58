/**
 * Hostile input (issue 12, item 3): generated payloads against the write routes (a posting's own
 * writes are hostile-input-postings.test.ts, the others' own files) and the search filters. Every answer is 2xx, or 4xx in the API's error shape with a title and message from the
 * catalogue (src/shared/messages.ts); never a 5xx; a refused request changes nothing in the
 * database or the uploads folder; nothing reaches Object.prototype.
 *
 * FUZZ_RUNS payloads per route (200 by default; `npm run test:hostile` sends 10,000 unless told).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { posting, savedSearch } from '../../src/server/db/schema';
import { createRenewalToken } from '../../src/server/postings/renewal-token';
import { unsubscribeToken } from '../../src/server/saved-searches/token';
import {
  contentType,
  encodePathSegment,
  FUZZ_RUNS,
  hostileJsonBody,
  hostileString,
  idSegment,
} from '../support/hostile';
import { originHeader } from '../support/users';
import { admin, fuzz, json, jsonBody, other, pingId, postingId, setUpHostileApp, TIMEOUT, t } from './hostile-setup';

setUpHostileApp();

describe(`hostile input: ${FUZZ_RUNS} generated payloads per route`, () => {
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
        'walkPlace',
        'walkMinutes',
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
              'walk',
              'main',
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
    'GET /api/map/geocode (the address search: no geocoder in this config, so 400 or 404)',
    async () => {
      const query = fc.array(
        fc.tuple(
          fc.oneof(
            { weight: 5, arbitrary: fc.constant('q') },
            { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'q[]', 'q[0]', 'limit') },
          ),
          fc.oneof(
            hostileString.filter((s) => s.length < 5_000),
            fc.constantFrom('12 Foster Street', '', '  '),
          ),
        ),
        { maxLength: 4 },
      );
      const statuses = await fuzz(
        query,
        (entries) => {
          const params = new URLSearchParams();
          for (const [key, value] of entries) params.append(key, value);
          return t.app.inject({ method: 'GET', url: `/api/map/geocode?${params}`, headers: { cookie: other.cookie } });
        },
        { readOnly: true },
      );
      expect([...statuses.keys()].every((status) => status === 400 || status === 404)).toBe(true);
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
});
