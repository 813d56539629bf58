// `npm run bench`: how fast the postings search answers as the table grows.
// Seeds 1,000 and then 100,000 postings, runs the real server in this process on loopback, and
// measures with autocannon: /healthz, the session alone (/api/me), the unfiltered first page and a
// filtered first page, each signed in, as the server serves them (its caches on), and the filtered
// page once more from a second server on the same database with its search cache off, to measure
// the query path itself (the index, one statement per page) that every cache miss takes. Runs on the embedded database, and on
// PostgreSQL too when DATABASE_URL is set (in a scratch database created and dropped here; nothing
// else in that server is touched). BENCH_ENGINES, BENCH_TARGETS, BENCH_SIZES, BENCH_SECONDS and
// BENCH_CONNECTIONS narrow or change the run.
// Then it times saved-search alert matching: 10,000 saved searches (BENCH_SAVED_SEARCHES), and the
// time to find the searches a new posting matches, through the match index and, for comparison,
// by reading every active search. BENCH_PARTS=search or BENCH_PARTS=alerts runs one part.
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
import { type DatabaseHandle, openDatabase, queryRows } from '../src/server/db/client';
import { user } from '../src/server/db/schema';
import type { AlertPosting } from '../src/server/saved-searches/queries';
import { activeQuestions } from '../src/shared/lifestyle';
import { matchesFilters } from '../src/shared/matching';
import { loadAddress, pageLoads, STORE_LOADS } from '../src/shared/page-loads';
import { matchRoute, ROUTES } from '../src/shared/routes';
import type { SearchFilters } from '../src/shared/schemas/filters';
import { assignBulkGroups, insertBulkPostings, insertBulkProfiles } from './lib/bulk-postings';
import { insertBulkSavedSearches } from './lib/bulk-saved-searches';
import { ensureClientBuilt } from './lib/client-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SIZES = (process.env.BENCH_SIZES ?? '1000,100000').split(',').map(Number);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const SAVED_SEARCHES = Number(process.env.BENCH_SAVED_SEARCHES ?? 10_000);
const PARTS = (process.env.BENCH_PARTS ?? 'search,alerts').split(',');
/** New postings matched per measurement. */
const ALERT_SAMPLES = 300;
// A dorm: the filter students use most, with a full page (20 cards) at both sizes, so the two
// sizes compare the same work.
const FILTERED = '/api/postings?location=oncampus&dorm=Walsh';
/** `{posting}` in a path is a posting of the seeded set. */
const TARGETS = [
  { name: '/healthz', path: '/healthz', uncached: false },
  // The signed-in floor: reading the session alone, which every product request does first.
  { name: '/api/me', path: '/api/me', uncached: false },
  { name: 'first page', path: '/api/postings?location=oncampus', uncached: false },
  { name: 'filtered page', path: FILTERED, uncached: false },
  { name: 'filtered (uncached)', path: FILTERED, uncached: true },
  // 'Best fit' (issue 13): ranked for this viewer on every request (never cached), against groups
  // whose admin and a member have lifestyle profiles. Compare with 'first page', the same postings unsorted.
  { name: 'best fit page', path: '/api/postings?location=oncampus&sort=fit', uncached: false },
  // Pages drawn on the server (issue 20, decision 0029) beside the API answer each one contains:
  // the search's first 8 cards, and one posting.
  { name: 'search answer', path: '/api/postings?location=oncampus&limit=8', uncached: false },
  { name: '/postings (HTML)', path: '/postings?location=oncampus', uncached: false },
  // Every API answer that page carries (the college, the session, the footer's count, the inbox
  // badge, the search, the student's lifestyle answers), one after another: what a browser drawing
  // the page itself would ask for. Counted in sets of answers a second.
  {
    name: "/postings' answers",
    path: '/postings?location=oncampus',
    sequence: [
      STORE_LOADS.config,
      STORE_LOADS.me,
      ...pageLoads(matchRoute('/postings')?.route ?? ROUTES[0], {
        params: {},
        search: new URLSearchParams('location=oncampus'),
      }),
    ].map(loadAddress),
    uncached: false,
  },
  { name: 'posting answer', path: '/api/postings/{posting}', uncached: false },
  { name: 'detail view (HTML)', path: '/detailView?id={posting}', uncached: false },
];
/** Each drawn page and the answer it contains, for the summary's cost ratio. */
const DRAWN_PAGES = [
  { page: '/postings (HTML)', answer: 'search answer' },
  { page: '/postings (HTML)', answer: "/postings' answers" },
  { page: 'detail view (HTML)', answer: 'posting answer' },
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

interface AlertResult {
  searches: number;
  indexed: { p50: number; p99: number };
  scan: { p50: number; p99: number };
  candidates: number;
  matches: number;
}

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

/** `sequence`: paths each connection asks for in turn; the rate is then in whole sequences a second. */
async function measure(url: string, cookie: string, seconds: number, sequence?: string[]): Promise<Measure> {
  // In worker threads, so the load generator does not share the server's event loop.
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { cookie },
    workers: WORKERS,
    ...(sequence ? { requests: sequence.map((path) => ({ method: 'GET' as const, path })) } : {}),
  });
  return {
    rps: result.requests.average / (sequence?.length ?? 1),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
const round2 = (ms: number) => Math.round(ms * 100) / 100;

/** New postings of every shape, as the alerts job sees them. */
function samplePostings(dormKeys: string[]): AlertPosting[] {
  return Array.from({ length: ALERT_SAMPLES }, (_, i) => {
    const onCampus = i % 5 < 3;
    const seek = 1 + (i % 4);
    return {
      id: '00000000-0000-4000-8000-000000000000',
      adminUserId: 'nobody',
      listingLocation: onCampus ? 'oncampus' : 'offcampus',
      dorm: onCampus ? (dormKeys[i % dormKeys.length] as string) : null,
      address: onCampus ? null : `${i} Foster Street`,
      aimInteger: seek + 1 + (i % 5),
      curNumSeek: seek,
      adminGender: i % 2 === 0 ? 'male' : 'female',
      adminAcademicYear: ['freshman', 'sophomore', 'junior', 'senior'][i % 4] as string,
      sublet: !onCampus && i % 3 === 0,
      rentPerPerson: onCampus ? null : 900 + (i % 16) * 50,
      rentStart: onCampus ? null : '2027-06-01',
      rentEnd: onCampus ? null : '2028-05-31',
      status: 'Unfulfilled',
      hidden: false,
    };
  });
}

/** Times finding the saved searches each new posting matches: through the index, and by reading them all. */
async function benchAlerts(
  kind: string,
  app: FastifyInstance,
  database: DatabaseHandle,
  dormKeys: string[],
  termsVersion: string,
): Promise<AlertResult> {
  const started = Date.now();
  await insertBulkSavedSearches(database.db, {
    users: Math.ceil(SAVED_SEARCHES / 3),
    count: SAVED_SEARCHES,
    dormKeys,
    termsVersion,
  });
  await database.db.execute(sql`VACUUM ANALYZE saved_search`);
  await database.db.execute(sql`ANALYZE "user"`);
  log(
    `  ${kind}: ${SAVED_SEARCHES.toLocaleString('en-US')} saved searches seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const postings = samplePostings(dormKeys);
  const indexed: number[] = [];
  const scan: number[] = [];
  let candidates = 0;
  let matches = 0;
  // Warm-up: plans and caches, for both ways.
  for (const posting of postings.slice(0, 20)) await app.savedSearches.matchingSearches(database.db, posting);
  for (const posting of postings) {
    const t0 = performance.now();
    const found = await app.savedSearches.matchingSearches(database.db, posting);
    indexed.push(performance.now() - t0);
    matches += found.length;
  }
  for (const posting of postings) {
    const t0 = performance.now();
    const all = await queryRows<{ filters: unknown; user_id: string }>(
      database.db,
      sql`SELECT s.filters, s.user_id FROM saved_search s WHERE s.alert <> 'off'`,
    );
    all.filter((row) => matchesFilters(posting, row.filters as Partial<SearchFilters>));
    scan.push(performance.now() - t0);
    candidates += all.length;
  }
  const [row] = await queryRows<{ n: unknown }>(database.db, sql`SELECT count(*) AS n FROM saved_search`);
  indexed.sort((a, b) => a - b);
  scan.sort((a, b) => a - b);
  const result: AlertResult = {
    searches: Number(row?.n),
    indexed: { p50: round2(percentile(indexed, 50)), p99: round2(percentile(indexed, 99)) },
    scan: { p50: round2(percentile(scan, 50)), p99: round2(percentile(scan, 99)) },
    candidates: Math.round(candidates / postings.length),
    matches: Math.round(matches / postings.length),
  };
  log(
    `  ${kind} alert matching @ ${result.searches.toLocaleString('en-US')} saved searches: p50 ${result.indexed.p50} ms  p99 ${result.indexed.p99} ms per new posting (${result.matches} matches on average); reading every active search instead: p50 ${result.scan.p50} ms  p99 ${result.scan.p99} ms (${result.candidates} rows)`,
  );
  return result;
}

async function benchEngine(kind: 'pglite' | 'postgres'): Promise<{ results: Results; alerts?: AlertResult }> {
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
  let alerts: AlertResult | undefined;
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
    await insertBulkProfiles(
      database.db,
      member.id,
      activeQuestions(config.college.lifestyle).map((q) => q.key),
    );
    let seeded = 0;
    for (const size of PARTS.includes('search') ? SIZES : []) {
      const started = Date.now();
      await insertBulkPostings(database.db, {
        adminId: member.id,
        dormKeys: config.college.dorms.map((dorm) => dorm.key),
        from: seeded + 1,
        to: size,
      });
      await assignBulkGroups(database.db, member.id);
      await database.db.execute(sql`VACUUM ANALYZE posting`);
      await database.db.execute(sql`VACUUM ANALYZE posting_member`);
      await database.db.execute(sql`VACUUM ANALYZE lifestyle_answer`);
      seeded = size;
      log(
        `  ${kind}: ${size.toLocaleString('en-US')} postings seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      results[size] = {};
      const [aPosting] = await queryRows<{ id: string }>(database.db, sql`select id from posting limit 1`);
      for (const target of chosenTargets) {
        const url = `${target.uncached ? uncachedAddress : address}${target.path.replace('{posting}', aPosting?.id ?? '')}`;
        const sequence = 'sequence' in target ? target.sequence : undefined;
        await measure(url, member.cookie, 1, sequence); // warm-up
        const m = await measure(url, member.cookie, DURATION_S, sequence);
        (results[size] as Record<string, Measure>)[target.name] = m;
        log(
          `  ${kind} @ ${size.toLocaleString('en-US')}: ${target.name.padEnd(18)} ${m.rps.toFixed(0).padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms${m.errors ? `  (${m.errors} errors!)` : ''}`,
        );
      }
    }
    if (PARTS.includes('alerts')) {
      const dormKeys = config.college.dorms.map((dorm) => dorm.key);
      alerts = await benchAlerts(kind, app, database, dormKeys, config.college.termsVersion);
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
  return { results, alerts };
}

function alertSummary(alerts: AlertResult): string[] {
  return [
    '',
    `| saved searches | match one new posting, p50 / p99 (ms) | reading every active search instead, p50 / p99 (ms) | matches per posting |`,
    '|---:|---:|---:|---:|',
    `| ${alerts.searches.toLocaleString('en-US')} | ${alerts.indexed.p50} / ${alerts.indexed.p99} | ${alerts.scan.p50} / ${alerts.scan.p99} | ${alerts.matches} |`,
  ];
}

function summary(kind: string, results: Results): string[] {
  if (!PARTS.includes('search')) return [`### ${kind}`];
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
  for (const size of SIZES) {
    const r = results[size] as Record<string, Measure>;
    const fit = r['best fit page'];
    const first = r['first page'];
    if (fit && first) {
      lines.push(
        `- best fit page p50 ${fit.p50} ms beside the unsorted first page p50 ${first.p50} ms at ${size.toLocaleString('en-US')} postings`,
      );
    }
  }
  for (const size of SIZES) {
    const r = results[size] as Record<string, Measure>;
    for (const { page, answer } of DRAWN_PAGES) {
      const cost = ratio(r[answer], r[page], (m) => m.rps);
      if (cost !== undefined) {
        lines.push(
          `- ${page} costs ${cost.toFixed(2)}x its ${answer} (req/s) at ${size.toLocaleString('en-US')} postings; p99 ${r[page]?.p99} ms beside ${r[answer]?.p99} ms`,
        );
      }
    }
  }
  for (const name of ['first page', 'filtered page', 'filtered (uncached)', 'best fit page']) {
    const growth = ratio(large?.[name], small[name], (m) => m.p50);
    if (growth !== undefined) lines.push(`- p50 at 100,000 / p50 at 1,000 (${name}): ${growth.toFixed(2)}x`);
  }
  return lines;
}

async function main() {
  // The drawn pages need the client's two builds (dist/client and dist/server).
  ensureClientBuilt();
  log(
    `Quadmates search benchmark: ${CONNECTIONS} connections, ${DURATION_S} s per run, loopback, Node ${process.version}, ${os.cpus().length} CPUs`,
  );
  const engines: ('pglite' | 'postgres')[] = ['pglite'];
  if (process.env.DATABASE_URL) engines.push('postgres');
  const only = process.env.BENCH_ENGINES?.split(',');
  const chosen = only ? engines.filter((kind) => only.includes(kind)) : engines;
  const report: string[] = [];
  for (const kind of chosen) {
    const { results, alerts } = await benchEngine(kind);
    report.push(
      ...summary(kind === 'pglite' ? 'Embedded database (PGlite)' : 'PostgreSQL', results),
      ...(alerts ? alertSummary(alerts) : []),
      '',
    );
  }
  log();
  log(report.join('\n'));
}

main().catch((error) => {
  process.stderr.write(`Benchmark failed: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
