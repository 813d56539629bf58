/**
 * A message's client key (migration 0017): a send repeated after its answer was lost (the server
 * died after saving it, the connection dropped) answers the saved message and saves, announces and
 * counts nothing again, also when both copies arrive at once; the key is the sender's own and is
 * never shown. Found by the topology test: a send cut off by a killed server was saved, the page
 * said it failed, and sending it again made a second message.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationMessage, liveEvent } from '../../src/server/db/schema';
import { conversationMessages as cm, type MessageView } from '../../src/shared/schemas/conversations';
import type { SentPing } from '../../src/shared/schemas/ping';
import type { PostingDetail } from '../../src/shared/schemas/posting-view';
import { createTestApp, type TestApp } from '../support/app';
import { createMember, originHeader, type TestMember } from '../support/users';
import { onCampusPosting, sendPosting } from './postings-support';

let t: TestApp;
let admin: TestMember;
let student: TestMember;
let conversationId: string;

const send = (member: TestMember, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/conversations/${conversationId}/messages`,
    headers: { ...originHeader(t), cookie: member.cookie },
    payload: payload as object,
  });

const messageRows = (senderId: string) =>
  t.database.db
    .select()
    .from(conversationMessage)
    .where(and(eq(conversationMessage.conversationId, conversationId), eq(conversationMessage.senderUserId, senderId)));

const messageEvents = async () =>
  (await t.database.db.select().from(liveEvent).where(eq(liveEvent.type, 'message'))).length;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { backgroundJobs: false });
  admin = await createMember(t, { email: `keys.admin.${Date.now()}@bc.edu`, name: 'Avery Admin' });
  student = await createMember(t, { email: `keys.student.${Date.now()}@bc.edu`, name: 'Sam Student' });
  const created = await sendPosting(t, { cookie: admin.cookie, posting: onCampusPosting() });
  expect(created.statusCode, created.body).toBe(201);
  const postingId = created.json<PostingDetail>().id;
  const pinged = await t.app.inject({
    method: 'POST',
    url: `/api/postings/${postingId}/pings`,
    headers: { ...originHeader(t), cookie: student.cookie },
    payload: { message: 'Is the room still free?' },
  });
  expect(pinged.statusCode, pinged.body).toBe(201);
  const ping = pinged.json<SentPing>();
  conversationId = ping.conversationId as string;
  const accepted = await t.app.inject({
    method: 'PATCH',
    url: `/api/pings/${ping.id}`,
    headers: { ...originHeader(t), cookie: admin.cookie },
    payload: { status: 'accepted' },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
});
afterAll(async () => t?.close());

describe('a message sent again under its client key', () => {
  it('answers the saved message (200) and saves and announces nothing again', async () => {
    const clientKey = randomUUID();
    const first = await send(student, { body: 'Can I see it on Saturday?', clientKey });
    expect(first.statusCode, first.body).toBe(201);
    const rowsBefore = (await messageRows(student.id)).length;
    const eventsBefore = await messageEvents();

    const again = await send(student, { body: 'Can I see it on Saturday?', clientKey });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<MessageView>()).toEqual(first.json<MessageView>());
    expect((await messageRows(student.id)).length).toBe(rowsBefore);
    expect(await messageEvents()).toBe(eventsBefore);
    // The key is the sender's page's own: no answer names it.
    expect(first.body).not.toContain(clientKey);
  });

  it('saves one message when both copies arrive at once', async () => {
    const clientKey = randomUUID();
    const rowsBefore = (await messageRows(student.id)).length;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => send(student, { body: 'Sent from a train, twice.', clientKey })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.json<MessageView>().seq)).size).toBe(1);
    expect((await messageRows(student.id)).length).toBe(rowsBefore + 1);
  });

  it('keeps each send without a key, or with a new key, a message of its own', async () => {
    const rowsBefore = (await messageRows(student.id)).length;
    for (const payload of [
      { body: 'Me again.' },
      { body: 'Me again.' },
      { body: 'Me again.', clientKey: randomUUID() },
      { body: 'Me again.', clientKey: randomUUID() },
    ]) {
      expect((await send(student, payload)).statusCode).toBe(201);
    }
    expect((await messageRows(student.id)).length).toBe(rowsBefore + 4);
  });

  it("never answers one student's message to another who sends the same key", async () => {
    const clientKey = randomUUID();
    const mine = await send(student, { body: 'From the student.', clientKey });
    const theirs = await send(admin, { body: 'From the admin.', clientKey });
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json<MessageView>().body).toBe('From the admin.');
    expect(theirs.json<MessageView>().seq).not.toBe(mine.json<MessageView>().seq);
  });

  it('refuses a key that is not one with a sentence', async () => {
    const refused = await send(student, { body: 'Hello', clientKey: 'not-a-key' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain(cm.badClientKey);
  });
});
