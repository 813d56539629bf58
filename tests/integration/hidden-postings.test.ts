/**
 * Issue 22, item 5: a posting hidden by moderation (decision 0013) travels nowhere. It is left out
 * of saved-search alerts and digests, its images answer 404 as a missing posting's do to anyone
 * but its admin and the moderators, and bookmarking it answers as bookmarking a missing posting.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookmark, mailOutbox, posting, postingMember } from '../../src/server/db/schema';
import type { PostingDetail } from '../../src/shared/schemas/posting-view';
import { createTestApp, type TestApp } from '../support/app';
import { collegeConfigWith } from '../support/college-config';
import { createMember, originHeader, type TestMember } from '../support/users';
import { jpegFile, multipart, onCampusPosting, sendPosting } from './postings-support';

const MODERATOR_EMAIL = `hidden.mod.${Date.now()}@bc.edu`;
const DAY_MS = 24 * 60 * 60_000;
let t: TestApp;
let moderator: TestMember;

vi.setConfig({ testTimeout: 120_000 });

/** Every route the app registers (the routes of a posting are asked below). */
const routes: { method: string; url: string }[] = [];

beforeAll(async () => {
  const college = collegeConfigWith({ moderators: [MODERATOR_EMAIL] });
  t = await createTestApp({ COLLEGE_CONFIG: college }, undefined, {
    backgroundJobs: false,
    onRoute: (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    },
  });
  moderator = await createMember(t, { email: MODERATOR_EMAIL, name: 'Morgan Moderator' });
});
afterAll(async () => {
  await t?.close();
});

const headers = (member: TestMember) => ({ ...originHeader(t), cookie: member.cookie });

async function post(admin: TestMember, dorm: string, withImage = false): Promise<PostingDetail> {
  const response = await sendPosting(t, {
    cookie: admin.cookie,
    posting: onCampusPosting({ dorm }),
    files: withImage ? [await jpegFile()] : [],
  });
  expect(response.statusCode).toBe(201);
  return response.json() as PostingDetail;
}

async function hide(postingId: string): Promise<void> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/moderation/postings/${postingId}/hide`,
    headers: headers(moderator),
    payload: { reason: 'Asks for a deposit by wire transfer.' },
  });
  expect(response.statusCode).toBe(200);
}

async function saveSearch(member: TestMember, dorm: string, alert: 'immediately' | 'daily') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/saved-searches',
    headers: headers(member),
    payload: { name: dorm, alert, filters: { location: 'oncampus', dorm } },
  });
  expect(response.statusCode).toBe(201);
}

const alertsTo = async (email: string) =>
  (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email))).filter((mail) =>
    mail.kind.startsWith('saved-search-'),
  );

describe('saved-search alerts', () => {
  it('leave out a posting hidden before the alerts job matched it', async () => {
    const admin = await createMember(t);
    const student = await createMember(t);
    await saveSearch(student, 'Ignacio', 'immediately');
    const hidden = await post(admin, 'Ignacio');
    await hide(hidden.id);
    const shown = await post(admin, 'Ignacio');

    await t.app.savedSearches.processEvents();
    const mails = await alertsTo(student.email);
    // The check is live: the posting listed beside it is announced.
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain(shown.id);
    expect(mails.map((mail) => mail.textBody).join('\n')).not.toContain(hidden.id);
  });

  it("leave out of the daily digest a posting hidden after it matched, and the admin's address with it", async () => {
    const admin = await createMember(t);
    const student = await createMember(t);
    await saveSearch(student, 'Modulars', 'daily');
    const hidden = await post(admin, 'Modulars');
    const shown = await post(admin, 'Modulars');
    await t.app.savedSearches.processEvents();
    await hide(hidden.id);

    expect((await t.app.savedSearches.sendDigests(new Date(Date.now() + DAY_MS))).mailed).toBeGreaterThanOrEqual(1);
    const mails = await alertsTo(student.email);
    expect(mails.map((mail) => mail.kind)).toEqual(['saved-search-digest']);
    expect(mails[0]?.subject).toBe('1 new posting matches your saved searches');
    expect(mails[0]?.textBody).toContain(shown.id);
    expect(mails[0]?.textBody).not.toContain(hidden.id);
  });

  it('announce the posting once a moderator shows it again, to those not yet told of it', async () => {
    const admin = await createMember(t);
    const student = await createMember(t);
    await saveSearch(student, 'Gabelli', 'immediately');
    const hidden = await post(admin, 'Gabelli');
    await hide(hidden.id);
    await t.app.savedSearches.processEvents();
    expect(await alertsTo(student.email)).toEqual([]);

    const dismissed = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/postings/${hidden.id}/dismiss`,
      headers: headers(moderator),
      payload: {},
    });
    expect(dismissed.statusCode).toBe(200);
    await t.app.savedSearches.processEvents();
    const mails = await alertsTo(student.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain(hidden.id);
  });

  it('send no digest at all when every match was hidden', async () => {
    const admin = await createMember(t);
    const student = await createMember(t);
    await saveSearch(student, 'Reservoir', 'daily');
    const hidden = await post(admin, 'Reservoir');
    await t.app.savedSearches.processEvents();
    await hide(hidden.id);
    await t.app.savedSearches.sendDigests(new Date(Date.now() + DAY_MS));
    expect(await alertsTo(student.email)).toEqual([]);
  });
});

describe("a hidden posting's images", () => {
  it('answer 404 like a missing posting to other students, and still load for its admin and the moderators', async () => {
    const admin = await createMember(t);
    const student = await createMember(t);
    const created = await post(admin, 'Walsh', true);
    const image = created.images[0];
    if (!image) throw new Error('no image');
    const fetchAs = (member: TestMember, url: string) =>
      t.app.inject({ method: 'GET', url, headers: { cookie: member.cookie } });

    // Before the hide, any member sees it.
    expect((await fetchAs(student, image.cardUrl)).statusCode).toBe(200);
    await hide(created.id);

    const missing = await fetchAs(student, image.cardUrl.replace(created.id, randomUUID()));
    expect(missing.statusCode).toBe(404);
    for (const url of [image.cardUrl, image.fullUrl]) {
      const refused = await fetchAs(student, url);
      expect(refused.statusCode).toBe(404);
      expect(refused.headers['content-type']).toBe(missing.headers['content-type']);
      expect(refused.json()).toEqual(missing.json());
      for (const allowed of [admin, moderator]) {
        const response = await fetchAs(allowed, url);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('image/webp');
      }
    }
  });
});

describe('bookmarking a hidden posting', () => {
  it('answers exactly as bookmarking a missing posting, and stores nothing', async () => {
    const admin = await createMember(t);
    const student = await createMember(t);
    const created = await post(admin, 'Voute');
    await hide(created.id);
    const bookmarkAs = (member: TestMember, postingId: string) =>
      t.app.inject({ method: 'PUT', url: `/api/postings/${postingId}/bookmark`, headers: headers(member) });

    const missing = await bookmarkAs(student, randomUUID());
    const hidden = await bookmarkAs(student, created.id);
    expect(missing.statusCode).toBe(404);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(missing.json());
    const stored = await t.database.db
      .select()
      .from(bookmark)
      .where(and(eq(bookmark.userId, student.id), eq(bookmark.postingId, created.id)));
    expect(stored).toEqual([]);
    // The admin is still told it is their own posting, as before the hide.
    expect((await bookmarkAs(admin, created.id)).statusCode).toBe(403);
  });
});

describe('every route of a hidden posting', () => {
  /** A body each route takes, so that the call reaches the posting (an empty one would stop at validation). */
  type Body = { payload?: unknown; contentType?: string };
  const noBody = async (): Promise<Body> => ({});
  const bodies: Record<string, () => Promise<Body>> = {
    'PUT /api/postings/:id': async () => {
      const body = await multipart({ posting: onCampusPosting({ dorm: 'Walsh' }) });
      return { payload: body.payload, contentType: body.contentType };
    },
    'PATCH /api/postings/:id/status': async () => ({ payload: { status: 'Fulfilled' } }),
    'POST /api/postings/:id/pings': async () => ({ payload: { message: 'Is the room free?' } }),
    'POST /api/postings/:id/reports': async () => ({ payload: { reason: 'scam', details: 'A wire first.' } }),
    'PUT /api/postings/:id/members/:memberId/role': async () => ({ payload: { role: 'coadmin' } }),
    'POST /api/postings/:id/hand-over': async () => ({ payload: { memberId: randomUUID() } }),
  };

  it('answers a student outside its group exactly as a missing posting, on every route (issue 30)', async () => {
    const admin = await createMember(t);
    const student = await createMember(t);
    const created = await post(admin, 'Stayer');
    const [row] = await t.database.db.select().from(postingMember).where(eq(postingMember.postingId, created.id));
    const memberId = row?.id ?? randomUUID();
    await hide(created.id);

    const ofAPosting = routes.filter((r) => r.url.startsWith('/api/postings/:id') && r.method !== 'HEAD');
    // The posting's own routes, the group's, its pings, fit, bookmark and reports: none left out.
    expect(ofAPosting.length).toBeGreaterThanOrEqual(14);
    const call = async (route: { method: string; url: string }, postingId: string) => {
      const body = await (bodies[`${route.method} ${route.url}`] ?? noBody)();
      return t.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(':id', postingId).replace(':memberId', memberId),
        headers: {
          ...headers(student),
          ...(body.contentType ? { 'content-type': body.contentType } : {}),
        },
        ...(body.payload === undefined ? {} : { payload: body.payload as string }),
      });
    };
    const differ: string[] = [];
    for (const route of ofAPosting) {
      const missingId = randomUUID();
      const missing = await call(route, missingId);
      const hidden = await call(route, created.id);
      // An answer that echoes the id it was asked about (unbookmarking) is compared without it.
      const hiddenBody = hidden.body.replaceAll(created.id, missingId);
      if (missing.statusCode >= 500 || hidden.statusCode >= 500) differ.push(`${route.method} ${route.url}: 5xx`);
      if (hidden.statusCode !== missing.statusCode || hiddenBody !== missing.body) {
        differ.push(
          `${route.method} ${route.url}: hidden ${hidden.statusCode} ${hidden.body} / missing ${missing.statusCode} ${missing.body}`,
        );
      }
    }
    expect(differ).toEqual([]);
    // Nothing was changed on the hidden posting by any of those calls.
    const [still] = await t.database.db.select().from(posting).where(eq(posting.id, created.id));
    expect(still?.hiddenAt).not.toBeNull();
    expect(still?.status).toBe('Unfulfilled');
    // Its group and the moderators still see it, and get the answers they got before the hide.
    const as = (member: TestMember, method: 'POST' | 'PATCH', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: headers(member), ...(payload ? { payload } : {}) });
    const adminLeaves = await as(admin, 'POST', `/api/postings/${created.id}/leave`);
    expect(adminLeaves.json().error.code).toBe('ADMIN_CANNOT_LEAVE');
    const moderatorSets = await as(moderator, 'PATCH', `/api/postings/${created.id}/status`, { status: 'Fulfilled' });
    expect(moderatorSets.json().error.code).toBe('NOT_POSTING_ADMIN');
    const moderatorInvites = await as(moderator, 'POST', `/api/postings/${created.id}/members/${memberId}/invite`);
    expect(moderatorInvites.json().error.code).toBe('NOT_GROUP_ADMIN');
  });
});
