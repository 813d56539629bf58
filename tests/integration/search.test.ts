import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookmark, ping, posting, postingImage } from '../../src/server/db/schema';
import { type MatchablePosting, matchesFilters } from '../../src/shared/matching';
import { type SearchFilters, searchFiltersSchema } from '../../src/shared/schemas/filters';
import type { PostingCard, PostingPage } from '../../src/shared/schemas/posting-view';
import { createTestApp, type TestApp } from '../support/app';
import { insertPosting, type PostingFields, postingRow } from '../support/browse-fixtures';
import { createMember, createUser, type TestMember } from '../support/users';

let t: TestApp;
let admin: TestMember;
let viewer: TestMember;
/** Everything inserted, newest first, as the matching definition sees it. */
const dataset: (MatchablePosting & { id: string; createdAt: Date })[] = [];

const DORMS = ['Walsh', 'Voute', 'Gabelli'];
const GENDERS = ['male', 'female', 'Female', 'other'];
const YEARS = ['senior', 'Junior', 'sophomore', 'FRESHMAN'];
const BASE = Date.UTC(2026, 0, 1);

function fieldsFor(i: number): PostingFields {
  const offCampus = i % 3 === 0;
  const curGroupSize = 1 + (i % 3);
  const curNumSeek = 1 + (Math.floor(i / 3) % 3);
  const start = `2027-0${1 + (i % 8)}-01`;
  const end = `2027-${String(4 + (i % 8)).padStart(2, '0')}-28`;
  const rent = i % 7 === 0 ? null : 700 + (i % 6) * 100;
  return {
    listingLocation: offCampus ? 'offcampus' : 'oncampus',
    dorm: offCampus ? null : (DORMS[Math.floor(i / 4) % DORMS.length] as string),
    address: offCampus ? `${i} Foster Street, Brighton, MA` : null,
    curGroupSize,
    curNumSeek,
    adminGender: GENDERS[i % GENDERS.length] as string,
    adminAcademicYear: YEARS[Math.floor(i / 2) % YEARS.length] as string,
    sublet: i % 5 === 0,
    monthlyRent: offCampus ? rent : null,
    rentType: offCampus && rent !== null ? 'per_person' : null,
    rentPerPerson: offCampus ? rent : null,
    rentStart: offCampus && i % 11 !== 0 ? start : null,
    rentEnd: offCampus && i % 11 !== 0 ? end : null,
    // Some postings share a creation time: paging must still neither repeat nor skip them.
    createdAt: new Date(BASE + Math.floor(i / 2) * 60_000),
  };
}

async function search(member: TestMember, query: string) {
  return t.app.inject({ method: 'GET', url: `/api/postings?${query}`, headers: { cookie: member.cookie } });
}

/** Every page of a search, in order. */
async function searchAll(query: string, limit = 7): Promise<PostingCard[]> {
  const cards: PostingCard[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const response = await search(viewer, `${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as PostingPage;
    cards.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) return cards;
  }
  throw new Error('too many pages');
}

function expected(filters: Record<string, string>): string[] {
  const parsed: SearchFilters = searchFiltersSchema.parse(filters);
  return dataset.filter((p) => matchesFilters(p, parsed)).map((p) => p.id);
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, viewer] = await Promise.all([createMember(t), createMember(t)]);
  const rows = Array.from({ length: 90 }, (_, i) => postingRow(admin.id, fieldsFor(i)));
  const inserted = await t.database.db.insert(posting).values(rows).returning();
  for (const row of inserted) {
    dataset.push({
      id: row.id,
      createdAt: row.createdAt,
      listingLocation: row.listingLocation,
      dorm: row.dorm,
      aimInteger: row.aimInteger,
      curNumSeek: row.curNumSeek,
      adminGender: row.adminGender,
      adminAcademicYear: row.adminAcademicYear,
      sublet: row.sublet,
      rentPerPerson: row.rentPerPerson,
      rentStart: row.rentStart,
      rentEnd: row.rentEnd,
    });
  }
  dataset.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/postings filters (spec section 5)', () => {
  const single: Record<string, string>[] = [
    { location: 'oncampus' },
    { location: 'offcampus' },
    { location: 'oncampus', housingAim: '4' },
    { location: 'oncampus', groupSize: '2' },
    { location: 'oncampus', dorm: 'Voute' },
    { location: 'oncampus', gender: 'female' },
    { location: 'oncampus', gender: 'FEMALE' },
    { location: 'oncampus', classYear: 'junior' },
    { location: 'oncampus', classYear: 'Freshman' },
    { location: 'oncampus', sublet: 'yes' },
    { location: 'oncampus', sublet: 'no' },
    { location: 'offcampus', housingAim: '3' },
    { location: 'offcampus', groupSize: '3' },
    { location: 'offcampus', gender: 'Male' },
    { location: 'offcampus', classYear: 'senior' },
    { location: 'offcampus', sublet: 'yes' },
    { location: 'offcampus', maxRent: '900' },
    { location: 'offcampus', moveIn: '2027-09-01' },
    { location: 'offcampus', moveOut: '2027-03-15' },
  ];
  for (const filters of single) {
    it(`filters by ${JSON.stringify(filters)}`, async () => {
      const want = expected(filters);
      expect(want.length).toBeGreaterThan(0);
      const got = await searchAll(new URLSearchParams(filters).toString());
      expect(got.map((c) => c.id)).toEqual(want);
    });
  }

  const combined: Record<string, string>[] = [
    { location: 'oncampus', dorm: 'Walsh', groupSize: '1' },
    { location: 'oncampus', dorm: 'Gabelli', groupSize: '2', housingAim: '4' },
    { location: 'oncampus', gender: 'female', classYear: 'junior' },
    { location: 'oncampus', dorm: 'Walsh', gender: 'female', sublet: 'no' },
    { location: 'offcampus', maxRent: '1000', moveIn: '2027-05-01', moveOut: '2027-06-30' },
    { location: 'offcampus', groupSize: '1', sublet: 'no', gender: 'other' },
    { location: 'offcampus', maxRent: '1100', classYear: 'sophomore', moveOut: '2027-06-01' },
  ];
  for (const filters of combined) {
    it(`combines ${JSON.stringify(filters)}`, async () => {
      const want = expected(filters);
      expect(want.length).toBeGreaterThan(0);
      const got = await searchAll(new URLSearchParams(filters).toString());
      expect(got.map((c) => c.id)).toEqual(want);
    });
  }

  it('answers an empty list when nothing matches', async () => {
    const response = await search(viewer, 'location=oncampus&dorm=Welch');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ items: [], nextCursor: null, total: { count: 0, atLeast: false } });
  });

  it('treats blank fields as no constraint', async () => {
    const blank = await searchAll(
      'location=oncampus&groupSize=&housingAim=&dorm=&gender=&classYear=&sublet=&maxRent=&moveIn=&moveOut=&sort=',
    );
    expect(blank.map((c) => c.id)).toEqual(expected({ location: 'oncampus' }));
    // No location at all means on campus (the default of docs/product-spec.md).
    const none = await searchAll('');
    expect(none.map((c) => c.id)).toEqual(expected({ location: 'oncampus' }));
  });

  it('ignores fields of the other location (a dorm does not constrain an off-campus search)', async () => {
    const got = await searchAll('location=offcampus&dorm=Walsh');
    expect(got.map((c) => c.id)).toEqual(expected({ location: 'offcampus' }));
  });

  it('sorts off-campus postings by rent per person, cheapest first, postings without rent last', async () => {
    const got = await searchAll('location=offcampus&sort=rent', 4);
    const rents = got.map((c) => dataset.find((p) => p.id === c.id)?.rentPerPerson ?? Number.POSITIVE_INFINITY);
    expect(got).toHaveLength(expected({ location: 'offcampus' }).length);
    expect(new Set(got.map((c) => c.id)).size).toBe(got.length);
    expect(rents).toEqual([...rents].sort((a, b) => a - b));
  });

  for (const location of ['oncampus', 'offcampus']) {
    it(`sorts ${location} postings seeking most first, newest first among equals, across pages`, async () => {
      const got = await searchAll(`location=${location}&sort=seeking`, 4);
      const want = dataset
        .filter((p) => matchesFilters(p, searchFiltersSchema.parse({ location })))
        .sort(
          (a, b) =>
            b.curNumSeek - a.curNumSeek || b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1),
        )
        .map((p) => p.id);
      expect(got.map((c) => c.id)).toEqual(want);
    });
  }

  it('counts the matching postings on the first page only', async () => {
    const searches: Record<string, string>[] = [
      { location: 'oncampus' },
      { location: 'offcampus', maxRent: '900' },
      { location: 'oncampus', dorm: 'Walsh', groupSize: '1' },
    ];
    for (const filters of searches) {
      const query = new URLSearchParams({ ...filters, limit: '3' }).toString();
      const first = (await search(viewer, query)).json() as PostingPage;
      expect(first.total, query).toEqual({ count: expected(filters).length, atLeast: false });
      const second = (await search(viewer, `${query}&cursor=${first.nextCursor}`)).json() as PostingPage;
      expect(second.total).toBeNull();
    }
  });

  it('hides Fulfilled postings when asked, and counts without them', async () => {
    const fulfilled = expected({ location: 'oncampus' }).slice(0, 5);
    await t.database.db.execute(
      sql`UPDATE posting SET status = 'Fulfilled' WHERE id IN (${sql.join(
        fulfilled.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    try {
      const all = await searchAll('location=oncampus');
      expect(all.map((c) => c.id)).toEqual(expected({ location: 'oncampus' }));
      const open = await searchAll('location=oncampus&hideFulfilled=yes', 4);
      const want = expected({ location: 'oncampus' }).filter((id) => !fulfilled.includes(id));
      expect(open.map((c) => c.id)).toEqual(want);
      const counted = (await search(viewer, 'location=oncampus&hideFulfilled=yes')).json() as PostingPage;
      expect(counted.total).toEqual({ count: want.length, atLeast: false });
    } finally {
      await t.database.db.execute(sql`UPDATE posting SET status = 'Unfulfilled'`);
    }
  });
});

describe('GET /api/postings validation and access', () => {
  const bad: [string, string][] = [
    ['groupSize=9', 'groupSize'],
    ['groupSize=two', 'groupSize'],
    ['groupSize=1.5', 'groupSize'],
    ['housingAim=13', 'housingAim'],
    ['groupSize=4&housingAim=3', 'housingAim'],
    ['location=moon', 'location'],
    ['gender=robot', 'gender'],
    ['classYear=fifth', 'classYear'],
    ['sublet=maybe', 'sublet'],
    ['location=offcampus&maxRent=-5', 'maxRent'],
    ['location=offcampus&moveIn=2027-02-30', 'moveIn'],
    ['location=offcampus&moveIn=2027-06-01&moveOut=2027-05-01', 'moveOut'],
    ['limit=500', 'limit'],
    ['sort=random', 'sort'],
    ['hideFulfilled=maybe', 'hideFulfilled'],
  ];
  for (const [query, field] of bad) {
    it(`refuses ${query} with a 400 naming ${field}`, async () => {
      const response = await search(viewer, query);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.error).toMatchObject({ code: 'VALIDATION_FAILED', title: 'Invalid Request' });
      expect(body.error.details.join('\n')).toContain(field);
    });
  }

  it('refuses an unknown dorm and a forged cursor with a 400', async () => {
    const dorm = await search(viewer, 'dorm=Hogwarts');
    expect(dorm.statusCode).toBe(400);
    expect(dorm.json().error.message).toBe('That dorm is not one of the listed dorms.');
    for (const cursor of ['garbage', Buffer.from('n|yesterday|x').toString('base64url'), 'a'.repeat(150)]) {
      const response = await search(viewer, `cursor=${cursor}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('BAD_REQUEST');
    }
    // A cursor of the newest-first order is not one of the rent order.
    const first = (await search(viewer, 'location=offcampus&limit=2')).json() as PostingPage;
    const mixed = await search(viewer, `location=offcampus&sort=rent&cursor=${first.nextCursor}`);
    expect(mixed.statusCode).toBe(400);
  });

  it('is for signed-in, verified members only', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/postings' });
    expect(anonymous.statusCode).toBe(401);
    const unaccepted = await createUser(t, { verified: true, acceptedTerms: false });
    const response = await search(unaccepted, 'location=oncampus');
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('TERMS_NOT_ACCEPTED');
  });
});

describe('GET /api/postings pages and cards', () => {
  it('pages newest first without repeats or gaps while postings are being added', async () => {
    const before = expected({ location: 'oncampus' });
    const seen: string[] = [];
    let cursor: string | null = null;
    let added = 0;
    do {
      const response = await search(viewer, `location=oncampus&limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      const page = response.json() as PostingPage;
      seen.push(...page.items.map((c) => c.id));
      cursor = page.nextCursor;
      // Someone publishes a posting between every two pages.
      await insertPosting(t.database.db, admin.id, { dorm: 'Walsh' });
      added++;
    } while (cursor);
    expect(added).toBeGreaterThan(5);
    expect(seen).toEqual(before);
    // The new postings come first on a fresh search.
    const fresh = (await search(viewer, 'location=oncampus&limit=50')).json() as PostingPage;
    expect(fresh.items.slice(added).map((c) => c.id)).toEqual(before.slice(0, 50 - added));
    // Put the dataset back the way the other tests expect it.
    await t.database.db.execute(sql`DELETE FROM posting WHERE created_at > ${new Date(BASE + 86_400_000)}`);
  });

  it('returns 20 cards by default with only card fields and the viewer-specific flags', async () => {
    const id = await insertPosting(t.database.db, admin.id, { dorm: 'Stayer', curGroupSize: 3, curNumSeek: 1 });
    await t.database.db.insert(postingImage).values([
      {
        postingId: id,
        position: 1,
        cardKey: 'postings/x/b-card.webp',
        fullKey: 'postings/x/b.webp',
        width: 8,
        height: 6,
      },
      {
        postingId: id,
        position: 0,
        cardKey: 'postings/x/a-card.webp',
        fullKey: 'postings/x/a.webp',
        width: 8,
        height: 6,
      },
    ]);
    await t.database.db.insert(ping).values(
      [viewer, admin].map((searcher) => ({
        postingId: id,
        searcherUserId: searcher.id,
        senderName: searcher.name,
        searcherEmail: searcher.email,
        adminUserId: admin.id,
      })),
    );
    await t.database.db.insert(bookmark).values({ userId: viewer.id, postingId: id });

    const page = (await search(viewer, 'location=oncampus')).json() as PostingPage;
    expect(page.items).toHaveLength(20);
    expect(page.nextCursor).toEqual(expect.any(String));
    const card = page.items[0] as PostingCard;
    expect(card).toEqual({
      id,
      listingLocation: 'oncampus',
      dorm: 'Stayer',
      address: null,
      aimInteger: 4,
      curNumSeek: 1,
      status: 'Unfulfilled',
      monthlyRent: null,
      rentType: null,
      sublet: false,
      imageUrl: '/api/images/postings/x/a-card.webp',
      interestCount: 2,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
      stale: false,
      viewerIsAdmin: false,
      viewerBookmarked: true,
      // On campus: no pin, no walks (issue 33).
      pin: null,
      walks: [],
    });
    // The admin sees the same card as theirs, not bookmarked.
    const adminCard = ((await search(admin, 'location=oncampus&limit=1')).json() as PostingPage).items[0];
    expect(adminCard).toMatchObject({ id, viewerIsAdmin: true, viewerBookmarked: false, interestCount: 2 });
    // Other cards: no image, nobody interested.
    expect(page.items[1]).toMatchObject({ imageUrl: null, interestCount: 0, viewerBookmarked: false });
    await t.database.db.execute(sql`DELETE FROM posting WHERE id = ${id}`);
  });

  it('shows rent and its type on off-campus cards', async () => {
    const id = await insertPosting(t.database.db, admin.id, {
      listingLocation: 'offcampus',
      address: '5 Lake Street',
      curGroupSize: 2,
      curNumSeek: 2,
      monthlyRent: 4000,
      rentType: 'total',
      rentPerPerson: 1000,
      rentStart: '2027-06-01',
      rentEnd: '2028-05-31',
      sublet: true,
    });
    const card = ((await search(viewer, 'location=offcampus&limit=1')).json() as PostingPage).items[0];
    expect(card).toMatchObject({
      id,
      address: '5 Lake Street',
      dorm: null,
      monthlyRent: 4000,
      rentType: 'total',
      sublet: true,
    });
    await t.database.db.execute(sql`DELETE FROM posting WHERE id = ${id}`);
  });
});
