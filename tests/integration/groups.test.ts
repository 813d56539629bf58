/**
 * Groups of students who said yes (issue 23, decision 0024) over HTTP: invitations that work once,
 * for their own address, for 14 days; join, decline, leave and removal; co-admins and hand-over;
 * an account's deletion; the admin's edit keeping joined members; who sees which member details;
 * the resend limit; and what the invitation e-mail says.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, ping, posting, postingMember } from '../../src/server/db/schema';
import { type GroupMemberView, groupMessages } from '../../src/shared/schemas/groups';
import type { PostingMemberInput } from '../../src/shared/schemas/posting';
import type { PostingDetail } from '../../src/shared/schemas/posting-view';
import { createTestApp, type TestApp } from '../support/app';
import { createMember, originHeader, type TestMember } from '../support/users';
import { onCampusPosting, sendPosting } from './postings-support';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { backgroundJobs: false });
});
afterAll(async () => {
  await t?.close();
});

const headers = (member: TestMember) => ({ ...originHeader(t), cookie: member.cookie });
const call = (member: TestMember, method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: headers(member), ...(payload !== undefined ? { payload } : {}) });
const detailOf = async (member: TestMember, postingId: string) => {
  const response = await call(member, 'GET', `/api/postings/${postingId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PostingDetail>();
};

const typed = (name: string, email = '', extra: Partial<PostingMemberInput> = {}): PostingMemberInput => ({
  name,
  academicYear: 'sophomore',
  gender: 'male',
  customGender: '',
  email,
  instagramHandle: '',
  ...extra,
});
const ADMIN_PLACE: PostingMemberInput = typed('(the admin)');

/** A posting created through the API: member 1 is the admin, the others as given. */
async function createGroup(admin: TestMember, members: PostingMemberInput[], curNumSeek = 2) {
  const response = await sendPosting(t, {
    cookie: admin.cookie,
    posting: onCampusPosting({ members: [ADMIN_PLACE, ...members], curNumSeek }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PostingDetail>();
}

/** The invitation e-mails to an address, newest first. */
const invitationMails = (to: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'group-invitation'), eq(mailOutbox.recipient, to)))
    .orderBy(desc(mailOutbox.createdAt));

/** The token of the newest invitation link mailed to `to`. */
async function tokenFor(to: string): Promise<string> {
  const [mail] = await invitationMails(to);
  const link = mail?.link ?? '';
  expect(link).toMatch(/^http:\/\/localhost:3000\/invitations\/[A-Za-z0-9_-]+$/);
  return decodeURIComponent(link.split('/').at(-1) ?? '');
}

const byToken = (member: TestMember, token: string) =>
  call(member, 'GET', `/api/invitations/by-token/${encodeURIComponent(token)}`);

/** The student opens their newest invitation link and joins. */
async function joinByLink(student: TestMember): Promise<string> {
  const token = await tokenFor(student.email);
  const view = await byToken(student, token);
  expect(view.statusCode, view.body).toBe(200);
  const joined = await call(student, 'POST', `/api/invitations/${view.json().id}/join`, { token });
  expect(joined.statusCode, joined.body).toBe(200);
  return view.json().id as string;
}

const expectRefusal = (
  response: { statusCode: number; json: () => { error: { message: string; code: string } } },
  status: number,
  message: string,
) => {
  expect(response.statusCode).toBe(status);
  expect(response.json().error.message).toBe(message);
};

const memberRows = (postingId: string) =>
  t.database.db.select().from(postingMember).where(eq(postingMember.postingId, postingId));

describe('invitations', () => {
  it('invites each new college address on save; the mail names nothing the admin typed in its subject or first line; only a hash is stored', async () => {
    const admin = await createMember(t, { name: 'Evelyn Okafor' });
    const address = `zed.typedname.${Date.now()}@bc.edu`;
    const detail = await createGroup(admin, [typed('Zed Typedname', address), typed('Quinn Noaddress')]);
    const [mail, ...more] = await invitationMails(address);
    expect(more).toEqual([]);
    const firstLine = mail?.textBody.split('\n')[0] ?? '';
    for (const text of ['Zed', 'Typedname', address, 'Evelyn', 'Okafor', 'Walsh']) {
      expect(mail?.subject).not.toContain(text);
      expect(firstLine).not.toContain(text);
    }
    expect(mail?.subject).toBe('You are invited to join a roommate group on Quadmates');
    // The admin's name, later, as their own words (issue 30).
    expect(mail?.textBody).toContain('The student who invited you calls themselves “Evelyn Okafor”; they listed you');
    const token = await tokenFor(address);
    const row = (await memberRows(detail.id)).find((m) => m.email === address);
    expect(row?.state).toBe('invited');
    expect(row?.invitationTokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    // 14 days.
    const days = ((row?.invitationExpiresAt?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    // The row without an address is not invited.
    expect((await memberRows(detail.id)).find((m) => m.name === 'Quinn Noaddress')?.state).toBe('not-invited');
  });

  it('refuses an invitation address outside the college, and saves nothing', async () => {
    const admin = await createMember(t);
    const response = await sendPosting(t, {
      cookie: admin.cookie,
      posting: onCampusPosting({ members: [ADMIN_PLACE, typed('Outsider', 'friend@gmail.com')] }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([groupMessages.memberNotCollegeEmail(2, 'bc.edu')]);
    expect(await t.database.db.select().from(posting).where(eq(posting.adminUserId, admin.id))).toEqual([]);
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'friend@gmail.com'))).toEqual(
      [],
    );
  });

  it("keeps an old row's outside address on an edit, but never sends it an invitation", async () => {
    const admin = await createMember(t);
    const detail = await createGroup(admin, []);
    // A row as migration 0011 left it: typed before invitations, with an address outside the college.
    const [old] = await t.database.db
      .insert(postingMember)
      .values({
        postingId: detail.id,
        position: 1,
        name: 'Old Friend',
        academicYear: 'junior',
        gender: 'female',
        email: 'old.friend@gmail.com',
      })
      .returning({ id: postingMember.id });
    await t.database.db.update(posting).set({ curGroupSize: 2, aimInteger: 4 }).where(eq(posting.id, detail.id));
    const oldId = old?.id as string;
    expectRefusal(
      await call(admin, 'POST', `/api/postings/${detail.id}/members/${oldId}/invite`),
      400,
      groupMessages.notCollegeAddress,
    );
    const edit = await sendPosting(t, {
      method: 'PUT',
      url: `/api/postings/${detail.id}`,
      cookie: admin.cookie,
      posting: onCampusPosting({
        members: [ADMIN_PLACE, typed('Old Friend', 'old.friend@gmail.com', { id: oldId })],
      }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await memberRows(detail.id)).find((m) => m.id === oldId)).toMatchObject({
      state: 'not-invited',
      email: 'old.friend@gmail.com',
    });
    expect(
      await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'old.friend@gmail.com')),
    ).toEqual([]);
  });

  it('works once, only for its own address; forged, replayed and other accounts are refused with their messages', async () => {
    const admin = await createMember(t, { name: 'Ada Admin' });
    const invitee = await createMember(t, { name: 'Ivan Invitee' });
    const someoneElse = await createMember(t);
    const detail = await createGroup(admin, [typed('Ivan as typed', invitee.email)]);
    const token = await tokenFor(invitee.email);

    expectRefusal(await byToken(invitee, 'forged-token-value'), 404, groupMessages.invitationNotFound);
    expectRefusal(await byToken(someoneElse, token), 403, groupMessages.invitationOtherAccount);
    const view = await byToken(invitee, token);
    expect(view.json()).toEqual({
      id: expect.any(String),
      postingId: detail.id,
      adminName: 'Ada Admin',
      place: 'Walsh Hall',
      memberName: 'Ivan as typed',
      expiresAt: expect.any(String),
    });
    const memberId = view.json().id as string;
    // Another account cannot join with the link, nor by the row's id alone.
    expectRefusal(
      await call(someoneElse, 'POST', `/api/invitations/${memberId}/join`, { token }),
      403,
      groupMessages.invitationOtherAccount,
    );
    // (A POST without any body is a join without the link's token.)
    expectRefusal(
      await call(someoneElse, 'POST', `/api/invitations/${memberId}/join`),
      404,
      groupMessages.invitationNotFound,
    );
    expectRefusal(
      await call(invitee, 'POST', `/api/invitations/${memberId}/join`, { token: 'forged' }),
      404,
      groupMessages.invitationNotFound,
    );

    const joined = await call(invitee, 'POST', `/api/invitations/${memberId}/join`, { token });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({ postingId: detail.id });
    // Once only.
    expectRefusal(await byToken(invitee, token), 410, groupMessages.invitationUsed);
    expectRefusal(
      await call(invitee, 'POST', `/api/invitations/${memberId}/join`, { token }),
      410,
      groupMessages.invitationUsed,
    );
    const row = (await memberRows(detail.id)).find((m) => m.id === memberId);
    expect(row).toMatchObject({ state: 'joined', userId: invitee.id, name: 'Ivan Invitee', invitationTokenHash: null });
    expect(row?.joinedAt).not.toBeNull();

    const seen = await detailOf(invitee, detail.id);
    expect(seen.viewerRole).toBe('member');
    expect(seen.members.find((m) => m.id === memberId)).toMatchObject({
      joined: true,
      name: 'Ivan Invitee',
      isYou: true,
      typed: null,
    });
    expect((await call(invitee, 'GET', '/api/me/groups')).json().items).toEqual([
      {
        postingId: detail.id,
        place: 'Walsh Hall',
        role: 'member',
        adminName: 'Ada Admin',
        status: 'Unfulfilled',
        joinedAt: expect.any(String),
      },
    ]);
  });

  it('expires after 14 days', async () => {
    const admin = await createMember(t);
    const invitee = await createMember(t);
    const detail = await createGroup(admin, [typed('Late', invitee.email)]);
    const token = await tokenFor(invitee.email);
    const memberId = (await byToken(invitee, token)).json().id as string;
    await t.database.db
      .update(postingMember)
      .set({ invitationExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(postingMember.id, memberId));
    expectRefusal(await byToken(invitee, token), 410, groupMessages.invitationExpired);
    expectRefusal(
      await call(invitee, 'POST', `/api/invitations/${memberId}/join`, { token }),
      410,
      groupMessages.invitationExpired,
    );
    expect((await call(invitee, 'GET', '/api/me/invitations/count')).json()).toEqual({ count: 0 });
    expect((await memberRows(detail.id)).find((m) => m.id === memberId)?.state).toBe('invited');
  });

  it('lists pending invitations and their count; a withdrawn one stops working', async () => {
    const admin = await createMember(t);
    const invitee = await createMember(t);
    const detail = await createGroup(admin, [typed('Wanda', invitee.email)]);
    expect((await call(invitee, 'GET', '/api/me/invitations/count')).json()).toEqual({ count: 1 });
    const list = (await call(invitee, 'GET', '/api/me/invitations')).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0].postingId).toBe(detail.id);
    const token = await tokenFor(invitee.email);
    const memberId = list.items[0].id as string;

    const withdrawn = await call(admin, 'POST', `/api/postings/${detail.id}/members/${memberId}/withdraw`);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().member.typed.state).toBe('not-invited');
    expectRefusal(await byToken(invitee, token), 410, groupMessages.invitationWithdrawn);
    expectRefusal(
      await call(invitee, 'POST', `/api/invitations/${memberId}/join`),
      410,
      groupMessages.invitationWithdrawn,
    );
    expect((await call(invitee, 'GET', '/api/me/invitations/count')).json()).toEqual({ count: 0 });
  });

  it('"This isn\'t me" removes the address and tells the admin', async () => {
    const admin = await createMember(t);
    const invitee = await createMember(t);
    const detail = await createGroup(admin, [typed('Mistaken', invitee.email)]);
    const token = await tokenFor(invitee.email);
    const memberId = (await byToken(invitee, token)).json().id as string;
    const declined = await call(invitee, 'POST', `/api/invitations/${memberId}/decline`, { token });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({ declined: true });
    const row = (await memberRows(detail.id)).find((m) => m.id === memberId);
    expect(row).toMatchObject({ state: 'declined', email: null, invitationTokenHash: null, userId: null });
    const told = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'group-invitation-declined'), eq(mailOutbox.recipient, admin.email)));
    expect(told).toHaveLength(1);
    expectRefusal(await byToken(invitee, token), 410, groupMessages.invitationUsed);
  });

  it('limits resending: not within 10 minutes of the last send; a new link replaces the old one', async () => {
    const admin = await createMember(t);
    const invitee = await createMember(t);
    const detail = await createGroup(admin, [typed('Resent', invitee.email)]);
    const memberId = (await memberRows(detail.id)).find((m) => m.email === invitee.email)?.id as string;
    const oldToken = await tokenFor(invitee.email);
    const invite = () => call(admin, 'POST', `/api/postings/${detail.id}/members/${memberId}/invite`);
    expectRefusal(await invite(), 429, groupMessages.resendTooSoon);
    expect(await invitationMails(invitee.email)).toHaveLength(1);
    const adminView = (await detailOf(admin, detail.id)).members.find((m) => m.id === memberId);
    expect(adminView?.typed?.resendAfter).not.toBeNull();
    await t.database.db
      .update(postingMember)
      .set({ lastSentAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(postingMember.id, memberId));
    const resent = await invite();
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().member.typed).toMatchObject({ state: 'invited', email: invitee.email });
    expect(await invitationMails(invitee.email)).toHaveLength(2);
    const newToken = await tokenFor(invitee.email);
    expect(newToken).not.toBe(oldToken);
    expectRefusal(await byToken(invitee, oldToken), 404, groupMessages.invitationNotFound);
    expect((await byToken(invitee, newToken)).statusCode).toBe(200);
    // Only the admin sends.
    const stranger = await createMember(t);
    expectRefusal(
      await call(stranger, 'POST', `/api/postings/${detail.id}/members/${memberId}/invite`),
      403,
      groupMessages.onlyAdmin,
    );
  });
});

describe('who sees what', () => {
  it("never shows a not-joined member's contact details to anyone but the admin; a joined member shows only what they share", async () => {
    const admin = await createMember(t, { name: 'Ada Admin' });
    const joiner = await createMember(t, { name: 'Jo Joiner' });
    const stranger = await createMember(t);
    const typedAddress = `typed.only.${Date.now()}@bc.edu`;
    const detail = await createGroup(admin, [
      typed('Jo typed', joiner.email),
      typed('Typed Only', typedAddress, { instagramHandle: 'typed_insta' }),
    ]);
    await joinByLink(joiner);
    // Jo shares her year and Instagram, not her e-mail or phone.
    const saved = await call(joiner, 'PUT', '/api/me/sharing', {
      academicYear: 'senior',
      gender: 'female',
      customGender: null,
      phoneNumber: '617-555-0199',
      instagramHandle: '@jo.joins',
      share: { academicYear: true, gender: false, email: false, phoneNumber: false, instagramHandle: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    for (const viewer of [stranger, joiner]) {
      const body = JSON.stringify(await detailOf(viewer, detail.id));
      expect(body).not.toContain(typedAddress);
      expect(body).not.toContain('typed_insta');
      expect(body).not.toContain('617-555-0199');
      expect(body).not.toContain(joiner.email);
    }
    const seen = await detailOf(stranger, detail.id);
    expect(seen.viewerRole).toBeNull();
    const [, jo, only] = seen.members as [GroupMemberView, GroupMemberView, GroupMemberView];
    expect(jo).toEqual({
      id: expect.any(String),
      position: 1,
      joined: true,
      role: 'member',
      name: 'Jo Joiner',
      academicYear: 'senior',
      gender: null,
      customGender: null,
      email: null,
      instagramHandle: 'jo.joins',
      phoneNumber: null,
      isYou: false,
      typed: null,
    });
    expect(only).toEqual({
      id: expect.any(String),
      position: 2,
      joined: false,
      role: 'member',
      name: 'Typed Only',
      academicYear: 'sophomore',
      gender: null,
      customGender: null,
      email: null,
      instagramHandle: null,
      phoneNumber: null,
      isYou: false,
      typed: null,
    });
    // Sharing the e-mail shows the account's address.
    await call(joiner, 'PUT', '/api/me/sharing', {
      ...saved.json(),
      share: { ...saved.json().share, email: true },
    });
    expect((await detailOf(stranger, detail.id)).members[1]?.email).toBe(joiner.email);

    // The admin alone sees what they typed and where each invitation stands.
    const own = await detailOf(admin, detail.id);
    expect(own.viewerRole).toBe('admin');
    expect(own.members[2]?.typed).toMatchObject({ state: 'invited', email: typedAddress, name: 'Typed Only' });
    expect(own.members[1]?.typed).toMatchObject({ state: 'joined', email: joiner.email });
  });

  it('keeps each sharing detail off until turned on, and refuses a bad phone or handle', async () => {
    const student = await createMember(t);
    expect((await call(student, 'GET', '/api/me/sharing')).json()).toEqual({
      academicYear: null,
      gender: null,
      customGender: null,
      phoneNumber: null,
      instagramHandle: null,
      share: { academicYear: false, gender: false, email: false, phoneNumber: false, instagramHandle: false },
    });
    const bad = await call(student, 'PUT', '/api/me/sharing', {
      academicYear: null,
      gender: null,
      customGender: null,
      phoneNumber: 'call me',
      instagramHandle: 'not a handle!',
      share: { academicYear: false, gender: false, email: false, phoneNumber: true, instagramHandle: true },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      title: groupMessages.sharingTitle,
      details: [groupMessages.sharingPhone, groupMessages.sharingInstagram],
    });
  });
});

describe('membership', () => {
  it('a member leaves; the admin cannot leave; the admin removes a member, who is told; the aim stays', async () => {
    const admin = await createMember(t);
    const leaver = await createMember(t);
    const removed = await createMember(t);
    const detail = await createGroup(admin, [typed('Leaver', leaver.email), typed('Removed', removed.email)], 2);
    await joinByLink(leaver);
    const removedId = await joinByLink(removed);
    expect(detail.aimInteger).toBe(5);

    expectRefusal(await call(admin, 'POST', `/api/postings/${detail.id}/leave`), 409, groupMessages.adminCannotLeave);
    const stranger = await createMember(t);
    expectRefusal(await call(stranger, 'POST', `/api/postings/${detail.id}/leave`), 403, groupMessages.notAMember);
    expect((await call(leaver, 'POST', `/api/postings/${detail.id}/leave`)).json()).toEqual({ left: true });
    let now = await detailOf(admin, detail.id);
    expect([now.curGroupSize, now.curNumSeek, now.aimInteger]).toEqual([2, 3, 5]);
    expect(now.members.map((m) => m.name)).not.toContain(leaver.name);

    expectRefusal(
      await call(removed, 'DELETE', `/api/postings/${detail.id}/members/${removedId}`),
      403,
      groupMessages.onlyAdmin,
    );
    const gone = await call(admin, 'DELETE', `/api/postings/${detail.id}/members/${removedId}`);
    expect(gone.json()).toEqual({ removed: true });
    now = await detailOf(admin, detail.id);
    expect([now.curGroupSize, now.curNumSeek, now.aimInteger]).toEqual([1, 4, 5]);
    const told = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'group-member-removed'), eq(mailOutbox.recipient, removed.email)));
    expect(told).toHaveLength(1);
    expect((await call(removed, 'GET', '/api/me/groups')).json().items).toEqual([]);
    // The admin's own row cannot be removed.
    const adminRow = now.members[0]?.id as string;
    expect((await call(admin, 'DELETE', `/api/postings/${detail.id}/members/${adminRow}`)).statusCode).toBe(409);
  });

  it('a co-admin edits the posting and its status, and answers pings, but manages no members and cannot delete', async () => {
    const admin = await createMember(t);
    const co = await createMember(t, { name: 'Cora Coadmin' });
    const plain = await createMember(t);
    const invited = `pending.${Date.now()}@bc.edu`;
    const detail = await createGroup(admin, [
      typed('Co', co.email),
      typed('Plain', plain.email),
      typed('Pending', invited),
    ]);
    const coId = await joinByLink(co);
    const plainId = await joinByLink(plain);
    const pendingId = (await memberRows(detail.id)).find((m) => m.email === invited)?.id as string;

    expectRefusal(
      await call(admin, 'PUT', `/api/postings/${detail.id}/members/${pendingId}/role`, { role: 'coadmin' }),
      409,
      groupMessages.notJoined,
    );
    const promoted = await call(admin, 'PUT', `/api/postings/${detail.id}/members/${coId}/role`, { role: 'coadmin' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().member.role).toBe('coadmin');
    expect((await detailOf(co, detail.id)).viewerRole).toBe('coadmin');

    const before = await memberRows(detail.id);
    // The co-admin's form sends the members it saw; whatever it says, the rows stay as they are.
    const edit = await sendPosting(t, {
      method: 'PUT',
      url: `/api/postings/${detail.id}`,
      cookie: co.cookie,
      posting: onCampusPosting({
        description: 'Edited by the co-admin',
        // The admin's own contact details are not the co-admin's to change.
        adminPhone: '999-555-0000',
        adminInstagram: 'co.admin.wrote.this',
        members: [ADMIN_PLACE, typed('Somebody new', `new.${Date.now()}@bc.edu`)],
        curNumSeek: 3,
      }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const edited = edit.json<PostingDetail>();
    expect(edited.description).toBe('Edited by the co-admin');
    expect(edited.adminContact).toMatchObject({
      name: admin.name,
      phoneNumber: '617-555-0101',
      instagramHandle: 'maeve.k',
    });
    expect([edited.curGroupSize, edited.curNumSeek]).toEqual([4, 3]);
    const after = await memberRows(detail.id);
    expect(after.map((m) => JSON.stringify({ ...m })).sort()).toEqual(
      before.map((m) => JSON.stringify({ ...m })).sort(),
    );

    const status = await call(co, 'PATCH', `/api/postings/${detail.id}/status`, { status: 'Likely Fulfilled' });
    expect(status.statusCode).toBe(200);
    // A plain member may not edit or change the status.
    expect(
      (await call(plain, 'PATCH', `/api/postings/${detail.id}/status`, { status: 'Unfulfilled' })).statusCode,
    ).toBe(403);
    for (const [method, url, payload] of [
      ['POST', `/api/postings/${detail.id}/members/${pendingId}/withdraw`, undefined],
      ['DELETE', `/api/postings/${detail.id}/members/${plainId}`, undefined],
      ['PUT', `/api/postings/${detail.id}/members/${plainId}/role`, { role: 'coadmin' }],
      ['POST', `/api/postings/${detail.id}/hand-over`, { memberId: plainId }],
    ] as const) {
      expectRefusal(await call(co, method, url, payload), 403, groupMessages.onlyAdmin);
    }
    expect((await call(co, 'DELETE', `/api/postings/${detail.id}`)).statusCode).toBe(403);

    // A group's own member does not ping it.
    const own = await call(plain, 'POST', `/api/postings/${detail.id}/pings`, { message: 'Me too' });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('PING_OWN_POST');
    // Pings: the co-admin answers, the member reads.
    const pinger = await createMember(t);
    const sent = await call(pinger, 'POST', `/api/postings/${detail.id}/pings`, { message: 'Room for me?' });
    expect(sent.statusCode).toBe(201);
    expect((await call(co, 'GET', '/api/pings/awaiting-count')).json()).toEqual({ count: 1 });
    expect((await call(plain, 'GET', '/api/pings/awaiting-count')).json()).toEqual({ count: 0 });
    const plainInbox = (await call(plain, 'GET', '/api/pings/received')).json().items;
    expect(plainInbox.map((p: { id: string; viewerMayAnswer: boolean }) => [p.id, p.viewerMayAnswer])).toEqual([
      [sent.json().id, false],
    ]);
    expect((await call(plain, 'PATCH', `/api/pings/${sent.json().id}`, { status: 'accepted' })).statusCode).toBe(403);
    expect((await call(co, 'GET', '/api/pings/received')).json().items[0].viewerMayAnswer).toBe(true);
    const answered = await call(co, 'PATCH', `/api/pings/${sent.json().id}`, { status: 'accepted' });
    expect(answered.statusCode, answered.body).toBe(200);
  });

  it('hands the group over to a joined member, who becomes member 1 and is told; the old admin leaves', async () => {
    const admin = await createMember(t);
    const heir = await createMember(t, { name: 'Hana Heir' });
    const detail = await createGroup(admin, [
      typed('Heir', heir.email),
      typed('Not joined', `nj.${Date.now()}@bc.edu`),
    ]);
    const heirId = await joinByLink(heir);
    const notJoinedId = (await memberRows(detail.id)).find((m) => m.name === 'Not joined')?.id as string;
    expectRefusal(
      await call(admin, 'POST', `/api/postings/${detail.id}/hand-over`, { memberId: notJoinedId }),
      409,
      groupMessages.notJoined,
    );
    await call(heir, 'PUT', '/api/me/sharing', {
      academicYear: 'senior',
      gender: 'female',
      customGender: null,
      phoneNumber: '617-555-0123',
      instagramHandle: null,
      share: { academicYear: true, gender: true, email: true, phoneNumber: true, instagramHandle: false },
    });
    const handed = await call(admin, 'POST', `/api/postings/${detail.id}/hand-over`, { memberId: heirId });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json()).toEqual({ handedOver: true });

    const seen = await detailOf(heir, detail.id);
    expect(seen.viewerIsAdmin).toBe(true);
    expect(seen.viewerRole).toBe('admin');
    expect(seen.adminContact).toMatchObject({
      name: 'Hana Heir',
      email: heir.email,
      academicYear: 'senior',
      gender: 'female',
      phoneNumber: '617-555-0123',
      instagramHandle: null,
    });
    expect(seen.members[0]).toMatchObject({ id: heirId, position: 0, role: 'admin', name: 'Hana Heir', isYou: true });
    expect(seen.members.map((m) => m.name)).toEqual(['Hana Heir', 'Not joined']);
    expect([seen.curGroupSize, seen.curNumSeek, seen.aimInteger]).toEqual([2, 3, 5]);
    const old = await detailOf(admin, detail.id);
    expect([old.viewerIsAdmin, old.viewerRole]).toEqual([false, null]);
    const told = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'group-handed-over'), eq(mailOutbox.recipient, heir.email)));
    expect(told).toHaveLength(1);
  });

  it('keeps joined rows as stored when the admin edits; keeps an unchanged invitation; invites a changed address anew; drops rows left out', async () => {
    const admin = await createMember(t);
    const joined = await createMember(t, { name: 'Jade Joined' });
    const alsoJoined = await createMember(t, { name: 'Omar Omitted' });
    const keep = `keep.${Date.now()}@bc.edu`;
    const change = `change.${Date.now()}@bc.edu`;
    const changed = `changed.${Date.now()}@bc.edu`;
    const detail = await createGroup(
      admin,
      [
        typed('Jade', joined.email),
        typed('Omar', alsoJoined.email),
        typed('Keep', keep),
        typed('Change', change),
        typed('Drop'),
      ],
      1,
    );
    const jadeId = await joinByLink(joined);
    await joinByLink(alsoJoined);
    const rows = await memberRows(detail.id);
    const id = (name: string) => rows.find((m) => m.name === name)?.id as string;
    const keepHash = rows.find((m) => m.name === 'Keep')?.invitationTokenHash;

    const edit = await sendPosting(t, {
      method: 'PUT',
      url: `/api/postings/${detail.id}`,
      cookie: admin.cookie,
      posting: onCampusPosting({
        members: [
          ADMIN_PLACE,
          typed('Keep', keep, { id: id('Keep') }),
          // The joined row comes back with other words: it stays as stored.
          typed('Renamed by admin', 'someone.else@bc.edu', { id: jadeId }),
          typed('Change', changed, { id: id('Change') }),
          typed('Brand New'),
        ],
        curNumSeek: 2,
      }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await memberRows(detail.id);
    const byName = (name: string) => after.find((m) => m.name === name);
    expect(after.map((m) => [m.position, m.name]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [0, admin.name],
      [1, 'Keep'],
      [2, 'Jade Joined'],
      [3, 'Change'],
      [4, 'Brand New'],
      // Left out of the submission, but joined: kept, after the others.
      [5, 'Omar Omitted'],
    ]);
    expect(byName('Drop')).toBeUndefined();
    expect(byName('Jade Joined')).toMatchObject({ state: 'joined', userId: joined.id, email: joined.email });
    expect(byName('Keep')).toMatchObject({ state: 'invited', invitationTokenHash: keepHash });
    expect(byName('Change')).toMatchObject({ state: 'invited', email: changed });
    expect(await invitationMails(changed)).toHaveLength(1);
    expect(await invitationMails(keep)).toHaveLength(1);
    const now = edit.json<PostingDetail>();
    expect([now.curGroupSize, now.curNumSeek, now.aimInteger]).toEqual([6, 2, 8]);
  });
});

describe('account deletion', () => {
  const deleteAccount = (member: TestMember) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: headers(member),
      payload: { confirmEmail: member.email },
    });

  it("hands each of the admin's groups to the longest-joined co-admin and tells the members; deletes a group with no co-admin", async () => {
    const admin = await createMember(t);
    const first = await createMember(t, { name: 'First Coadmin' });
    const second = await createMember(t, { name: 'Second Coadmin' });
    const member = await createMember(t);
    const kept = await createGroup(admin, [
      typed('Second', second.email),
      typed('First', first.email),
      typed('Member', member.email),
    ]);
    const firstId = await joinByLink(first);
    const secondId = await joinByLink(second);
    await joinByLink(member);
    // 'Second' sits before 'First' in the list, but 'First' joined first.
    await t.database.db
      .update(postingMember)
      .set({ joinedAt: new Date(Date.now() - 60_000) })
      .where(eq(postingMember.id, firstId));
    for (const memberId of [firstId, secondId]) {
      await call(admin, 'PUT', `/api/postings/${kept.id}/members/${memberId}/role`, { role: 'coadmin' });
    }
    const lonely = await createGroup(admin, [typed('Only member', member.email)]);
    await joinByLink(member);
    const pinger = await createMember(t);
    await call(pinger, 'POST', `/api/postings/${kept.id}/pings`, { message: 'Hello' });

    const response = await deleteAccount(admin);
    expect(response.statusCode, response.body).toBe(200);
    const [heldBy] = await t.database.db.select().from(posting).where(eq(posting.id, kept.id));
    expect(heldBy?.adminUserId).toBe(first.id);
    expect(await t.database.db.select().from(posting).where(eq(posting.id, lonely.id))).toEqual([]);
    const seen = await detailOf(first, kept.id);
    expect(seen.viewerIsAdmin).toBe(true);
    expect(seen.members.map((m) => m.name)).toEqual(['First Coadmin', 'Second Coadmin', member.name]);
    // The pings follow the group to its new admin.
    expect((await t.database.db.select().from(ping).where(eq(ping.postingId, kept.id)))[0]?.adminUserId).toBe(first.id);
    const told = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'group-admin-deleted'), eq(mailOutbox.recipient, member.email)));
    expect(told).toHaveLength(2);
  });

  it("removes a joined member's row when their account goes; the group seeks one more", async () => {
    const admin = await createMember(t);
    const member = await createMember(t);
    const detail = await createGroup(admin, [typed('Goes away', member.email)], 2);
    await joinByLink(member);
    expect((await deleteAccount(member)).statusCode).toBe(200);
    const now = await detailOf(admin, detail.id);
    expect(now.members.map((m) => m.name)).toEqual([admin.name]);
    expect([now.curGroupSize, now.curNumSeek, now.aimInteger]).toEqual([1, 3, 4]);
  });
});
