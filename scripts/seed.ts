// `npm run seed`: fills the configured database (embedded by default) with sample students and
// postings for trying the app. Running it again replaces the sample data and touches nothing else.
import path from 'node:path';
import { like } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { lockDataDir } from '../src/server/db/data-dir-lock';
import { posting, postingMember, user } from '../src/server/db/schema';
import { samplePerson, samplePosting, seededRandom } from './lib/sample-data';

const SEED_USER_PREFIX = 'seed-user-';
const USERS = 24;
const POSTINGS = 60;

async function main() {
  const config = loadConfig();
  const release = config.databaseUrl ? undefined : await lockDataDir(config.dataDir, () => process.exit(1));
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'db') });
  try {
    await database.migrate();
    const random = seededRandom(2026);
    const domain = config.college.college.emailDomain;
    const dormKeys = config.college.dorms.map((d) => d.key);
    const people = Array.from({ length: USERS }, (_, i) => ({
      id: `${SEED_USER_PREFIX}${i + 1}`,
      ...samplePerson(random, domain),
    }));

    await database.db.transaction(async (tx) => {
      // Sample users own the sample postings: deleting them removes the old sample data.
      await tx.delete(user).where(like(user.id, `${SEED_USER_PREFIX}%`));
      const now = Date.now();
      await tx.insert(user).values(
        people.map((p) => ({
          id: p.id,
          name: p.name,
          email: p.email,
          emailVerified: true,
          termsAcceptedAt: new Date(),
          termsVersion: config.college.termsVersion,
        })),
      );
      for (let i = 0; i < POSTINGS; i++) {
        const admin = people[i % people.length] as (typeof people)[number];
        const { members, ...fields } = samplePosting(random, admin, dormKeys, domain);
        const [created] = await tx
          .insert(posting)
          .values({ ...fields, adminUserId: admin.id, createdAt: new Date(now - i * 3_600_000) })
          .returning({ id: posting.id });
        if (!created) throw new Error('insert returned no row');
        await tx
          .insert(postingMember)
          .values(members.map((m, position) => ({ ...m, postingId: created.id, position })));
      }
    });
    process.stdout.write(
      `Seeded ${USERS} sample students and ${POSTINGS} postings into ${database.kind === 'pglite' ? path.join(config.dataDir, 'db') : 'DATABASE_URL'}.\n`,
    );
  } finally {
    await database.close();
    await release?.();
  }
}

main().catch((error) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : `Seeding failed: ${(error as Error).message}`}\n`,
  );
  process.exit(1);
});
