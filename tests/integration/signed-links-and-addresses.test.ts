/**
 * Issue 22, item 6 (the smaller holes):
 * - member addresses in postings are one plain address each: `?bcc=`, lists, display names and
 *   markup are refused with a clear message, so no mailto: link can carry them;
 * - signed links expire: renewal links after the stale period, unsubscribe links after a year
 *   (the clock is moved through the token's issued-at), each refused with its own message;
 * - the renewal e-mail's 'Mark Fulfilled' counts toward groups matched, as the status control does.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posting, savedSearch } from '../../src/server/db/schema';
import { createRenewalToken } from '../../src/server/postings/renewal-token';
import { unsubscribeToken } from '../../src/server/saved-searches/token';
import { freshnessMessages } from '../../src/shared/freshness';
import { postingValidation } from '../../src/shared/posting-validation-messages';
import { savedSearchMessages } from '../../src/shared/saved-searches';
import { groupMessages } from '../../src/shared/schemas/groups';
import { createTestApp, type TestApp } from '../support/app';
import { insertPosting } from '../support/browse-fixtures';
import { collegeConfigWith } from '../support/college-config';
import { createMember, originHeader, type TestMember } from '../support/users';
import { onCampusPosting, sendPosting } from './postings-support';

const DAY_MS = 24 * 60 * 60_000;
const STALE_AFTER_DAYS = 5;
let t: TestApp;
let admin: TestMember;

beforeAll(async () => {
  const college = collegeConfigWith({ freshness: { remindAfterDays: 10, staleAfterDays: STALE_AFTER_DAYS } });
  t = await createTestApp({ COLLEGE_CONFIG: college }, undefined, { backgroundJobs: false });
  admin = await createMember(t);
});
afterAll(async () => {
  await t?.close();
});

describe('member e-mail addresses in a posting', () => {
  const withMemberEmail = (email: string) =>
    onCampusPosting({
      members: [
        {
          name: 'Maeve Kelly',
          academicYear: 'junior',
          gender: 'female',
          customGender: '',
          email: '',
          instagramHandle: '',
        },
        { name: 'Priya Patel', academicYear: 'junior', gender: 'female', customGender: '', email, instagramHandle: '' },
      ],
    });

  it.each([
    ['a bcc header', 'priya@bc.edu?bcc=everyone@bc.edu'],
    ['an encoded header', 'priya@bc.edu?cc=thief%40evil.example&body=wire%20the%20deposit'],
    ['a list', 'priya@bc.edu,thief@evil.example'],
    ['a list with a space', 'priya@bc.edu, thief@evil.example'],
    ['a display name', 'Priya Patel <priya@bc.edu>'],
    ['angle brackets', '<priya@bc.edu>'],
    ['markup', '"><svg/onload=alert(1)>@x.co'],
    ['a semicolon list', 'priya@bc.edu;thief@evil.example'],
  ])('refuses %s with a clear message, on create and edit', async (_what, email) => {
    const expected = postingValidation.memberEmail(2);
    const created = await sendPosting(t, { cookie: admin.cookie, posting: withMemberEmail(email) });
    expect(created.statusCode).toBe(400);
    expect(created.json().error.details).toEqual([expected]);

    const id = (await sendPosting(t, { cookie: admin.cookie, posting: onCampusPosting() })).json().id as string;
    const edited = await sendPosting(t, {
      method: 'PUT',
      url: `/api/postings/${id}`,
      cookie: admin.cookie,
      posting: withMemberEmail(email),
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().error.details).toEqual([expected]);
    const detail = await t.app.inject({ method: 'GET', url: `/api/postings/${id}`, headers: { cookie: admin.cookie } });
    // The address is the admin's to see (decision 0024), as typed.
    expect(detail.json().members[1].typed.email).toBe('priya@bc.edu');
  });

  it('takes a plain address, the unusual-but-real ones included', async () => {
    // A fresh admin: the file's admin has spent most of its daily postings (issue 22's limit).
    const poster = await createMember(t);
    for (const email of ['priya@bc.edu', "o'neil+rooms@bc.edu", 'P.Patel-2@BC.EDU']) {
      const created = await sendPosting(t, { cookie: poster.cookie, posting: withMemberEmail(email) });
      expect(created.statusCode, email).toBe(201);
      expect(created.json().members[1].typed.email).toBe(email);
    }
    // Invitations go only to the college's own domain (decision 0024): a subdomain the college
    // config does not list is refused.
    const outside = await sendPosting(t, {
      cookie: poster.cookie,
      posting: withMemberEmail('p.patel-2@alumni.bc.edu'),
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.details).toEqual([groupMessages.memberNotCollegeEmail(2, 'bc.edu')]);
  });
});

/** A posting of the admin's with a reminder out, and a link for it made at `issuedAt`. */
async function renewalLink(action: 'renew' | 'fulfil', issuedAt: Date) {
  const postingId = await insertPosting(t.database.db, admin.id, { dorm: 'Walsh' });
  const nonce = randomUUID();
  await t.database.db
    .update(posting)
    .set({ renewalRemindedAt: issuedAt, renewalNonce: nonce })
    .where(eq(posting.id, postingId));
  return { postingId, token: createRenewalToken(t.config.authSecret, { postingId, nonce, action }, issuedAt) };
}
const previewRenewal = (token: string) =>
  t.app.inject({ method: 'GET', url: `/api/renewals?token=${encodeURIComponent(token)}` });
const confirmRenewal = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/renewals', headers: originHeader(t), payload: { token } });
const groupsMatched = async () => (await t.app.inject({ method: 'GET', url: '/api/stats' })).json().groupsMatched;

describe('renewal links', () => {
  it('expire after the stale period, refused with their own message, changing nothing', async () => {
    const old = new Date(Date.now() - (STALE_AFTER_DAYS * DAY_MS + 60_000));
    for (const action of ['renew', 'fulfil'] as const) {
      const { postingId, token } = await renewalLink(action, old);
      for (const response of [await previewRenewal(token), await confirmRenewal(token)]) {
        expect(response.statusCode).toBe(410);
        expect(response.json().error).toEqual({
          code: 'RENEWAL_LINK_EXPIRED',
          title: freshnessMessages.expiredLink.title,
          message: freshnessMessages.expiredLink.message,
        });
      }
      const [row] = await t.database.db.select().from(posting).where(eq(posting.id, postingId));
      expect(row?.status).toBe('Unfulfilled');
      expect(row?.renewalNonce).not.toBeNull();
    }
  });

  it('still work just inside the stale period', async () => {
    const { token } = await renewalLink('renew', new Date(Date.now() - (STALE_AFTER_DAYS * DAY_MS - 60_000)));
    expect((await previewRenewal(token)).statusCode).toBe(200);
    expect((await confirmRenewal(token)).statusCode).toBe(200);
  });

  it('made before links were dated are refused as expired', async () => {
    const { postingId } = await renewalLink('renew', new Date());
    const [row] = await t.database.db.select().from(posting).where(eq(posting.id, postingId));
    // The issue 14 format: posting, nonce and action only, signed the same way.
    const payload = Buffer.from(`${postingId}|${row?.renewalNonce}|renew`).toString('base64url');
    const signature = createHmac('sha256', t.config.authSecret)
      .update(`quadmates-renewal-v1:${payload}`)
      .digest('base64url');
    const response = await confirmRenewal(`${payload}.${signature}`);
    expect(response.statusCode).toBe(410);
    expect(response.json().error.code).toBe('RENEWAL_LINK_EXPIRED');
  });

  it("'Mark Fulfilled' counts toward groups matched, once, as the status control does", async () => {
    const before = await groupsMatched();
    const { postingId, token } = await renewalLink('fulfil', new Date());
    const done = await confirmRenewal(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ action: 'fulfil', postingId });
    expect(await groupsMatched()).toBe(before + 1);

    // Re-opened and marked Fulfilled again by the status control: the same posting counts once.
    const headers = { ...originHeader(t), cookie: admin.cookie };
    for (const status of ['Unfulfilled', 'Fulfilled']) {
      const changed = await t.app.inject({
        method: 'PATCH',
        url: `/api/postings/${postingId}/status`,
        headers,
        payload: { status },
      });
      expect(changed.statusCode).toBe(200);
    }
    expect(await groupsMatched()).toBe(before + 1);
  });
});

describe('unsubscribe links', () => {
  async function search(): Promise<string> {
    const [row] = await t.database.db
      .insert(savedSearch)
      .values({
        userId: admin.id,
        name: 'Walsh',
        alert: 'immediately',
        filters: { location: 'oncampus' },
        location: 'oncampus',
      })
      .returning({ id: savedSearch.id });
    return row?.id as string;
  }
  const ask = (method: 'GET' | 'POST', id: string, token: string) =>
    t.app.inject({
      method,
      url: `/api/saved-searches/unsubscribe?id=${id}&token=${encodeURIComponent(token)}`,
      headers: originHeader(t),
    });
  const alertOf = async (id: string) =>
    (await t.database.db.select().from(savedSearch).where(eq(savedSearch.id, id)))[0]?.alert;

  it('expire after a year, refused with their own message, and the alert stays on', async () => {
    const id = await search();
    const old = unsubscribeToken(t.config.authSecret, id, admin.id, new Date(Date.now() - 366 * DAY_MS));
    for (const method of ['GET', 'POST'] as const) {
      const response = await ask(method, id, old);
      expect(response.statusCode).toBe(410);
      expect(response.json().error).toEqual({
        code: 'UNSUBSCRIBE_LINK_EXPIRED',
        title: savedSearchMessages.unsubscribe.expired.title,
        message: savedSearchMessages.unsubscribe.expired.message,
      });
    }
    expect(await alertOf(id)).toBe('immediately');
    // A link from within the year works.
    const recent = unsubscribeToken(t.config.authSecret, id, admin.id, new Date(Date.now() - 364 * DAY_MS));
    expect((await ask('POST', id, recent)).statusCode).toBe(200);
    expect(await alertOf(id)).toBe('off');
  });

  it('made before links were dated are refused as expired; a changed date breaks the signature', async () => {
    const id = await search();
    const undated = createHmac('sha256', t.config.authSecret)
      .update(`quadmates:saved-search-unsubscribe:v1\n${id}\n${admin.id}`)
      .digest('base64url');
    expect((await ask('POST', id, undated)).json().error.code).toBe('UNSUBSCRIBE_LINK_EXPIRED');

    const old = unsubscribeToken(t.config.authSecret, id, admin.id, new Date(Date.now() - 400 * DAY_MS));
    const redated = `${Math.floor(Date.now() / 1000)}${old.slice(old.indexOf('.'))}`;
    const response = await ask('POST', id, redated);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(savedSearchMessages.unsubscribe.invalid.message);
    expect(await alertOf(id)).toBe('immediately');
  });
});
