/**
 * Issue 31, "no lost tap": the pages' plain forms, as a browser without the app's scripts sends
 * them (form-encoded, with its page's Origin), and the provider's sign-in link. Each does what the
 * API's own route does and answers 303 back to its page, with a notice code for what happened; a
 * return address off the site is never followed; a foreign page's post changes nothing.
 */
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureClientBuilt } from '../../scripts/lib/client-build.mjs';
import {
  bookmark,
  conversationMessage,
  ping,
  posting,
  postingImage,
  postingMember,
  postingReport,
  session,
  user,
} from '../../src/server/db/schema';
import { browseFormActions } from '../../src/shared/browse-form-posts';
import { formActions, NOTICE_PARAM, RETURN_FIELD } from '../../src/shared/form-posts';
import { memberFormActions } from '../../src/shared/member-form-posts';
import { messages } from '../../src/shared/messages';
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_POSTING } from '../../src/shared/options';
import { ANSWER_WARNING_ROUTE, WARNING_SEEN, WARNING_SEEN_COOKIE } from '../../src/shared/page-warnings';
import { postingValidation } from '../../src/shared/posting-validation-messages';
import { profileFormActions } from '../../src/shared/profile-form-posts';
import { POSTING_FORM_FIELDS, postingFormStepValue } from '../../src/shared/schemas/posting-form-sent';
import { createTestApp, type TestApp } from '../support/app';
import { insertPosting } from '../support/browse-fixtures';
import { completeProviderLogin, startOidcProvider, type TestOidcProvider } from '../support/oidc';
import { cookieFrom, createMember, createUser, originHeader, type TestMember } from '../support/users';
import { type FilePart, jpegFile, onCampusPosting, sendPosting } from './postings-support';

const PUBLIC_URL = 'http://localhost:3000';
const FORM = 'application/x-www-form-urlencoded';
let provider: TestOidcProvider;
let t: TestApp;
let admin: TestMember;
let student: TestMember;
let address = 0;

beforeAll(async () => {
  // The posting form's refusals answer with the form drawn again: the client's build draws it.
  ensureClientBuilt();
  provider = await startOidcProvider({ redirectUris: [`${PUBLIC_URL}/api/auth/callback/oidc`] });
  provider.addAccount('eagle', { email: 'eagle.forms@bc.edu', name: 'Eagle Forms', emailVerified: true });
  t = await createTestApp({ PUBLIC_URL, ...provider.env }, undefined, { backgroundJobs: false });
  [admin, student] = await Promise.all([createMember(t, { name: 'Ada Admin' }), createMember(t)]);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});

/** A form post as a browser sends it from one of our pages (each from an address of its own). */
function post(url: string, fields: Record<string, string>, cookie = '', headers: Record<string, string> = {}) {
  address += 1;
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      ...originHeader(t),
      'content-type': FORM,
      'x-forwarded-for': `10.99.${(address >> 8) & 255}.${address & 255}`,
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** Where a 303 sends the browser, and the notice it carries. */
function seeOther(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(303);
  const location = new URL(String(response.headers.location), PUBLIC_URL);
  expect(location.origin).toBe(PUBLIC_URL);
  return { path: location.pathname, params: location.searchParams, notice: location.searchParams.get(NOTICE_PARAM) };
}

const bookmarked = async (userId: string, postingId: string) =>
  (
    await t.database.db
      .select()
      .from(bookmark)
      .where(and(eq(bookmark.userId, userId), eq(bookmark.postingId, postingId)))
  ).length === 1;

describe('the Bookmark form', () => {
  it('bookmarks and removes the bookmark as asked, and goes back to the page it came from', async () => {
    const postingId = await insertPosting(t.database.db, admin.id);
    const from = '/postings?location=oncampus&dorm=Walsh';
    const added = seeOther(
      await post(browseFormActions.bookmark(postingId), { bookmarked: 'true', [RETURN_FIELD]: from }, student.cookie),
    );
    expect(`${added.path}?${added.params}`).toBe(from);
    expect(added.notice).toBeNull();
    expect(await bookmarked(student.id, postingId)).toBe(true);
    // Sent twice (a double tap), it stays bookmarked: the form asks for a state, not a toggle.
    seeOther(
      await post(browseFormActions.bookmark(postingId), { bookmarked: 'true', [RETURN_FIELD]: from }, student.cookie),
    );
    expect(await bookmarked(student.id, postingId)).toBe(true);

    seeOther(
      await post(browseFormActions.bookmark(postingId), { bookmarked: 'false', [RETURN_FIELD]: from }, student.cookie),
    );
    expect(await bookmarked(student.id, postingId)).toBe(false);
  });

  it('sends a visitor to the sign-in page with the spec’s message, and back to the page afterwards', async () => {
    const postingId = await insertPosting(t.database.db, admin.id);
    const to = seeOther(
      await post(browseFormActions.bookmark(postingId), { bookmarked: 'true', [RETURN_FIELD]: '/postings' }),
    );
    expect(to.path).toBe('/signin-wall');
    expect(to.notice).toBe('BOOKMARK_UNSIGNED');
    expect(to.params.get(RETURN_FIELD)).toBe('/postings');
  });

  it('tells the admin of the posting and an unverified student why, and changes nothing', async () => {
    const postingId = await insertPosting(t.database.db, admin.id);
    const own = seeOther(await post(browseFormActions.bookmark(postingId), { bookmarked: 'true' }, admin.cookie));
    expect(own.path).toBe('/detailView');
    expect(own.params.get('id')).toBe(postingId);
    expect(own.notice).toBe('OWN_POSTING');
    expect(await bookmarked(admin.id, postingId)).toBe(false);

    const unverified = await createUser(t, { verified: true });
    await t.database.db.update(user).set({ emailVerified: false }).where(eq(user.id, unverified.id));
    const refused = seeOther(
      await post(browseFormActions.bookmark(postingId), { bookmarked: 'true' }, unverified.cookie),
    );
    expect(refused.notice).toBe('EMAIL_NOT_VERIFIED');
    expect(await bookmarked(unverified.id, postingId)).toBe(false);

    const gone = seeOther(
      await post(browseFormActions.bookmark('not-a-posting'), { bookmarked: 'true' }, student.cookie),
    );
    expect(gone.notice).toBe('POSTING_GONE');
  });

  it('never goes back to an address off the site', async () => {
    const postingId = await insertPosting(t.database.db, admin.id);
    for (const hostile of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      '/api/me',
      '',
    ]) {
      const to = seeOther(
        await post(
          browseFormActions.bookmark(postingId),
          { bookmarked: 'true', [RETURN_FIELD]: hostile },
          student.cookie,
        ),
      );
      expect(to.path, hostile).toBe('/detailView');
    }
  });

  it('refuses a post from a foreign page, and the bookmark is not made', async () => {
    const postingId = await insertPosting(t.database.db, admin.id);
    const response = await post(browseFormActions.bookmark(postingId), { bookmarked: 'true' }, student.cookie, {
      origin: 'https://evil.example',
    });
    expect(response.statusCode).toBe(403);
    expect(await bookmarked(student.id, postingId)).toBe(false);
  });
});

describe('Ping Interest, and the answer, as forms', () => {
  it('sends the ping with its message and goes back to the posting, saying so', async () => {
    const postingId = await insertPosting(t.database.db, admin.id);
    const from = `/detailView?id=${postingId}&ping=open`;
    const sent = seeOther(
      await post(
        memberFormActions.ping(postingId),
        { message: '  Hello from a form  ', [RETURN_FIELD]: from },
        student.cookie,
      ),
    );
    expect(sent.path).toBe('/detailView');
    expect(sent.params.get('ping')).toBeNull();
    expect(sent.notice).toBe('PING_SENT');
    const [row] = await t.database.db.select().from(ping).where(eq(ping.postingId, postingId));
    expect(row?.message).toBe('Hello from a form');
    expect(row?.searcherUserId).toBe(student.id);

    // The same rules as the API: a second ping while the first waits is refused.
    const again = seeOther(await post(memberFormActions.ping(postingId), { message: 'Again' }, student.cookie));
    expect(again.notice).toBe('PING_ALREADY_PENDING');
    // And the admin does not ping their own posting.
    const own = seeOther(await post(memberFormActions.ping(postingId), {}, admin.cookie));
    expect(own.notice).toBe('PING_OWN_POST');
    const visitor = seeOther(await post(memberFormActions.ping(postingId), {}));
    expect(visitor.path).toBe('/signin-wall');
    expect(visitor.notice).toBe('PING_UNSIGNED');
  });

  it('refuses a message over the limit with the form’s message', async () => {
    const postingId = await insertPosting(t.database.db, admin.id);
    const long = seeOther(await post(memberFormActions.ping(postingId), { message: 'x'.repeat(1001) }, student.cookie));
    expect(long.notice).toBe('PING_MESSAGE_TOO_LONG');
    expect(await t.database.db.select().from(ping).where(eq(ping.postingId, postingId))).toEqual([]);
  });

  it('lets the admin accept or decline, and nobody else', async () => {
    const postingId = await insertPosting(t.database.db, admin.id);
    seeOther(await post(memberFormActions.ping(postingId), { message: 'Me please' }, student.cookie));
    const [row] = await t.database.db.select().from(ping).where(eq(ping.postingId, postingId));
    const pingId = row?.id as string;

    const bySender = seeOther(await post(memberFormActions.answerPing(pingId), { status: 'accepted' }, student.cookie));
    expect(bySender.notice).toBe('NOT_POSTING_ADMIN');
    const nonsense = seeOther(await post(memberFormActions.answerPing(pingId), { status: 'maybe' }, admin.cookie));
    expect(nonsense.notice).toBe('PING_ANSWER_FAILED');

    const answered = seeOther(
      await post(
        memberFormActions.answerPing(pingId),
        { status: 'declined', [RETURN_FIELD]: '/myProfile#pings-received' },
        admin.cookie,
      ),
    );
    expect(answered.path).toBe('/myProfile');
    expect(answered.notice).toBe('PING_ANSWERED');
    const [after] = await t.database.db.select().from(ping).where(eq(ping.id, pingId));
    expect(after?.status).toBe('declined');
    const changed = seeOther(await post(memberFormActions.answerPing(pingId), { status: 'accepted' }, admin.cookie));
    expect(changed.notice).toBe('PING_ALREADY_ANSWERED');
  });
});

describe('a message as a form', () => {
  it('sends the message to the conversation and goes back to it; an empty one is refused', async () => {
    const postingId = await insertPosting(t.database.db, admin.id);
    seeOther(await post(memberFormActions.ping(postingId), { message: 'Hi' }, student.cookie));
    const [row] = await t.database.db.select().from(ping).where(eq(ping.postingId, postingId));
    seeOther(await post(memberFormActions.answerPing(row?.id as string), { status: 'accepted' }, admin.cookie));
    const conversation = await t.app.inject({
      method: 'GET',
      url: '/api/conversations',
      headers: { cookie: admin.cookie },
    });
    const id = (conversation.json().items as { id: string; posting: { id: string } }[]).find(
      (item) => item.posting.id === postingId,
    )?.id as string;

    const sent = seeOther(await post(memberFormActions.sendMessage(id), { body: 'Welcome aboard!' }, admin.cookie));
    expect(sent.path).toBe(`/messages/${id}`);
    expect(sent.notice).toBeNull();
    const bodies = (
      await t.database.db.select().from(conversationMessage).where(eq(conversationMessage.conversationId, id))
    ).map((message) => message.body);
    expect(bodies).toContain('Welcome aboard!');

    expect(seeOther(await post(memberFormActions.sendMessage(id), { body: '   ' }, admin.cookie)).notice).toBe(
      'MESSAGE_EMPTY',
    );
    expect(
      seeOther(await post(memberFormActions.sendMessage(id), { body: 'x'.repeat(2001) }, admin.cookie)).notice,
    ).toBe('MESSAGE_TOO_LONG');
    // Someone outside the conversation learns nothing of it.
    const outsider = await createMember(t);
    expect(seeOther(await post(memberFormActions.sendMessage(id), { body: 'Hi?' }, outsider.cookie)).notice).toBe(
      'CONVERSATION_NOT_FOUND',
    );
  });
});

describe("the detail view's Report, Status and Delete as forms", () => {
  const reportsOf = (postingId: string) =>
    t.database.db.select().from(postingReport).where(eq(postingReport.postingId, postingId));
  const statusOf = async (postingId: string) =>
    (await t.database.db.select({ status: posting.status }).from(posting).where(eq(posting.id, postingId)))[0]?.status;

  it('reports a posting with its reason and details, once, and goes back to the posting saying so', async () => {
    const postingId = await insertPosting(t.database.db, admin.id);
    const from = `/detailView?id=${postingId}&report=open`;
    const sent = seeOther(
      await post(
        memberFormActions.report(postingId),
        { reason: 'wrong-info', details: '  The rent is per person, not total.  ', [RETURN_FIELD]: from },
        student.cookie,
      ),
    );
    expect(sent.path).toBe('/detailView');
    expect(sent.params.get('id')).toBe(postingId);
    expect(sent.params.get('report')).toBeNull();
    expect(sent.notice).toBe('REPORT_SENT');
    const [row] = await reportsOf(postingId);
    expect(row?.reason).toBe('wrong-info');
    expect(row?.details).toBe('The rent is per person, not total.');
    expect(row?.reporterUserId).toBe(student.id);

    // The service's rules: once per student, never one's own posting, signed in.
    expect(seeOther(await post(memberFormActions.report(postingId), { reason: 'scam' }, student.cookie)).notice).toBe(
      'ALREADY_REPORTED',
    );
    expect(seeOther(await post(memberFormActions.report(postingId), { reason: 'scam' }, admin.cookie)).notice).toBe(
      'REPORT_OWN_POSTING',
    );
    const visitor = seeOther(await post(memberFormActions.report(postingId), { reason: 'scam', [RETURN_FIELD]: from }));
    expect(visitor.path).toBe('/signin-wall');
    expect(visitor.notice).toBe('SIGN_IN_FIRST');
    expect(visitor.params.get(RETURN_FIELD)).toBe(from);
    expect(await reportsOf(postingId)).toHaveLength(1);
  });

  it('refuses a report without a reason, or with details over the limit, saying why, and keeps nothing', async () => {
    const postingId = await insertPosting(t.database.db, admin.id);
    const withoutReason: Record<string, string>[] = [
      {},
      { reason: 'because' },
      { reason: '', details: 'No reason chosen' },
    ];
    for (const fields of withoutReason) {
      const refused = seeOther(await post(memberFormActions.report(postingId), fields, student.cookie));
      expect(refused.notice, JSON.stringify(fields)).toBe('REPORT_REASON_MISSING');
      expect(refused.path).toBe('/detailView');
    }
    const long = seeOther(
      await post(memberFormActions.report(postingId), { reason: 'other', details: 'x'.repeat(1001) }, student.cookie),
    );
    expect(long.notice).toBe('REPORT_DETAILS_TOO_LONG');
    expect(
      seeOther(await post(memberFormActions.report('not-a-posting'), { reason: 'scam' }, student.cookie)).notice,
    ).toBe('POSTING_GONE');
    expect(await reportsOf(postingId)).toEqual([]);
  });

  it("sets the status for the posting's admin only, and refuses a status that is not one", async () => {
    const postingId = await insertPosting(t.database.db, admin.id);
    const from = `/detailView?id=${postingId}`;
    const saved = seeOther(
      await post(
        memberFormActions.postingStatus(postingId),
        { status: 'Likely Fulfilled', [RETURN_FIELD]: from },
        admin.cookie,
      ),
    );
    expect(`${saved.path}?id=${saved.params.get('id')}`).toBe(from);
    expect(saved.notice).toBe('STATUS_UPDATED');
    expect(await statusOf(postingId)).toBe('Likely Fulfilled');

    expect(
      seeOther(await post(memberFormActions.postingStatus(postingId), { status: 'Fulfilled' }, student.cookie)).notice,
    ).toBe('POSTING_ADMIN_ONLY');
    for (const status of ['Done', '', 'fulfilled']) {
      expect(seeOther(await post(memberFormActions.postingStatus(postingId), { status }, admin.cookie)).notice).toBe(
        'STATUS_INVALID',
      );
    }
    expect(seeOther(await post(memberFormActions.postingStatus(postingId), {}, admin.cookie)).notice).toBe(
      'STATUS_INVALID',
    );
    const visitor = seeOther(await post(memberFormActions.postingStatus(postingId), { status: 'Fulfilled' }));
    expect(visitor.path).toBe('/signin-wall');
    expect(visitor.notice).toBe('STATUS_UNSIGNED');
    expect(await statusOf(postingId)).toBe('Likely Fulfilled');
  });

  it('deletes the posting for its admin only, then goes to the postings saying so', async () => {
    const postingId = await insertPosting(t.database.db, admin.id);
    const from = `/detailView?id=${postingId}&delete=confirm`;
    const refused = seeOther(
      await post(memberFormActions.deletePosting(postingId), { [RETURN_FIELD]: from }, student.cookie),
    );
    expect(refused.notice).toBe('POSTING_ADMIN_ONLY');
    expect(refused.params.get('delete')).toBe('confirm');
    const visitor = seeOther(await post(memberFormActions.deletePosting(postingId), { [RETURN_FIELD]: from }));
    expect(visitor.path).toBe('/signin-wall');
    expect(visitor.notice).toBe('DELETE_UNSIGNED');
    expect(await statusOf(postingId)).toBe('Unfulfilled');

    const deleted = seeOther(
      await post(memberFormActions.deletePosting(postingId), { [RETURN_FIELD]: from }, admin.cookie),
    );
    expect(deleted.path).toBe('/postings');
    expect(deleted.notice).toBe('POSTING_DELETED');
    expect(await statusOf(postingId)).toBeUndefined();
    // Sent again (a double tap), it is already gone.
    expect(seeOther(await post(memberFormActions.deletePosting(postingId), {}, admin.cookie)).notice).toBe(
      'POSTING_GONE',
    );
  });

  it('never answers these forms with a 500, whatever the body', async () => {
    const postingId = await insertPosting(t.database.db, admin.id);
    for (const action of [memberFormActions.report(postingId), memberFormActions.postingStatus(postingId)]) {
      for (const payload of ['%', 'reason=%E0%A4%A&status=%00', 'a'.repeat(70 * 1024)]) {
        address += 1;
        const response = await t.app.inject({
          method: 'POST',
          url: action,
          headers: {
            ...originHeader(t),
            'content-type': FORM,
            cookie: student.cookie,
            'x-forwarded-for': `10.97.0.${address & 255}`,
          },
          payload,
        });
        expect(response.statusCode, `${action} ${payload.slice(0, 20)}`).toBeLessThan(500);
      }
    }
    expect(await statusOf(postingId)).toBe('Unfulfilled');
    expect(await reportsOf(postingId)).toEqual([]);
  });
});

describe('signing in without the scripts', () => {
  it('signs in with e-mail and password and goes to the page asked for', async () => {
    const member = await createMember(t);
    const response = await post(formActions.signIn(), {
      email: member.email,
      password: 'correct-horse-battery',
      [RETURN_FIELD]: '/postings',
    });
    const to = seeOther(response);
    expect(to.path).toBe('/postings');
    const cookie = cookieFrom(response.headers['set-cookie']);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().user?.id).toBe(member.id);
  });

  it('draws the sign-in page again with the reason when the password is wrong, and signs nobody in', async () => {
    const member = await createMember(t);
    const before = await t.database.db.select().from(session).where(eq(session.userId, member.id));
    const response = await post(formActions.signIn(), { email: member.email, password: 'not-the-password' });
    const to = seeOther(response);
    expect(to.path).toBe('/signin-wall');
    expect(to.params.get('error')).toBe('INVALID_EMAIL_OR_PASSWORD');
    expect(response.headers['set-cookie'] ?? []).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/session_token=[^;]/)]),
    );
    expect(await t.database.db.select().from(session).where(eq(session.userId, member.id))).toEqual(before);
    const malformed = seeOther(await post(formActions.signIn(), { email: 'not an address', password: '' }));
    expect(malformed.params.get('error')).toBe('INVALID_EMAIL_OR_PASSWORD');
  });

  it('starts the provider’s sign-in from a plain link, in this window, and comes back to the page asked for', async () => {
    address += 1;
    const start = await t.app.inject({
      method: 'GET',
      url: formActions.providerSignIn('/postings?location=offcampus'),
      headers: { 'x-forwarded-for': `10.98.0.${address}` },
    });
    expect(start.statusCode, start.body).toBe(302);
    const authorization = new URL(String(start.headers.location));
    expect(authorization.origin).toBe(provider.issuer);
    const callback = new URL(await completeProviderLogin(authorization.toString(), 'eagle'));
    const back = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: cookieFrom(start.headers['set-cookie']) },
    });
    // A redirect to the page, not the popup's last page.
    expect(back.statusCode, back.body.slice(0, 200)).toBe(302);
    expect(
      new URL(String(back.headers.location), PUBLIC_URL).pathname +
        new URL(String(back.headers.location), PUBLIC_URL).search,
    ).toBe('/postings?location=offcampus');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: cookieFrom(back.headers['set-cookie']) },
    });
    expect(me.json().user?.email).toBe('eagle.forms@bc.edu');
  });

  it('never hands the provider a return address off the site', async () => {
    const start = await t.app.inject({
      method: 'GET',
      url: formActions.providerSignIn('https://evil.example/'),
      headers: { 'x-forwarded-for': '10.98.1.1' },
    });
    expect(start.statusCode).toBe(302);
    const authorization = new URL(String(start.headers.location));
    expect(authorization.origin).toBe(provider.issuer);
    expect(start.body).not.toContain('evil.example');
    expect(decodeURIComponent(authorization.search)).not.toContain('evil.example');
  });
});

describe('creating an account without the scripts', () => {
  const signUp = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    post(formActions.signUp(), fields, '', headers);
  const fields = (email: string) => ({
    name: 'Nora New',
    email,
    password: 'a-long-new-password',
    confirmPassword: 'a-long-new-password',
  });

  it('creates the account and opens the sign-up form saying where the link went, keeping the page asked for', async () => {
    const to = seeOther(await signUp({ ...fields('nora.form@bc.edu'), [RETURN_FIELD]: '/postings' }));
    expect(to.path).toBe('/signin-wall');
    expect(to.params.get('mode')).toBe('signUp');
    expect(to.params.get('sentTo')).toBe('nora.form@bc.edu');
    expect(to.params.get(RETURN_FIELD)).toBe('/postings');
    const [row] = await t.database.db.select().from(user).where(eq(user.email, 'nora.form@bc.edu'));
    expect(row?.name).toBe('Nora New');
    expect(row?.emailVerified).toBe(false);
  });

  it('refuses what the form refuses, with its words’ codes, and writes no account', async () => {
    const refused = async (sent: Record<string, string>) => seeOther(await signUp(sent)).params.get('error');
    expect(await refused({ ...fields('x.form@bc.edu'), name: '' })).toBe('NAME_REQUIRED');
    expect(await refused({ ...fields('not an address') })).toBe('EMAIL_INVALID');
    expect(await refused({ ...fields('x.form@bc.edu'), password: 'short', confirmPassword: 'short' })).toBe(
      'PASSWORD_TOO_SHORT',
    );
    expect(await refused({ ...fields('x.form@bc.edu'), confirmPassword: 'another-password' })).toBe('PASSWORDS_DIFFER');
    expect(await refused(fields('x.form@elsewhere.edu'))).toBe('EMAIL_DOMAIN_NOT_ALLOWED');
    expect(await refused({})).toBe('NAME_REQUIRED');
    expect(await t.database.db.select().from(user).where(eq(user.email, 'x.form@bc.edu'))).toEqual([]);
    expect(await t.database.db.select().from(user).where(eq(user.email, 'x.form@elsewhere.edu'))).toEqual([]);
  });

  it('keeps better-auth’s limit on sign-ups from one address', async () => {
    const from = { 'x-forwarded-for': '10.97.0.1' };
    const codes: (string | null)[] = [];
    for (let i = 0; i < 6; i += 1) {
      address += 1;
      const response = await t.app.inject({
        method: 'POST',
        url: formActions.signUp(),
        headers: { ...originHeader(t), 'content-type': FORM, ...from },
        // Another college's addresses: refused before any password is hashed, and counted all the same.
        payload: new URLSearchParams(fields(`limit${i}.form@elsewhere.edu`)).toString(),
      });
      codes.push(seeOther(response).params.get('error'));
    }
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('EMAIL_DOMAIN_NOT_ALLOWED'));
    expect(codes[5]).toBe('RATE_LIMITED');
  });
});

describe('Save this search as a form', () => {
  it('saves the page’s search under its name, daily, and goes back to the results saying so', async () => {
    const member = await createMember(t);
    const from = '/postings?location=oncampus&dorm=Walsh';
    const saved = seeOther(
      await post(
        browseFormActions.saveSearch(),
        { name: 'Walsh', alert: 'daily', filters: 'location=oncampus&dorm=Walsh', [RETURN_FIELD]: from },
        member.cookie,
      ),
    );
    expect(`${saved.path}?location=${saved.params.get('location')}&dorm=${saved.params.get('dorm')}`).toBe(from);
    expect(saved.notice).toBe('SEARCH_SAVED');
    const list = await t.app.inject({ method: 'GET', url: '/api/saved-searches', headers: { cookie: member.cookie } });
    expect(list.json().items).toMatchObject([{ name: 'Walsh', alert: 'daily', filters: { dorm: 'Walsh' } }]);
  });

  it('refuses bad input and a 26th search with their notices, and a visitor goes to sign in', async () => {
    const member = await createMember(t);
    const send = (sent: Record<string, string>) => post(browseFormActions.saveSearch(), sent, member.cookie);
    expect(seeOther(await send({ name: '', filters: 'location=oncampus' })).notice).toBe('SAVE_SEARCH_FAILED');
    expect(seeOther(await send({ name: 'x', filters: 'location=moon' })).notice).toBe('SAVE_SEARCH_FAILED');
    expect(seeOther(await send({ name: 'x', filters: 'location=oncampus&dorm=Nowhere' })).notice).toBe(
      'SAVE_SEARCH_FAILED',
    );
    for (let i = 0; i < 25; i += 1) {
      expect(seeOther(await send({ name: `Search ${i}`, filters: 'location=oncampus' })).notice).toBe('SEARCH_SAVED');
    }
    expect(seeOther(await send({ name: 'One more', filters: 'location=oncampus' })).notice).toBe(
      'TOO_MANY_SAVED_SEARCHES',
    );
    const visitor = seeOther(await post(browseFormActions.saveSearch(), { name: 'x', [RETURN_FIELD]: '/postings' }));
    expect(visitor.path).toBe('/signin-wall');
    expect(visitor.notice).toBe('SIGN_IN_FIRST');
  });
});

describe("the warnings' answer as a form", () => {
  it('remembers the answer for the visit in its cookie and goes back to the page; the page then draws no warning', async () => {
    const answered = await post(ANSWER_WARNING_ROUTE, { warning: 'mobile', [RETURN_FIELD]: '/about?x=1' });
    expect(seeOther(answered).path).toBe('/about');
    expect(String(answered.headers.location)).toBe('/about?x=1');
    const cookie = String(answered.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${WARNING_SEEN_COOKIE.mobile}=${WARNING_SEEN}; Path=/; SameSite=Lax`));
    const before = await t.app.inject({ method: 'GET', url: '/about' });
    expect(before.body).toContain('data-warning="mobile"');
    expect(before.body).toContain(`name="${RETURN_FIELD}" value="/about"`);
    const after = await t.app.inject({ method: 'GET', url: '/about', headers: { cookie: cookie.split(';')[0] } });
    expect(after.body).not.toContain('data-warning="mobile"');
  });

  it('sets nothing for a warning that is not one, never leaves the site, and refuses a foreign page', async () => {
    const odd = await post(ANSWER_WARNING_ROUTE, { warning: 'session', [RETURN_FIELD]: '//evil.example/' });
    expect(seeOther(odd).path).toBe('/');
    expect(odd.headers['set-cookie']).toBeUndefined();
    const foreign = await post(ANSWER_WARNING_ROUTE, { warning: 'mobile' }, '', {
      origin: 'https://evil.example',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers['set-cookie']).toBeUndefined();
  });
});

describe("the profile's other sections: drawn with what they hold, and their forms", () => {
  /** A posting of the admin's with a member row inviting `invitee` (pending) and one `joined` by them. */
  async function groupWith(invitee: TestMember, state: 'invited' | 'joined') {
    const postingId = await insertPosting(t.database.db, admin.id);
    const [row] = await t.database.db
      .insert(postingMember)
      .values({
        postingId,
        position: 1,
        name: 'Invited Student',
        academicYear: 'junior',
        gender: 'female',
        email: invitee.email,
        ...(state === 'joined'
          ? { userId: invitee.id, state, role: 'member', joinedAt: new Date() }
          : {
              state,
              invitedAt: new Date(),
              invitationExpiresAt: new Date(Date.now() + 86_400_000),
              lastSentAt: new Date(Date.now() - 3_600_000),
            }),
      })
      .returning({ id: postingMember.id });
    return { postingId, memberRowId: row?.id as string };
  }

  it('draws every section with its data, no section waiting for the scripts', async () => {
    const member = await createMember(t);
    await post(
      browseFormActions.saveSearch(),
      { name: 'Walsh', alert: 'daily', filters: 'location=oncampus' },
      member.cookie,
    );
    await groupWith(member, 'invited');
    const page = await t.app.inject({ method: 'GET', url: '/myProfile', headers: { cookie: member.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(messages.loading);
    expect(page.body).toContain('action="/api/forms/invitations/');
    expect(page.body).toContain('Join this group');
    expect(page.body).toContain('action="/api/forms/account/sharing"');
    expect(page.body).toContain('action="/api/forms/account/conversation-settings"');
    expect(page.body).toMatch(/action="\/api\/forms\/saved-searches\/[^/"]+\/alert"/);
    // The Delete confirmation is drawn in the page for the search the address names.
    const id = String(page.body.match(/saved-searches\/([^/"]+)\/alert/)?.[1]);
    const confirming = await t.app.inject({
      method: 'GET',
      url: `/myProfile?deleteSearch=${id}`,
      headers: { cookie: member.cookie },
    });
    expect(confirming.body).toContain(`action="${profileFormActions.deleteSavedSearch(id)}"`);
  });

  it('deletes a saved search and changes its alert for its owner only, going back to the list', async () => {
    const [member, other] = await Promise.all([createMember(t), createMember(t)]);
    await post(
      browseFormActions.saveSearch(),
      { name: 'Walsh', alert: 'daily', filters: 'location=oncampus' },
      member.cookie,
    );
    const list = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/saved-searches', headers: { cookie: member.cookie } })).json()
        .items as { id: string; alert: string }[];
    const [search] = await list();
    const id = search?.id as string;
    expect(seeOther(await post(profileFormActions.savedSearchAlert(id), { alert: 'moon' }, member.cookie)).notice).toBe(
      'SAVE_SEARCH_FAILED',
    );
    const off = seeOther(await post(profileFormActions.savedSearchAlert(id), { alert: 'off' }, member.cookie));
    expect([off.path, off.notice]).toEqual(['/myProfile', 'ALERT_UPDATED']);
    expect((await list())[0]?.alert).toBe('off');
    expect(seeOther(await post(profileFormActions.deleteSavedSearch(id), {}, other.cookie)).notice).toBe(
      'SAVED_SEARCH_NOT_FOUND',
    );
    const deleted = seeOther(await post(profileFormActions.deleteSavedSearch(id), {}, member.cookie));
    expect([deleted.path, deleted.notice]).toEqual(['/myProfile', 'SEARCH_DELETED']);
    expect(await list()).toEqual([]);
  });

  it('joins or declines an invitation for its own address only, and leaves a group joined', async () => {
    const [invitee, other] = await Promise.all([createMember(t), createMember(t)]);
    const first = await groupWith(invitee, 'invited');
    const declinedByOther = seeOther(
      await post(profileFormActions.answerInvitation(first.memberRowId), { answer: 'decline' }, other.cookie),
    );
    expect(declinedByOther.notice).toBe('INVITATION_NOT_FOUND');
    expect(
      seeOther(await post(profileFormActions.answerInvitation(first.memberRowId), { answer: 'maybe' }, invitee.cookie))
        .notice,
    ).toBe('GROUP_NOT_CHANGED');
    const joined = seeOther(
      await post(profileFormActions.answerInvitation(first.memberRowId), { answer: 'join' }, invitee.cookie),
    );
    expect([joined.path, joined.params.get('id'), joined.notice]).toEqual([
      '/detailView',
      first.postingId,
      'INVITATION_JOINED',
    ]);
    const second = await groupWith(invitee, 'invited');
    const declined = seeOther(
      await post(profileFormActions.answerInvitation(second.memberRowId), { answer: 'decline' }, invitee.cookie),
    );
    expect([declined.path, declined.notice]).toEqual(['/myProfile', 'INVITATION_DECLINED']);
    const groups = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/me/groups', headers: { cookie: invitee.cookie } })).json()
        .items as { postingId: string }[];
    expect((await groups()).map((group) => group.postingId)).toEqual([first.postingId]);
    expect(seeOther(await post(profileFormActions.leaveGroup(first.postingId), {}, other.cookie)).notice).toBe(
      'NOT_A_MEMBER',
    );
    const left = seeOther(
      await post(
        profileFormActions.leaveGroup(first.postingId),
        { [RETURN_FIELD]: '/myProfile?leave=x' },
        invitee.cookie,
      ),
    );
    expect([left.path, left.params.get('leave'), left.notice]).toEqual(['/myProfile', 'x', 'GROUP_LEFT']);
    expect(await groups()).toEqual([]);
  });

  it('saves what is shared and the unread-message e-mail as the forms send them, refusing bad details', async () => {
    const member = await createMember(t);
    const sharing = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/me/sharing', headers: { cookie: member.cookie } })).json();
    const saved = seeOther(
      await post(
        profileFormActions.sharing(),
        {
          academicYear: 'junior',
          gender: 'other',
          customGender: 'Agender',
          phoneNumber: '',
          instagramHandle: '@eagle.one',
          'share.academicYear': 'on',
          'share.instagramHandle': 'on',
        },
        member.cookie,
      ),
    );
    expect(saved.notice).toBe('SHARING_SAVED');
    expect(await sharing()).toMatchObject({
      academicYear: 'junior',
      gender: 'other',
      customGender: 'Agender',
      phoneNumber: null,
      instagramHandle: 'eagle.one',
      share: { academicYear: true, gender: false, email: false, phoneNumber: false, instagramHandle: true },
    });
    for (const bad of [{ academicYear: 'wizard' }, { phoneNumber: 'call me' }] as Record<string, string>[]) {
      expect(seeOther(await post(profileFormActions.sharing(), bad, member.cookie)).notice).toBe('SHARING_FAILED');
    }
    expect((await sharing()).academicYear).toBe('junior');
    const settings = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/me/conversation-settings', headers: { cookie: member.cookie } })
      ).json().unreadEmail;
    expect(seeOther(await post(profileFormActions.conversationSettings(), {}, member.cookie)).notice).toBe(
      'UNREAD_EMAIL_OFF',
    );
    expect(await settings()).toBe(false);
    const on = seeOther(await post(profileFormActions.conversationSettings(), { unreadEmail: 'on' }, member.cookie));
    expect([on.path, on.notice]).toEqual(['/myProfile', 'UNREAD_EMAIL_ON']);
    expect(await settings()).toBe(true);
  });
});

describe('the Account section as forms', () => {
  it('changes the password, keeps this browser signed in, and says so', async () => {
    const member = await createUser(t, { verified: true });
    const response = await post(
      memberFormActions.changePassword(),
      {
        currentPassword: 'correct-horse-battery',
        password: 'a-new-long-password',
        confirmPassword: 'a-new-long-password',
      },
      member.cookie,
    );
    const done = seeOther(response);
    expect(done.path).toBe('/myProfile');
    expect(done.notice).toBe('PASSWORD_CHANGED');
    const cookie = cookieFrom(response.headers['set-cookie']);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().user?.id).toBe(member.id);
    const signIn = seeOther(await post(formActions.signIn(), { email: member.email, password: 'a-new-long-password' }));
    expect(signIn.params.get('error')).toBeNull();
  });

  it('refuses a wrong current password and bad new ones with their notices, and changes nothing', async () => {
    const member = await createUser(t, { verified: true });
    const change = async (sent: Record<string, string>) =>
      seeOther(await post(memberFormActions.changePassword(), sent, member.cookie)).notice;
    const good = {
      currentPassword: 'correct-horse-battery',
      password: 'b-new-long-password',
      confirmPassword: 'b-new-long-password',
    };
    expect(await change({ ...good, currentPassword: 'not-the-password' })).toBe('CURRENT_PASSWORD_WRONG');
    expect(await change({ ...good, currentPassword: '' })).toBe('CURRENT_PASSWORD_REQUIRED');
    expect(await change({ ...good, password: 'short', confirmPassword: 'short' })).toBe('NEW_PASSWORD_TOO_SHORT');
    expect(await change({ ...good, confirmPassword: 'something-else' })).toBe('NEW_PASSWORDS_DIFFER');
    expect(
      seeOther(await post(formActions.signIn(), { email: member.email, password: 'correct-horse-battery' })).params.get(
        'error',
      ),
    ).toBeNull();
    const visitor = seeOther(await post(memberFormActions.changePassword(), good));
    expect(visitor.path).toBe('/signin-wall');
    expect(visitor.notice).toBe('SIGN_IN_FIRST');
  });

  it('deletes the account when the typed address is its own, signs out, and says so on the sign-in page', async () => {
    const member = await createMember(t);
    const mismatch = seeOther(
      await post(memberFormActions.deleteAccount(), { confirmEmail: 'someone@bc.edu' }, member.cookie),
    );
    expect(mismatch.path).toBe('/myProfile');
    expect(mismatch.notice).toBe('DELETE_CONFIRM_MISMATCH');
    expect(await t.database.db.select().from(user).where(eq(user.id, member.id))).toHaveLength(1);

    const response = await post(
      memberFormActions.deleteAccount(),
      { confirmEmail: ` ${member.email.toUpperCase()} ` },
      member.cookie,
    );
    const deleted = seeOther(response);
    expect(deleted.path).toBe('/signin-wall');
    expect(deleted.notice).toBe('ACCOUNT_DELETED');
    expect(await t.database.db.select().from(user).where(eq(user.id, member.id))).toEqual([]);
    expect(String(response.headers['set-cookie'] ?? '')).toMatch(/session_token=;/);
    const visitor = seeOther(await post(memberFormActions.deleteAccount(), { confirmEmail: member.email }));
    expect(visitor.notice).toBe('SIGN_IN_FIRST');
  });
});
/** The posting form's fields as a browser posts them without scripts (a ticked checkbox as 'on'). */
function postingFields(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const fields: Record<string, string | undefined> = {
    listingLocation: 'oncampus',
    dorm: 'Walsh',
    address: '',
    adminAcademicYear: 'junior',
    adminGender: 'female',
    adminCustomGender: '',
    adminPhone: '617-555-0101',
    adminInstagram: '',
    adminShowsPhone: 'on',
    'members.1.name': 'Priya Patel',
    'members.1.academicYear': 'junior',
    'members.1.gender': 'female',
    'members.1.email': '',
    curNumSeek: '2',
    monthlyRent: '',
    rentType: '',
    rentStart: '2026-11-27',
    rentEnd: '',
    utilities: '',
    description: 'Two juniors, quiet, cook on Sundays.',
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** The form as a browser posts it: its fields, then its file input (an empty part when nothing is chosen). */
async function postForm(url: string, fields: Record<string, string>, files: FilePart[], cookie = '') {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (files.length === 0) form.append('images', new Blob([], { type: 'application/octet-stream' }), '');
  for (const file of files)
    form.append('images', new Blob([new Uint8Array(file.buffer)], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  address += 1;
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      ...originHeader(t),
      'content-type': request.headers.get('content-type') as string,
      'x-forwarded-for': `10.97.${(address >> 8) & 255}.${address & 255}`,
      ...(cookie ? { cookie } : {}),
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const postingsOf = (userId: string) => t.database.db.select().from(posting).where(eq(posting.adminUserId, userId));

/** The form drawn again: a page, not JSON, with the field values it was sent. */
function drawnAgain(response: LightMyRequestResponse, status = 400) {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
  expect(String(response.headers['content-type'])).toMatch(/^text\/html/);
  expect(response.body).toContain('<div id="root" data-address="/create-posting');
  expect(response.body).toContain('data-drawn');
  return response.body;
}

const html = (text: string) => text.replaceAll('&', '&amp;').replaceAll("'", '&#x27;').replaceAll('"', '&quot;');

describe('the posting form (create and edit without scripts)', () => {
  it('sends a visitor to the sign-in page with the spec’s words, and back to the form', async () => {
    const to = seeOther(await postForm(memberFormActions.createPosting(), postingFields(), []));
    expect(to.path).toBe('/signin-wall');
    expect(to.notice).toBe('POSTING_UNSIGNED');
    expect(to.params.get(RETURN_FIELD)).toBe('/create-posting');
  });

  it('creates the posting with its photo and goes to it', async () => {
    const author = await createMember(t, { name: 'Fiona Form' });
    const to = seeOther(
      await postForm(memberFormActions.createPosting(), postingFields(), [await jpegFile()], author.cookie),
    );
    expect(to.path).toBe('/detailView');
    const [saved] = await postingsOf(author.id);
    expect(to.params.get('id')).toBe(saved?.id);
    expect(saved).toMatchObject({ dorm: 'Walsh', adminName: 'Fiona Form', adminShowsPhone: true, curGroupSize: 2 });
    expect(saved?.description).toBe('Two juniors, quiet, cook on Sundays.');
    const images = await t.database.db
      .select()
      .from(postingImage)
      .where(eq(postingImage.postingId, saved?.id ?? ''));
    expect(images).toHaveLength(1);
    const members = await t.database.db
      .select()
      .from(postingMember)
      .where(eq(postingMember.postingId, saved?.id ?? ''));
    expect(members.map((member) => member.name).sort()).toEqual(['Fiona Form', 'Priya Patel']);
  });

  it('draws the form again with the spec’s messages and what was typed, and saves nothing', async () => {
    const author = await createMember(t);
    const body = drawnAgain(
      await postForm(
        memberFormActions.createPosting(),
        postingFields({ dorm: '', 'members.1.name': '', description: 'We share "everything" & more' }),
        [],
        author.cookie,
      ),
    );
    expect(body).toContain(html(postingValidation.selectDorm));
    expect(body).toContain(html(postingValidation.memberName(2)));
    expect(body).toContain(messages.submit.failedTitle);
    expect(body).toContain(html(messages.submit.chooseImagesAgain));
    // What was typed is in the fields again.
    expect(body).toContain(html('We share "everything" & more'));
    expect(body).toContain('value="617-555-0101"');
    expect(await postingsOf(author.id)).toHaveLength(0);
  });

  it('refuses too many photos and a photo too large, with the spec’s words, saving nothing', async () => {
    const author = await createMember(t);
    const photo = await jpegFile();
    const many = drawnAgain(
      await postForm(
        memberFormActions.createPosting(),
        postingFields(),
        Array.from({ length: MAX_IMAGES_PER_POSTING + 1 }, () => photo),
        author.cookie,
      ),
    );
    expect(many).toContain(html(messages.images.tooMany(MAX_IMAGES_PER_POSTING)));
    const large: FilePart = { ...photo, name: 'huge.jpg', buffer: Buffer.alloc(MAX_IMAGE_BYTES + 1, 1) };
    const big = drawnAgain(await postForm(memberFormActions.createPosting(), postingFields(), [large], author.cookie));
    expect(big).toContain(html(messages.images.tooLarge('huge.jpg', Math.round(MAX_IMAGE_BYTES / (1024 * 1024)))));
    expect(await postingsOf(author.id)).toHaveLength(0);
  });

  it('edits the posting for its admin (the photos and member rows kept), and refuses anyone else', async () => {
    const author = await createMember(t, { name: 'Erin Editor' });
    const created = await sendPosting(t, {
      cookie: author.cookie,
      posting: postingFieldsAsInput(),
      files: [await jpegFile()],
    });
    expect(created.statusCode, created.body).toBe(201);
    const detail = created.json() as { id: string; members: { id: string }[] };
    const memberIds = detail.members.map((member) => member.id);

    const other = seeOther(
      await postForm(
        memberFormActions.editPosting(detail.id),
        postingFields({ dorm: 'Vanderslice' }),
        [],
        student.cookie,
      ),
    );
    expect(other.path).toBe('/create-posting');
    expect(other.params.get('id')).toBe(detail.id);
    expect(other.notice).toBe('POSTING_ADMIN_ONLY');

    const fields = postingFields({ dorm: 'Vanderslice', 'members.0.id': memberIds[0], 'members.1.id': memberIds[1] });
    const saved = seeOther(await postForm(memberFormActions.editPosting(detail.id), fields, [], author.cookie));
    expect(saved.path).toBe('/detailView');
    expect(saved.params.get('id')).toBe(detail.id);
    const [row] = await t.database.db.select().from(posting).where(eq(posting.id, detail.id));
    expect(row?.dorm).toBe('Vanderslice');
    const images = await t.database.db.select().from(postingImage).where(eq(postingImage.postingId, detail.id));
    expect(images).toHaveLength(1);
    const members = await t.database.db.select().from(postingMember).where(eq(postingMember.postingId, detail.id));
    expect(members.map((member) => member.id).sort()).toEqual([...memberIds].sort());

    // A rule broken on edit: the edit form drawn again, the posting as it was.
    const again = drawnAgain(
      await postForm(memberFormActions.editPosting(detail.id), { ...fields, curNumSeek: '' }, [], author.cookie),
    );
    expect(again).toContain(`data-address="/create-posting?id=${detail.id}"`);
    expect(again).toContain(html(postingValidation.seekingAtLeastOne));
  });

  it('Add member and Remove member draw the form again with the row added or removed, what was typed kept, saving nothing', async () => {
    const author = await createMember(t, { name: 'Rowan Rows' });
    const step = POSTING_FORM_FIELDS.step;
    const added = drawnAgain(
      await postForm(
        memberFormActions.createPosting(),
        postingFields({ [step]: postingFormStepValue.addMember(), description: 'Typed before the row' }),
        [],
        author.cookie,
      ),
      200,
    );
    // Member 3's fields are drawn, empty; member 2 and the rest as typed; no refusal is said.
    expect(added).toContain('name="members.2.name"');
    expect(added).toContain('value="Priya Patel"');
    expect(added).toContain('Typed before the row');
    expect(added).not.toContain(messages.submit.failedTitle);
    expect(added).not.toContain(html(messages.submit.chooseImagesAgain));
    expect(await postingsOf(author.id)).toHaveLength(0);

    // Files sent with a step are not kept: the form says to choose them again.
    const withPhoto = drawnAgain(
      await postForm(
        memberFormActions.createPosting(),
        postingFields({ [step]: postingFormStepValue.addMember() }),
        [await jpegFile()],
        author.cookie,
      ),
      200,
    );
    expect(withPhoto).toContain(html(messages.submit.chooseImagesAgain));
    expect(withPhoto).not.toContain(messages.submit.failedTitle);

    const removed = drawnAgain(
      await postForm(
        memberFormActions.createPosting(),
        postingFields({ [step]: postingFormStepValue.removeMember(1) }),
        [],
        author.cookie,
      ),
      200,
    );
    expect(removed).not.toContain('name="members.1.name"');
    expect(removed).not.toContain('Priya Patel');

    // Member 3 filled in and the form sent: saved with three members.
    const fields = postingFields({
      'members.2.name': 'Theo Third',
      'members.2.academicYear': 'senior',
      'members.2.gender': 'male',
      curNumSeek: '1',
    });
    const saved = seeOther(await postForm(memberFormActions.createPosting(), fields, [], author.cookie));
    expect(saved.path).toBe('/detailView');
    const members = await t.database.db
      .select()
      .from(postingMember)
      .where(eq(postingMember.postingId, saved.params.get('id') ?? ''));
    expect(members.map((member) => member.name).sort()).toEqual(['Priya Patel', 'Rowan Rows', 'Theo Third']);
  });

  it('refuses a step no drawn button sends, with what was typed, saving nothing', async () => {
    const author = await createMember(t);
    const full = Object.fromEntries(
      Array.from({ length: 10 }, (_, at) => [
        [`members.${at + 1}.name`, `Member ${at + 2}`],
        [`members.${at + 1}.academicYear`, 'junior'],
        [`members.${at + 1}.gender`, 'female'],
      ]).flat(),
    );
    for (const fields of [
      postingFields({ [POSTING_FORM_FIELDS.step]: 'remove-member:0' }),
      postingFields({ [POSTING_FORM_FIELDS.step]: postingFormStepValue.removeMember(5) }),
      postingFields({ [POSTING_FORM_FIELDS.step]: postingFormStepValue.removeImage('not-one-of-the-form') }),
      postingFields({ [POSTING_FORM_FIELDS.step]: 'publish-twice' }),
      // Eleven rows: the group is as large as the form lets it be (Add member is disabled).
      { ...postingFields({ [POSTING_FORM_FIELDS.step]: postingFormStepValue.addMember() }), ...full },
    ]) {
      const body = drawnAgain(await postForm(memberFormActions.createPosting(), fields, [], author.cookie));
      expect(body).toContain(html(postingValidation.unreadable));
      expect(body).toContain('Two juniors, quiet, cook on Sundays.');
    }
    expect(await postingsOf(author.id)).toHaveLength(0);
  });

  it('Remove image draws the edit form without it, the posting unchanged until it is saved', async () => {
    const author = await createMember(t, { name: 'Ivy Images' });
    const created = await sendPosting(t, {
      cookie: author.cookie,
      posting: postingFieldsAsInput(),
      files: [await jpegFile(), await jpegFile()],
    });
    expect(created.statusCode, created.body).toBe(201);
    const detail = created.json() as { id: string; members: { id: string }[]; images: { id: string }[] };
    const [first, second] = detail.images.map((image) => image.id) as [string, string];
    const fields = postingFields({
      'members.0.id': detail.members[0]?.id,
      'members.1.id': detail.members[1]?.id,
      [POSTING_FORM_FIELDS.keptImages]: `${first} ${second}`,
      description: 'Two photos, one to go',
    });
    const drawn = drawnAgain(
      await postForm(
        memberFormActions.editPosting(detail.id),
        { ...fields, [POSTING_FORM_FIELDS.step]: postingFormStepValue.removeImage(first) },
        [],
        author.cookie,
      ),
      200,
    );
    // The form keeps the other image only, and lists one image; nothing is removed yet.
    expect(drawn).toContain(`name="${POSTING_FORM_FIELDS.keptImages}" value="${second}"`);
    expect(drawn).toContain('Upload 1 of 1');
    expect(drawn).toContain('Two photos, one to go');
    const stored = () => t.database.db.select().from(postingImage).where(eq(postingImage.postingId, detail.id));
    expect(await stored()).toHaveLength(2);

    // An image not the posting's is refused on save, with the spec's words.
    const foreign = drawnAgain(
      await postForm(
        memberFormActions.editPosting(detail.id),
        { ...fields, [POSTING_FORM_FIELDS.keptImages]: `${second} 00000000-0000-0000-0000-000000000000` },
        [],
        author.cookie,
      ),
    );
    expect(foreign).toContain(html(messages.images.unknownImage));
    expect(await stored()).toHaveLength(2);

    // Saved: the image left out is removed, the other kept.
    const saved = seeOther(
      await postForm(
        memberFormActions.editPosting(detail.id),
        { ...fields, [POSTING_FORM_FIELDS.keptImages]: second },
        [],
        author.cookie,
      ),
    );
    expect(saved.path).toBe('/detailView');
    expect((await stored()).map((image) => image.id)).toEqual([second]);
  });

  it('never answers with a 500 or JSON to a broken body', async () => {
    const author = await createMember(t);
    for (const payload of ['--x\r\nnot a form', '']) {
      const response = await t.app.inject({
        method: 'POST',
        url: memberFormActions.createPosting(),
        headers: { ...originHeader(t), cookie: author.cookie, 'content-type': 'multipart/form-data; boundary=x' },
        payload,
      });
      // Unreadable, or read as a form with no fields: either way the form again, saying why.
      const body = drawnAgain(response);
      expect(body).toContain(messages.submit.failedTitle);
      expect(
        [postingValidation.unreadable, postingValidation.selectDorm].some((words) => body.includes(html(words))),
      ).toBe(true);
    }
    const nul = drawnAgain(
      await postForm(memberFormActions.createPosting(), postingFields({ description: 'a\u0000b' }), [], author.cookie),
    );
    expect(nul).toContain(html(postingValidation.unreadable));
    expect(await postingsOf(author.id)).toHaveLength(0);
  });
});

/** The same posting as the form's fields, as the API's JSON takes it (member 1 the admin's row). */
function postingFieldsAsInput() {
  const blankMember = { name: '', academicYear: '', gender: '', customGender: '', email: '', instagramHandle: '' };
  return onCampusPosting({
    adminInstagram: '',
    adminShowsPhone: true,
    members: [blankMember, { ...blankMember, name: 'Priya Patel', academicYear: 'junior', gender: 'female' }],
  });
}
