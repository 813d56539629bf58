/**
 * `npm run bench:load` (issue 12, item 5): simulated students against the real server on loopback
 * with a mixed workload, then a check of the database. Prints throughput and p50/p99 per request
 * kind; exits 1 on any error or inconsistency.
 *
 *   npm run bench:load                          200 students, 60 s, embedded PGlite
 *   npm run bench:load -- --students 50 --seconds 15
 *   DATABASE_URL=postgres://... npm run bench:load   on PostgreSQL (its tables must be empty of
 *                                                   other data; use a scratch database)
 *   env LOAD_STUDENTS / LOAD_SECONDS do the same as the flags.
 *
 * Workload per student, a closed loop with 100-400 ms of think time: browse (first page of the
 * search), filter (a random filter combination), open a detail, bookmark, ping, create a posting
 * with one image. Limits are respected by design rather than hit: students are seeded in the
 * database (sign-up allows 5 a minute per address) and signed in each from its own loopback
 * address (sign-in allows 10 a minute per address); a student pings at most PING_BUDGET (15) postings
 * in the run, under the limit of 20 an hour, never its own posting and never the same one twice,
 * so the only expected refusal is none at all. Anything but 2xx counts as an error.
 *
 * Afterwards (server stopped): every acknowledged posting, image, ping and bookmark is in the
 * database; each posting's interest count, as the API showed it after the run, equals its distinct
 * pingers in the ping table; image rows are one per created posting.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import { type DatabaseHandle, openDatabase } from '../src/server/db/client';
import { insertBulkPostings } from './lib/bulk-postings';
import { freePort, repoRoot, startReady, stopGracefully } from './lib/server-process';
import { postingBody, postingForm, request, type Student, sampleJpeg, seedStudents, signIn } from './lib/students';

const { values: flags } = parseArgs({
  options: { students: { type: 'string' }, seconds: { type: 'string' } },
  allowPositionals: false,
});
const STUDENTS = Number(flags.students ?? process.env.LOAD_STUDENTS ?? 200);
const SECONDS = Number(flags.seconds ?? process.env.LOAD_SECONDS ?? 60);
const PING_BUDGET = 15;
const SEED_POSTINGS = 300;
const databaseUrl = process.env.DATABASE_URL || undefined;

type Kind = 'browse' | 'filter' | 'detail' | 'bookmark' | 'ping' | 'create';
const WEIGHTS: [Kind, number][] = [
  ['browse', 30],
  ['filter', 25],
  ['detail', 25],
  ['bookmark', 8],
  ['ping', 6],
  ['create', 6],
];

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qm-load-'));
const env: Record<string, string> = {
  DATA_DIR: dataDir,
  AUTH_SECRET: 'load-test-secret-that-is-long-enough-0123456789',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};
const config = loadConfig({ ...env, PUBLIC_URL: 'http://127.0.0.1:3000' }, repoRoot);
const dorms = config.college.dorms.map((dorm) => dorm.key);

const openDb = (): Promise<DatabaseHandle> =>
  databaseUrl
    ? openDatabase({ kind: 'postgres', url: databaseUrl })
    : openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
const rows = async <T>(db: DatabaseHandle, text: string): Promise<T[]> =>
  ((await db.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

async function main() {
  const problems: string[] = [];
  const setup = await openDb();
  await setup.migrate();
  const seeded = await seedStudents(setup.db, {
    count: STUDENTS + 1,
    emailDomain: config.college.college.emailDomain,
    termsVersion: config.college.termsVersion,
    tag: `load${Date.now()}`,
  });
  // The last seeded account administers the postings there are to browse.
  const owner = seeded.pop() as (typeof seeded)[number];
  await insertBulkPostings(setup.db, { adminId: owner.id, dormKeys: dorms, from: 1, to: SEED_POSTINGS });
  const seedIds = (await rows<{ id: string }>(setup, `select id from posting where admin_user_id = '${owner.id}'`)).map(
    (r) => r.id,
  );
  // Seeded Fulfilled postings take no pings; the students ping the others.
  const pingable = (
    await rows<{ id: string }>(
      setup,
      `select id from posting where admin_user_id = '${owner.id}' and status <> 'Fulfilled'`,
    )
  ).map((r) => r.id);
  await setup.close();

  const port = await freePort();
  const server = await startReady(port, env);
  const origin = server.url;
  const students: Student[] = [];
  for (let i = 0; i < seeded.length; i += 8) {
    students.push(...(await Promise.all(seeded.slice(i, i + 8).map((s) => signIn(origin, s)))));
  }
  const image = await sampleJpeg(1);
  const agent = new http.Agent({ keepAlive: true, maxSockets: STUDENTS + 10 });

  const latencies = new Map<Kind, number[]>(WEIGHTS.map(([kind]) => [kind, []]));
  const errors = new Map<string, number>();
  const created = new Map<string, string>(); // posting id -> admin id
  const pings = new Map<string, Set<string>>(); // posting id -> students who pinged (acknowledged)
  const pingIds = new Set<string>();
  const bookmarks = new Set<string>();
  const total = WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  const chooseKind = (): Kind => {
    let r = Math.random() * total;
    for (const [kind, weight] of WEIGHTS) {
      r -= weight;
      if (r < 0) return kind;
    }
    return 'browse';
  };

  const deadline = Date.now() + SECONDS * 1000;
  async function student(me: Student) {
    const pinged = new Set<string>();
    const headers = { cookie: me.cookie, origin };
    while (Date.now() < deadline) {
      let kind = chooseKind();
      if (kind === 'ping' && pinged.size >= PING_BUDGET) kind = 'browse';
      const target = pick(seedIds);
      const started = performance.now();
      let answer: Awaited<ReturnType<typeof request>>;
      try {
        switch (kind) {
          case 'browse':
            answer = await request(origin, { method: 'GET', path: '/api/postings?location=oncampus', headers, agent });
            break;
          case 'filter': {
            const query = new URLSearchParams(
              pick<Record<string, string>>([
                { location: 'oncampus', dorm: pick(dorms) },
                { location: 'oncampus', groupSize: String(1 + Math.floor(Math.random() * 4)), sort: 'seeking' },
                { location: 'offcampus', maxRent: '1400', sort: 'rent' },
                { location: 'offcampus', moveIn: '2027-06-01', moveOut: '2027-12-31', sublet: 'yes' },
                { location: 'oncampus', gender: pick(['male', 'female']), classYear: 'junior', hideFulfilled: 'yes' },
              ]),
            );
            answer = await request(origin, { method: 'GET', path: `/api/postings?${query}`, headers, agent });
            break;
          }
          case 'detail':
            answer = await request(origin, { method: 'GET', path: `/api/postings/${target}`, headers, agent });
            break;
          case 'bookmark':
            answer = await request(origin, { method: 'PUT', path: `/api/postings/${target}/bookmark`, headers, agent });
            if (answer.status === 200) bookmarks.add(`${me.id}/${target}`);
            break;
          case 'ping': {
            const choices = pingable.filter((id) => !pinged.has(id));
            const id = pick(choices);
            pinged.add(id);
            answer = await request(origin, {
              method: 'POST',
              path: `/api/postings/${id}/pings`,
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify({ message: `Hi from ${me.name}` }),
              agent,
            });
            if (answer.status === 201) {
              pingIds.add(JSON.parse(answer.body).id);
              const set = pings.get(id) ?? new Set<string>();
              set.add(me.id);
              pings.set(id, set);
            }
            break;
          }
          case 'create': {
            const form = await postingBody(postingForm(`Load test posting by ${me.name}`, pick(dorms)), [image]);
            answer = await request(origin, {
              method: 'POST',
              path: '/api/postings',
              headers: { ...headers, 'content-type': form.contentType },
              body: form.body,
              agent,
            });
            if (answer.status === 201) created.set(JSON.parse(answer.body).id, me.id);
            break;
          }
        }
      } catch (error) {
        const key = `${kind}: ${(error as Error).message}`;
        errors.set(key, (errors.get(key) ?? 0) + 1);
        continue;
      }
      latencies.get(kind)?.push(performance.now() - started);
      if (answer.status < 200 || answer.status >= 300) {
        const key = `${kind}: ${answer.status} ${answer.body.slice(0, 120)}`;
        errors.set(key, (errors.get(key) ?? 0) + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 300));
    }
  }

  const runStarted = performance.now();
  await Promise.all(students.map(student));
  const elapsed = (performance.now() - runStarted) / 1000;

  // What the API shows after the run: each pinged posting's interest count.
  const shown = new Map<string, number>();
  for (const id of pings.keys()) {
    const detail = await request(origin, {
      method: 'GET',
      path: `/api/postings/${id}`,
      headers: { cookie: students[0]?.cookie ?? '' },
      agent,
    });
    shown.set(id, JSON.parse(detail.body).interestCount);
  }
  agent.destroy();
  await stopGracefully(server);

  const db = await openDb();
  try {
    const postingIds = new Set((await rows<{ id: string }>(db, 'select id from posting')).map((r) => r.id));
    for (const id of created.keys()) if (!postingIds.has(id)) problems.push(`acknowledged posting ${id} is missing`);
    const imageRows = await rows<{ posting_id: string; n: number | string }>(
      db,
      'select posting_id, count(*) as n from posting_image group by posting_id',
    );
    const imagesOf = new Map(imageRows.map((r) => [r.posting_id, Number(r.n)]));
    for (const id of created.keys())
      if (imagesOf.get(id) !== 1) problems.push(`posting ${id} has ${imagesOf.get(id) ?? 0} image rows, not 1`);
    const pingRows = await rows<{ id: string; posting_id: string; searcher_user_id: string }>(
      db,
      'select id, posting_id, searcher_user_id from ping',
    );
    const storedPingIds = new Set(pingRows.map((r) => r.id));
    for (const id of pingIds) if (!storedPingIds.has(id)) problems.push(`acknowledged ping ${id} is missing`);
    for (const [postingId, pingers] of pings) {
      const stored = new Set(pingRows.filter((r) => r.posting_id === postingId).map((r) => r.searcher_user_id));
      if (stored.size !== pingers.size)
        problems.push(`posting ${postingId}: ${stored.size} pingers stored, ${pingers.size} acknowledged`);
      if (shown.get(postingId) !== stored.size)
        problems.push(
          `posting ${postingId}: interest count ${shown.get(postingId)} shown, ${stored.size} pingers stored`,
        );
    }
    const storedBookmarks = new Set(
      (await rows<{ k: string }>(db, "select user_id || '/' || posting_id as k from bookmark")).map((r) => r.k),
    );
    for (const k of bookmarks) if (!storedBookmarks.has(k)) problems.push(`acknowledged bookmark ${k} is missing`);
    if (storedBookmarks.size !== bookmarks.size)
      problems.push(`${storedBookmarks.size} bookmarks stored, ${bookmarks.size} acknowledged`);
  } finally {
    await db.close();
  }
  rmSync(dataDir, { recursive: true, force: true });

  const requests = [...latencies.values()].reduce((sum, list) => sum + list.length, 0);
  const errorCount = [...errors.values()].reduce((sum, n) => sum + n, 0);
  const lines = [
    `load: ${STUDENTS} students, ${SECONDS} s, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} cores`,
    `requests: ${requests} in ${elapsed.toFixed(1)} s = ${(requests / elapsed).toFixed(1)} req/s; errors: ${errorCount}`,
    'kind       count    p50 ms   p99 ms',
    ...[...latencies].map(([kind, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return `${kind.padEnd(10)} ${String(list.length).padStart(5)} ${percentile(sorted, 50).toFixed(1).padStart(9)} ${percentile(sorted, 99).toFixed(1).padStart(8)}`;
    }),
    `acknowledged writes: ${created.size} postings with an image, ${pingIds.size} pings, ${bookmarks.size} bookmarks; ` +
      `database check: ${problems.length === 0 ? 'all present, counts consistent' : `${problems.length} problems`}`,
    ...[...errors].slice(0, 10).map(([key, n]) => `error x${n}: ${key}`),
    ...problems.slice(0, 10).map((p) => `problem: ${p}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  process.exit(errorCount === 0 && problems.length === 0 ? 0 : 1);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
