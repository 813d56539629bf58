/**
 * Matching a new posting against saved searches never scans them all: with 10,000 saved searches
 * and fresh statistics, the plan for a posting of every shape reads saved_search through its
 * match index (one probe per "this value or any" combination). Runs on the embedded database and,
 * with TEST_DATABASE_URL, on PostgreSQL: both plan with PostgreSQL's own planner.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBulkSavedSearches } from '../../scripts/lib/bulk-saved-searches';
import { queryRows } from '../../src/server/db/client';
import { type AlertPosting, candidateStatement } from '../../src/server/saved-searches/queries';
import { createTestApp, type TestApp } from '../support/app';

const SEARCHES = 10_000;
let t: TestApp;

const base: AlertPosting = {
  id: '00000000-0000-4000-8000-000000000000',
  adminUserId: 'bulk-student-1',
  listingLocation: 'oncampus',
  dorm: 'Walsh',
  address: null,
  aimInteger: 4,
  curNumSeek: 2,
  adminGender: 'female',
  adminAcademicYear: 'junior',
  sublet: false,
  rentPerPerson: null,
  rentStart: null,
  rentEnd: null,
  status: 'Unfulfilled',
  hidden: false,
};

const shapes: [string, AlertPosting][] = [
  ['on campus, Walsh, 4-man seeking 2', base],
  ['on campus, another dorm, a rare gender', { ...base, dorm: 'Voute', adminGender: 'other', aimInteger: 9 }],
  [
    'on campus, seeking 1, senior',
    { ...base, dorm: 'Gabelli', curNumSeek: 1, aimInteger: 2, adminAcademicYear: 'senior' },
  ],
  [
    'off campus with rent and dates',
    {
      ...base,
      listingLocation: 'offcampus',
      dorm: null,
      address: '12 Foster Street',
      rentPerPerson: 1000,
      rentStart: '2027-06-01',
      rentEnd: '2028-05-31',
    },
  ],
  [
    'off campus sublet, male freshman',
    {
      ...base,
      listingLocation: 'offcampus',
      dorm: null,
      address: '3 Lake Street',
      sublet: true,
      adminGender: 'male',
      adminAcademicYear: 'freshman',
      curNumSeek: 3,
      aimInteger: 6,
    },
  ],
];

async function plan(posting: AlertPosting): Promise<string> {
  const rows = await queryRows<Record<string, string>>(t.database.db, sql`EXPLAIN ${candidateStatement(posting)}`);
  return rows.map((row) => Object.values(row)[0]).join('\n');
}

describe('alert matching plans', () => {
  beforeAll(async () => {
    t = await createTestApp();
    await insertBulkSavedSearches(t.database.db, {
      users: 500,
      count: SEARCHES,
      dormKeys: t.config.college.dorms.map((dorm) => dorm.key),
      termsVersion: t.config.college.termsVersion,
    });
    await t.database.db.execute(sql`ANALYZE saved_search`);
    await t.database.db.execute(sql`ANALYZE "user"`);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it.each(shapes)('%s: read through the match index, never a scan of every search', async (_name, posting) => {
    const text = await plan(posting);
    expect(text, text).toMatch(/saved_search_match_idx/);
    expect(text, text).not.toMatch(/Seq Scan on saved_search/);
  });

  it('the index narrows to a small share of the searches', async () => {
    const [row] = await queryRows<{ n: unknown }>(
      t.database.db,
      sql`SELECT count(*) AS n FROM (${candidateStatement(base)}) AS c`,
    );
    const candidates = Number(row?.n);
    expect(candidates).toBeGreaterThan(0);
    expect(candidates).toBeLessThan(SEARCHES / 10);
  });
});
