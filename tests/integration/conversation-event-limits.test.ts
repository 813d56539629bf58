/**
 * Every write that makes a live event has a limit (issue 30, item 3): a contact-share save or a
 * read mark that changes nothing writes nothing (no row, no event) and answers as before; both
 * count against a per-student limit and answer 429 past it; a newer unread total or "read this
 * conversation again" replaces the recipient's older one, so a stream that is away, behind or
 * resuming with Last-Event-ID hears one event for N changes, and a live one still hears each.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, toCount } from '../../src/server/db/client';
import { STUDENT_LIMITS, type StudentLimitKind } from '../../src/shared/limits';
import type { ContactShare, ConversationView, MessageView } from '../../src/shared/schemas/conversations';
import type { SentPing } from '../../src/shared/schemas/ping';
import { createTestApp, type TestApp } from '../support/app';
import { insertPosting } from '../support/browse-fixtures';
import { openStream } from '../support/sse';
import { createMember, originHeader, type TestMember } from '../support/users';

vi.setConfig({ testTimeout: 120_000 });

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { backgroundJobs: false, liveHeartbeatMs: 300 });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

const call = (member: TestMember, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...originHeader(t), cookie: member.cookie },
    ...(payload !== undefined ? { payload } : {}),
  });

const share = (member: TestMember, conversationId: string, choice: ContactShare) =>
  call(member, 'PUT', `/api/conversations/${conversationId}/share`, choice);
const markRead = (member: TestMember, conversationId: string, seq: number) =>
  call(member, 'POST', `/api/conversations/${conversationId}/read`, { seq });
const NOTHING: ContactShare = { email: false, phone: false, instagram: false };
const EMAIL: ContactShare = { email: true, phone: false, instagram: false };

/** A posting of `admin` pinged by a new student: the conversation between them. */
async function conversationWith(admin: TestMember): Promise<{ student: TestMember; conversationId: string }> {
  const student = await createMember(t);
  const postingId = await insertPosting(t.database.db, admin.id);
  const pinged = await call(student, 'POST', `/api/postings/${postingId}/pings`, { message: 'Is the room free?' });
  expect(pinged.statusCode, pinged.body).toBe(201);
  return { student, conversationId: pinged.json<SentPing>().conversationId as string };
}

/** Every live event of these students, oldest first. */
const eventsOf = (...userIds: string[]) =>
  queryRows<{ seq: string | number; user_id: string; type: string; data: unknown }>(
    t.database.db,
    sql`SELECT seq, user_id, type, data FROM live_event
      WHERE user_id IN (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )}) ORDER BY seq`,
  );

const lastEventSeq = async (userId: string) => Math.max(0, ...(await eventsOf(userId)).map((e) => Number(e.seq)));

/** The student's row in the conversation as stored (undefined: none), to show it untouched. */
async function participantRow(conversationId: string, userId: string) {
  const [row] = await queryRows<Record<string, unknown>>(
    t.database.db,
    sql`SELECT * FROM conversation_participant WHERE conversation_id = ${conversationId}::uuid AND user_id = ${userId}`,
  );
  return row;
}

const usageRows = async (userId: string, kind: StudentLimitKind) => {
  const [row] = await queryRows<{ n: unknown }>(
    t.database.db,
    sql`SELECT count(*) AS n FROM student_usage WHERE user_id = ${userId} AND kind = ${kind}`,
  );
  return toCount(row?.n);
};

/** What a student and the people they talk to would notice of a request: rows and events. */
const footprint = async (conversationId: string, ...userIds: string[]) => ({
  events: await eventsOf(...userIds),
  rows: await Promise.all(userIds.map((id) => participantRow(conversationId, id))),
  usage: await Promise.all(
    userIds.map(async (id) => [await usageRows(id, 'contactShares'), await usageRows(id, 'readMarks')]),
  ),
});

const refusal = (response: {
  statusCode: number;
  json: () => { error: { code: string; title: string; message: string } };
}) => ({
  status: response.statusCode,
  ...response.json().error,
});

const limitRefusal = (kind: StudentLimitKind) => {
  const limit = STUDENT_LIMITS[kind];
  return { status: 429, code: limit.code, title: limit.title, message: limit.message(limit.max) };
};

describe('share saves and read marks that change nothing write nothing', () => {
  it('a share saved as it already is answers the same and writes no row and no event', async () => {
    const admin = await createMember(t);
    const { student, conversationId } = await conversationWith(admin);

    // The admin never shared here and has no row: saving "nothing shared" creates none.
    const before = await footprint(conversationId, student.id, admin.id);
    const unshared = await share(admin, conversationId, NOTHING);
    expect(unshared.statusCode, unshared.body).toBe(200);
    expect(unshared.json()).toEqual(NOTHING);
    expect(await footprint(conversationId, student.id, admin.id)).toEqual(before);
    expect(await participantRow(conversationId, admin.id)).toBeUndefined();
    // Nor does a read mark at 0 (the ping's message stays unread).
    expect((await markRead(admin, conversationId, 0)).json()).toEqual({ readSeq: 0, total: 1 });
    expect(await footprint(conversationId, student.id, admin.id)).toEqual(before);

    // A real change: the other side (and the sharer's own tabs) hear it once.
    const first = await share(student, conversationId, EMAIL);
    expect(first.statusCode, first.body).toBe(200);
    const afterChange = await footprint(conversationId, student.id, admin.id);
    expect(afterChange.events.length).toBeGreaterThan(before.events.length);
    expect(afterChange.events.filter((e) => e.user_id === admin.id && e.type === 'conversation')).toHaveLength(1);

    for (let i = 0; i < 3; i += 1) {
      const again = await share(student, conversationId, EMAIL);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual(first.json());
    }
    expect(await footprint(conversationId, student.id, admin.id)).toEqual(afterChange);
    const view = (await call(admin, 'GET', `/api/conversations/${conversationId}`)).json<ConversationView>();
    expect(view.participants.find((p) => p.userId === student.id)?.contact.email).toBe(student.email);
  });

  it('a read mark at or behind the read position answers the same and writes no row and no event', async () => {
    const admin = await createMember(t);
    const { student, conversationId } = await conversationWith(admin);
    const reply = await call(admin, 'POST', `/api/conversations/${conversationId}/messages`, { body: 'It is.' });
    expect(reply.statusCode, reply.body).toBe(201);
    const { seq } = reply.json<MessageView>();

    const before = await footprint(conversationId, student.id, admin.id);
    const read = await markRead(student, conversationId, seq);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ readSeq: seq, total: 0 });
    const afterRead = await footprint(conversationId, student.id, admin.id);
    // The reader's other tabs hear the new count (replacing the count the reply sent); nobody else hears anything.
    const newest = Math.max(...before.events.map((e) => Number(e.seq)));
    expect(afterRead.events.filter((e) => Number(e.seq) > newest).map((e) => [e.user_id, e.type, e.data])).toEqual([
      [student.id, 'unread', { total: 0 }],
    ]);
    expect(afterRead.events.filter((e) => e.user_id === student.id && e.type === 'unread').map((e) => e.data)).toEqual([
      { total: 0 },
    ]);

    // Again (another tab), behind the position, and at 0: the same answer, nothing written.
    for (const again of [seq, seq - 1, 0]) {
      const response = await markRead(student, conversationId, again);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ readSeq: seq, total: 0 });
    }
    expect(await footprint(conversationId, student.id, admin.id)).toEqual(afterRead);
  });
});

describe('share saves and read marks have a per-student limit', () => {
  it(`share changes: ${STUDENT_LIMITS.contactShares.max} an hour, then 429 with its sentence, saving and telling nothing`, async () => {
    const admin = await createMember(t);
    const { student, conversationId } = await conversationWith(admin);
    const { max } = STUDENT_LIMITS.contactShares;
    for (let i = 0; i < max; i += 1) {
      const response = await share(student, conversationId, i % 2 === 0 ? EMAIL : NOTHING);
      expect(response.statusCode, response.body).toBe(200);
    }
    const saved = max % 2 === 0 ? NOTHING : EMAIL;
    const flipped = max % 2 === 0 ? EMAIL : NOTHING;
    const before = await footprint(conversationId, student.id, admin.id);

    const refused = await share(student, conversationId, flipped);
    expect(refusal(refused)).toEqual(limitRefusal('contactShares'));
    expect(refused.json().error.message).toBe(
      `You can change what you share at most ${max} times an hour. Your choice was not saved; please try again later.`,
    );
    expect(await footprint(conversationId, student.id, admin.id)).toEqual(before);
    expect(
      (await call(student, 'GET', `/api/conversations/${conversationId}`)).json<ConversationView>().myShare,
    ).toEqual(saved);
    // Saving what is saved is still true and costs nothing: it is counted apart (below).
    expect((await share(student, conversationId, saved)).statusCode).toBe(200);
  });

  it(`share saves that change nothing: ${STUDENT_LIMITS.contactShares.max} an hour as well, counted without a row`, async () => {
    const admin = await createMember(t);
    const { student, conversationId } = await conversationWith(admin);
    const { max } = STUDENT_LIMITS.contactShares;
    for (let i = 0; i < max; i += 1) expect((await share(student, conversationId, NOTHING)).statusCode).toBe(200);
    expect(refusal(await share(student, conversationId, NOTHING))).toEqual(limitRefusal('contactShares'));
    expect(await usageRows(student.id, 'contactShares')).toBe(0);
    // The flood spent the unchanged saves only: a real change still goes through.
    expect((await share(student, conversationId, EMAIL)).statusCode).toBe(200);
  });

  it(`read marks: ${STUDENT_LIMITS.readMarks.max} a minute, one message read at a time, then 429; marks that change nothing as well`, async () => {
    const admin = await createMember(t);
    const { student, conversationId } = await conversationWith(admin);
    const { max } = STUDENT_LIMITS.readMarks;
    // More messages than the limit, as a very lively group would send them.
    const seqs = (
      await queryRows<{ seq: string | number }>(
        t.database.db,
        sql`INSERT INTO conversation_message (conversation_id, sender_user_id, body)
          SELECT ${conversationId}::uuid, ${admin.id}, 'Message ' || n FROM generate_series(1, ${max + 1}) AS n
          RETURNING seq`,
      )
    )
      .map((row) => Number(row.seq))
      .sort((a, b) => a - b);
    for (const seq of seqs.slice(0, max)) {
      const response = await markRead(student, conversationId, seq);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().readSeq).toBe(seq);
    }
    const before = await footprint(conversationId, student.id, admin.id);
    const refused = await markRead(student, conversationId, seqs.at(-1) as number);
    expect(refusal(refused)).toEqual(limitRefusal('readMarks'));
    expect(await footprint(conversationId, student.id, admin.id)).toEqual(before);

    // Marks that change nothing (a second tab) have a limit of their own, and leave no row.
    const position = seqs[max - 1] as number;
    for (let i = 0; i < max; i += 1) {
      const response = await markRead(student, conversationId, position);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ readSeq: position, total: 1 });
    }
    expect(refusal(await markRead(student, conversationId, position))).toEqual(limitRefusal('readMarks'));
    expect(await footprint(conversationId, student.id, admin.id)).toEqual(before);
  });
});

describe('conversation events coalesce', () => {
  it('N share changes while a tab is away leave one event per conversation, and the tab resumes to the latest', async () => {
    const admin = await createMember(t);
    const { student, conversationId: a } = await conversationWith(admin);
    const postingB = await insertPosting(t.database.db, admin.id);
    const pingB = await call(student, 'POST', `/api/postings/${postingB}/pings`, { message: 'And this one?' });
    expect(pingB.statusCode, pingB.body).toBe(201);
    const b = pingB.json<SentPing>().conversationId as string;
    const lastSeen = await lastEventSeq(admin.id);

    expect((await share(student, b, EMAIL)).statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1) {
      expect((await share(student, a, i % 2 === 0 ? EMAIL : NOTHING)).statusCode).toBe(200);
    }
    const missed = (await eventsOf(admin.id)).filter((e) => Number(e.seq) > lastSeen);
    expect(missed.map((e) => [e.type, e.data])).toEqual([
      ['conversation', { conversationId: b, pingStatus: 'pending' }],
      ['conversation', { conversationId: a, pingStatus: 'pending' }],
    ]);
    // The sharer's own tabs are told too, just as once.
    const own = (await eventsOf(student.id)).filter((e) => e.type === 'conversation');
    expect(own.map((e) => e.data)).toEqual([
      { conversationId: b, pingStatus: 'pending' },
      { conversationId: a, pingStatus: 'pending' },
    ]);

    const resumed = await openStream(base, admin, lastSeen);
    await resumed.waitFor(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(resumed.events.map((e) => [e.event, e.data])).toEqual(missed.map((e) => [e.type, e.data]));
    await resumed.close();
    // And what the tab reads again is the last change.
    const view = (await call(admin, 'GET', `/api/conversations/${a}`)).json<ConversationView>();
    expect(view.participants.find((p) => p.userId === student.id)?.contact).toEqual({
      email: student.email,
      phone: null,
      instagram: null,
    });
  });

  it('a stream that was sent an event still hears the change that replaces it', async () => {
    const admin = await createMember(t);
    const { student, conversationId } = await conversationWith(admin);
    const stream = await openStream(base, admin);
    await new Promise((r) => setTimeout(r, 300));
    expect((await share(student, conversationId, EMAIL)).statusCode).toBe(200);
    await stream.waitFor(1);
    expect((await share(student, conversationId, NOTHING)).statusCode).toBe(200);
    await stream.waitFor(2);
    const ids = stream.events.map((e) => Number(e.id));
    expect(ids[1]).toBeGreaterThan(ids[0] as number);
    expect(stream.events.map((e) => e.event)).toEqual(['conversation', 'conversation']);
    // Only the newest is kept for a later resume.
    expect((await eventsOf(admin.id)).filter((e) => e.type === 'conversation').map((e) => Number(e.seq))).toEqual([
      ids[1],
    ]);
    await stream.close();
  });

  it('unread totals coalesce to the latest; messages never do', async () => {
    const admin = await createMember(t);
    const { student, conversationId } = await conversationWith(admin);
    const lastSeen = await lastEventSeq(student.id);
    const bodies = ['One', 'Two', 'Three'];
    for (const body of bodies) {
      const sent = await call(admin, 'POST', `/api/conversations/${conversationId}/messages`, { body });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const resumed = await openStream(base, student, lastSeen);
    await resumed.waitFor(4);
    await new Promise((r) => setTimeout(r, 300));
    expect(resumed.events.map((e) => [e.event, (e.data as { message?: MessageView }).message?.body ?? e.data])).toEqual(
      [
        ['message', 'One'],
        ['message', 'Two'],
        ['message', 'Three'],
        ['unread', { total: 3 }],
      ],
    );
    await resumed.close();
  });
});
