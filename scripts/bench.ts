// `npm run bench`: how fast the postings search answers as the table grows.
// Seeds 1,000 and then 100,000 postings, runs the real server in this process on loopback, and
// measures with autocannon: /healthz, the session alone (/api/me), the unfiltered first page and a
// filtered first page, each signed in, as the server serves them (its caches on), and the filtered
// page once more from a second server on the same database with its search cache off, to measure
// the query path itself (the index, one statement per page) that every cache miss takes. Runs on the embedded database, and on
// PostgreSQL too when DATABASE_URL is set (in a scratch database created and dropped here; nothing
// else in that server is touched). BENCH_ENGINES, BENCH_TARGETS, BENCH_SIZES, BENCH_SECONDS and
// BENCH_CONNECTIONS narrow or change the run.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: autocannon ships no types
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { type DatabaseHandle, openDatabase } from '../src/server/db/client';
import { user } from '../src/server/db/schema';
import { insertBulkPostings } from './lib/bulk-postings';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SIZES = (process.env.BENCH_SIZES ?? '1000,100000').split(',').map(Number);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
// A dorm: the filter students use most, with a full page (20 cards) at both sizes, so the two
// sizes compare the same work.
const FILTERED = '/api/postings?location=oncampus&dorm=Walsh';
const TARGETS = [
  { name: '/healthz', path: '/healthz', uncached: false },
  // The signed-in floor: reading the session alone, which every product request does first.
  { name: '/api/me', path: '/api/me', uncached: false },
  { name: 'first page', path: '/api/postings?location=oncampus', uncached: false },
  { name: 'filtered page', path: FILTERED, uncached: false },
  { name: 'filtered (uncached)', path: FILTERED, uncached: true },
];

// BENCH_TARGETS=/api/me,... measures only those (for profiling); the summary then skips ratios it lacks.
const chosenTargets = process.env.BENCH_TARGETS
  ? TARGETS.filter((target) => process.env.BENCH_TARGETS?.split(',').includes(target.name))
  : TARGETS;

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}
type Results = Record<number, Record<string, Measure>>;

const log = (line = '') => process.stdout.write(`${line}\n`);

async function signedInMember(app: FastifyInstance, database: DatabaseHandle, termsVersion: string, origin: string) {
  const email = `bench.${randomBytes(4).toString('hex')}@bc.edu`;
  const password = 'bench-password-0123';
  const headers = { origin };
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers,
    payload: { email, name: 'Bench Student', password },
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
  const id = signUp.json().user.id as string;
  await database.db
    .update(user)
    .set({ emailVerified: true, termsAcceptedAt: new Date(), termsVersion })
    .where(eq(user.id, id));
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers,
    payload: { email, password },
  });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
  const cookies = ([] as string[]).concat(signIn.headers['set-cookie'] ?? []);
  return { id, cookie: cookies.map((c) => c.split(';')[0]).join('; ') };
}

async function measure(url: string, cookie: string, seconds: number): Promise<Measure> {
  // In worker threads, so the load generator does not share the server's event loop.
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { cookie },
    workers: WORKERS,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function benchEngine(kind: 'pglite' | 'postgres'): Promise<Results> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qm-bench-'));
  let scratch: { admin: string; name: string } | undefined;
  let database: DatabaseHandle;
  if (kind === 'postgres') {
    const adminUrl = process.env.DATABASE_URL as string;
    const name = `qm_bench_${randomBytes(4).toString('hex')}`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    scratch = { admin: adminUrl, name };
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ kind: 'postgres', url: url.toString() });
  } else {
    database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  }
  const results: Results = {};
  let app: FastifyInstance | undefined;
  let uncachedApp: FastifyInstance | undefined;
  try {
    await database.migrate();
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        AUTH_SECRET: 'bench-secret-that-is-long-enough-for-signing-0123456789',
        PUBLIC_URL: 'http://127.0.0.1:3999',
      },
      root,
    );
    app = await buildApp({ config, database, logger: false });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    uncachedApp = await buildApp({ config, database, logger: false, searchCache: false });
    const uncachedAddress = await uncachedApp.listen({ host: '127.0.0.1', port: 0 });
    const member = await signedInMember(app, database, config.college.termsVersion, config.publicUrl);
    let seeded = 0;
    for (const size of SIZES) {
      const started = Date.now();
      await insertBulkPostings(database.db, {
        adminId: member.id,
        dormKeys: config.college.dorms.map((dorm) => dorm.key),
        from: seeded + 1,
        to: size,
      });
      await database.db.execute(sql`VACUUM ANALYZE posting`);
      seeded = size;
      log(
        `  ${kind}: ${size.toLocaleString('en-US')} postings seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      results[size] = {};
      for (const target of chosenTargets) {
        const url = `${target.uncached ? uncachedAddress : address}${target.path}`;
        await measure(url, member.cookie, 1); // warm-up
        const m = await measure(url, member.cookie, DURATION_S);
        (results[size] as Record<string, Measure>)[target.name] = m;
        log(
          `  ${kind} @ ${size.toLocaleString('en-US')}: ${target.name.padEnd(18)} ${m.rps.toFixed(0).padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms${m.errors ? `  (${m.errors} errors!)` : ''}`,
        );
      }
    }
  } finally {
    // Let the last in-flight requests of the load generator finish before the pool closes.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await app?.close();
    await uncachedApp?.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (scratch) {
      const client = new pg.Client({ connectionString: scratch.admin });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${scratch.name} WITH (FORCE)`);
      await client.end();
    }
  }
  return results;
}

function summary(kind: string, results: Results): string[] {
  const small = results[SIZES[0] as number] as Record<string, Measure>;
  const large = results[SIZES[1] as number] as Record<string, Measure> | undefined;
  const lines = [
    `### ${kind}`,
    '',
    '| postings | endpoint | req/s | p50 (ms) | p99 (ms) |',
    '|---:|---|---:|---:|---:|',
  ];
  for (const size of SIZES) {
    for (const target of chosenTargets) {
      const m = (results[size] as Record<string, Measure>)[target.name] as Measure;
      lines.push(`| ${size.toLocaleString('en-US')} | ${target.name} | ${m.rps.toFixed(0)} | ${m.p50} | ${m.p99} |`);
    }
  }
  const ratio = (a: Measure | undefined, b: Measure | undefined, of: (m: Measure) => number) =>
    a && b && of(b) > 0 ? of(a) / of(b) : undefined;
  lines.push('');
  for (const size of SIZES) {
    const r = results[size] as Record<string, Measure>;
    for (const name of ['filtered page', 'filtered (uncached)']) {
      const share = ratio(r[name], r['/healthz'], (m) => m.rps);
      if (share !== undefined) {
        lines.push(`- ${name} / healthz throughput at ${size.toLocaleString('en-US')}: ${(100 * share).toFixed(0)}%`);
      }
    }
  }
  for (const name of ['first page', 'filtered page', 'filtered (uncached)']) {
    const growth = ratio(large?.[name], small[name], (m) => m.p50);
    if (growth !== undefined) lines.push(`- p50 at 100,000 / p50 at 1,000 (${name}): ${growth.toFixed(2)}x`);
  }
  return lines;
}

async function main() {
  log(
    `Quadmates search benchmark: ${CONNECTIONS} connections, ${DURATION_S} s per run, loopback, Node ${process.version}, ${os.cpus().length} CPUs`,
  );
  const engines: ('pglite' | 'postgres')[] = ['pglite'];
  if (process.env.DATABASE_URL) engines.push('postgres');
  const only = process.env.BENCH_ENGINES?.split(',');
  const chosen = only ? engines.filter((kind) => only.includes(kind)) : engines;
  const report: string[] = [];
  for (const kind of chosen) {
    const results = await benchEngine(kind);
    report.push(...summary(kind === 'pglite' ? 'Embedded database (PGlite)' : 'PostgreSQL', results), '');
  }
  log();
  log(report.join('\n'));
}

main().catch((error) => {
  process.stderr.write(`Benchmark failed: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
