/**
 * Issue 31, "no lost tap": the profile's controls that were left to the scripts (decision 0049), as
 * plain forms a browser without them sends. A saved search's Edit draws its editor in the page
 * (`?editSearch=`), which posts the name and alert through the API's service and rules; a blocked
 * student's Unblock posts to its own route; the sharing form's 'Your gender' is drawn with it, so
 * the stylesheet can show it while Other is chosen. Each answers 303 with a notice; a refusal
 * changes nothing, and nothing of another student's changes.
 */
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureClientBuilt } from '../../scripts/lib/client-build.mjs';
import { savedSearch, studentBlock } from '../../src/server/db/schema';
import { NOTICE_PARAM, RETURN_FIELD } from '../../src/shared/form-posts';
import { profileFormActions } from '../../src/shared/profile-form-posts';
import { createTestApp, type TestApp } from '../support/app';
import { createMember, originHeader, type TestMember } from '../support/users';

const PUBLIC_URL = 'http://localhost:3000';
let t: TestApp;
let address = 0;

beforeAll(async () => {
  // The profile is drawn by the client's build.
  ensureClientBuilt();
  t = await createTestApp({ PUBLIC_URL }, undefined, { backgroundJobs: false });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** A form post as a browser sends it from one of our pages (each from an address of its own). */
function post(url: string, fields: Record<string, string>, cookie = '') {
  address += 1;
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      ...originHeader(t),
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': `10.98.${(address >> 8) & 255}.${address & 255}`,
      ...(cookie ? { cookie } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** Where a 303 sends the browser, and the notice it carries. */
function seeOther(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(303);
  const location = new URL(String(response.headers.location), PUBLIC_URL);
  expect(location.origin).toBe(PUBLIC_URL);
  return {
    path: location.pathname,
    params: location.searchParams,
    hash: location.hash,
    notice: location.searchParams.get(NOTICE_PARAM),
  };
}

async function searchOf(member: TestMember, name: string): Promise<string> {
  const [row] = await t.database.db
    .insert(savedSearch)
    .values({ userId: member.id, name, alert: 'daily', filters: { location: 'oncampus' }, location: 'oncampus' })
    .returning({ id: savedSearch.id });
  return row?.id as string;
}

const stored = async (id: string) => (await t.database.db.select().from(savedSearch).where(eq(savedSearch.id, id)))[0];

const drawnProfile = (cookie: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/myProfile${query}`, headers: { cookie } });

describe("a saved search's Edit as a form", () => {
  it('draws the editor for the search the address names, and only for its owner', async () => {
    const [member, other] = await Promise.all([createMember(t), createMember(t)]);
    const id = await searchOf(member, 'Walsh doubles');
    const page = await drawnProfile(member.cookie);
    // Edit opens the editor by address (a GET form), as Delete opens its confirmation.
    expect(page.body).toContain('name="editSearch"');
    expect(page.body).not.toContain(`action="${profileFormActions.editSavedSearch(id)}"`);
    const editing = await drawnProfile(member.cookie, `?editSearch=${id}`);
    expect(editing.statusCode).toBe(200);
    expect(editing.body).toContain(`action="${profileFormActions.editSavedSearch(id)}"`);
    expect(editing.body).toContain('Edit saved search');
    expect(editing.body).toContain('value="Walsh doubles"');
    const othersView = await drawnProfile(other.cookie, `?editSearch=${id}`);
    expect(othersView.body).not.toContain(profileFormActions.editSavedSearch(id));
  });

  it('saves the name and alert through the service, going back to the list with a notice', async () => {
    const member = await createMember(t);
    const id = await searchOf(member, 'Walsh doubles');
    const editor = `/myProfile?editSearch=${id}#edit-search-${id}`;
    const done = seeOther(
      await post(
        profileFormActions.editSavedSearch(id),
        { name: '  Walsh, two of us  ', alert: 'immediately', [RETURN_FIELD]: editor },
        member.cookie,
      ),
    );
    expect([done.path, done.params.get('editSearch'), done.hash, done.notice]).toEqual([
      '/myProfile',
      null,
      '#saved-searches',
      'SEARCH_UPDATED',
    ]);
    expect(await stored(id)).toMatchObject({ name: 'Walsh, two of us', alert: 'immediately' });
    // The API answers what the form saved.
    const list = await t.app.inject({ method: 'GET', url: '/api/saved-searches', headers: { cookie: member.cookie } });
    expect(list.json().items).toMatchObject([{ id, name: 'Walsh, two of us', alert: 'immediately' }]);
  });

  it('refuses a blank or too long name and an unknown alert with their messages, back in the editor', async () => {
    const member = await createMember(t);
    const id = await searchOf(member, 'Walsh doubles');
    const editor = `/myProfile?editSearch=${id}#edit-search-${id}`;
    for (const [fields, notice] of [
      [{ name: '   ', alert: 'off' }, 'SAVED_SEARCH_NAME_REQUIRED'],
      [{ alert: 'off' }, 'SAVED_SEARCH_NAME_REQUIRED'],
      [{ name: 'x'.repeat(81), alert: 'off' }, 'SAVED_SEARCH_NAME_TOO_LONG'],
      [{ name: 'Fine', alert: 'hourly' }, 'SAVED_SEARCH_BAD_ALERT'],
    ] as const) {
      const refused = seeOther(
        await post(profileFormActions.editSavedSearch(id), { ...fields, [RETURN_FIELD]: editor }, member.cookie),
      );
      expect([refused.path, refused.params.get('editSearch'), refused.hash, refused.notice]).toEqual([
        '/myProfile',
        id,
        `#edit-search-${id}`,
        notice,
      ]);
    }
    expect(await stored(id)).toMatchObject({ name: 'Walsh doubles', alert: 'daily' });
    // The editor drawn again says it on the name field.
    const again = await drawnProfile(member.cookie, `?editSearch=${id}&notice=SAVED_SEARCH_NAME_REQUIRED`);
    expect(again.body).toContain('Please give the search a name.');
    expect(again.body).toContain('aria-invalid="true"');
  });

  it("changes nothing of another student's search, and sends a visitor to sign in", async () => {
    const [member, other] = await Promise.all([createMember(t), createMember(t)]);
    const id = await searchOf(member, 'Walsh doubles');
    const refused = seeOther(
      await post(profileFormActions.editSavedSearch(id), { name: 'Mine now', alert: 'off' }, other.cookie),
    );
    expect(refused.notice).toBe('SAVED_SEARCH_NOT_FOUND');
    const visitor = seeOther(await post(profileFormActions.editSavedSearch(id), { name: 'Mine now', alert: 'off' }));
    expect([visitor.path, visitor.notice]).toEqual(['/signin-wall', 'SIGN_IN_FIRST']);
    expect(
      seeOther(await post(profileFormActions.editSavedSearch('not-an-id'), { name: 'X' }, member.cookie)).notice,
    ).toBe('SAVED_SEARCH_NOT_FOUND');
    expect(await stored(id)).toMatchObject({ name: 'Walsh doubles', alert: 'daily' });
  });
});

describe("a blocked student's Unblock as a form", () => {
  const blocks = async (blocker: TestMember) =>
    (await t.database.db.select().from(studentBlock).where(eq(studentBlock.blockerUserId, blocker.id))).map(
      (row) => row.blockedUserId,
    );

  it('is drawn as a form, and unblocks through the service, back to Messages with a notice', async () => {
    const [member, blocked, kept] = await Promise.all([createMember(t), createMember(t), createMember(t)]);
    await t.database.db.insert(studentBlock).values([
      { blockerUserId: member.id, blockedUserId: blocked.id },
      { blockerUserId: member.id, blockedUserId: kept.id },
    ]);
    const page = await drawnProfile(member.cookie);
    expect(page.body).toContain(`action="${profileFormActions.unblock(blocked.id)}"`);
    const done = seeOther(
      await post(profileFormActions.unblock(blocked.id), { [RETURN_FIELD]: '/myProfile#messages' }, member.cookie),
    );
    expect([done.path, done.hash, done.notice]).toEqual(['/myProfile', '#messages', 'STUDENT_UNBLOCKED']);
    expect(await blocks(member)).toEqual([kept.id]);
    const api = await t.app.inject({ method: 'GET', url: '/api/me/blocks', headers: { cookie: member.cookie } });
    expect(api.json().items).toMatchObject([{ userId: kept.id }]);
    // Sent twice (a double tap): still unblocked, as the API's DELETE.
    expect(seeOther(await post(profileFormActions.unblock(blocked.id), {}, member.cookie)).notice).toBe(
      'STUDENT_UNBLOCKED',
    );
  });

  it("removes only the viewer's own block: another student's block of the same student stays", async () => {
    const [member, other, blocked] = await Promise.all([createMember(t), createMember(t), createMember(t)]);
    await t.database.db.insert(studentBlock).values({ blockerUserId: other.id, blockedUserId: blocked.id });
    seeOther(await post(profileFormActions.unblock(blocked.id), {}, member.cookie));
    expect(await blocks(other)).toEqual([blocked.id]);
    // Nor can the blocked student lift it.
    seeOther(await post(profileFormActions.unblock(other.id), {}, blocked.cookie));
    expect(
      await t.database.db
        .select()
        .from(studentBlock)
        .where(and(eq(studentBlock.blockerUserId, other.id), eq(studentBlock.blockedUserId, blocked.id))),
    ).toHaveLength(1);
    const visitor = seeOther(await post(profileFormActions.unblock(blocked.id), {}));
    expect([visitor.path, visitor.notice]).toEqual(['/signin-wall', 'SIGN_IN_FIRST']);
    expect(await blocks(other)).toEqual([blocked.id]);
  });
});

describe("the sharing form's 'Your gender'", () => {
  it('is drawn with the form whatever is chosen, so the stylesheet shows it for Other and it posts', async () => {
    const member = await createMember(t);
    const page = await drawnProfile(member.cookie);
    expect(page.body).toMatch(/<input[^>]*name="customGender"/);
    const saved = seeOther(
      await post(profileFormActions.sharing(), { gender: 'other', customGender: 'Agender' }, member.cookie),
    );
    expect(saved.notice).toBe('SHARING_SAVED');
    const sharing = await t.app.inject({ method: 'GET', url: '/api/me/sharing', headers: { cookie: member.cookie } });
    expect(sharing.json()).toMatchObject({ gender: 'other', customGender: 'Agender' });
    // Left filled in but hidden once another gender is chosen: it is not kept.
    seeOther(await post(profileFormActions.sharing(), { gender: 'female', customGender: 'Agender' }, member.cookie));
    const after = await t.app.inject({ method: 'GET', url: '/api/me/sharing', headers: { cookie: member.cookie } });
    expect(after.json()).toMatchObject({ gender: 'female', customGender: null });
  });
});
