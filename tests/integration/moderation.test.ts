/**
 * Reports and moderation (issue 14): who may report and how often, the automatic hide at three
 * different reporters, moderator-only routes, each moderator action (dismiss, hide with its e-mail
 * and the appeal by editing, suspend signing out and refusing sign-in), who still sees a hidden
 * posting, and the audit record of every action.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, posting, postingReport, session, user } from '../../src/server/db/schema';
import { messages } from '../../src/shared/messages';
import { moderationMessages } from '../../src/shared/moderation';
import type { AuditEntry, QueueItem } from '../../src/shared/schemas/moderation';
import type { PostingDetail, PostingPage } from '../../src/shared/schemas/posting-view';
import { createTestApp, type TestApp } from '../support/app';
import { insertPosting } from '../support/browse-fixtures';
import { collegeConfigWith } from '../support/college-config';
import { createMember, originHeader, type TestMember } from '../support/users';
import { onCampusPosting, sendPosting } from './postings-support';

const MODERATOR_EMAIL = `mod.${Date.now()}@bc.edu`;
let t: TestApp;
let moderator: TestMember;

// Each test signs several students up through the real API: slow on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

beforeAll(async () => {
  const college = collegeConfigWith({ moderators: [MODERATOR_EMAIL.toUpperCase()] });
  t = await createTestApp({ COLLEGE_CONFIG: college }, undefined, { backgroundJobs: false });
  moderator = await createMember(t, { email: MODERATOR_EMAIL, name: 'Morgan Moderator' });
});
afterAll(async () => {
  await t?.close();
});

const headers = (member: TestMember | null) => ({
  ...originHeader(t),
  ...(member?.cookie ? { cookie: member.cookie } : {}),
});
const report = (member: TestMember | null, postingId: string, body: object = { reason: 'scam' }) =>
  t.app.inject({ method: 'POST', url: `/api/postings/${postingId}/reports`, headers: headers(member), payload: body });
const act = (member: TestMember | null, postingId: string, action: string, reason?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/moderation/postings/${postingId}/${action}`,
    headers: headers(member),
    payload: reason === undefined ? {} : { reason },
  });
const get = (member: TestMember | null, url: string) => t.app.inject({ method: 'GET', url, headers: headers(member) });
const queue = async () => ((await get(moderator, '/api/moderation/queue')).json() as { items: QueueItem[] }).items;
const audit = async () => ((await get(moderator, '/api/moderation/actions')).json() as { items: AuditEntry[] }).items;
const postingRow = async (id: string) => (await t.database.db.select().from(posting).where(eq(posting.id, id)))[0];
const searchIds = async (member: TestMember) =>
  ((await get(member, '/api/postings?location=oncampus&dorm=Voute&limit=50')).json() as PostingPage).items.map(
    (c) => c.id,
  );

/** A member whose account is two days old: their reports count toward the automatic hide (decision 0022). */
async function seasonedMember() {
  const member = await createMember(t);
  await t.database.db
    .update(user)
    .set({ createdAt: new Date(Date.now() - 2 * 24 * 60 * 60_000) })
    .where(eq(user.id, member.id));
  return member;
}

async function adminWithPosting() {
  const admin = await createMember(t, { name: 'Ada Admin' });
  const postingId = await insertPosting(t.database.db, admin.id, { dorm: 'Voute', adminName: 'Ada Admin' });
  return { admin, postingId };
}

describe('reporting', () => {
  it('a member reports once with a reason and optional details; a second try says so clearly', async () => {
    const { postingId } = await adminWithPosting();
    const student = await createMember(t);
    const first = await report(student, postingId, { reason: 'wrong-info', details: '  The rent is $400, not $40.  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ reported: true, hidden: false });
    const again = await report(student, postingId, { reason: 'scam' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'ALREADY_REPORTED',
      title: moderationMessages.reportFailedTitle,
      message: moderationMessages.alreadyReported,
    });
    const rows = await t.database.db.select().from(postingReport).where(eq(postingReport.postingId, postingId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: 'wrong-info', details: 'The rent is $400, not $40.' });
  });

  it("refuses one's own posting, visitors, bad reasons and overlong details, storing nothing", async () => {
    const { admin, postingId } = await adminWithPosting();
    const student = await createMember(t);
    const own = await report(admin, postingId);
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toMatchObject({ code: 'OWN_POSTING', message: moderationMessages.ownPosting });
    expect((await report(null, postingId)).statusCode).toBe(401);
    const badReason = await report(student, postingId, { reason: 'boring' });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().error.message).toBe('Please choose a reason for the report.');
    const long = await report(student, postingId, { reason: 'other', details: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe('Details must be at most 1000 characters.');
    expect((await report(student, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const rows = await t.database.db.select().from(postingReport).where(eq(postingReport.postingId, postingId));
    expect(rows).toHaveLength(0);
  });

  it('hides a posting reported by 3 different students until a moderator looks, and records it', async () => {
    const { admin, postingId } = await adminWithPosting();
    const [a, b, c, d] = [
      await seasonedMember(),
      await seasonedMember(),
      await seasonedMember(),
      await createMember(t),
    ];
    expect((await report(a, postingId)).json().hidden).toBe(false);
    // The same student twice does not count twice.
    expect((await report(a, postingId)).statusCode).toBe(409);
    expect((await report(b, postingId, { reason: 'inappropriate' })).json().hidden).toBe(false);
    expect((await searchIds(d)).includes(postingId)).toBe(true);
    expect((await report(c, postingId)).json()).toEqual({ reported: true, hidden: true });

    const row = await postingRow(postingId);
    expect(row?.hiddenKind).toBe('auto');
    expect(await searchIds(d)).not.toContain(postingId);
    expect((await get(d, `/api/postings/${postingId}`)).statusCode).toBe(404);
    // Its admin still sees it, and why; so do moderators.
    const own = (await get(admin, `/api/postings/${postingId}`)).json() as PostingDetail;
    expect(own.moderation).toMatchObject({ hidden: true, kind: 'auto', reason: moderationMessages.autoHiddenReason });
    expect((await get(moderator, `/api/postings/${postingId}`)).statusCode).toBe(200);

    const item = (await queue()).find((i) => i.posting.id === postingId);
    expect(item?.reporterCount).toBe(3);
    expect(item?.reasons).toEqual([
      { reason: 'scam', count: 2 },
      { reason: 'inappropriate', count: 1 },
    ]);
    expect(item?.posting.hidden?.kind).toBe('auto');
    const entry = (await audit()).find((e) => e.postingId === postingId);
    expect(entry).toMatchObject({
      action: 'auto-hide',
      moderatorEmail: null,
      reason: 'Reports from 3 different students with accounts older than a day.',
    });
  });
});

describe('moderator-only routes', () => {
  it('answer 403 to members who are not moderators and 401 to visitors', async () => {
    const { postingId } = await adminWithPosting();
    const student = await createMember(t);
    await report(student, postingId);
    for (const url of ['/api/moderation/queue', '/api/moderation/actions']) {
      const refused = await get(student, url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({ code: 'NOT_MODERATOR', message: moderationMessages.notModerator });
      expect((await get(null, url)).statusCode).toBe(401);
    }
    for (const action of ['dismiss', 'hide', 'suspend']) {
      const refused = await act(student, postingId, action, 'because');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('NOT_MODERATOR');
    }
    expect((await postingRow(postingId))?.hiddenAt).toBeNull();
    const me = (await get(student, '/api/me')).json();
    expect(me.user.isModerator).toBe(false);
    expect((await get(moderator, '/api/me')).json().user.isModerator).toBe(true);
  });
});

describe('moderator actions', () => {
  it('dismiss closes the reports and shows an auto-hidden posting again', async () => {
    const { postingId } = await adminWithPosting();
    const viewer = await createMember(t);
    for (let i = 0; i < 3; i += 1) await report(await seasonedMember(), postingId);
    expect((await postingRow(postingId))?.hiddenAt).not.toBeNull();
    const done = await act(moderator, postingId, 'dismiss', 'Checked with the housing office: genuine.');
    expect(done.statusCode).toBe(200);
    expect((await postingRow(postingId))?.hiddenAt).toBeNull();
    expect(await searchIds(viewer)).toContain(postingId);
    expect((await queue()).some((i) => i.posting.id === postingId)).toBe(false);
    const entry = (await audit()).find((e) => e.postingId === postingId && e.action === 'dismiss');
    expect(entry).toMatchObject({
      moderatorEmail: MODERATOR_EMAIL,
      reason: 'Checked with the housing office: genuine.',
    });
  });

  it('hide needs a reason, e-mails the admin why, and the admin appeals by editing (back in the queue, still hidden)', async () => {
    const { admin, postingId } = await adminWithPosting();
    const viewer = await createMember(t);
    await report(viewer, postingId, { reason: 'inappropriate' });
    const noReason = await act(moderator, postingId, 'hide', '   ');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe(moderationMessages.reasonRequired);
    expect((await postingRow(postingId))?.hiddenAt).toBeNull();

    expect((await act(moderator, postingId, 'hide', 'Photos of another building.')).statusCode).toBe(200);
    expect(await searchIds(viewer)).not.toContain(postingId);
    expect((await get(viewer, `/api/postings/${postingId}`)).statusCode).toBe(404);
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, admin.email), eq(mailOutbox.kind, 'posting-hidden')));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain('The reason given: Photos of another building.');
    expect((await queue()).some((i) => i.posting.id === postingId)).toBe(false);

    const own = (await get(admin, `/api/postings/${postingId}`)).json() as PostingDetail;
    expect(own.moderation).toMatchObject({ hidden: true, kind: 'moderator', reason: 'Photos of another building.' });
    expect(own.moderation?.appealPending).toBe(false);
    const edited = await sendPosting(t, {
      method: 'PUT',
      url: `/api/postings/${postingId}`,
      cookie: admin.cookie,
      posting: onCampusPosting({ dorm: 'Voute' }),
    });
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as PostingDetail).moderation?.appealPending).toBe(true);
    expect(await searchIds(viewer)).not.toContain(postingId);
    const item = (await queue()).find((i) => i.posting.id === postingId);
    expect(item?.posting.appealedAt).not.toBeNull();
    expect(item?.reporterCount).toBe(0);

    expect((await act(moderator, postingId, 'dismiss')).statusCode).toBe(200);
    expect(await searchIds(viewer)).toContain(postingId);
    const actions = (await audit()).filter((e) => e.postingId === postingId).map((e) => e.action);
    expect(actions).toEqual(['dismiss', 'hide']);
  });

  it('suspend signs the account out, hides all its postings and refuses sign-in with a clear message', async () => {
    const password = 'correct-horse-battery';
    const admin = await createMember(t, { name: 'Sly Scammer' });
    const first = await insertPosting(t.database.db, admin.id, { dorm: 'Voute' });
    const second = await insertPosting(t.database.db, admin.id, { dorm: 'Voute' });
    const viewer = await createMember(t);
    await report(viewer, first, { reason: 'scam', details: 'Asked for a deposit by wire.' });
    expect((await get(admin, '/api/me')).json().user).not.toBeNull();

    expect((await act(moderator, first, 'suspend', '')).statusCode).toBe(400);
    expect((await act(moderator, first, 'suspend', 'Asked students for deposits by wire.')).statusCode).toBe(200);
    expect(await t.database.db.select().from(session).where(eq(session.userId, admin.id))).toHaveLength(0);
    expect((await get(admin, '/api/me')).json().user).toBeNull();
    for (const id of [first, second]) {
      expect((await postingRow(id))?.hiddenKind).toBe('suspended');
      expect(await searchIds(viewer)).not.toContain(id);
    }
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { ...originHeader(t), 'x-forwarded-for': '10.200.0.1' },
      payload: { email: admin.email, password },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: messages.auth.accountSuspended });
    expect(signIn.headers['set-cookie']).toBeUndefined();

    const entry = (await audit()).find((e) => e.postingId === first && e.action === 'suspend');
    expect(entry).toMatchObject({
      moderatorEmail: MODERATOR_EMAIL,
      targetEmail: admin.email,
      reason: 'Asked students for deposits by wire.',
    });
    expect(entry?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // A moderator cannot be suspended this way.
    const modPosting = await insertPosting(t.database.db, moderator.id, { dorm: 'Voute' });
    const refused = await act(moderator, modPosting, 'suspend', 'testing');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(moderationMessages.cannotSuspendModerator);
  });
});
