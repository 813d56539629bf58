/**
 * Where an off-campus posting is (issue 33): the pin's validation, the walking minutes stored on
 * save, who sees the exact pin and who the area around it, and the walking filter and sort.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, posting, postingWalk, studentUsage } from '../../src/server/db/schema';
import { postingValidation } from '../../src/shared/posting-validation-messages';
import type { PostingCard, PostingDetail, PostingPage } from '../../src/shared/schemas/posting-view';
import { distanceMetres } from '../../src/shared/walking';
import { createTestApp, type TestApp } from '../support/app';
import { createMember, originHeader, type TestMember } from '../support/users';
import { offCampusPosting, sendPosting } from './postings-support';

let t: TestApp;
let admin: TestMember;
let student: TestMember;
let accepted: TestMember;

/** Near Cleveland Circle: about 1.5 km from Main Campus, next to the Cleveland Circle stop. */
const nearCleveland = { pinLatitude: '42.3366', pinLongitude: '-71.1498' };
/** Beside Main Campus. */
const besideCampus = { pinLatitude: 42.3352, pinLongitude: -71.1672 };

const get = (url: string, member?: TestMember) =>
  t.app.inject({ method: 'GET', url, headers: member ? { cookie: member.cookie } : {} });

async function create(fields: object): Promise<PostingDetail> {
  await t.database.db.delete(studentUsage).where(eq(studentUsage.userId, admin.id));
  const response = await sendPosting(t, { cookie: admin.cookie, posting: offCampusPosting(fields) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as PostingDetail;
}

const detailOf = async (id: string, member: TestMember) => {
  const response = await get(`/api/postings/${id}`, member);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PostingDetail;
};

beforeAll(async () => {
  t = await createTestApp();
  [admin, student, accepted] = await Promise.all([
    createMember(t, { name: 'Maeve Kelly' }),
    createMember(t, { name: 'Liam Walsh' }),
    createMember(t, { name: 'Aoife Byrne' }),
  ]);
});
afterAll(() => t?.close());

describe('placing the pin', () => {
  it('refuses a pin outside the map, half a pin, and words, each in a plain message', async () => {
    const cases: [object, string][] = [
      [
        { pinLatitude: '40.7128', pinLongitude: '-74.0060' },
        postingValidation.pinOutside(-71.21, 42.315, -71.115, 42.365),
      ],
      [{ pinLatitude: '42.3366', pinLongitude: '' }, postingValidation.pinBoth],
      [{ pinLatitude: 'north', pinLongitude: '-71.1498' }, postingValidation.pinLatitude],
      [{ pinLatitude: '42.3366', pinLongitude: 'Infinity' }, postingValidation.pinLongitude],
    ];
    for (const [fields, message] of cases) {
      const response = await sendPosting(t, { cookie: admin.cookie, posting: offCampusPosting(fields) });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().error.details).toEqual([message]);
    }
  });

  it('stores the walking minutes to each campus place and the nearest stop, nearest first', async () => {
    const detail = await create(nearCleveland);
    expect(detail.walks).toEqual([
      { placeKey: 'brighton', placeName: 'Brighton Campus', minutes: 15, via: null },
      { placeKey: 'main', placeName: 'Main Campus', minutes: 25, via: null },
      { placeKey: 'newton', placeName: 'Newton Campus', minutes: 60, via: null },
      {
        placeKey: 'main',
        placeName: 'Main Campus',
        minutes: 5,
        via: { stopName: 'Cleveland Circle', rideMinutes: 8 },
      },
    ]);
    const rows = await t.database.db.select().from(postingWalk).where(eq(postingWalk.postingId, detail.id));
    expect(rows.map((row) => [row.placeKey, row.minutes]).sort()).toEqual([
      ['brighton', 15],
      ['main', 25],
      ['newton', 60],
    ]);
  });

  it('an on-campus posting, or one without a pin, has no pin and no walks', async () => {
    const detail = await create({ pinLatitude: '', pinLongitude: '' });
    expect(detail.pin).toBeNull();
    expect(detail.walks).toEqual([]);
  });
});

describe('who sees the exact pin', () => {
  let detail: PostingDetail;
  beforeAll(async () => {
    detail = await create(nearCleveland);
  });

  it('the admin sees it exactly; another student sees the centre of a 200 m area that holds it', async () => {
    expect(detail.pin).toEqual({ latitude: 42.3366, longitude: -71.1498, exact: true, radiusMeters: null });
    expect(detail.pinExactChosen).toBe(false);
    const seen = await detailOf(detail.id, student);
    expect(seen.pin?.exact).toBe(false);
    expect(seen.pin?.radiusMeters).toBe(200);
    expect(seen.pinExactChosen).toBeNull();
    const pin = { latitude: 42.3366, longitude: -71.1498 };
    const away = distanceMetres(pin, seen.pin as { latitude: number; longitude: number });
    expect(away).toBeLessThan(200);
    // Fixed when saved: reading again cannot be averaged back to the pin.
    expect((await detailOf(detail.id, student)).pin).toEqual(seen.pin);
  });

  it('an edit that keeps the pin keeps the area; moving the pin draws a new one', async () => {
    const [row] = await t.database.db.select().from(posting).where(eq(posting.id, detail.id));
    const edit = (fields: object) =>
      sendPosting(t, {
        method: 'PUT',
        url: `/api/postings/${detail.id}`,
        cookie: admin.cookie,
        posting: offCampusPosting({
          ...fields,
          members: [{ ...offCampusPosting().members?.[0], id: detail.members[0]?.id } as never],
        }),
      });
    const kept = await edit({ ...nearCleveland, description: 'Edited.' });
    expect(kept.statusCode, kept.body).toBe(200);
    const [after] = await t.database.db.select().from(posting).where(eq(posting.id, detail.id));
    expect([after?.pinAreaLatitude, after?.pinAreaLongitude]).toEqual([row?.pinAreaLatitude, row?.pinAreaLongitude]);
    const moved = await edit({ pinLatitude: '42.3367', pinLongitude: '-71.1498' });
    expect(moved.statusCode, moved.body).toBe(200);
    const [now] = await t.database.db.select().from(posting).where(eq(posting.id, detail.id));
    expect(now?.pinAreaLatitude).not.toBe(row?.pinAreaLatitude);
    await edit(nearCleveland);
  });

  it('a student whose ping the group accepted sees it exactly; one still pending does not', async () => {
    const ping = await t.app.inject({
      method: 'POST',
      url: `/api/postings/${detail.id}/pings`,
      headers: { ...originHeader(t), cookie: accepted.cookie },
      payload: {},
    });
    expect(ping.statusCode, ping.body).toBe(201);
    expect((await detailOf(detail.id, accepted)).pin?.exact).toBe(false);
    const answer = await t.app.inject({
      method: 'PATCH',
      url: `/api/pings/${ping.json().id}`,
      headers: { ...originHeader(t), cookie: admin.cookie },
      payload: { status: 'accepted' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await detailOf(detail.id, accepted)).pin).toEqual({
      latitude: 42.3366,
      longitude: -71.1498,
      exact: true,
      radiusMeters: null,
    });
    expect((await detailOf(detail.id, student)).pin?.exact).toBe(false);
  });

  it('search cards carry only the area, whoever asks (the search cache shares them)', async () => {
    for (const member of [admin, accepted, student]) {
      const page = (await get('/api/postings?location=offcampus&limit=50', member)).json() as PostingPage;
      const card = page.items.find((item) => item.id === detail.id) as PostingCard;
      expect(card.pin?.exact).toBe(false);
      expect(card.pin?.radiusMeters).toBe(200);
      expect(card.walks[0]).toEqual({ placeKey: 'brighton', placeName: 'Brighton Campus', minutes: 15, via: null });
    }
  });

  it('the admin may show it exactly to everyone from the start', async () => {
    const open = await create({ ...besideCampus, pinExact: true });
    expect(open.pinExactChosen).toBe(true);
    expect((await detailOf(open.id, student)).pin).toEqual({
      latitude: 42.3352,
      longitude: -71.1672,
      exact: true,
      radiusMeters: null,
    });
  });
});

describe('the walking filter and sort', () => {
  let near: PostingDetail;
  let far: PostingDetail;
  let none: PostingDetail;
  beforeAll(async () => {
    await t.database.db.execute(sql`DELETE FROM posting`);
    near = await create(besideCampus);
    far = await create(nearCleveland);
    none = await create({ pinLatitude: '', pinLongitude: '' });
  });

  const ids = async (query: string) => {
    const response = await get(`/api/postings?location=offcampus&${query}`, student);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as PostingPage).items.map((item) => item.id);
  };

  it("keeps what is within N minutes' walk of the place; postings without a pin never match", async () => {
    expect(await ids('walkPlace=main&walkMinutes=10')).toEqual([near.id]);
    expect(await ids('walkPlace=main&walkMinutes=25')).toEqual([far.id, near.id]);
    expect(await ids('walkPlace=brighton&walkMinutes=15')).toEqual([far.id]);
  });

  it('sorts by walking time to the place (the first place when none is named), pins first, and pages', async () => {
    expect(await ids('sort=walk&walkPlace=main')).toEqual([near.id, far.id, none.id]);
    expect(await ids('sort=walk')).toEqual([near.id, far.id, none.id]);
    expect(await ids('sort=walk&walkPlace=brighton')).toEqual([far.id, near.id, none.id]);
    const first = (await get('/api/postings?location=offcampus&sort=walk&limit=1', student)).json() as PostingPage;
    const second = (
      await get(`/api/postings?location=offcampus&sort=walk&limit=2&cursor=${first.nextCursor}`, student)
    ).json() as PostingPage;
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual([near.id, far.id, none.id]);
  });

  it('refuses a place the college does not have, and minutes without a place', async () => {
    const unknown = await get('/api/postings?location=offcampus&walkPlace=harvard&walkMinutes=10', student);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('That place is not one of the campus places.');
    const alone = await get('/api/postings?location=offcampus&walkMinutes=10', student);
    expect(alone.statusCode).toBe(400);
  });
});

describe("a saved search's alert", () => {
  it("honours 'within N minutes' walk': only the posting within reach is e-mailed", async () => {
    await t.app.savedSearches.processEvents();
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      headers: { ...originHeader(t), cookie: student.cookie },
      payload: {
        name: 'Near Main Campus',
        alert: 'immediately',
        filters: { location: 'offcampus', walkPlace: 'main', walkMinutes: 10, sort: 'walk' },
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      headers: { ...originHeader(t), cookie: student.cookie },
      payload: {
        name: 'Far away',
        alert: 'off',
        filters: { location: 'offcampus', walkPlace: 'harvard', walkMinutes: 10 },
      },
    });
    expect(unknown.statusCode).toBe(400);

    const near = await create(besideCampus);
    const far = await create(nearCleveland);
    await t.app.savedSearches.processEvents();
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, student.email), eq(mailOutbox.kind, 'saved-search-alert')));
    const named = mails.map((mail) => mail.textBody).join('\n');
    expect(named).toContain(near.id);
    expect(named).not.toContain(far.id);
  });
});
