import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';

/**
 * Inserts postings number `from` to `to` in one statement, fast at any size, for the benchmark
 * and the query-plan tests. The spread is realistic: 60% on campus over the college's dorms,
 * groups of 1-5 seeking 1-4, two common genders and a rare one, four years, a third of off-campus
 * postings sublets, rents of 900-1650 per person, newest first one minute apart.
 */
export async function insertBulkPostings(
  db: Database,
  { adminId, dormKeys, from, to }: { adminId: string; dormKeys: string[]; from: number; to: number },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO posting (listing_location, dorm, address, admin_user_id, admin_name, admin_email,
      admin_academic_year, admin_gender, aim_integer, cur_group_size, cur_num_seek, monthly_rent,
      rent_type, rent_per_person, rent_start, rent_end, sublet, status, created_at)
    SELECT
      CASE WHEN g % 5 < 3 THEN 'oncampus' ELSE 'offcampus' END,
      CASE WHEN g % 5 < 3 THEN (string_to_array(${dormKeys.join('|')}, '|'))[1 + (g / 7) % ${dormKeys.length}] END,
      CASE WHEN g % 5 >= 3 THEN (10 + g % 190) || ' Foster Street, Brighton, MA' END,
      ${adminId}, 'Sample Admin', 'sample.admin@bc.edu',
      (ARRAY['freshman','sophomore','junior','senior'])[1 + (g / 3) % 4],
      CASE WHEN g % 97 = 0 THEN 'other' WHEN g % 2 = 0 THEN 'male' ELSE 'female' END,
      1 + (g / 11) % 5 + 1 + (g / 13) % 4, 1 + (g / 11) % 5, 1 + (g / 13) % 4,
      CASE WHEN g % 5 >= 3 THEN 900 + (g % 16) * 50 END,
      CASE WHEN g % 5 >= 3 THEN 'per_person' END,
      CASE WHEN g % 5 >= 3 THEN 900 + (g % 16) * 50 END,
      CASE WHEN g % 5 >= 3 THEN DATE '2027-05-01' + ((g / 17) % 120) END,
      CASE WHEN g % 5 >= 3 THEN DATE '2027-05-01' + ((g / 17) % 120) + 90 + (g % 3) * 120 END,
      g % 5 >= 3 AND g % 3 = 0,
      (ARRAY['Unfulfilled','Unfulfilled','Likely Fulfilled','Fulfilled'])[1 + g % 4],
      now() - g * interval '1 minute'
    FROM generate_series(${from}::integer, ${to}::integer) AS g`);
}

/** How many students with a lifestyle profile the bulk groups are drawn from. */
export const BULK_PROFILES = 500;

/**
 * For 'Best fit' (issue 13): BULK_PROFILES students, each with an answer to every question (spread
 * by their number), and `viewerId`'s own answers. Run once.
 */
export async function insertBulkProfiles(db: Database, viewerId: string, questionKeys: string[]): Promise<void> {
  await db.execute(sql`
    INSERT INTO "user" (id, name, email, email_verified)
    SELECT 'bench-profile-' || n, 'Profile ' || n, 'bench.profile.' || n || '@bc.edu', true
    FROM generate_series(0, ${BULK_PROFILES - 1}) AS n`);
  await db.execute(sql`
    INSERT INTO lifestyle_answer (user_id, question, self, accept, importance)
    SELECT 'bench-profile-' || n, q.key, (n + q.i) % 3, 1 + (n * 7 + q.i) % 7, (n + q.i * 5) % 3
    FROM generate_series(0, ${BULK_PROFILES - 1}) AS n,
      unnest(string_to_array(${questionKeys.join('|')}, '|')) WITH ORDINALITY AS q(key, i)`);
  await db.execute(sql`
    INSERT INTO lifestyle_answer (user_id, question, self, accept, importance)
    SELECT ${viewerId}, q.key, q.i % 3, 3, 1 + q.i % 2
    FROM unnest(string_to_array(${questionKeys.join('|')}, '|')) WITH ORDINALITY AS q(key, i)`);
}

/**
 * Gives postings `from` to `to` of `viewerId` (as insertBulkPostings made them) to students with
 * profiles: an admin and one more member linked by e-mail, as real groups are.
 */
export async function assignBulkGroups(db: Database, viewerId: string): Promise<void> {
  await db.execute(sql`
    UPDATE posting SET admin_user_id = 'bench-profile-' || (abs(hashtext(id::text)) % ${BULK_PROFILES})
    WHERE admin_user_id = ${viewerId}`);
  await db.execute(sql`
    INSERT INTO posting_member (posting_id, position, name, academic_year, gender, email)
    SELECT p.id, 1, 'Member', 'junior', 'female',
      'bench.profile.' || ((abs(hashtext(p.id::text)) + 1) % ${BULK_PROFILES}) || '@bc.edu'
    FROM posting p
    WHERE NOT EXISTS (SELECT 1 FROM posting_member m WHERE m.posting_id = p.id)`);
}
