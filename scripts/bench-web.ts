// `npm run bench:web`: builds the client, starts the product on a fresh embedded database seeded
// with 500 postings (the sample students and postings of `npm run seed`, the first with photos,
// plus generated ones), and runs Lighthouse (mobile emulation, its default simulated throttling)
// on the pages a student opens first. Prints scores, Core Web Vitals and bytes per page, beside
// the original product's first load. Chromium: CHROME_PATH, else a system Chromium, else the one
// inside @sparticuz/chromium (as the browser tests find it).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import lighthouse from 'lighthouse';
import { chromium as playwrightChromium } from 'playwright-core';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { type DatabaseHandle, openDatabase } from '../src/server/db/client';
import { posting, postingImage, user } from '../src/server/db/schema';
import { APP_READY_MARK } from '../src/shared/app-ready';
import { findChromium } from '../tests/support/chromium';
import { insertBulkPostings } from './lib/bulk-postings';
import { root } from './lib/client-build.mjs';

const POSTINGS = 500;
/** Runs per page; the median run (by performance score) is reported. */
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
/** The original product's first load (docs/performance.md, First load): JavaScript and CSS, gzip. */
const ORIGINAL = { js: 226.6, css: 8.1 };

const log = (line = '') => process.stdout.write(`${line}\n`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`;

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function signedInCookie(app: FastifyInstance, database: DatabaseHandle, termsVersion: string, origin: string) {
  const email = 'bench.web@bc.edu';
  const password = 'bench-password-0123';
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin },
    payload: { email, name: 'Bench Student', password },
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
  await database.db
    .update(user)
    .set({ emailVerified: true, termsAcceptedAt: new Date(), termsVersion })
    .where(eq(user.id, signUp.json().user.id as string));
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin },
    payload: { email, password },
  });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
  return ([] as string[])
    .concat(signIn.headers['set-cookie'] ?? [])
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

interface PageResult {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: { script: number; stylesheet: number; image: number; total: number };
  failing: string[];
}

async function audit(url: string, port: number, cookie: string | undefined): Promise<PageResult> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      // A dump for study carries V8's CPU samples too (which functions the main thread ran).
      ...(process.env.BENCH_WEB_DUMP ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
    },
    undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  if (process.env.BENCH_WEB_DUMP) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      `${process.env.BENCH_WEB_DUMP}-${new URL(url).pathname.replace(/\W+/g, '_')}.json`,
      JSON.stringify(lhr),
    );
    writeFileSync(
      `${process.env.BENCH_WEB_DUMP}-${new URL(url).pathname.replace(/\W+/g, '_')}.trace.json`,
      JSON.stringify(result.artifacts.Trace),
    );
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary = (
    lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
  )?.items;
  const bytesOf = (type: string) => summary?.find((item) => item.resourceType === type)?.transferSize ?? 0;
  const failing = ['performance', 'accessibility', 'best-practices'].flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((item) => item && item.score !== null && item.score < 0.9)
      .map((item) => `${category}: ${item?.id} (${item?.displayValue ?? item?.score})`),
  );
  return {
    page: new URL(lhr.finalDisplayedUrl).pathname,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    bytes: {
      script: bytesOf('script'),
      stylesheet: bytesOf('stylesheet'),
      image: bytesOf('image'),
      total: bytesOf('total'),
    },
    failing,
  };
}

/** Lighthouse's slow-4G phone, applied by the browser itself (not simulated): what a person waits. */
const SLOW_PHONE = {
  latencyMs: 150,
  downloadBytesPerS: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadBytesPerS: (750 * 1024 * 0.9) / 8,
  cpuSlowdown: 4,
};

/**
 * How long a drawn page shows before its scripts hold it: from the first paint to the app's ready
 * mark (src/client/main.tsx), on the slow-4G phone, in milliseconds; the median of `runs`.
 */
async function paintToReady(port: number, url: string, cookie: string | undefined, runs: number): Promise<number[]> {
  const browser = await playwrightChromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
      if (cookie) await context.setExtraHTTPHeaders({ Cookie: cookie });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: SLOW_PHONE.latencyMs,
        downloadThroughput: SLOW_PHONE.downloadBytesPerS,
        uploadThroughput: SLOW_PHONE.uploadBytesPerS,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
      await page.goto(url, { waitUntil: 'commit' });
      await page.locator('#root[data-ready]').waitFor({ state: 'attached', timeout: 60_000 });
      // A string, not a function: tsx's name helpers do not exist in the page.
      const [paint, ready] = (await page.evaluate(
        `[performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN, performance.getEntriesByName(${JSON.stringify(APP_READY_MARK)})[0]?.startTime ?? NaN]`,
      )) as [number, number];
      times.push(Math.round(ready - paint));
      await context.close();
    }
    return times.sort((a, b) => a - b);
  } finally {
    // Only this connection: the browser is chrome-launcher's, for Lighthouse's next page.
    await browser.close();
  }
}

async function main() {
  log('Building the client and its server entry (production)...');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  run(process.execPath, [vite, 'build', '--logLevel', 'warn'], { NODE_ENV: 'production' });
  // The server draws pages with the client's server build (dist/server): without it, or with one
  // left from an older build, every page would be sent undrawn and measured as the browser draws it.
  run(process.execPath, [vite, 'build', '--ssr', 'entry-server.tsx', '--logLevel', 'warn'], { NODE_ENV: 'production' });

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qm-bench-web-'));
  const port = await freePort();
  const env = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'bench-secret-that-is-long-enough-for-signing-0123456789',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  };
  let app: FastifyInstance | undefined;
  let database: DatabaseHandle | undefined;
  let chrome: Awaited<ReturnType<typeof launch>> | undefined;
  try {
    log('Seeding sample students and postings...');
    run(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/seed.ts')], env);
    database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    await database.migrate();
    const [seeded] = await database.db
      .select({ adminId: posting.adminUserId })
      .from(posting)
      .where(like(posting.adminUserId, 'seed-user-%'))
      .limit(1);
    if (!seeded) throw new Error('the seed wrote no postings');
    const existing = (await database.db.select({ id: posting.id }).from(posting)).length;
    const config = loadConfig(env, root);
    await insertBulkPostings(database.db, {
      adminId: seeded.adminId,
      dormKeys: config.college.dorms.map((dorm) => dorm.key),
      from: 1,
      to: POSTINGS - existing,
    });
    const total = (await database.db.select({ id: posting.id }).from(posting)).length;
    const [withPhotos] = await database.db.select({ id: postingImage.postingId }).from(postingImage).limit(1);
    if (!withPhotos) throw new Error('the seed wrote no images');

    app = await buildApp({ config, database, logger: false });
    await app.listen({ host: '127.0.0.1', port });
    const cookie = await signedInCookie(app, database, config.college.termsVersion, config.publicUrl);
    log(`Serving ${total} postings at ${config.publicUrl}.`);
    const signInPage = await (await fetch(`${config.publicUrl}/signin-wall`)).text();
    if (!signInPage.includes('data-drawn')) throw new Error('the server sent /signin-wall undrawn: no page drawing');

    const chromium = await findChromium();
    chrome = await launch({
      chromePath: chromium.executablePath,
      chromeFlags: chromium.args,
      logLevel: 'silent',
    });
    log(
      `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version} in ${chromium.source} Chromium, ${RUNS} run(s) per page, median reported.`,
    );

    const only = process.env.BENCH_WEB_PAGES?.split(',');
    const allPages: { path: string; signedIn: boolean }[] = [
      { path: '/signin-wall', signedIn: false },
      { path: '/', signedIn: true },
      { path: '/postings', signedIn: true },
      { path: `/detailView?id=${withPhotos.id}`, signedIn: true },
      { path: '/myProfile', signedIn: true },
    ];
    const pages = only ? allPages.filter((page) => only.includes(page.path.split('?')[0] as string)) : allPages;
    const results: PageResult[] = [];
    for (const page of pages) {
      const runs: PageResult[] = [];
      for (let i = 0; i < RUNS; i++) {
        // Lighthouse now and then fails to record a trace (NO_NAVSTART) on a busy machine: retry.
        for (let attempt = 1; ; attempt++) {
          try {
            runs.push(await audit(`${config.publicUrl}${page.path}`, chrome.port, page.signedIn ? cookie : undefined));
            break;
          } catch (error) {
            if (attempt >= 3) throw error;
            log(`  ${page.path}: ${(error as Error).message}; again`);
          }
        }
      }
      runs.sort((a, b) => a.performance - b.performance);
      const median = runs[Math.floor(runs.length / 2)] as PageResult;
      results.push({ ...median, page: page.path.replace(/id=.*/, 'id=…') });
      log(
        `  ${page.path}: performance ${runs.map((r) => `${r.performance} (LCP ${(r.lcpMs / 1000).toFixed(1)} s, TBT ${Math.round(r.tbtMs)} ms, CLS ${r.cls.toFixed(2)})`).join(', ')}`,
      );
    }

    log();
    log('| page | performance | accessibility | best practices | LCP | TBT | CLS | JS | CSS | images | total |');
    log('| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |');
    for (const r of results) {
      log(
        `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${(r.lcpMs / 1000).toFixed(1)} s | ${Math.round(r.tbtMs)} ms | ${r.cls.toFixed(3)} | ${kb(r.bytes.script)} KB | ${kb(r.bytes.stylesheet)} KB | ${kb(r.bytes.image)} KB | ${kb(r.bytes.total)} KB |`,
      );
    }
    log(`| original product, first load (gzip) | | | | | | | ${ORIGINAL.js} KB | ${ORIGINAL.css} KB | | |`);
    log();
    log('Bytes are transferred bytes (compressed as served). Targets: performance ≥ 95, accessibility 100.');
    log();
    log(
      `From the first paint to the app's ready mark on the slow-4G phone (${SLOW_PHONE.latencyMs} ms round trip, 1.6 Mbit/s, CPU ${SLOW_PHONE.cpuSlowdown}x, applied by Chromium), median of ${RUNS}:`,
    );
    for (const page of pages) {
      const times = await paintToReady(
        chrome.port,
        `${config.publicUrl}${page.path}`,
        page.signedIn ? cookie : undefined,
        RUNS,
      );
      log(`  ${page.path.replace(/id=.*/, 'id=…')}: ${times[Math.floor(times.length / 2)]} ms (${times.join(', ')})`);
    }
    const misses = results.filter((r) => r.performance < 95 || r.accessibility < 100);
    for (const r of misses) log(`Below target on ${r.page}: ${r.failing.join('; ') || 'no single audit under 0.9'}`);
    if (misses.length === 0) log('Every page meets the targets.');
  } finally {
    await chrome?.kill();
    await app?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`bench:web failed: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
