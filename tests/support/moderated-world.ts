/**
 * The world of the keyboard journeys and of the axe sweep over every route: a seeded server whose
 * admin also moderates (so /moderation shows its queue), an on-campus posting of theirs (Walsh)
 * and an off-campus one that another member has reported (it is in the moderators' queue).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { insertPosting } from './browse-fixtures';
import { collegeConfigWith } from './college-config';
import { type MemberSpec, type SeedExtra, type SeededServer, startSeededServer } from './seeded-server';

export interface ModeratedWorld<K extends string> {
  seeded: SeededServer<'admin' | K>;
  ids: { oncampus: string; offcampus: string };
  /** Stops the server and removes the college configuration it read. */
  stop(): Promise<void>;
}

export async function startModeratedWorld<K extends string>(
  others: Record<K, MemberSpec>,
  {
    reporter,
    seed,
    adminName = 'Ada Admin',
  }: { reporter: NoInfer<K>; seed?: SeedExtra<'admin' | NoInfer<K>>; adminName?: string },
): Promise<ModeratedWorld<K>> {
  const adminEmail = `ada.admin.${Date.now()}@bc.edu`;
  const collegeConfig = collegeConfigWith({ moderators: [adminEmail] });
  const ids = { oncampus: '', offcampus: '' };
  const people = { ...others, admin: { name: adminName, email: adminEmail } } as Record<'admin' | K, MemberSpec>;
  const seeded = await startSeededServer(
    people,
    async (db, members, dataDir) => {
      const { admin } = members;
      ids.oncampus = await insertPosting(db, admin.id, { adminName: admin.name });
      ids.offcampus = await insertPosting(db, admin.id, {
        adminName: admin.name,
        listingLocation: 'offcampus',
        address: '12 Foster Street, Brighton, MA',
        monthlyRent: 3200,
        rentType: 'total',
        rentPerPerson: 800,
        rentStart: '2027-06-01',
        rentEnd: '2028-05-31',
      });
      await seed?.(db, members, dataDir);
    },
    { env: { COLLEGE_CONFIG: collegeConfig } },
  );
  const reported = await fetch(`${seeded.server.url}/api/postings/${ids.offcampus}/reports`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: seeded.server.url,
      cookie: seeded.members[reporter].cookie,
    },
    body: JSON.stringify({ reason: 'wrong-info' }),
  });
  if (!reported.ok) throw new Error(`report: ${reported.status} ${await reported.text()}`);
  return {
    seeded,
    ids,
    async stop() {
      await seeded.stop();
      rmSync(path.dirname(collegeConfig), { recursive: true, force: true });
    },
  };
}
