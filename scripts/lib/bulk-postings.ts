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
