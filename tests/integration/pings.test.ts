/**
 * Ping Interest over HTTP (issue 9): every rule and message, the duplicate and hourly limits, who
 * may see and answer what, each transition (accept, decline, fulfil closing, expiry, answering
 * twice), the e-mail each one queues, and the counts the detail view and the cards show.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Email } from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, ping, user } from '../../src/server/db/schema';
import { messages } from '../../src/shared/messages';
import { PING_HOURLY_LIMIT, PING_MESSAGE_MAX_LENGTH } from '../../src/shared/options';
import { pingMessages } from '../../src/shared/ping-messages';
import type { PostingDetail, PostingPage } from '../../src/shared/schemas/posting-view';
import { createTestApp, type TestApp } from '../support/app';
import { insertPosting, type PostingFields } from '../support/browse-fixtures';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createMember, createUser, originHeader, type TestMember } from '../support/users';

let t: TestApp;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url }, undefined, { backgroundJobs: false });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const headers = (member: TestMember | null, extra: Record<string, string> = {}) => ({
  ...originHeader(t),
  ...(member?.cookie ? { cookie: member.cookie } : {}),
  ...extra,
});

const sendPing = (member: TestMember | null, postingId: string, body: object = {}, extra?: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/postings/${postingId}/pings`,
    headers: headers(member, extra),
    payload: body,
  });

const answer = (member: TestMember | null, pingId: string, status: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/pings/${pingId}`, headers: headers(member), payload: { status } });

const setStatus = (member: TestMember, postingId: string, status: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/postings/${postingId}/status`,
    headers: headers(member),
    payload: { status },
  });

const get = (member: TestMember | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: member?.cookie ? { cookie: member.cookie } : {} });

/** A fresh admin with a posting of their own. */
async function adminWithPosting(fields: PostingFields = {}) {
  const admin = await createMember(t);
  const postingId = await insertPosting(t.database.db, admin.id, fields);
  return { admin, postingId };
}

const pingRows = (postingId: string) =>
  t.database.db.select().from(ping).where(eq(ping.postingId, postingId)).orderBy(ping.createdAt);

/** The outbox rows of one kind to one address. */
const queued = (kind: string, to: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, kind), eq(mailOutbox.recipient, to)));

/** Delivers everything due and returns what the SMTP server got for `to`. */
async function mailsTo(to: string): Promise<Email[]> {
  const report = await t.app.outbox.deliverDue();
  expect(report).toMatchObject({ retrying: 0, failed: 0 });
  return smtp.messages.filter((m) => (m.to ?? []).some((a) => a.address?.toLowerCase() === to.toLowerCase()));
}

const kindsTo = async (to: string) =>
  (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to)))
    .map((row) => row.kind)
    .filter((kind) => kind.startsWith('ping-'))
    .sort();

describe('who may ping', () => {
  it("asks a visitor to log in with the spec's words, and stores nothing", async () => {
    const { postingId } = await adminWithPosting();
    const response = await sendPing(null, postingId, { message: 'hi' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatchObject({
      title: 'Please log in.',
      message: 'You must be logged in to ping interest to another group.',
    });
    expect(await pingRows(postingId)).toHaveLength(0);
  });

  it('refuses an unverified student and one who has not accepted the terms (403)', async () => {
    const { postingId } = await adminWithPosting();
    const noTerms = await createUser(t, { verified: true, acceptedTerms: false });
    // An unverified account cannot sign in with a password: take a member's session and unverify it.
    const unverified = await createMember(t);
    await t.database.db.update(user).set({ emailVerified: false }).where(eq(user.id, unverified.id));

    const byUnverified = await sendPing(unverified, postingId);
    expect(byUnverified.statusCode).toBe(403);
    expect(byUnverified.json().error.code).toBe('EMAIL_NOT_VERIFIED');
    const byNoTerms = await sendPing(noTerms, postingId);
    expect(byNoTerms.statusCode).toBe(403);
    expect(byNoTerms.json().error.code).toBe('TERMS_NOT_ACCEPTED');
    expect(await pingRows(postingId)).toHaveLength(0);
  });

  it("refuses the admin's own posting", async () => {
    const { admin, postingId } = await adminWithPosting();
    const response = await sendPing(admin, postingId, { message: 'me?' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({
      code: 'PING_OWN_POST',
      title: "Can't ping interest.",
      message: "You can't ping interest for your own post",
    });
    expect(await pingRows(postingId)).toHaveLength(0);
  });

  it('refuses a Fulfilled posting', async () => {
    const { postingId } = await adminWithPosting({ status: 'Fulfilled' });
    const student = await createMember(t);
    const response = await sendPing(student, postingId);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'POSTING_FULFILLED',
      title: 'Post Fulfilled',
      message: 'This post has already been fulfilled',
    });
    expect(await pingRows(postingId)).toHaveLength(0);
  });

  it('answers 404 for an unknown or malformed posting id', async () => {
    const student = await createMember(t);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1%27%20OR%201=1']) {
      const response = await sendPing(student, id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error.message, id).toBe(messages.postingAccess.notFound.message);
    }
  });

  it('refuses a message longer than 1,000 characters with the message, and takes exactly 1,000', async () => {
    const { postingId } = await adminWithPosting();
    const student = await createMember(t);
    const tooLong = await sendPing(student, postingId, { message: 'x'.repeat(PING_MESSAGE_MAX_LENGTH + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toMatchObject({
      title: 'Unable to send Ping to Post Administrator',
      details: ['Please keep your message to 1000 characters or fewer.'],
    });
    expect(await pingRows(postingId)).toHaveLength(0);

    const longest = await sendPing(student, postingId, { message: 'y'.repeat(PING_MESSAGE_MAX_LENGTH) });
    expect(longest.statusCode).toBe(201);
    expect((await pingRows(postingId))[0]?.message).toHaveLength(PING_MESSAGE_MAX_LENGTH);
  });

  it("answers a body that is not a message with the form's message, never a 500", async () => {
    const { postingId } = await adminWithPosting();
    const student = await createMember(t);
    for (const body of [{ message: 42 }, { message: ['a'] }, { message: null }]) {
      const response = await sendPing(student, postingId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.title).toBe(pingMessages.failed);
    }
    const array = await t.app.inject({
      method: 'POST',
      url: `/api/postings/${postingId}/pings`,
      headers: { ...headers(student), 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(array.statusCode).toBe(400);
    const broken = await t.app.inject({
      method: 'POST',
      url: `/api/postings/${postingId}/pings`,
      headers: { ...headers(student), 'content-type': 'application/json' },
      payload: '{"message": "unterminated',
    });
    expect(broken.statusCode).toBe(400);
    expect(await pingRows(postingId)).toHaveLength(0);
    // No body at all is a ping without a message.
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/postings/${postingId}/pings`,
      headers: headers(student),
    });
    expect(empty.statusCode).toBe(201);
    expect((await pingRows(postingId))[0]?.message).toBeNull();
  });

  it('refuses a POST from another site', async () => {
    const { postingId } = await adminWithPosting();
    const student = await createMember(t);
    const response = await sendPing(student, postingId, { message: 'hi' }, { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('CROSS_ORIGIN');
    expect(await pingRows(postingId)).toHaveLength(0);

    // Nor an answer from another site.
    const { admin } = await adminWithPosting();
    const ownPosting = await insertPosting(t.database.db, admin.id);
    const pingId = (await sendPing(student, ownPosting)).json().id;
    const crossAnswer = await t.app.inject({
      method: 'PATCH',
      url: `/api/pings/${pingId}`,
      headers: { cookie: admin.cookie, origin: 'https://evil.example' },
      payload: { status: 'accepted' },
    });
    expect(crossAnswer.statusCode).toBe(403);
    expect((await pingRows(ownPosting))[0]?.status).toBe('pending');
  });
});

describe('sending a ping', () => {
  it("stores a pending ping with the server's time and the account's name and e-mail, and mails the admin once", async () => {
    const { admin, postingId } = await adminWithPosting({ dorm: 'Walsh' });
    const student = await createMember(t, { name: 'Sam <script>alert("n")</script> Lee' });
    const before = Date.now();
    const response = await sendPing(student, postingId, {
      message: '  Hi! <script>alert("m")</script> & we have a cat.  ',
      // Whatever the client claims is ignored: these come from the account and the server.
      name: 'Someone Else',
      email: 'forged@bc.edu',
      senderEmail: 'forged@bc.edu',
      status: 'accepted',
      createdAt: '2001-01-01T00:00:00.000Z',
    });
    const after = Date.now();
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      status: 'pending',
      message: 'Hi! <script>alert("m")</script> & we have a cat.',
      posting: { id: postingId, dorm: 'Walsh', status: 'Unfulfilled' },
      answeredAt: null,
    });

    const rows = await pingRows(postingId);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({
      id: body.id,
      status: 'pending',
      searcherUserId: student.id,
      senderName: student.name,
      searcherEmail: student.email,
      adminUserId: admin.id,
      message: 'Hi! <script>alert("m")</script> & we have a cat.',
      answeredAt: null,
    });
    const createdAt = row?.createdAt.getTime() ?? 0;
    expect(createdAt).toBeGreaterThanOrEqual(before - 1000);
    expect(createdAt).toBeLessThanOrEqual(after + 1000);
    expect(new Date(body.createdAt).getTime()).toBe(createdAt);

    // Exactly one e-mail, to the admin's account address (not the posting's contact address).
    const outbox = await queued('ping-received', admin.email);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]?.replyTo).toBe(student.email);
    expect(await queued('ping-received', 'admin@bc.edu')).toHaveLength(0);

    const delivered = (await mailsTo(admin.email)).filter((m) => /interested in your group/.test(m.subject ?? ''));
    expect(delivered).toHaveLength(1);
    const mail = delivered[0] as Email;
    expect(mail.replyTo?.[0]?.address).toBe(student.email);
    // The name is the student's own words, never a sender we vouch for (issue 30).
    expect(mail.subject).toBe(
      `A student who calls themselves “${student.name}” is interested in your group at Walsh Hall`,
    );
    expect(mail.text).toContain(`A student who calls themselves “${student.name}” (${student.email}) pinged interest`);
    expect(mail.text).toContain(student.email);
    expect(mail.text).toContain('Hi! <script>alert("m")</script> & we have a cat.');
    expect(mail.text).toContain(`${t.config.publicUrl}/myProfile#pings-received`);
    expect(mail.html).toContain('Sam &lt;script&gt;');
    expect(mail.html).toContain('Hi! &lt;script&gt;alert(');
    expect(mail.html).toContain(`${t.config.publicUrl}/myProfile#pings-received`);
    expect(mail.html).not.toMatch(/<script/i);
    expect(mail.html).not.toContain('forged@bc.edu');
    expect(mail.text).not.toContain('Someone Else');
  });

  it('stores no message when none is written, and says so in the e-mail', async () => {
    const { admin, postingId } = await adminWithPosting();
    const student = await createMember(t);
    expect((await sendPing(student, postingId)).statusCode).toBe(201);
    expect((await pingRows(postingId))[0]?.message).toBeNull();
    const [mail] = await mailsTo(admin.email).then((all) => all.filter((m) => /interested/.test(m.subject ?? '')));
    expect(mail?.text).toContain('They did not add a message.');
  });

  it('keeps one open ping per sender and posting: a second gets 409 and no second row or e-mail', async () => {
    const { admin, postingId } = await adminWithPosting();
    const student = await createMember(t);
    expect((await sendPing(student, postingId, { message: 'first' })).statusCode).toBe(201);
    const again = await sendPing(student, postingId, { message: 'second' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'PING_ALREADY_PENDING',
      title: pingMessages.alreadyPending.title,
      message: pingMessages.alreadyPending.message,
    });
    expect(await pingRows(postingId)).toHaveLength(1);
    expect(await queued('ping-received', admin.email)).toHaveLength(1);
  });

  it('lets only one of 10 simultaneous pings through', async () => {
    const { admin, postingId } = await adminWithPosting();
    const student = await createMember(t);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => sendPing(student, postingId, { message: `try ${i}` })),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, ...Array(9).fill(409)]);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json().error.code).toBe('PING_ALREADY_PENDING');
    }
    expect(await pingRows(postingId)).toHaveLength(1);
    expect(await queued('ping-received', admin.email)).toHaveLength(1);
  });

  it('lets the student ping again after a decline, each ping mailed', async () => {
    const { admin, postingId } = await adminWithPosting();
    const student = await createMember(t);
    const first = (await sendPing(student, postingId, { message: 'one' })).json();
    expect((await answer(admin, first.id, 'declined')).statusCode).toBe(200);
    const second = await sendPing(student, postingId, { message: 'two' });
    expect(second.statusCode).toBe(201);
    expect((await pingRows(postingId)).map((r) => r.status)).toEqual(['declined', 'pending']);
    expect(await queued('ping-received', admin.email)).toHaveLength(2);
    // Not while the second one is open.
    expect((await sendPing(student, postingId, { message: 'three' })).statusCode).toBe(409);
  });

  it(`allows ${PING_HOURLY_LIMIT} pings an hour, then answers 429 with the message`, async () => {
    const admin = await createMember(t);
    const ids = await Promise.all(
      Array.from({ length: PING_HOURLY_LIMIT + 1 }, () => insertPosting(t.database.db, admin.id)),
    );
    const student = await createMember(t);
    for (const id of ids.slice(0, PING_HOURLY_LIMIT)) {
      expect((await sendPing(student, id)).statusCode).toBe(201);
    }
    const last = ids[PING_HOURLY_LIMIT] as string;
    const limited = await sendPing(student, last, { message: 'one more' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({
      code: 'PING_RATE_LIMITED',
      title: pingMessages.rateLimited(PING_HOURLY_LIMIT).title,
      message: 'You can ping at most 20 groups an hour. Please try again later.',
    });
    expect(await pingRows(last)).toHaveLength(0);
    expect(await queued('ping-received', admin.email)).toHaveLength(PING_HOURLY_LIMIT);
    // Another student is not limited by this one.
    expect((await sendPing(await createMember(t), last)).statusCode).toBe(201);

    // Once the oldest ping is more than an hour old, one more fits.
    const [oldest] = await t.database.db
      .select()
      .from(ping)
      .where(eq(ping.searcherUserId, student.id))
      .orderBy(ping.createdAt)
      .limit(1);
    await t.database.db.execute(
      sql`UPDATE ping SET created_at = now() - interval '61 minutes' WHERE id = ${oldest?.id}::uuid`,
    );
    expect((await sendPing(student, last)).statusCode).toBe(201);
    expect((await sendPing(student, await insertPosting(t.database.db, admin.id))).statusCode).toBe(429);
  });

  it(`holds the hourly limit under ${PING_HOURLY_LIMIT + 5} simultaneous pings`, async () => {
    const admin = await createMember(t);
    const ids = await Promise.all(
      Array.from({ length: PING_HOURLY_LIMIT + 5 }, () => insertPosting(t.database.db, admin.id)),
    );
    const student = await createMember(t);
    const responses = await Promise.all(ids.map((id) => sendPing(student, id)));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(PING_HOURLY_LIMIT);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ping)
      .where(eq(ping.searcherUserId, student.id));
    expect(row?.n).toBe(PING_HOURLY_LIMIT);
    expect(await queued('ping-received', admin.email)).toHaveLength(PING_HOURLY_LIMIT);
  });
});

describe('inbox, sent list and answers', () => {
  let admin: TestMember;
  let otherAdmin: TestMember;
  let sender: TestMember;
  let otherStudent: TestMember;
  let postingA: string;
  let postingB: string;
  let pingIds: string[];

  beforeAll(async () => {
    [admin, otherAdmin, sender, otherStudent] = await Promise.all([
      createMember(t),
      createMember(t),
      createMember(t),
      createMember(t),
    ]);
    postingA = await insertPosting(t.database.db, admin.id, { dorm: 'Walsh' });
    postingB = await insertPosting(t.database.db, admin.id, { dorm: 'Gabelli' });
    const elsewhere = await insertPosting(t.database.db, otherAdmin.id);
    pingIds = [];
    // sender -> A, otherStudent -> A, sender -> B, and one ping to another admin that must not show.
    for (const [who, posting] of [
      [sender, postingA],
      [otherStudent, postingA],
      [sender, postingB],
    ] as const) {
      const response = await sendPing(who, posting, { message: `from ${who.name}` });
      expect(response.statusCode).toBe(201);
      pingIds.push(response.json().id);
    }
    expect((await sendPing(otherStudent, elsewhere)).statusCode).toBe(201);
  });

  it("lists only the admin's received pings, newest first, a page at a time", async () => {
    const all = await get(admin, '/api/pings/received');
    expect(all.statusCode).toBe(200);
    expect(all.json().items.map((p: { id: string }) => p.id)).toEqual([...pingIds].reverse());
    expect(all.json().items[0]).toMatchObject({
      senderName: sender.name,
      senderEmail: sender.email,
      message: `from ${sender.name}`,
      status: 'pending',
      posting: { id: postingB, dorm: 'Gabelli' },
    });
    expect(all.json().nextCursor).toBeNull();

    const first = (await get(admin, '/api/pings/received?limit=2')).json();
    expect(first.items.map((p: { id: string }) => p.id)).toEqual([pingIds[2], pingIds[1]]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await get(admin, `/api/pings/received?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.items.map((p: { id: string }) => p.id)).toEqual([pingIds[0]]);
    expect(second.nextCursor).toBeNull();

    const bad = await get(admin, '/api/pings/received?cursor=garbage');
    expect(bad.statusCode).toBe(400);
    expect((await get(admin, '/api/pings/received?limit=0')).statusCode).toBe(400);
    expect((await get(admin, '/api/pings/received?status=accepted')).statusCode).toBe(400);

    // The others see none of them as received.
    for (const member of [sender, otherStudent]) {
      expect((await get(member, '/api/pings/received')).json().items).toEqual([]);
    }
    expect((await get(otherAdmin, '/api/pings/received')).json().items.map((p: { id: string }) => p.id)).not.toContain(
      pingIds[0],
    );
    expect((await get(null, '/api/pings/received')).statusCode).toBe(401);
  });

  it("lists only the sender's own pings as sent", async () => {
    const mine = (await get(sender, '/api/pings/sent')).json();
    expect(mine.items.map((p: { id: string }) => p.id)).toEqual([pingIds[2], pingIds[0]]);
    expect(mine.items[0]).toMatchObject({ status: 'pending', posting: { id: postingB } });
    expect((await get(admin, '/api/pings/sent')).json().items).toEqual([]);
    expect((await get(null, '/api/pings/sent')).statusCode).toBe(401);
  });

  it('refuses answers from anyone but the admin: the sender 403, another student 404, a visitor 401', async () => {
    const id = pingIds[0] as string;
    const bySender = await answer(sender, id, 'accepted');
    expect(bySender.statusCode).toBe(403);
    expect(bySender.json().error).toMatchObject({ code: 'NOT_POSTING_ADMIN', message: pingMessages.notAdmin });
    const byOther = await answer(otherAdmin, id, 'accepted');
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json().error.code).toBe('PING_NOT_FOUND');
    expect((await answer(null, id, 'accepted')).statusCode).toBe(401);
    expect((await answer(admin, '00000000-0000-4000-8000-000000000000', 'accepted')).statusCode).toBe(404);
    expect((await answer(admin, 'nope', 'accepted')).statusCode).toBe(404);
    const bad = await answer(admin, id, 'closed');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([pingMessages.badAnswer]);
    const [row] = await t.database.db.select().from(ping).where(eq(ping.id, id));
    expect(row?.status).toBe('pending');
    expect(await kindsTo(sender.email)).toEqual([]);
  });

  it('counts the pings awaiting the admin', async () => {
    expect((await get(admin, '/api/pings/awaiting-count')).json()).toEqual({ count: 3 });
    expect((await get(sender, '/api/pings/awaiting-count')).json()).toEqual({ count: 0 });
    expect((await get(null, '/api/pings/awaiting-count')).statusCode).toBe(401);
  });

  it('accepts once, e-mails the sender once; the same answer again is harmless, another is refused', async () => {
    const id = pingIds[0] as string;
    const accepted = await answer(admin, id, 'accepted');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id, status: 'accepted', senderEmail: sender.email });
    expect(accepted.json().answeredAt).toEqual(expect.any(String));
    expect((await get(admin, '/api/pings/awaiting-count')).json()).toEqual({ count: 2 });

    const again = await answer(admin, id, 'accepted');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id, status: 'accepted', answeredAt: accepted.json().answeredAt });

    const changed = await answer(admin, id, 'declined');
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error).toMatchObject({
      code: 'PING_ALREADY_ANSWERED',
      title: pingMessages.alreadyAnsweredTitle,
      message: pingMessages.alreadyAnswered('Accepted'),
    });

    expect(await kindsTo(sender.email)).toEqual(['ping-accepted']);
    const mails = (await mailsTo(sender.email)).filter((m) => /accepted your ping/.test(m.subject ?? ''));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.replyTo?.[0]?.address).toBe(admin.email);
    expect(mails[0]?.text).toContain(admin.email);
    expect(mails[0]?.subject).toBe('The group at Walsh Hall accepted your ping');
    expect(mails[0]?.text).toMatch(/Good news: the group's admin, a student who calls themselves “[^”]+”, accepted/);
    expect((await get(sender, '/api/pings/sent')).json().items[1]).toMatchObject({ id, status: 'accepted' });
  });

  it('declines once and e-mails the sender once', async () => {
    const id = pingIds[1] as string;
    expect((await answer(admin, id, 'declined')).json()).toMatchObject({ status: 'declined' });
    expect((await answer(admin, id, 'declined')).statusCode).toBe(200);
    expect((await answer(admin, id, 'accepted')).statusCode).toBe(409);
    expect(await kindsTo(otherStudent.email)).toEqual(['ping-declined']);
    const mails = (await mailsTo(otherStudent.email)).filter((m) => /was declined/.test(m.subject ?? ''));
    expect(mails).toHaveLength(1);
    expect((await get(admin, '/api/pings/awaiting-count')).json()).toEqual({ count: 1 });
  });

  it('shows only pending pings with status=pending', async () => {
    const pending = (await get(admin, '/api/pings/received?status=pending')).json();
    expect(pending.items.map((p: { id: string }) => p.id)).toEqual([pingIds[2]]);
  });

  it('takes exactly one of two simultaneous different answers, and mails one', async () => {
    const { admin: owner, postingId } = await adminWithPosting();
    const student = await createMember(t);
    const id = (await sendPing(student, postingId)).json().id;
    const responses = await Promise.all([answer(owner, id, 'accepted'), answer(owner, id, 'declined')]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = responses.find((r) => r.statusCode === 200)?.json().status;
    expect((await pingRows(postingId))[0]?.status).toBe(winner);
    expect(await kindsTo(student.email)).toEqual([`ping-${winner}`]);
  });
});

describe('fulfilling a posting closes its open pings', () => {
  it('closes each open ping and tells its sender once, however often the status changes', async () => {
    const { admin, postingId } = await adminWithPosting({ dorm: 'Walsh' });
    const [waiting1, waiting2, answered] = await Promise.all([createMember(t), createMember(t), createMember(t)]);
    const ids: Record<string, string> = {};
    for (const [name, member] of Object.entries({ waiting1, waiting2, answered })) {
      ids[name] = (await sendPing(member, postingId)).json().id;
    }
    expect((await answer(admin, ids.answered as string, 'accepted')).statusCode).toBe(200);

    expect((await setStatus(admin, postingId, 'Fulfilled')).statusCode).toBe(200);
    const statuses = async () =>
      Object.fromEntries((await pingRows(postingId)).map((row) => [row.searcherUserId, row.status]));
    expect(await statuses()).toEqual({ [waiting1.id]: 'closed', [waiting2.id]: 'closed', [answered.id]: 'accepted' });
    expect((await get(admin, '/api/pings/awaiting-count')).json()).toEqual({ count: 0 });

    // Again Fulfilled; then Unfulfilled and Fulfilled again: nothing new for the closed ones.
    expect((await setStatus(admin, postingId, 'Fulfilled')).statusCode).toBe(200);
    expect((await setStatus(admin, postingId, 'Unfulfilled')).statusCode).toBe(200);
    expect((await setStatus(admin, postingId, 'Fulfilled')).statusCode).toBe(200);

    for (const member of [waiting1, waiting2]) {
      expect(await kindsTo(member.email)).toEqual(['ping-closed']);
      const mails = (await mailsTo(member.email)).filter((m) => /now fulfilled/.test(m.subject ?? ''));
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe('The group at Walsh Hall is now fulfilled');
    }
    expect(await kindsTo(answered.email)).toEqual(['ping-accepted']);
    const late = await answer(admin, ids.waiting1 as string, 'accepted');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(pingMessages.alreadyAnswered('Closed (group fulfilled)'));

    // A Fulfilled posting takes no pings; reopened, a new ping is closed (and told) on the next Fulfilled.
    expect((await sendPing(waiting1, postingId)).json().error.code).toBe('POSTING_FULFILLED');
    expect((await setStatus(admin, postingId, 'Unfulfilled')).statusCode).toBe(200);
    expect((await sendPing(waiting1, postingId)).statusCode).toBe(201);
    expect((await setStatus(admin, postingId, 'Fulfilled')).statusCode).toBe(200);
    expect(await kindsTo(waiting1.email)).toEqual(['ping-closed', 'ping-closed']);
    expect(await kindsTo(waiting2.email)).toEqual(['ping-closed']);
  });

  it('leaves no ping open when pings race the Fulfilled status: each is refused or closed and told', async () => {
    const { admin, postingId } = await adminWithPosting();
    const students = await Promise.all(Array.from({ length: 8 }, () => createMember(t)));
    const [fulfil, ...pings] = await Promise.all([
      setStatus(admin, postingId, 'Fulfilled'),
      ...students.map((student) => sendPing(student, postingId)),
    ]);
    expect(fulfil?.statusCode).toBe(200);
    for (const response of pings) {
      expect([201, 409]).toContain(response.statusCode);
      if (response.statusCode === 409) expect(response.json().error.code).toBe('POSTING_FULFILLED');
    }
    const rows = await pingRows(postingId);
    expect(rows).toHaveLength(pings.filter((r) => r.statusCode === 201).length);
    expect(rows.every((row) => row.status === 'closed')).toBe(true);
    for (const row of rows) expect(await kindsTo(row.searcherEmail)).toEqual(['ping-closed']);
  });

  it('leaves pings alone on Likely Fulfilled', async () => {
    const { admin, postingId } = await adminWithPosting();
    const student = await createMember(t);
    expect((await sendPing(student, postingId)).statusCode).toBe(201);
    expect((await setStatus(admin, postingId, 'Likely Fulfilled')).statusCode).toBe(200);
    expect((await pingRows(postingId)).map((r) => r.status)).toEqual(['pending']);
    expect(await kindsTo(student.email)).toEqual([]);
  });
});

describe('expiry', () => {
  it('expires pings pending for more than 14 days and tells each sender once', async () => {
    const { admin, postingId } = await adminWithPosting({ dorm: 'Walsh' });
    const [old, recent, answered] = await Promise.all([createMember(t), createMember(t), createMember(t)]);
    const oldId = (await sendPing(old, postingId)).json().id;
    const recentId = (await sendPing(recent, postingId)).json().id;
    const answeredId = (await sendPing(answered, postingId)).json().id;
    expect((await answer(admin, answeredId, 'declined')).statusCode).toBe(200);
    await t.database.db.execute(
      sql`UPDATE ping SET created_at = now() - interval '15 days' WHERE id IN (${oldId}::uuid, ${answeredId}::uuid)`,
    );
    await t.database.db.execute(
      sql`UPDATE ping SET created_at = now() - interval '13 days' WHERE id = ${recentId}::uuid`,
    );

    // Other tests' pings are recent, so only this one is overdue.
    expect(await t.app.pings.expireOverdue()).toBe(1);
    expect(await t.app.pings.expireOverdue()).toBe(0);

    const byId = Object.fromEntries((await pingRows(postingId)).map((row) => [row.id, row]));
    expect(byId[oldId]?.status).toBe('expired');
    expect(byId[oldId]?.answeredAt).toBeInstanceOf(Date);
    expect(byId[recentId]?.status).toBe('pending');
    expect(byId[answeredId]?.status).toBe('declined');

    expect(await kindsTo(old.email)).toEqual(['ping-expired']);
    expect(await kindsTo(recent.email)).toEqual([]);
    expect(await kindsTo(answered.email)).toEqual(['ping-declined']);
    const mails = (await mailsTo(old.email)).filter((m) => /expired/.test(m.subject ?? ''));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`${t.config.publicUrl}/detailView?id=${postingId}`);

    // An expired ping can no longer be answered, and its sender may ping again.
    expect((await answer(admin, oldId, 'accepted')).statusCode).toBe(409);
    expect((await sendPing(old, postingId)).statusCode).toBe(201);
  });
});

describe('interest counts', () => {
  it("the detail view's count and the viewer's ping, and the cards' count, change as soon as a ping is sent", async () => {
    const { admin, postingId } = await adminWithPosting({ dorm: 'Walsh' });
    const [first, second, onlooker] = await Promise.all([createMember(t), createMember(t), createMember(t)]);
    const detail = async (member: TestMember) =>
      (await get(member, `/api/postings/${postingId}`)).json() as PostingDetail;
    const card = async (member: TestMember) => {
      const response = await get(member, '/api/postings?location=oncampus&dorm=Walsh&limit=50');
      expect(response.statusCode).toBe(200);
      return (response.json() as PostingPage).items.find((c) => c.id === postingId);
    };

    expect(await detail(first)).toMatchObject({ interestCount: 0, viewerPing: null });
    // The search page is now in the cache.
    expect((await card(onlooker))?.interestCount).toBe(0);

    const sent = (await sendPing(first, postingId)).json();
    const seen = await detail(first);
    expect(seen).toMatchObject({ interestCount: 1, viewerPing: { id: sent.id, status: 'pending' } });
    expect(Date.parse(seen.viewerPing?.createdAt ?? '')).toBe(Date.parse(sent.createdAt));
    expect(await detail(onlooker)).toMatchObject({ interestCount: 1, viewerPing: null });
    expect((await card(onlooker))?.interestCount).toBe(1);

    expect((await sendPing(second, postingId)).statusCode).toBe(201);
    expect((await card(onlooker))?.interestCount).toBe(2);

    // The same student pinging again (after a decline) still counts once; their latest ping is shown.
    expect((await answer(admin, sent.id, 'declined')).statusCode).toBe(200);
    expect((await detail(first)).viewerPing).toMatchObject({ id: sent.id, status: 'declined' });
    const again = (await sendPing(first, postingId)).json();
    expect(await detail(first)).toMatchObject({ interestCount: 2, viewerPing: { id: again.id, status: 'pending' } });
    expect((await card(onlooker))?.interestCount).toBe(2);
    expect((await detail(admin)).interestCount).toBe(2);
  });
});
