import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';

/**
 * Inserts `users` verified students and `count` saved searches spread over them in two statements,
 * for the alert-matching benchmark and the query-plan test. The spread is realistic: 60% on
 * campus (two thirds naming a dorm), a quarter giving a group size, some a housing aim, a third a
 * gender, a quarter a class year; off campus half give a maximum rent and a seventh want sublets
 * only; 10% of alerts are off, the rest split between immediately and daily. The match columns are
 * derived exactly as the service derives them (matchColumns).
 */
export async function insertBulkSavedSearches(
  db: Database,
  { users, count, dormKeys, termsVersion }: { users: number; count: number; dormKeys: string[]; termsVersion: string },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO "user" (id, name, email, email_verified, terms_accepted_at, terms_version)
    SELECT 'bulk-student-' || g, 'Bulk Student ' || g, 'bulk.student.' || g || '@bc.edu', true, now(), ${termsVersion}
    FROM generate_series(1, ${users}::integer) AS g
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO saved_search (user_id, name, alert, filters, location, match_dorm, match_aim, match_seek,
      match_gender, match_year)
    SELECT 'bulk-student-' || (1 + g % ${users}::integer), 'Search ' || g,
      CASE WHEN g % 10 = 0 THEN 'off' WHEN g % 2 = 0 THEN 'daily' ELSE 'immediately' END,
      jsonb_strip_nulls(jsonb_build_object('location', loc, 'sort', 'newest', 'dorm', dorm, 'groupSize', seek,
        'housingAim', aim, 'gender', gender, 'classYear', year, 'maxRent', max_rent, 'sublet', sublet)),
      loc, COALESCE(dorm, ''), COALESCE(aim, 0), COALESCE(seek, 0), COALESCE(gender, ''), COALESCE(year, '')
    FROM (
      SELECT g, loc,
        CASE WHEN loc = 'oncampus' AND g % 3 <> 0
          THEN (string_to_array(${dormKeys.join('|')}, '|'))[1 + (g / 7) % ${dormKeys.length}::integer] END AS dorm,
        seek,
        CASE WHEN g % 6 = 1 THEN COALESCE(seek, 1) + 1 + (g / 11) % 5 END AS aim,
        CASE WHEN g % 3 = 0 THEN (ARRAY['male', 'female'])[1 + (g / 5) % 2] END AS gender,
        CASE WHEN g % 4 = 1 THEN (ARRAY['freshman', 'sophomore', 'junior', 'senior'])[1 + (g / 3) % 4] END AS year,
        CASE WHEN loc = 'offcampus' AND g % 2 = 0 THEN 900 + (g % 16) * 50 END AS max_rent,
        CASE WHEN loc = 'offcampus' AND g % 7 = 0 THEN 'yes' END AS sublet
      FROM (
        SELECT g, CASE WHEN g % 5 < 3 THEN 'oncampus' ELSE 'offcampus' END AS loc,
          CASE WHEN g % 4 = 0 THEN 1 + (g / 13) % 4 END AS seek
        FROM generate_series(1, ${count}::integer) AS g
      ) AS base
    ) AS x`);
}
