/**
 * 'Best fit' stays bounded as the table grows (issue 13, docs/decisions/0015 and 0021): with a
 * realistic table and fresh statistics, PostgreSQL's plans read `posting`, `posting_member`, `user`
 * and `lifestyle_answer` through indexes, never whole, for the filters students use. Runs on
 * PostgreSQL (TEST_DATABASE_URL).
 */
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignBulkGroups, insertBulkPostings, insertBulkProfiles } from '../../scripts/lib/bulk-postings';
import { queryRows } from '../../src/server/db/client';
import { fitStatementsForExplain } from '../../src/server/search/fit-queries';
import { activeQuestions } from '../../src/shared/lifestyle';
import { searchFiltersSchema } from '../../src/shared/schemas/filters';
import { createTestApp, type TestApp } from '../support/app';
import { createMember, type TestMember } from '../support/users';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ROWS = 40_000;

let t: TestApp;
let member: TestMember;

async function plan(statement: SQL): Promise<string> {
  const rows = await queryRows<Record<string, string>>(t.database.db, sql`EXPLAIN ${statement}`);
  return rows.map((row) => Object.values(row)[0]).join('\n');
}

describe.runIf(onPostgres)("'Best fit' plans on PostgreSQL", () => {
  const keys = () => activeQuestions(t.config.college.lifestyle).map((q) => q.key);

  beforeAll(async () => {
    t = await createTestApp();
    member = await createMember(t);
    await insertBulkProfiles(t.database.db, member.id, keys());
    await insertBulkPostings(t.database.db, {
      adminId: member.id,
      dormKeys: t.config.college.dorms.map((dorm) => dorm.key),
      from: 1,
      to: ROWS,
    });
    await assignBulkGroups(t.database.db, member.id);
    await t.database.db.execute(sql`ANALYZE`);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('ranks a bounded window read through indexes', async () => {
    const cases = [
      { location: 'oncampus', sort: 'fit' },
      { location: 'oncampus', sort: 'fit', dorm: 'Walsh' },
      { location: 'oncampus', sort: 'fit', dorm: 'Walsh', groupSize: '2' },
      { location: 'offcampus', sort: 'fit', maxRent: '1000' },
    ];
    const sample = await queryRows<{ id: string }>(t.database.db, sql`SELECT id FROM posting LIMIT 100`);
    const users = await queryRows<{ id: string }>(t.database.db, sql`SELECT id FROM "user" LIMIT 200`);
    const answers = await queryRows<{ question: string; self: number; accept: number; importance: number }>(
      t.database.db,
      sql`SELECT question, self, accept, importance FROM lifestyle_answer WHERE user_id = ${member.id}`,
    );
    for (const raw of cases) {
      const statements = fitStatementsForExplain(
        searchFiltersSchema.parse(raw),
        member,
        sample.map((r) => r.id),
        users.map((r) => r.id),
        answers,
      );
      for (const statement of statements) {
        const text = await plan(statement);
        const lines = text.split('\n');
        // The count of the first page may read the first table pages under its own Limit (decision 0008).
        const scans = lines.filter(
          (line, i) =>
            /Seq Scan on (posting|posting_member|"user"|user|lifestyle_answer)\b/.test(line) &&
            !lines.slice(Math.max(0, i - 3), i).some((above) => /->\s+Limit\s.*rows=1001 /.test(above)),
        );
        expect(scans, `${JSON.stringify(raw)}\n${text}`).toEqual([]);
      }
    }
  });
});
