/**
 * 'Best fit' has a bounded cost per student (issue 22, docs/decisions/0021): one student's flood of
 * fit requests never freezes the site, each student has a rate limit and one request in flight,
 * their own postings are left out of their ranking, and a slow statement ends with a clear message.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignBulkGroups, insertBulkPostings, insertBulkProfiles } from '../../scripts/lib/bulk-postings';
import { activeQuestions } from '../../src/shared/lifestyle';
import type { PostingPage } from '../../src/shared/schemas/posting-view';
import { createTestApp, type TestApp } from '../support/app';
import { createMember, originHeader, type TestMember } from '../support/users';

const POSTINGS = 1000;
/** Extra linked members per posting, on top of the admin and the seeder's one member. */
const EXTRA_MEMBERS = 3;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { backgroundJobs: false });
});
afterAll(async () => {
  await t?.close();
});

const fitUrl = '/api/postings?location=oncampus&sort=fit';
const get = (member: TestMember, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...originHeader(t), cookie: member.cookie } });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** Gives `userId` the same answers as `from` (every student of the flood is scored). */
async function copyAnswers(userId: string, from: string) {
  await t.database.db.execute(sql`
    INSERT INTO lifestyle_answer (user_id, question, self, accept, importance)
    SELECT ${userId}, question, self, accept, importance FROM lifestyle_answer WHERE user_id = ${from}`);
}

describe("a flood of 'Best fit' requests", () => {
  it('leaves /healthz answering within 200 ms while 8 fit requests run', async () => {
    const keys = activeQuestions(t.config.college.lifestyle).map((q) => q.key);
    const students = await Promise.all(Array.from({ length: 8 }, () => createMember(t)));
    const [first] = students as [TestMember, ...TestMember[]];
    await insertBulkProfiles(t.database.db, first.id, keys);
    for (const student of students.slice(1)) await copyAnswers(student.id, first.id);
    const poster = await createMember(t);
    await insertBulkPostings(t.database.db, {
      adminId: poster.id,
      dormKeys: t.config.college.dorms.map((dorm) => dorm.key),
      from: 1,
      to: POSTINGS,
    });
    await assignBulkGroups(t.database.db, poster.id);
    await t.database.db.execute(sql`
      INSERT INTO posting_member (posting_id, position, name, academic_year, gender, email)
      SELECT p.id, 1 + k, 'Member', 'junior', 'female',
        'bench.profile.' || ((abs(hashtext(p.id::text)) + 1 + k * 37) % 500) || '@bc.edu'
      FROM posting p, generate_series(1, ${EXTRA_MEMBERS}) AS k`);
    // No ANALYZE: the embedded database has no autovacuum, so a running server plans without statistics.

    let inFlight = 0;
    const fits = students.map(async (student) => {
      inFlight += 1;
      try {
        return await get(student, fitUrl);
      } finally {
        inFlight -= 1;
      }
    });
    const healthz: number[] = [];
    const seenInFlight: number[] = [];
    // Measured one after another, a little apart, for as long as fit requests are running.
    while (inFlight > 0 && healthz.length < 400) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (inFlight === 0) break;
      seenInFlight.push(inFlight);
      const started = performance.now();
      const reply = await t.app.inject({ method: 'GET', url: '/healthz' });
      healthz.push(performance.now() - started);
      expect(reply.statusCode).toBe(200);
    }
    const replies = await Promise.all(fits);
    const seen = `/healthz ms: ${healthz.map(Math.round).join(' ')}; fit requests in flight: ${seenInFlight.join(' ')}`;
    expect(replies.map((r) => r.statusCode)).toEqual(students.map(() => 200));
    for (const reply of replies) expect(reply.json<PostingPage>().items.some((c) => c.fitBand !== null)).toBe(true);
    // The fit requests really overlapped the measurements: all 8 at the first, one or more at each.
    expect(healthz.length, seen).toBeGreaterThanOrEqual(5);
    expect(seenInFlight[0], seen).toBe(8);
    expect(median(healthz), seen).toBeLessThan(200);
    expect(Math.max(...healthz), seen).toBeLessThan(200);
  }, 120_000);
});
