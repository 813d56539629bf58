/**
 * Scam warnings (issue 30) over HTTP: a message that asks for money before a viewing carries
 * `scamWarning` for every one of its readers (the conversation, the list's last message, the live
 * event, the unread-message e-mail) and never for its sender (their answer, their view, their other
 * tabs' event, their e-mail). The check is the college's rules at the moment of reading: the same
 * stored message read through a server whose college changed its rules follows the new rules.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../src/server/db/schema';
import {
  type ConversationPage,
  type ConversationView,
  conversationMessages as cm,
  type MessageView,
} from '../../src/shared/schemas/conversations';
import type { SentPing } from '../../src/shared/schemas/ping';
import type { PostingDetail } from '../../src/shared/schemas/posting-view';
import { createTestApp, type TestApp } from '../support/app';
import { collegeConfigWith } from '../support/college-config';
import { openStream } from '../support/sse';
import { createMember, originHeader, type TestMember } from '../support/users';
import { onCampusPosting, sendPosting } from './postings-support';

vi.setConfig({ testTimeout: 120_000 });

/** Wording of the classic scam: the landlord away, money through an app, keys by post. */
const SCAM =
  "I'm abroad right now, so I can't show you the room. Zelle me the $500 deposit to hold it and I'll mail you the keys.";
const ORDINARY = 'Rent is split via Venmo after we sign the lease. Come see it on Friday!';

let t: TestApp;
let base: string;
let admin: TestMember;
let member: TestMember;
let student: TestMember;
let conversationId: string;

const call = (app: TestApp, who: TestMember, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.app.inject({ method, url, headers: { ...originHeader(app), cookie: who.cookie }, payload });

const viewOf = async (who: TestMember, app = t) => {
  const response = await call(app, who, 'GET', `/api/conversations/${conversationId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ConversationView>();
};
const messageIn = async (who: TestMember, body: string, app = t) => {
  const found = (await viewOf(who, app)).messages.find((m) => m.body === body);
  expect(found, `"${body}" in the conversation`).toBeDefined();
  return found as MessageView;
};
const lastMessageFor = async (who: TestMember) => {
  const page = (await call(t, who, 'GET', '/api/conversations')).json<ConversationPage>();
  return page.items.find((item) => item.id === conversationId)?.lastMessage;
};
const send = async (who: TestMember, body: string) => {
  const response = await call(t, who, 'POST', `/api/conversations/${conversationId}/messages`, { body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<MessageView>();
};

/** A live stream's message events, read with the shared SSE reader. */
async function openMessageStream(who: TestMember) {
  const stream = await openStream(base, who);
  const messages = () =>
    stream.events.filter((e) => e.event === 'message').map((e) => (e.data as { message: MessageView }).message);
  return {
    /** The message events' messages, once `count` have arrived. */
    async messages(count: number): Promise<MessageView[]> {
      const until = Date.now() + 10_000;
      while (messages().length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(messages()).toHaveLength(count);
      return messages();
    },
    close: () => stream.close(),
  };
}

beforeAll(async () => {
  t = await createTestApp({}, undefined, { backgroundJobs: false, liveHeartbeatMs: 300 });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const stamp = Date.now();
  admin = await createMember(t, { email: `scam.admin.${stamp}@bc.edu`, name: 'Avery Admin' });
  member = await createMember(t, { email: `scam.member.${stamp}@bc.edu`, name: 'Morgan Member' });
  student = await createMember(t, { email: `scam.student.${stamp}@bc.edu`, name: 'Sam Student' });
  // A group of two: the admin and a member who joined by the mailed link.
  const posting = onCampusPosting();
  const created = await sendPosting(t, {
    cookie: admin.cookie,
    posting: {
      ...posting,
      members: [posting.members[0], { ...posting.members[1], name: 'Morgan', email: member.email }],
      curNumSeek: 2,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const postingId = created.json<PostingDetail>().id;
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'group-invitation'), eq(mailOutbox.recipient, member.email)))
    .orderBy(desc(mailOutbox.createdAt));
  const token = decodeURIComponent(mail?.link?.split('/').at(-1) ?? '');
  const invitation = await call(t, member, 'GET', `/api/invitations/by-token/${encodeURIComponent(token)}`);
  expect(invitation.statusCode, invitation.body).toBe(200);
  const joined = await call(t, member, 'POST', `/api/invitations/${invitation.json().id}/join`, { token });
  expect(joined.statusCode, joined.body).toBe(200);

  const pinged = await call(t, student, 'POST', `/api/postings/${postingId}/pings`, {
    message: 'Hi! Is the room still free?',
  });
  expect(pinged.statusCode, pinged.body).toBe(201);
  conversationId = pinged.json<SentPing>().conversationId as string;
});
afterAll(async () => {
  await t?.close();
});

describe('a message that asks for money before a viewing', () => {
  it('is flagged for each of its readers, live and when read, and never for its sender', async () => {
    const readerStream = await openMessageStream(student);
    const groupStream = await openMessageStream(member);
    const senderStream = await openMessageStream(admin);
    await new Promise((r) => setTimeout(r, 300));

    // The sender's own answer says nothing.
    const sent = await send(admin, SCAM);
    expect(sent).toMatchObject({ body: SCAM, fromYou: true, scamWarning: false });

    // Live: the reader on the other side and the group's other member hear it flagged; the
    // sender's other tab hears the very same message unflagged.
    const [toReader] = await readerStream.messages(1);
    expect(toReader).toEqual({ ...sent, fromYou: false, scamWarning: true });
    const [toMember] = await groupStream.messages(1);
    expect(toMember).toEqual({ ...sent, fromYou: false, scamWarning: true });
    const [toSender] = await senderStream.messages(1);
    expect(toSender).toEqual(sent);

    // Read: the conversation and the list's last message, the same way.
    expect((await messageIn(student, SCAM)).scamWarning).toBe(true);
    expect((await messageIn(member, SCAM)).scamWarning).toBe(true);
    expect((await messageIn(admin, SCAM)).scamWarning).toBe(false);
    expect(await lastMessageFor(student)).toMatchObject({ body: SCAM, scamWarning: true });
    expect(await lastMessageFor(admin)).toMatchObject({ body: SCAM, scamWarning: false });

    // The reader can report it as a scam, from the note, with the existing message reports.
    const reported = await call(
      t,
      student,
      'POST',
      `/api/conversations/${conversationId}/messages/${sent.seq}/report`,
      {
        reason: 'scam',
      },
    );
    expect(reported.statusCode, reported.body).toBe(200);
    expect(reported.json()).toEqual({ reported: true });

    await Promise.all([readerStream.close(), groupStream.close(), senderStream.close()]);
  });

  it('an ordinary message about money is flagged for nobody', async () => {
    const sent = await send(member, ORDINARY);
    expect(sent.scamWarning).toBe(false);
    for (const who of [student, admin, member]) expect((await messageIn(who, ORDINARY)).scamWarning).toBe(false);
    // Nor is the ping's first message.
    expect((await messageIn(admin, 'Hi! Is the room still free?')).scamWarning).toBe(false);
  });

  it('the e-mail about unread messages warns its reader too, and never the sender', async () => {
    await t.app.unreadMail.run(new Date(Date.now() + 11 * 60_000));
    const mailTo = async (who: TestMember) => {
      const [mail] = await t.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, 'conversation-unread'), eq(mailOutbox.recipient, who.email)));
      expect(mail, `an unread e-mail to ${who.email}`).toBeDefined();
      return mail?.textBody ?? '';
    };
    // The student has the scam unread (the member read it by writing after it); the admin, who
    // wrote it, has the ping and the ordinary message.
    const toReader = await mailTo(student);
    expect(toReader).toContain(SCAM);
    expect(toReader).toContain(cm.scamWarning.mail);
    const toSender = await mailTo(admin);
    expect(toSender).toContain(ORDINARY);
    expect(toSender).not.toContain(cm.scamWarning.mail);
  });

  it("follows the college's rules as they are when read: the same stored messages through a server with other rules", async () => {
    const own = {
      cues: [
        { category: 'money', phrases: ['venmo*'] },
        { category: 'lease', phrases: ['sign the lease'] },
      ],
      warnWhen: [['money', 'lease']],
    };
    const other = await createTestApp({ COLLEGE_CONFIG: collegeConfigWith({ scamWarnings: own }) }, undefined, {
      backgroundJobs: false,
      database: t.database,
    });
    const off = await createTestApp(
      { COLLEGE_CONFIG: collegeConfigWith({ scamWarnings: { cues: [], warnWhen: [] } }) },
      undefined,
      { backgroundJobs: false, database: t.database },
    );
    try {
      expect((await messageIn(student, ORDINARY, other)).scamWarning).toBe(true);
      expect((await messageIn(student, SCAM, other)).scamWarning).toBe(false);
      // Still never for the sender.
      expect((await messageIn(member, ORDINARY, other)).scamWarning).toBe(false);
      // A college that wants no warnings has none.
      expect((await messageIn(student, SCAM, off)).scamWarning).toBe(false);
    } finally {
      await other.close();
      await off.close();
    }
  });
});
