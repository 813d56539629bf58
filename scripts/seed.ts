// `npm run seed`: fills the configured database (embedded by default) with sample students and
// postings for trying the app. Running it again replaces the sample data and touches nothing else.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { lockDataDir } from '../src/server/db/data-dir-lock';
import { applyPrivateUmask } from '../src/server/db/private-data-dir';
import { posting, postingImage, postingMember, user } from '../src/server/db/schema';
import { inspectImage, renderVariants } from '../src/server/images/images';
import { POSTINGS_KEY_PREFIX } from '../src/server/postings/images';
import { createStorage } from '../src/server/storage';
import { samplePerson, samplePosting, seededRandom } from './lib/sample-data';

const SEED_USER_PREFIX = 'seed-user-';
const USERS = 24;
const POSTINGS = 60;
/** The first postings get sample photos (made from the college's art) through the real image pipeline. */
const POSTINGS_WITH_IMAGES = 12;

async function main() {
  // The files it writes in DATA_DIR are as private as the server's (src/server/db/private-data-dir.ts).
  applyPrivateUmask();
  const config = loadConfig();
  const release = config.databaseUrl
    ? undefined
    : await lockDataDir(config.dataDir, { kind: 'script', command: 'npm run seed' }, () => process.exit(1));
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

    const storage = createStorage(config);
    const oldImages = await database.db
      .select({ cardKey: postingImage.cardKey, fullKey: postingImage.fullKey })
      .from(postingImage)
      .innerJoin(posting, eq(posting.id, postingImage.postingId))
      .where(like(posting.adminUserId, `${SEED_USER_PREFIX}%`));
    const dormImage = new Map(config.college.dorms.map((d) => [d.key, path.join(config.collegeAssetsDir, d.image)]));
    const offCampusImage = path.join(config.collegeAssetsDir, config.college.offCampusImage);
    /** A JPEG 'photo' of the art, as a phone would upload it, then the same checks and variants as an upload. */
    const samplePhoto = async (svg: string, hue: number) => {
      const upload = await sharp(svg, { density: 144 }).resize({ width: 1600 }).modulate({ hue }).jpeg().toBuffer();
      const checked = await inspectImage(upload, path.basename(svg));
      if (!checked.ok) throw new Error(checked.message);
      return renderVariants(upload, path.basename(svg));
    };
    const written: string[] = [];
    const imageRows: (typeof postingImage.$inferInsert)[] = [];

    await database.db
      .transaction(async (tx) => {
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
          if (i < POSTINGS_WITH_IMAGES) {
            const art = (fields.dorm && dormImage.get(fields.dorm)) || offCampusImage;
            for (const [position, hue] of [0, 40].slice(0, 1 + (i % 2)).entries()) {
              const variants = await samplePhoto(art, hue);
              const id = randomUUID();
              const cardKey = `${POSTINGS_KEY_PREFIX}${created.id}/${id}-card.webp`;
              const fullKey = `${POSTINGS_KEY_PREFIX}${created.id}/${id}-full.webp`;
              written.push(cardKey, fullKey);
              await storage.put(cardKey, variants.card, 'image/webp');
              await storage.put(fullKey, variants.full, 'image/webp');
              imageRows.push({
                id,
                postingId: created.id,
                position,
                cardKey,
                fullKey,
                width: variants.width,
                height: variants.height,
              });
            }
          }
        }
        if (imageRows.length > 0) await tx.insert(postingImage).values(imageRows);
      })
      .catch(async (error) => {
        // Nothing of a failed seed stays behind in storage either.
        await storage.delete(written).catch(() => {});
        throw error;
      });
    await storage.delete(oldImages.flatMap((image) => [image.cardKey, image.fullKey]));
    process.stdout.write(
      `Seeded ${USERS} sample students and ${POSTINGS} postings (${imageRows.length} images in ${storage.kind} storage) into ${database.kind === 'pglite' ? path.join(config.dataDir, 'db') : 'DATABASE_URL'}.\n` +
        `Sample students have no password. To sign in as one (e.g. ${people[0]?.email}), start the server, choose ` +
        `'Forgot your password?' on the sign-in page and open the reset link the server prints; or sign up with your ` +
        `own @${domain} address.\n`,
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
