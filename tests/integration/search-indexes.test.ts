/**
 * Every filter combination of the search is answered from an index: with a realistic table and
 * fresh statistics, PostgreSQL's plan for each combination reads `posting` through an index and
 * never scans it whole. Runs on PostgreSQL (TEST_DATABASE_URL), where the planner is the real one.
 */
import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBulkPostings } from '../../scripts/lib/bulk-postings';
import { queryRows } from '../../src/server/db/client';
import { type Cursor, searchStatementForExplain } from '../../src/server/search/queries';
import { type SearchFilters, searchFiltersSchema } from '../../src/shared/schemas/filters';
import { createTestApp, type TestApp } from '../support/app';
import { createMember, type TestMember } from '../support/users';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ROWS = 40_000;

let t: TestApp;
let member: TestMember;

/** All subsets of the fields, each with one realistic value. */
function combinations(values: Record<string, string>): Record<string, string>[] {
  const keys = Object.keys(values);
  const out: Record<string, string>[] = [];
  for (let mask = 0; mask < 1 << keys.length; mask++) {
    const combo: Record<string, string> = {};
    keys.forEach((key, i) => {
      if (mask & (1 << i)) combo[key] = values[key] as string;
    });
    out.push(combo);
  }
  return out;
}

/**
 * Sequential scans of posting that are not the bounded count: the first page's count may read the
 * first table pages when most postings match, but only under its own Limit of COUNT_CAP + 1 rows.
 */
function unboundedSeqScans(text: string): string[] {
  const lines = text.split('\n');
  return lines.filter(
    (line, i) => /Seq Scan on posting/.test(line) && !/->\s+Limit\s.*rows=1001 /.test(lines[i - 1] ?? ''),
  );
}

async function plan(statement: SQL): Promise<string> {
  const rows = await queryRows<Record<string, string>>(t.database.db, sql`EXPLAIN ${statement}`);
  return rows.map((row) => Object.values(row)[0]).join('\n');
}

describe.runIf(onPostgres)('search plans on PostgreSQL', () => {
  beforeAll(async () => {
    t = await createTestApp();
    member = await createMember(t);
    await insertBulkPostings(t.database.db, {
      adminId: member.id,
      dormKeys: t.config.college.dorms.map((dorm) => dorm.key),
      from: 1,
      to: ROWS,
    });
    // Walking minutes (issue 33) to three places for each off-campus posting, 5 to 120 minutes.
    await t.database.db.execute(sql`
      INSERT INTO posting_walk (posting_id, place_key, minutes)
      SELECT p.id, k, 5 + (abs(hashtext(p.id::text || k)) % 24) * 5
      FROM posting p, unnest(ARRAY['main', 'brighton', 'newton']) AS k
      WHERE p.listing_location = 'offcampus'`);
    await t.database.db.execute(sql`ANALYZE posting`);
    await t.database.db.execute(sql`ANALYZE posting_walk`);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const onCampus = combinations({
    groupSize: '2',
    housingAim: '4',
    dorm: 'Walsh',
    gender: 'Female',
    classYear: 'senior',
    sublet: 'yes',
  }).flatMap((combo) => [
    { location: 'oncampus', ...combo },
    { location: 'oncampus', sort: 'seeking', ...combo },
    { location: 'oncampus', hideFulfilled: 'yes', ...combo },
  ]);
  const offCampus = combinations({
    groupSize: '1',
    housingAim: '3',
    maxRent: '1000',
    moveIn: '2027-06-01',
    moveOut: '2027-08-31',
    sublet: 'yes',
    gender: 'male',
    classYear: 'junior',
  }).flatMap((combo) => [
    { location: 'offcampus', ...combo },
    { location: 'offcampus', sort: 'rent', ...combo },
    { location: 'offcampus', sort: 'seeking', ...combo },
  ]);

  it(`reads posting through an index for all ${onCampus.length + offCampus.length} filter combinations`, async () => {
    const scans: string[] = [];
    for (const raw of [...onCampus, ...offCampus]) {
      const filters: SearchFilters = searchFiltersSchema.parse(raw);
      const text = await plan(searchStatementForExplain(filters));
      if (unboundedSeqScans(text).length > 0) scans.push(`${JSON.stringify(raw)}\n${text}`);
    }
    expect(scans).toEqual([]);
  });

  it("answers 'within N minutes' walk' from the walking index, alone and with other filters and sorts", async () => {
    const alone = await plan(
      searchStatementForExplain(
        searchFiltersSchema.parse({ location: 'offcampus', walkPlace: 'main', walkMinutes: '10' }),
      ),
    );
    expect(alone).toMatch(/posting_walk_place_idx/);
    const walking = combinations({ groupSize: '1', maxRent: '1000', sublet: 'yes', gender: 'male' }).flatMap(
      (combo) => [
        { location: 'offcampus', walkPlace: 'main', walkMinutes: '10', ...combo },
        { location: 'offcampus', walkPlace: 'brighton', walkMinutes: '10', sort: 'rent', ...combo },
        { location: 'offcampus', walkPlace: 'main', walkMinutes: '10', sort: 'walk', ...combo },
      ],
    );
    const problems: string[] = [];
    for (const raw of walking) {
      const text = await plan(searchStatementForExplain(searchFiltersSchema.parse(raw)));
      // Either the place's index finds the postings within reach, or a more selective filter's
      // index finds the postings and each one's walk is read by its key: never a whole table.
      if (unboundedSeqScans(text).length > 0 || /Seq Scan on posting_walk/.test(text)) {
        problems.push(`${JSON.stringify(raw)}\n${text}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers the walking sort with no walking filter from the walking index, a page at a time', async () => {
    const cases: [Record<string, string>, Cursor | undefined][] = [
      [{ location: 'offcampus', sort: 'walk', walkPlace: 'main' }, undefined],
      [
        { location: 'offcampus', sort: 'walk', walkPlace: 'brighton' },
        { kind: 'walk', walkKey: 30, id: randomUUID() },
      ],
      [{ location: 'offcampus', sort: 'walk', walkPlace: 'main', groupSize: '1' }, undefined],
      [{ location: 'offcampus', sort: 'walk', walkPlace: 'newton', maxRent: '1000' }, undefined],
    ];
    for (const [raw, cursor] of cases) {
      const text = await plan(searchStatementForExplain(searchFiltersSchema.parse(raw), cursor));
      // The place's walks are read in the index's order (no sort of every posting), and the
      // postings are found by their key: no whole table is read.
      expect(text, JSON.stringify(raw)).toMatch(/Index (Only )?Scan using posting_walk_place_idx/);
      expect(unboundedSeqScans(text), `${JSON.stringify(raw)}\n${text}`).toEqual([]);
      expect(text, JSON.stringify(raw)).not.toMatch(/Seq Scan on posting_walk/);
    }
  });

  it('reads later pages through an index too', async () => {
    const newest: Cursor = { kind: 'newest', createdAt: new Date().toISOString(), id: crypto.randomUUID() };
    const rent: Cursor = { kind: 'rent', rentKey: 1000, id: crypto.randomUUID() };
    const seeking: Cursor = {
      kind: 'seeking',
      curNumSeek: 2,
      createdAt: new Date().toISOString(),
      id: crypto.randomUUID(),
    };
    const cases: [Record<string, string>, Cursor][] = [
      [{ location: 'oncampus' }, newest],
      [{ location: 'oncampus', dorm: 'Walsh', groupSize: '2' }, newest],
      [{ location: 'offcampus', sort: 'rent' }, rent],
      [{ location: 'offcampus', sort: 'rent', maxRent: '1200' }, rent],
      [{ location: 'oncampus', sort: 'seeking' }, seeking],
      [{ location: 'offcampus', sort: 'seeking', groupSize: '2' }, seeking],
    ];
    for (const [raw, cursor] of cases) {
      const text = await plan(searchStatementForExplain(searchFiltersSchema.parse(raw), cursor));
      expect(text, JSON.stringify(raw)).not.toMatch(/Seq Scan on posting/);
      expect(text, JSON.stringify(raw)).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
    }
  });

  it('answers the seeking-most sort by walking its index without sorting', async () => {
    const text = await plan(
      searchStatementForExplain(searchFiltersSchema.parse({ location: 'oncampus', sort: 'seeking' }), {
        kind: 'seeking',
        curNumSeek: 3,
        createdAt: new Date().toISOString(),
        id: crypto.randomUUID(),
      }),
    );
    expect(text).toMatch(/Index Scan using posting_location_seeking_idx/);
    expect(text).not.toMatch(/\bSort\b/);
  });

  it('answers the unfiltered first page by walking the newest-first index without sorting', async () => {
    const text = await plan(searchStatementForExplain(searchFiltersSchema.parse({ location: 'oncampus' })));
    expect(text).toMatch(/Index Scan using posting_location_created_idx/);
    expect(text).not.toMatch(/\bSort\b/);
  });
});
