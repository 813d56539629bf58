/**
 * Hostile input to the conversation routes (issue 19): messages, read positions, sharing, reports,
 * blocks, the unread-e-mail setting and its signed unsubscribe link, and paged reads, with the rules of hostile-input.test.ts.
 *
 * FUZZ_RUNS payloads per route (200 by default; `npm run test:hostile` sends 10,000 unless told).
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { unreadEmailUnsubscribeToken } from '../../src/server/conversations/unread-mail';
import { conversation } from '../../src/server/db/schema';
import { insertPosting } from '../support/browse-fixtures';
import { encodePathSegment, FUZZ_RUNS, hostileString, idSegment } from '../support/hostile';
import { createMember, originHeader, type TestMember } from '../support/users';
import { admin, fuzz, json, jsonBody, other, setUpHostileApp, TIMEOUT, t } from './hostile-setup';

setUpHostileApp();
describe(`hostile input to conversations (issue 19): ${FUZZ_RUNS} generated payloads per route`, () => {
  let conversationId: string;
  let adminSeq: number;
  let talker: TestMember;

  beforeAll(async () => {
    // A ping of its own to a posting of its own: the routes above may have closed the shared one.
    talker = await createMember(t);
    const target = await insertPosting(t.database.db, admin.id);
    const pinged = await t.app.inject({
      method: 'POST',
      url: `/api/postings/${target}/pings`,
      headers: { ...originHeader(t), cookie: talker.cookie },
      payload: { message: 'Hello there' },
    });
    expect(pinged.statusCode, pinged.body).toBe(201);
    const [row] = await t.database.db.select().from(conversation).where(eq(conversation.pingId, pinged.json().id));
    conversationId = row?.id as string;
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      headers: { ...originHeader(t), cookie: admin.cookie },
      payload: { body: 'A reply to report' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    adminSeq = reply.json().seq;
  }, 120_000);

  it(
    'POST /api/conversations/:id/messages',
    async () => {
      const statuses = await fuzz(
        fc.tuple(idSegment([conversationId]), jsonBody(['body'], { body: 'Hello <b>there</b>' })),
        ([id, body]) => json(admin, 'POST', `/api/conversations/${id}/messages`)(body),
      );
      expect(statuses.get(400)).toBeGreaterThan(0);
    },
    TIMEOUT,
  );

  it(
    'POST /api/conversations/:id/read and PUT .../share',
    async () => {
      await fuzz(fc.tuple(idSegment([conversationId]), jsonBody(['seq'], { seq: adminSeq })), ([id, body]) =>
        json(talker, 'POST', `/api/conversations/${id}/read`)(body),
      );
      await fuzz(
        fc.tuple(
          idSegment([conversationId]),
          jsonBody(['email', 'phone', 'instagram'], { email: true, phone: false, instagram: true }),
        ),
        ([id, body]) => json(talker, 'PUT', `/api/conversations/${id}/share`)(body),
      );
    },
    TIMEOUT * 2,
  );

  it(
    'POST /api/conversations/:id/messages/:seq/report',
    async () => {
      await fuzz(
        fc.tuple(
          idSegment([conversationId]),
          fc.oneof(fc.constant(String(adminSeq)), idSegment(['1', '0', '-1', '1e3', '9007199254740993'])),
          jsonBody(['reason', 'details'], { reason: 'scam', details: 'Asks for money' }),
        ),
        ([id, seq, body]) => json(talker, 'POST', `/api/conversations/${id}/messages/${seq}/report`)(body),
      );
    },
    TIMEOUT,
  );

  it(
    'PUT and DELETE /api/me/blocks/:userId, PUT /api/me/conversation-settings',
    async () => {
      await fuzz(
        fc.tuple(fc.constantFrom('PUT', 'DELETE') as fc.Arbitrary<'PUT' | 'DELETE'>, idSegment([other.id])),
        ([method, id]) =>
          t.app.inject({ method, url: `/api/me/blocks/${id}`, headers: { ...originHeader(t), cookie: talker.cookie } }),
      );
      await fuzz(
        jsonBody(['unreadEmail'], { unreadEmail: false }),
        json(talker, 'PUT', '/api/me/conversation-settings'),
      );
    },
    TIMEOUT * 2,
  );

  it(
    "POST /api/conversation-emails/unsubscribe (the unread e-mail's signed link: hostile users and tokens, and real ones)",
    async () => {
      const signed = unreadEmailUnsubscribeToken(t.config.authSecret, talker.id);
      const token = fc.oneof(
        { weight: 1, arbitrary: fc.constant(signed) },
        { weight: 4, arbitrary: hostileString.filter((value) => value.length < 500) },
      );
      await fuzz(fc.tuple(idSegment([talker.id, other.id]), token), ([user, value]) =>
        t.app.inject({
          method: 'POST',
          url: `/api/conversation-emails/unsubscribe?user=${user}&token=${encodePathSegment(value)}`,
          headers: originHeader(t),
        }),
      );
    },
    TIMEOUT,
  );

  it(
    'GET /api/conversations/:id and GET /api/conversations (queries)',
    async () => {
      await fuzz(
        fc.tuple(idSegment([conversationId]), hostileString.filter((s) => s.length < 500).map(encodePathSegment)),
        ([id, value]) =>
          t.app.inject({
            method: 'GET',
            url: `/api/conversations/${id}?before=${value}&after=${value}&limit=${value}`,
            headers: { cookie: talker.cookie },
          }),
        { readOnly: true },
      );
      await fuzz(
        hostileString.filter((s) => s.length < 500).map(encodePathSegment),
        (value) =>
          t.app.inject({
            method: 'GET',
            url: `/api/conversations?cursor=${value}&limit=${value}`,
            headers: { cookie: talker.cookie },
          }),
        { readOnly: true },
      );
    },
    TIMEOUT * 2,
  );
});
