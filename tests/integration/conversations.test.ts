/**
 * Conversations (issue 19, decision 0027) over HTTP: a ping opens its conversation; who reads and
 * writes it (sender, admin, co-admin, joined member, another student, moderator, anonymous); the
 * ping's states (pending: the group replies first; accepted; declined, expired and Fulfilled
 * read-only with their line); read positions and unread counts; contact sharing by consent;
 * reports into the moderators' queue; blocks; the rate limit; suspended and deleted accounts; and
 * the live stream on a listening server, resumed with Last-Event-ID.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { conversationMessage, liveEvent, mailOutbox, ping, user } from '../../src/server/db/schema';
import { STUDENT_LIMITS } from '../../src/shared/limits';
import { pingMessages } from '../../src/shared/ping-messages';
import {
  type ConversationPage,
  type ConversationView,
  conversationMessages as cm,
  MESSAGE_MAX_LENGTH,
  type MessageReportItem,
  type MessageView,
} from '../../src/shared/schemas/conversations';
import type { PingPage, ReceivedPing, SentPing } from '../../src/shared/schemas/ping';
import type { PostingMemberInput } from '../../src/shared/schemas/posting';
import type { PostingDetail } from '../../src/shared/schemas/posting-view';
import { createTestApp, type TestApp } from '../support/app';
import { collegeConfigWith } from '../support/college-config';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { openStream } from '../support/sse';
import { createMember, originHeader, type TestMember } from '../support/users';
import { onCampusPosting, sendPosting } from './postings-support';

vi.setConfig({ testTimeout: 120_000 });

const MODERATOR_EMAIL = `conv.mod.${Date.now()}@bc.edu`;
let t: TestApp;
let smtp: TestSmtpServer;
let moderator: TestMember;

beforeAll(async () => {
  smtp = await startSmtpServer();
  const college = collegeConfigWith({ moderators: [MODERATOR_EMAIL] });
  t = await createTestApp({ COLLEGE_CONFIG: college, SMTP_URL: smtp.url }, undefined, {
    backgroundJobs: false,
    liveHeartbeatMs: 300,
  });
  moderator = await createMember(t, { email: MODERATOR_EMAIL, name: 'Morgan Moderator' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
const headers = (member: TestMember | null) => ({
  ...originHeader(t),
  ...(member?.cookie ? { cookie: member.cookie } : {}),
});
const call = (member: TestMember | null, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: headers(member),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

const typed = (name: string, email = ''): PostingMemberInput => ({
  name,
  academicYear: 'sophomore',
  gender: 'male',
  customGender: '',
  email,
  instagramHandle: '',
});

let counter = 0;
const unique = (name: string) => `${name.toLowerCase()}.${Date.now()}.${++counter}@bc.edu`;

/** The token of the newest invitation link mailed to `to`. */
async function tokenFor(to: string): Promise<string> {
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'group-invitation'), eq(mailOutbox.recipient, to)))
    .orderBy(desc(mailOutbox.createdAt));
  return decodeURIComponent(mail?.link?.split('/').at(-1) ?? '');
}

async function joinByLink(student: TestMember): Promise<string> {
  const token = await tokenFor(student.email);
  const view = await call(student, 'GET', `/api/invitations/by-token/${encodeURIComponent(token)}`);
  expect(view.statusCode, view.body).toBe(200);
  const joined = await call(student, 'POST', `/api/invitations/${view.json().id}/join`, { token });
  expect(joined.statusCode, joined.body).toBe(200);
  return view.json().id as string;
}

interface Group {
  postingId: string;
  admin: TestMember;
  coadmin: TestMember;
  member: TestMember;
}

/** A posting whose group has its admin, a co-admin and a joined member. */
async function createGroup(): Promise<Group> {
  const admin = await createMember(t, { email: unique('admin'), name: 'Avery Admin' });
  const coadmin = await createMember(t, { email: unique('co'), name: 'Casey Coadmin' });
  const member = await createMember(t, { email: unique('member'), name: 'Morgan Member' });
  const created = await sendPosting(t, {
    cookie: admin.cookie,
    posting: onCampusPosting({
      members: [typed('(the admin)'), typed('Casey', coadmin.email), typed('Morgan', member.email)],
      curNumSeek: 2,
    }),
  });
  expect(created.statusCode, created.body).toBe(201);
  const postingId = created.json<PostingDetail>().id;
  const coId = await joinByLink(coadmin);
  await joinByLink(member);
  const role = await call(admin, 'PUT', `/api/postings/${postingId}/members/${coId}/role`, { role: 'coadmin' });
  expect(role.statusCode, role.body).toBe(200);
  return { postingId, admin, coadmin, member };
}

async function sendPing(student: TestMember, postingId: string, message = 'Hi! Is the room still free?') {
  const response = await call(student, 'POST', `/api/postings/${postingId}/pings`, { message });
  expect(response.statusCode, response.body).toBe(201);
  const sent = response.json<SentPing>();
  expect(sent.conversationId).toMatch(/^[0-9a-f-]{36}$/);
  return { ...sent, conversationId: sent.conversationId as string };
}

const open = async (member: TestMember, id: string, query = '') => {
  const response = await call(member, 'GET', `/api/conversations/${id}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ConversationView>();
};
const write = (member: TestMember, id: string, body: unknown) =>
  call(member, 'POST', `/api/conversations/${id}/messages`, { body });
const writeOk = async (member: TestMember, id: string, body: string) => {
  const response = await write(member, id, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<MessageView>();
};
const unread = async (member: TestMember) =>
  (await call(member, 'GET', '/api/conversations/unread-count')).json<{ count: number }>().count;
const refusal = (response: { statusCode: number; json: () => { error: { code: string; message: string } } }) => ({
  status: response.statusCode,
  code: response.json().error.code,
  message: response.json().error.message,
});

let shared: Group;
let student: TestMember;
let sent: SentPing & { conversationId: string };

beforeAll(async () => {
  shared = await createGroup();
  student = await createMember(t, { email: unique('student'), name: 'Sam Student' });
  sent = await sendPing(student, shared.postingId);
});

describe('a ping opens its conversation', () => {
  it('in the same transaction: its message is the first message, and both ping lists carry its id', async () => {
    expect(sent.conversationId).toMatch(/^[0-9a-f-]{36}$/);
    const view = await open(student, sent.conversationId);
    expect(view.pingId).toBe(sent.id);
    expect(view.viewerSide).toBe('sender');
    expect(view.pingStatus).toBe('pending');
    expect(view.messages.map((m) => [m.body, m.senderName, m.fromYou])).toEqual([
      ['Hi! Is the room still free?', 'Sam Student', true],
    ]);
    expect(view.participants.map((p) => [p.name, p.side, p.role])).toEqual([
      ['Sam Student', 'sender', null],
      ['Avery Admin', 'group', 'admin'],
      ['Casey Coadmin', 'group', 'coadmin'],
      ['Morgan Member', 'group', 'member'],
    ]);
    const received = (await call(shared.admin, 'GET', '/api/pings/received')).json<PingPage<ReceivedPing>>();
    expect(received.items.find((p) => p.id === sent.id)?.conversationId).toBe(sent.conversationId);
    const sentList = (await call(student, 'GET', '/api/pings/sent')).json<PingPage<SentPing>>();
    expect(sentList.items.find((p) => p.id === sent.id)?.conversationId).toBe(sent.conversationId);
    // The group's side reads it from the other end.
    const adminView = await open(shared.admin, sent.conversationId);
    expect(adminView.viewerSide).toBe('group');
    expect(adminView.messages[0]?.fromYou).toBe(false);
  });

  it('a ping without a message opens an empty conversation', async () => {
    const other = await createMember(t, { email: unique('quiet'), name: 'Quinn Quiet' });
    const quiet = await sendPing(other, shared.postingId, '');
    const view = await open(other, quiet.conversationId);
    expect(view.messages).toEqual([]);
    expect(view.writable).toBe(false);
    expect(view.waitingForGroup).toBe(true);
  });
});

describe('who reads and writes', () => {
  it('the sender and the whole group read it; another student and a moderator hear 404, a visitor 401', async () => {
    for (const who of [student, shared.admin, shared.coadmin, shared.member]) {
      expect((await call(who, 'GET', `/api/conversations/${sent.conversationId}`)).statusCode).toBe(200);
    }
    const stranger = await createMember(t, { email: unique('stranger'), name: 'Stella Stranger' });
    for (const who of [stranger, moderator]) {
      const response = await call(who, 'GET', `/api/conversations/${sent.conversationId}`);
      expect(refusal(response)).toEqual({ status: 404, code: 'CONVERSATION_NOT_FOUND', message: cm.notFound.message });
      expect((await write(who, sent.conversationId, 'hello')).statusCode).toBe(404);
      expect((await call(who, 'POST', `/api/conversations/${sent.conversationId}/read`, { seq: 1 })).statusCode).toBe(
        404,
      );
      expect(
        (
          await call(who, 'PUT', `/api/conversations/${sent.conversationId}/share`, {
            email: true,
            phone: false,
            instagram: false,
          })
        ).statusCode,
      ).toBe(404);
    }
    expect((await call(null, 'GET', `/api/conversations/${sent.conversationId}`)).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/conversations')).statusCode).toBe(401);
    expect(
      (await call(null, 'POST', `/api/conversations/${sent.conversationId}/messages`, { body: 'x' })).statusCode,
    ).toBe(401);
    // A malformed or unknown id is the same 404.
    expect((await call(student, 'GET', '/api/conversations/not-a-uuid')).statusCode).toBe(400);
    expect((await call(student, 'GET', '/api/conversations/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
  });

  it('while pending: the sender waits for the group; any of the group replies; then the sender answers', async () => {
    const s = await createMember(t, { email: unique('asker'), name: 'Ash Asker' });
    const { conversationId } = await sendPing(s, shared.postingId, 'Do you allow pets?');
    expect(refusal(await write(s, conversationId, 'Also, a cat.'))).toEqual({
      status: 409,
      code: 'WAIT_FOR_GROUP',
      message: cm.waitForGroup,
    });
    // A joined member may reply too (the group, not only its managers).
    const reply = await writeOk(shared.member, conversationId, 'Which pet?');
    expect(reply).toMatchObject({ senderName: 'Morgan Member', fromYou: true, body: 'Which pet?' });
    await writeOk(s, conversationId, 'A cat.');
    await writeOk(shared.coadmin, conversationId, 'Fine by us.');
    const view = await open(s, conversationId);
    expect(view.writable).toBe(true);
    expect(view.messages.map((m) => m.body)).toEqual(['Do you allow pets?', 'Which pet?', 'A cat.', 'Fine by us.']);
    // Sequences increase.
    const seqs = view.messages.map((m) => m.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
  });

  it('accepted: both sides write freely; declined, expired and Fulfilled: read-only with the line saying why', async () => {
    const accepted = await createMember(t, { email: unique('acc'), name: 'Ari Accepted' });
    const a = await sendPing(accepted, shared.postingId, 'Hello');
    expect((await call(shared.coadmin, 'PATCH', `/api/pings/${a.id}`, { status: 'accepted' })).statusCode).toBe(200);
    await writeOk(accepted, a.conversationId, 'Thanks!');
    await writeOk(accepted, a.conversationId, 'When can I see it?');
    await writeOk(shared.admin, a.conversationId, 'Saturday.');

    const declined = await createMember(t, { email: unique('dec'), name: 'Dee Declined' });
    const d = await sendPing(declined, shared.postingId, 'Hello');
    await writeOk(shared.admin, d.conversationId, 'Quick question first');
    expect((await call(shared.admin, 'PATCH', `/api/pings/${d.id}`, { status: 'declined' })).statusCode).toBe(200);
    for (const who of [declined, shared.admin]) {
      const view = await open(who, d.conversationId);
      expect(view).toMatchObject({ writable: false, closedReason: 'declined', closedLine: cm.closed.declined });
      expect(refusal(await write(who, d.conversationId, 'One more thing'))).toEqual({
        status: 409,
        code: 'CONVERSATION_CLOSED',
        message: cm.closed.declined,
      });
    }

    // Expired: the expiry job runs as if 15 days had passed.
    const other = await createGroup();
    const late = await createMember(t, { email: unique('late'), name: 'Lee Late' });
    const e = await sendPing(late, other.postingId, 'Hello?');
    await t.app.pings.expireOverdue(new Date(Date.now() + 15 * 86_400_000));
    expect(await open(other.admin, e.conversationId)).toMatchObject({
      closedReason: 'expired',
      closedLine: cm.closed.expired,
    });
    expect(refusal(await write(other.admin, e.conversationId, 'Sorry, late!')).code).toBe('CONVERSATION_CLOSED');

    // Fulfilled closes the pending ones.
    const pendingOne = await createMember(t, { email: unique('pend'), name: 'Pat Pending' });
    const f = await sendPing(pendingOne, other.postingId, 'Hi');
    const fulfilled = await call(other.admin, 'PATCH', `/api/postings/${other.postingId}/status`, {
      status: 'Fulfilled',
    });
    expect(fulfilled.statusCode, fulfilled.body).toBe(200);
    expect(await open(pendingOne, f.conversationId)).toMatchObject({
      closedReason: 'closed',
      closedLine: cm.closed.closed,
    });
    expect(refusal(await write(other.member, f.conversationId, 'x')).message).toBe(cm.closed.closed);
  });

  it('text only, 1 to 2,000 characters after trimming, in the refusal shape of the product', async () => {
    const writer = await createMember(t, { email: unique('writer') });
    const { conversationId: id } = await sendPing(writer, shared.postingId, 'Hi');
    expect((await writeOk(shared.admin, id, `  ${'x'.repeat(MESSAGE_MAX_LENGTH)}  `)).body).toHaveLength(
      MESSAGE_MAX_LENGTH,
    );
    const tooLong = await write(shared.admin, id, 'x'.repeat(MESSAGE_MAX_LENGTH + 1));
    expect(tooLong.statusCode).toBe(400);
    expect(JSON.stringify(tooLong.json())).toContain('2,000');
    for (const body of ['', '   ', 42, null, { html: '<b>' }]) {
      const response = await write(shared.admin, id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    // HTML is kept as the text it is.
    expect((await writeOk(shared.admin, id, '<script>alert(1)</script>')).body).toBe('<script>alert(1)</script>');
  });
});

describe('read positions and unread counts', () => {
  it('counts what others wrote after my position, per conversation and in all; reading never moves back', async () => {
    const g = await createGroup();
    const s = await createMember(t, { email: unique('reader'), name: 'Rae Reader' });
    const p = await sendPing(s, g.postingId, 'First');
    expect(await unread(g.admin)).toBe(1);
    expect(await unread(g.member)).toBe(1);
    expect(await unread(s)).toBe(0);
    const m1 = await writeOk(g.admin, p.conversationId, 'Reply one');
    await writeOk(g.admin, p.conversationId, 'Reply two');
    expect(await unread(s)).toBe(2);
    // The writer's own message counts as read: the admin read up to there.
    expect(await unread(g.admin)).toBe(0);
    expect(await unread(g.member)).toBe(3);

    const list = (await call(s, 'GET', '/api/conversations')).json<ConversationPage>();
    const row = list.items.find((i) => i.id === p.conversationId);
    expect(row).toMatchObject({ unread: 2, otherParty: 'Avery Admin', viewerSide: 'sender', pingStatus: 'pending' });
    expect(row?.lastMessage?.body).toBe('Reply two');
    expect(row?.posting.place).toBeTruthy();

    const read = await call(s, 'POST', `/api/conversations/${p.conversationId}/read`, { seq: m1.seq });
    expect(read.json()).toEqual({ readSeq: m1.seq, total: 1 });
    // Backwards changes nothing; past the end reads to the end.
    expect((await call(s, 'POST', `/api/conversations/${p.conversationId}/read`, { seq: 0 })).json().readSeq).toBe(
      m1.seq,
    );
    const all = await call(s, 'POST', `/api/conversations/${p.conversationId}/read`, { seq: 9_007_199_254_740_991 });
    expect(all.json().total).toBe(0);
    expect((await open(s, p.conversationId)).readSeq).toBeGreaterThan(m1.seq);
    expect((await call(s, 'POST', `/api/conversations/${p.conversationId}/read`, { seq: -1 })).statusCode).toBe(400);
  });

  it('pages back by sequence and catches up after one', async () => {
    const g = await createGroup();
    const s = await createMember(t, { email: unique('pager'), name: 'Page Pager' });
    const p = await sendPing(s, g.postingId, 'm0');
    for (let i = 1; i <= 6; i++) await writeOk(g.admin, p.conversationId, `m${i}`);
    const last = await open(s, p.conversationId, '?limit=3');
    expect(last.messages.map((m) => m.body)).toEqual(['m4', 'm5', 'm6']);
    expect(last.hasEarlier).toBe(true);
    const earlier = await open(s, p.conversationId, `?limit=3&before=${last.messages[0]?.seq}`);
    expect(earlier.messages.map((m) => m.body)).toEqual(['m1', 'm2', 'm3']);
    const first = await open(s, p.conversationId, `?limit=3&before=${earlier.messages[0]?.seq}`);
    expect(first.messages.map((m) => m.body)).toEqual(['m0']);
    expect(first.hasEarlier).toBe(false);
    const after = await open(s, p.conversationId, `?limit=2&after=${earlier.messages[1]?.seq}`);
    expect(after.messages.map((m) => m.body)).toEqual(['m3', 'm4']);
    expect(after.hasEarlier).toBe(true);
  });

  it('the list pages by latest activity', async () => {
    const g = await createGroup();
    const senders = [];
    for (let i = 0; i < 3; i++)
      senders.push(await sendPing(await createMember(t, { email: unique('lp') }), g.postingId, `p${i}`));
    const page1 = (await call(g.admin, 'GET', '/api/conversations?limit=2')).json<ConversationPage>();
    expect(page1.items.map((i) => i.lastMessage?.body)).toEqual(['p2', 'p1']);
    const page2 = (
      await call(g.admin, 'GET', `/api/conversations?limit=2&cursor=${encodeURIComponent(page1.nextCursor ?? '')}`)
    ).json<ConversationPage>();
    expect(page2.items.map((i) => i.lastMessage?.body)).toEqual(['p0']);
    expect(page2.nextCursor).toBeNull();
    expect((await call(g.admin, 'GET', '/api/conversations?cursor=bogus')).statusCode).toBe(400);
  });
});

describe('contact by consent', () => {
  it("shows a participant's chosen details to that conversation's participants only, until taken back", async () => {
    const g = await createGroup();
    const s = await createMember(t, { email: unique('sharer'), name: 'Shay Sharer' });
    const saved = await call(s, 'PUT', '/api/me/sharing', {
      academicYear: null,
      gender: null,
      customGender: null,
      phoneNumber: '617-555-0100',
      instagramHandle: 'shay.shares',
      share: { academicYear: false, gender: false, email: false, phoneNumber: false, instagramHandle: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const p = await sendPing(s, g.postingId, 'Hi');
    const other = await sendPing(s, (await createGroup()).postingId, 'Hi too');
    const contactIn = async (viewer: TestMember, id: string) =>
      (await open(viewer, id)).participants.find((x) => x.name === 'Shay Sharer')?.contact;
    expect(await contactIn(g.admin, p.conversationId)).toEqual({ email: null, phone: null, instagram: null });

    const share = await call(s, 'PUT', `/api/conversations/${p.conversationId}/share`, {
      email: false,
      phone: false,
      instagram: true,
    });
    expect(share.json()).toEqual({ email: false, phone: false, instagram: true });
    for (const who of [g.admin, g.coadmin, g.member]) {
      expect(await contactIn(who, p.conversationId)).toEqual({ email: null, phone: null, instagram: 'shay.shares' });
    }
    expect((await open(s, p.conversationId)).myShare).toEqual({ email: false, phone: false, instagram: true });
    // Not in their other conversation, nor on the group's posting.
    expect(await contactIn(s, other.conversationId)).toEqual({ email: null, phone: null, instagram: null });
    const detail = await call(g.admin, 'GET', `/api/postings/${g.postingId}`);
    expect(detail.body).not.toContain('shay.shares');

    await call(s, 'PUT', `/api/conversations/${p.conversationId}/share`, {
      email: true,
      phone: true,
      instagram: false,
    });
    expect(await contactIn(g.member, p.conversationId)).toEqual({
      email: s.email,
      phone: '617-555-0100',
      instagram: null,
    });
    expect((await call(s, 'PUT', `/api/conversations/${p.conversationId}/share`, { email: 'yes' })).statusCode).toBe(
      400,
    );
  });
});

describe('safety', () => {
  it("a report joins the moderators' queue with the recent messages; the reporter is not named to the reported", async () => {
    const g = await createGroup();
    const s = await createMember(t, { email: unique('rep'), name: 'Rory Reporter' });
    const p = await sendPing(s, g.postingId, 'Hello');
    const bad = await writeOk(g.admin, p.conversationId, 'Send the deposit by wire today.');
    const url = `/api/conversations/${p.conversationId}/messages/${bad.seq}/report`;
    expect((await call(s, 'POST', url, { reason: 'scam', details: 'Asks for money' })).json()).toEqual({
      reported: true,
    });
    expect(refusal(await call(s, 'POST', url, { reason: 'scam' }))).toMatchObject({
      status: 409,
      message: cm.alreadyReported,
    });
    // Own message, a message not in this conversation, and a stranger.
    const own = `/api/conversations/${p.conversationId}/messages/${bad.seq - 1}/report`;
    expect(refusal(await call(s, 'POST', own, { reason: 'other' }))).toMatchObject({
      status: 403,
      message: cm.reportOwn,
    });
    const elsewhere = (await open(student, sent.conversationId)).messages[0]?.seq;
    const notHere = await call(s, 'POST', `/api/conversations/${p.conversationId}/messages/${elsewhere}/report`, {
      reason: 'other',
    });
    expect(refusal(notHere)).toMatchObject({ status: 404, message: cm.messageNotFound });
    expect((await call(g.member, 'POST', url, { reason: 'nonsense' })).statusCode).toBe(400);
    const stranger = await createMember(t, { email: unique('st') });
    expect((await call(stranger, 'POST', url, { reason: 'scam' })).statusCode).toBe(404);

    expect((await call(s, 'GET', '/api/moderation/message-reports')).statusCode).toBe(403);
    const queue = (await call(moderator, 'GET', '/api/moderation/message-reports')).json<{
      items: MessageReportItem[];
    }>();
    const item = queue.items.find((i) => i.message.seq === bad.seq);
    expect(item).toMatchObject({ reason: 'scam', details: 'Asks for money', reporterName: 'Rory Reporter' });
    expect(item?.context.map((m) => m.body)).toEqual(['Hello', 'Send the deposit by wire today.']);
    // The reported student hears nothing: no e-mail after the report.
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, g.admin.email));
    expect(mails.map((m) => m.kind)).not.toContain(expect.stringMatching(/report/));
    expect(mails.filter((m) => m.createdAt.getTime() > Date.parse(bad.createdAt))).toEqual([]);
    // Dismissed, it leaves the queue.
    expect((await call(moderator, 'POST', `/api/moderation/message-reports/${item?.id}/dismiss`)).statusCode).toBe(200);
    const after = (await call(moderator, 'GET', '/api/moderation/message-reports')).json<{
      items: MessageReportItem[];
    }>();
    expect(after.items.find((i) => i.id === item?.id)).toBeUndefined();
    expect((await call(moderator, 'POST', `/api/moderation/message-reports/${item?.id}/dismiss`)).statusCode).toBe(404);
  });

  it('a blocked student cannot ping the blocker’s postings nor write to them, and is not told why; unblocking undoes it', async () => {
    const g = await createGroup();
    const pest = await createMember(t, { email: unique('pest'), name: 'Pax Pest' });
    const p = await sendPing(pest, g.postingId, 'Hi');
    await writeOk(g.admin, p.conversationId, 'Hello');
    await writeOk(pest, p.conversationId, 'Answer me');
    expect((await call(g.member, 'PUT', `/api/me/blocks/${pest.id}`)).json()).toEqual({ blocked: true });
    const blocks = (await call(g.member, 'GET', '/api/me/blocks')).json();
    expect(blocks.items).toEqual([{ userId: pest.id, name: 'Pax Pest', blockedAt: expect.any(String) }]);

    // The pest's conversation closes to them in the words of any closed conversation.
    const view = await open(pest, p.conversationId);
    expect(view).toMatchObject({ writable: false, closedReason: 'unavailable', closedLine: cm.closed.unavailable });
    expect(JSON.stringify(view)).not.toMatch(/block/i);
    const refused = await write(pest, p.conversationId, 'Hello?');
    expect(refusal(refused)).toEqual({ status: 409, code: 'CONVERSATION_CLOSED', message: cm.closed.unavailable });
    expect(refused.body).not.toMatch(/block/i);
    // The blocker does not write to them either; the rest of the group still does.
    expect((await write(g.member, p.conversationId, 'x')).statusCode).toBe(409);
    await writeOk(g.admin, p.conversationId, 'We will think about it');

    // A new ping is answered as any ping (issue 30) and reaches nobody in the group (below).
    await call(g.admin, 'PATCH', `/api/pings/${p.id}`, { status: 'declined' });
    const again = await call(pest, 'POST', `/api/postings/${g.postingId}/pings`, { message: 'again' });
    expect(again.statusCode).toBe(201);
    expect(again.body).not.toMatch(/block/i);
    const withheld = await t.database.db.select().from(ping).where(eq(ping.id, again.json<SentPing>().id));
    expect(withheld.map((row) => row.withheld)).toEqual([true]);

    // Nobody else is affected, and unblocking lets the next ping through.
    await sendPing(await createMember(t, { email: unique('fine') }), g.postingId, 'Hi');
    expect((await call(g.member, 'DELETE', `/api/me/blocks/${pest.id}`)).json()).toEqual({ blocked: false });
    const otherPosting = await sendPosting(t, { cookie: g.admin.cookie, posting: onCampusPosting({ dorm: 'Voute' }) });
    const after = await sendPing(pest, otherPosting.json<PostingDetail>().id, 'Sorry');
    expect((await t.database.db.select().from(ping).where(eq(ping.id, after.id)))[0]?.withheld).toBe(false);

    expect(refusal(await call(g.member, 'PUT', `/api/me/blocks/${g.member.id}`))).toMatchObject({
      status: 400,
      message: cm.blockSelf,
    });
    expect(refusal(await call(g.member, 'PUT', '/api/me/blocks/nobody-at-all'))).toMatchObject({
      status: 404,
      message: cm.blockNotFound,
    });
    expect((await call(null, 'PUT', `/api/me/blocks/${pest.id}`)).statusCode).toBe(401);
  });

  it('a blocked student’s ping looks sent to them in every answer, and reaches nobody in the group (issue 30)', async () => {
    const g = await createGroup();
    const pest = await createMember(t, { email: unique('shadow'), name: 'Shay Shadow' });
    const control = await createMember(t, { email: unique('ctrl'), name: 'Cody Control' });
    // The co-admin blocks (not the admin): the ping is withheld from the whole group.
    expect((await call(g.coadmin, 'PUT', `/api/me/blocks/${pest.id}`)).json()).toEqual({ blocked: true });
    const group = [g.admin, g.coadmin, g.member];
    const before = await Promise.all(
      group.map(async (m) => ({
        unread: await unread(m),
        awaiting: (await call(m, 'GET', '/api/pings/awaiting-count')).json<{ count: number }>().count,
      })),
    );
    const mailsBefore = new Set((await t.database.db.select().from(mailOutbox)).map((m) => m.id));
    const sentAt = Date.now();

    const blockedPing = await call(pest, 'POST', `/api/postings/${g.postingId}/pings`, { message: 'Please?' });
    const controlPing = await call(control, 'POST', `/api/postings/${g.postingId}/pings`, { message: 'Please?' });
    // The same answer as anyone's: status, shape and words (ids and times aside).
    expect(blockedPing.statusCode).toBe(controlPing.statusCode);
    const shape = (body: SentPing) => ({ ...body, id: 'id', conversationId: 'c', createdAt: 't' });
    expect(shape(blockedPing.json<SentPing>())).toEqual(shape(controlPing.json<SentPing>()));
    const withheld = blockedPing.json<SentPing>();
    const conversationId = withheld.conversationId as string;

    // To its sender: pending in the sent list, a conversation waiting for the group like any other.
    const sentList = (await call(pest, 'GET', '/api/pings/sent')).json<PingPage<SentPing>>();
    expect(sentList.items.map((i) => [i.id, i.status])).toEqual([[withheld.id, 'pending']]);
    const view = await open(pest, conversationId);
    const controlView = await open(control, controlPing.json<SentPing>().conversationId as string);
    for (const key of ['writable', 'closedReason', 'closedLine', 'waitingForGroup', 'pingStatus'] as const) {
      expect(view[key]).toEqual(controlView[key]);
    }
    expect(view.participants.map((p) => p.name)).toEqual(
      controlView.participants.map((p) => p.name).map((n) => (n === 'Cody Control' ? 'Shay Shadow' : n)),
    );
    expect((await call(pest, 'GET', '/api/conversations')).json().items.map((c: { id: string }) => c.id)).toEqual([
      conversationId,
    ]);
    // Asking again is refused as for anyone with a ping waiting.
    const twice = await call(pest, 'POST', `/api/postings/${g.postingId}/pings`, { message: 'Again?' });
    expect(refusal(twice).code).toBe('PING_ALREADY_PENDING');
    // Answering it themselves: refused as for any sender.
    expect(refusal(await call(pest, 'PATCH', `/api/pings/${withheld.id}`, { status: 'accepted' })).code).toBe(
      refusal(await call(control, 'PATCH', `/api/pings/${controlPing.json<SentPing>().id}`, { status: 'accepted' }))
        .code,
    );

    // To the group: nothing. Not in an inbox, no count, no conversation, no event, no e-mail.
    for (const [i, m] of group.entries()) {
      const received = (await call(m, 'GET', '/api/pings/received')).json<PingPage<ReceivedPing>>();
      expect(received.items.map((r) => r.id)).not.toContain(withheld.id);
      expect(received.items.map((r) => r.id)).toContain(controlPing.json<SentPing>().id);
      const awaiting = (await call(m, 'GET', '/api/pings/awaiting-count')).json<{ count: number }>().count;
      expect(awaiting - (before[i]?.awaiting ?? 0)).toBe(m === g.member ? 0 : 1);
      // The control ping's message is unread for each; the withheld one is not.
      expect((await unread(m)) - (before[i]?.unread ?? 0)).toBe(1);
      const conversations = (await call(m, 'GET', '/api/conversations')).json().items.map((c: { id: string }) => c.id);
      expect(conversations).not.toContain(conversationId);
      expect((await call(m, 'GET', `/api/conversations/${conversationId}`)).statusCode).toBe(404);
      const events = await t.database.db.select().from(liveEvent).where(eq(liveEvent.userId, m.id));
      expect(JSON.stringify(events)).not.toContain(conversationId);
    }
    expect(refusal(await call(g.admin, 'PATCH', `/api/pings/${withheld.id}`, { status: 'accepted' })).status).toBe(404);
    expect((await call(g.admin, 'GET', `/api/pings/${withheld.id}/fit`)).statusCode).toBe(404);
    const newMails = (await t.database.db.select().from(mailOutbox)).filter((m) => !mailsBefore.has(m.id));
    // One e-mail: the control ping's, to the admin.
    expect(newMails.map((m) => [m.kind, m.recipient])).toEqual([['ping-received', g.admin.email]]);
    // The unread e-mail job later mails the group about the control ping only.
    await t.app.unreadMail.run(new Date(sentAt + 11 * 60_000));
    const unreadMails = (
      await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'conversation-unread'))
    ).filter((m) => !mailsBefore.has(m.id));
    const controlId = controlPing.json<SentPing>().conversationId as string;
    expect(
      unreadMails
        .filter((m) => (m.dedupeKey ?? '').includes(controlId))
        .map((m) => m.recipient)
        .sort(),
    ).toEqual(group.map((m) => m.email).sort());
    expect(unreadMails.filter((m) => (m.dedupeKey ?? '').includes(conversationId))).toEqual([]);

    // A student who blocked someone in the group is told: the block is theirs to lift.
    const blocker = await createMember(t, { email: unique('blocker'), name: 'Bo Blocker' });
    await call(blocker, 'PUT', `/api/me/blocks/${g.member.id}`);
    expect(refusal(await call(blocker, 'POST', `/api/postings/${g.postingId}/pings`, { message: 'Hi' }))).toEqual({
      status: 409,
      code: 'PING_SENDER_BLOCKED',
      message: pingMessages.youBlocked.message,
    });
  });

  it('a rate limit with a clear message', async () => {
    const g = await createGroup();
    const s = await createMember(t, { email: unique('chatty'), name: 'Chris Chatty' });
    const p = await sendPing(s, g.postingId, 'Hi');
    await call(g.admin, 'PATCH', `/api/pings/${p.id}`, { status: 'accepted' });
    const limit = STUDENT_LIMITS.messages;
    // The window already holds the ping's message and max - 2 more (written directly, a minute ago).
    await t.database.db.insert(conversationMessage).values(
      Array.from({ length: limit.max - 2 }, (_, i) => ({
        conversationId: p.conversationId,
        senderUserId: s.id,
        body: `m${i}`,
        createdAt: new Date(Date.now() - 60_000),
      })),
    );
    await writeOk(s, p.conversationId, 'the last one allowed');
    const refused = await write(s, p.conversationId, 'one too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'MESSAGE_RATE_LIMITED', title: 'Too Many Messages' });
    expect(refused.json().error.message).toBe(limit.message(limit.max));
    // Others are not limited by it.
    await writeOk(g.admin, p.conversationId, 'still fine');
  });

  it("a suspended account's messages are hidden; a deleted account's stay, from a deleted student", async () => {
    const g = await createGroup();
    const s = await createMember(t, { email: unique('sus'), name: 'Sid Suspended' });
    const p = await sendPing(s, g.postingId, 'Hello from Sid');
    await writeOk(g.admin, p.conversationId, 'Hi Sid');
    expect(await unread(g.member)).toBe(2);
    await t.database.db.update(user).set({ suspendedAt: new Date() }).where(eq(user.id, s.id));
    const view = await open(g.admin, p.conversationId);
    expect(view.messages.map((m) => m.body)).toEqual(['Hi Sid']);
    expect(await unread(g.member)).toBe(1);
    const listed = (await call(g.member, 'GET', '/api/conversations')).json<ConversationPage>();
    expect(listed.items.find((i) => i.id === p.conversationId)?.lastMessage?.body).toBe('Hi Sid');

    // The co-admin deletes their account: their message stays, from a deleted student.
    const d = await createMember(t, { email: unique('del'), name: 'Dana Deleted' });
    const q2 = await sendPing(d, g.postingId, 'Hi');
    await writeOk(g.coadmin, q2.conversationId, 'Co-admin here');
    const gone = await call(g.coadmin, 'DELETE', '/api/me', { confirmEmail: g.coadmin.email });
    expect(gone.statusCode, gone.body).toBe(200);
    const after = await open(d, q2.conversationId);
    expect(after.messages.map((m) => [m.body, m.senderName, m.senderId])).toEqual([
      ['Hi', 'Dana Deleted', d.id],
      ['Co-admin here', cm.deletedStudent, null],
    ]);
  });
});

describe('the e-mail for what was not read', () => {
  const MIN = 60_000;
  /** Delivers what is due and answers the unread e-mails the SMTP server got for `to`. */
  async function unreadMailsTo(to: string) {
    const report = await t.app.outbox.deliverDue();
    expect(report).toMatchObject({ retrying: 0, failed: 0 });
    return smtp.messages.filter(
      (m) => m.subject?.includes('about') && (m.to ?? []).some((a) => a.address?.toLowerCase() === to.toLowerCase()),
    );
  }

  it('after 10 minutes unread, one e-mail per conversation an hour, none once read, none when turned off; one-click unsubscribe', async () => {
    const g = await createGroup();
    const s = await createMember(t, { email: unique('mailme'), name: 'Mae Mailed' });
    const start = Date.now();
    const p = await sendPing(s, g.postingId, 'Hi <b>there</b> & hello');

    await t.app.unreadMail.run(new Date(start + 5 * MIN));
    expect(await unreadMailsTo(g.admin.email)).toEqual([]);

    await t.app.unreadMail.run(new Date(start + 11 * MIN));
    const [first, ...more] = await unreadMailsTo(g.admin.email);
    expect(more).toEqual([]);
    expect(first?.subject).toBe('A new message about Walsh Hall on Quadmates');
    expect(first?.text).toContain('“Mae Mailed”: Hi <b>there</b> & hello');
    expect(first?.html).toContain('Hi &lt;b&gt;there&lt;/b&gt; &amp; hello');
    expect(first?.html).not.toContain('<b>there</b>');
    expect(first?.text).toContain(`http://localhost:3000/messages/${p.conversationId}`);
    // The whole group, not the writer.
    expect(await unreadMailsTo(g.member.email)).toHaveLength(1);
    expect(await unreadMailsTo(g.coadmin.email)).toHaveLength(1);
    expect(await unreadMailsTo(s.email)).toEqual([]);

    // Read in time: no e-mail.
    const reply = await writeOk(g.admin, p.conversationId, 'Hello Mae');
    await call(s, 'POST', `/api/conversations/${p.conversationId}/read`, { seq: reply.seq });
    await t.app.unreadMail.run(new Date(start + 25 * MIN));
    expect(await unreadMailsTo(s.email)).toEqual([]);

    // A new message within the hour: nothing more; after the hour, a second e-mail; turned off: none.
    expect((await call(g.member, 'PUT', '/api/me/conversation-settings', { unreadEmail: false })).statusCode).toBe(200);
    await writeOk(s, p.conversationId, 'Second message');
    await t.app.unreadMail.run(new Date(start + 30 * MIN));
    expect(await unreadMailsTo(g.coadmin.email)).toHaveLength(1);
    await t.app.unreadMail.run(new Date(start + 75 * MIN));
    const coadminMails = await unreadMailsTo(g.coadmin.email);
    expect(coadminMails).toHaveLength(2);
    // Only what came since the last e-mail: the admin's reply and the second message.
    expect(coadminMails[1]?.subject).toBe('2 new messages about Walsh Hall on Quadmates');
    expect(coadminMails[1]?.text).toContain('“Avery Admin”: Hello Mae');
    expect(coadminMails[1]?.text).toContain('“Mae Mailed”: Second message');
    expect(coadminMails[1]?.text).not.toContain('“Mae Mailed”: Hi');
    expect(await unreadMailsTo(g.member.email)).toHaveLength(1);
    // Nothing twice on a second run.
    await t.app.unreadMail.run(new Date(start + 76 * MIN));
    expect(await unreadMailsTo(g.coadmin.email)).toHaveLength(2);

    // One-click unsubscribe (RFC 8058): the header's address turns them off without signing in.
    const header = coadminMails[1]?.headers.find((h) => h.key === 'list-unsubscribe')?.value ?? '';
    expect(coadminMails[1]?.headers.find((h) => h.key === 'list-unsubscribe-post')?.value).toBe(
      'List-Unsubscribe=One-Click',
    );
    const url = new URL(header.replace(/^<|>$/g, ''));
    // The e-mail's own link opens the page that asks first (a GET changes nothing), for the same student.
    expect(coadminMails[1]?.text).toContain(
      `http://localhost:3000/message-emails/unsubscribe?user=${encodeURIComponent(g.coadmin.id)}&token=${encodeURIComponent(url.searchParams.get('token') ?? '')}`,
    );
    const forged = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}?user=${encodeURIComponent(g.admin.id)}&token=${url.searchParams.get('token')}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(400);
    const done = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await call(g.coadmin, 'GET', '/api/me/conversation-settings')).json()).toEqual({ unreadEmail: false });
  });
});

describe('the unread-message e-mail setting', () => {
  it('is on until turned off', async () => {
    const s = await createMember(t, { email: unique('set') });
    expect((await call(s, 'GET', '/api/me/conversation-settings')).json()).toEqual({ unreadEmail: true });
    expect((await call(s, 'PUT', '/api/me/conversation-settings', { unreadEmail: false })).json()).toEqual({
      unreadEmail: false,
    });
    expect((await call(s, 'GET', '/api/me/conversation-settings')).json()).toEqual({ unreadEmail: false });
    expect((await call(s, 'PUT', '/api/me/conversation-settings', {})).statusCode).toBe(400);
    expect((await call(null, 'GET', '/api/me/conversation-settings')).statusCode).toBe(401);
  });
});

describe('migration 0012 backfill (as data)', () => {
  it('every ping has exactly one conversation', async () => {
    const rows = await t.database.db.execute(
      sql`SELECT count(*) AS n FROM ping g WHERE NOT EXISTS (SELECT 1 FROM conversation c WHERE c.ping_id = g.id)`,
    );
    expect(Number((rows as unknown as { rows: { n: unknown }[] }).rows[0]?.n)).toBe(0);
  });
});

describe('the live stream (GET /api/events)', () => {
  let base: string;
  beforeAll(async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = address;
  });

  it('delivers a new message and the unread count within a second; a reconnect with Last-Event-ID gets what it missed, the unread count as it now stands', async () => {
    const g = await createGroup();
    const s = await createMember(t, { email: unique('live'), name: 'Liv Live' });
    const p = await sendPing(s, g.postingId, 'Hello live');
    await call(g.admin, 'PATCH', `/api/pings/${p.id}`, { status: 'accepted' });

    const stream = await openStream(base, s);
    const adminStream = await openStream(base, g.admin);
    // Only what happens after it opens; a quiet stream hears heartbeats.
    await new Promise((r) => setTimeout(r, 700));
    expect(stream.events).toEqual([]);
    expect(stream.comments).toContain(': heartbeat');

    // Pushed on the open stream (nothing polls and the stream does not reconnect): it arrives
    // within waitFor's deadline. How fast is `npm run bench:chat`'s question, not a test's.
    const first = await writeOk(g.admin, p.conversationId, 'Live one');
    await stream.waitFor(2);
    expect(stream.events.map((e) => e.event)).toEqual(['message', 'unread']);
    expect(stream.events[0]?.data).toEqual({ conversationId: p.conversationId, message: { ...first, fromYou: false } });
    expect(stream.events[1]?.data).toEqual({ total: 1 });
    // The writer's own other tabs hear their message too (fromYou), without an unread count.
    await adminStream.waitFor(1);
    expect(adminStream.events[0]?.data).toEqual({ conversationId: p.conversationId, message: first });

    const ids = stream.events.map((e) => Number(e.id));
    expect(ids[1]).toBeGreaterThan(ids[0] ?? Number.POSITIVE_INFINITY);
    const lastSeen = ids.at(-1) as number;
    await stream.close();

    // Missed while away: two messages and a read elsewhere.
    const second = await writeOk(g.admin, p.conversationId, 'While you were away');
    await writeOk(g.member, p.conversationId, 'Me too');
    await call(s, 'POST', `/api/conversations/${p.conversationId}/read`, { seq: second.seq });

    const resumed = await openStream(base, s, lastSeen);
    await resumed.waitFor(3);
    await new Promise((r) => setTimeout(r, 200));
    expect(resumed.events.map((e) => [e.event, (e.data as { message?: MessageView }).message?.body ?? e.data])).toEqual(
      [
        ['message', 'While you were away'],
        ['message', 'Me too'],
        // Read up to 'While you were away' in another tab; the totals it replaced (2, then 3) are gone.
        ['unread', { total: 1 }],
      ],
    );
    const resumedIds = resumed.events.map((e) => Number(e.id));
    expect(new Set(resumedIds).size).toBe(3);
    expect(Math.min(...resumedIds)).toBeGreaterThan(lastSeen);

    // Still live after the replay, and nothing twice.
    await writeOk(g.coadmin, p.conversationId, 'And now live again');
    await resumed.waitFor(5);
    await new Promise((r) => setTimeout(r, 200));
    expect(resumed.events).toHaveLength(5);
    expect((resumed.events[3]?.data as { message?: MessageView } | undefined)?.message?.body).toBe(
      'And now live again',
    );

    // A student who takes no part hears nothing of it.
    const outsider = await openStream(base, await createMember(t, { email: unique('out') }));
    await writeOk(g.admin, p.conversationId, 'Private');
    await resumed.waitFor(7);
    await new Promise((r) => setTimeout(r, 200));
    expect(outsider.events).toEqual([]);

    await Promise.all([resumed.close(), adminStream.close(), outsider.close()]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'a message written through one server reaches a stream on a second server on the same PostgreSQL',
    async () => {
      const handle = await openDatabase({ kind: 'postgres', url: t.database.url as string, poolSize: 2 });
      const second = await createTestApp(
        { COLLEGE_CONFIG: collegeConfigWith({ moderators: [MODERATOR_EMAIL] }) },
        undefined,
        {
          backgroundJobs: false,
          database: { ...handle, url: t.database.url, pgliteDir: undefined, destroy: () => handle.close() },
        },
      );
      try {
        const secondBase = await second.app.listen({ port: 0, host: '127.0.0.1' });
        const g = await createGroup();
        const s = await createMember(t, { email: unique('far'), name: 'Fay Far' });
        const p = await sendPing(s, g.postingId, 'Hello from afar');
        const stream = await openStream(secondBase, s);
        await new Promise((r) => setTimeout(r, 200));
        // Written through the first server (this file's app), pushed by the second.
        const sentHere = await writeOk(g.admin, p.conversationId, 'Across servers');
        await stream.waitFor(2);
        expect(stream.events[0]?.data).toEqual({
          conversationId: p.conversationId,
          message: { ...sentHere, fromYou: false },
        });
        await new Promise((r) => setTimeout(r, 300));
        expect(stream.events).toHaveLength(2);
        await stream.close();
      } finally {
        await second.close();
        await handle.close().catch(() => {});
      }
    },
  );

  it('tells everyone in the conversation when the ping is answered, so an open one shows its line', async () => {
    const g = await createGroup();
    const s = await createMember(t, { email: unique('ans'), name: 'Ansel Answered' });
    const p = await sendPing(s, g.postingId, 'Hi');
    const streams = await Promise.all([openStream(base, s), openStream(base, g.member)]);
    await new Promise((r) => setTimeout(r, 200));
    expect((await call(g.coadmin, 'PATCH', `/api/pings/${p.id}`, { status: 'declined' })).statusCode).toBe(200);
    for (const stream of streams) {
      await stream.waitFor(1);
      expect(stream.events.map((e) => [e.event, e.data])).toEqual([
        ['conversation', { conversationId: p.conversationId, pingStatus: 'declined' }],
      ]);
    }
    await Promise.all(streams.map((stream) => stream.close()));
  });

  it('tells the other participants when someone shares contact details, so an open conversation shows them', async () => {
    const g = await createGroup();
    const s = await createMember(t, { email: unique('shares'), name: 'Shay Shares' });
    const p = await sendPing(s, g.postingId, 'Hi');
    await call(g.admin, 'PATCH', `/api/pings/${p.id}`, { status: 'accepted' });
    const stream = await openStream(base, g.admin);
    await new Promise((r) => setTimeout(r, 200));
    const shared = await call(s, 'PUT', `/api/conversations/${p.conversationId}/share`, {
      email: true,
      phone: false,
      instagram: false,
    });
    expect(shared.statusCode, shared.body).toBe(200);
    await stream.waitFor(1);
    expect(stream.events.map((e) => [e.event, e.data])).toEqual([
      ['conversation', { conversationId: p.conversationId, pingStatus: 'accepted' }],
    ]);
    await stream.close();
  });

  it('refuses a visitor', async () => {
    const response = await fetch(`${base}/api/events`);
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('UNAUTHORIZED');
  });
});
