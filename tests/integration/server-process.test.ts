/**
 * The server process as `npm start` runs it, on the embedded database: restarts, the data folder's
 * lock, start-up refusals in one sentence, the log. It starts its servers on the embedded database
 * whatever TEST_DATABASE_URL says, so CI's PostgreSQL run leaves it out (.ci/run); the servers on
 * PostgreSQL are server-process-postgres.test.ts.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/app';
import { collegeConfigWith } from '../support/college-config';
import { freePort, migratedDataDir, startServer, waitForExit } from '../support/server';

/** Runs an npm script's entry (`npm run seed` is `tsx scripts/seed.ts`) and collects what it says. */
function runScript(script: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

const folders: string[] = [];
/** An empty data folder: the server creates and migrates its database there. */
const emptyDataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qm-proc-'));
  folders.push(dir);
  return dir;
};
/** A data folder with a migrated database in it, for tests that are not about a first start. */
const tempDataDir = () => {
  const dir = migratedDataDir();
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('keeps its data across a restart and releases its lock on SIGTERM', async () => {
    const dataDir = emptyDataDir();
    const first = await startServer({ dataDir });
    expect(existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(true);
    await first.stop();
    expect(first.process.exitCode).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    const second = await startServer({ dataDir });
    const ready = await fetch(`${second.url}/readyz`);
    expect(ready.status).toBe(200);
    await second.stop();
  }, 90_000);

  it('refuses a second server on the same data folder with a clear sentence', async () => {
    const dataDir = tempDataDir();
    const first = await startServer({ dataDir });
    try {
      const second = await startServer({ dataDir, waitReady: false });
      expect(await waitForExit(second)).toBe(1);
      expect(second.output().trim()).toBe(
        `Another server is already using the data folder ${dataDir}; stop it first or set a different DATA_DIR.`,
      );
      // The first server is unharmed.
      expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    } finally {
      await first.stop();
    }
  }, 90_000);

  it('is not fooled by another program answering /readyz on its port (the test harness)', async () => {
    // Tests find a free port and start the server on it; if something took the port in between,
    // its answers must not pass for this server's.
    const impostor = createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
    const { port } = impostor.address() as AddressInfo;
    try {
      // It says so in one sentence, and nothing else (its background jobs stop quietly first).
      await expect(startServer({ dataDir: tempDataDir(), port })).rejects.toThrow(
        `server found its port taken:\nPORT ${port} is already in use on 127.0.0.1; stop the other program or set a different PORT.\n`,
      );
    } finally {
      impostor.close();
    }
  }, 90_000);

  it('tells `npm run seed` to stop the server first, or seed before starting it', async () => {
    const dataDir = tempDataDir();
    const port = await freePort();
    const publicUrl = `http://localhost:${port}`;
    const server = await startServer({ dataDir, port, env: { PUBLIC_URL: publicUrl } });
    try {
      const seed = await runScript('scripts/seed.ts', {
        NODE_ENV: 'production',
        AUTH_SECRET: 'browser-test-secret-that-is-long-enough-0123456789',
        PUBLIC_URL: publicUrl,
        DATA_DIR: dataDir,
      });
      expect(seed.code).toBe(1);
      expect(seed.stderr.trim()).toBe(
        `npm run seed cannot run while the server at ${publicUrl} is using the data folder ${dataDir} (the embedded ` +
          'database takes one process at a time). Stop the server (Ctrl+C where it runs), run npm run seed, then ' +
          'start the server again; or run it before starting the server.',
      );
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 240_000);

  it('logs one line per request in development, names one address and sets the mail summary apart', async () => {
    const port = await freePort();
    const publicUrl = `http://localhost:${port}`;
    // Listening on 127.0.0.1, reached as localhost: the log names only the address to open.
    const server = await startServer({
      dataDir: tempDataDir(),
      port,
      env: { NODE_ENV: 'development', PUBLIC_URL: publicUrl },
    });
    try {
      await fetch(`${server.url}/api/config`);
      const email = `logline.${Date.now()}@bc.edu`;
      const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: publicUrl },
        body: JSON.stringify({ email, name: 'Log Line', password: 'correct-horse-battery' }),
      });
      expect(signUp.status).toBe(200);
      // The verification e-mail goes to the file mailbox and its summary to the log, as a block.
      await expect
        .poll(() => server.output(), { timeout: 20_000 })
        .toMatch(/^│ Link: +http:\/\/localhost:\d+\/verify-email\?token=\S+$/m);
      const lines = server.output().split('\n');

      expect(lines.filter((line) => line.includes('/api/config'))).toEqual([
        expect.stringMatching(/INFO: GET \/api\/config 200 [\d.]+ ms$/),
      ]);
      expect(lines.filter((line) => line.includes('/api/auth/sign-up/email'))).toEqual([
        expect.stringMatching(/INFO: POST \/api\/auth\/sign-up\/email 200 [\d.]+ ms$/),
      ]);
      expect(server.output()).not.toMatch(/incoming request|request completed|reqId|remotePort/);

      const links = lines.filter((line) => line.includes('http://'));
      expect(links.filter((line) => !line.includes('/verify-email?token='))).toEqual([
        expect.stringMatching(
          new RegExp(`INFO: Quadmates for Boston College is ready at ${publicUrl} \\(Node v\\d+\\.\\d+\\.\\d+\\)$`),
        ),
      ]);
      expect(server.output()).not.toContain('127.0.0.1');

      const mail = lines.findIndex((line) => line.startsWith('✉ MAIL'));
      expect(lines.slice(mail + 1, mail + 5)).toEqual([
        `│ To:      ${email}`,
        '│ Subject: Verify your Quadmates e-mail',
        expect.stringMatching(/^│ Link: +http:\/\/localhost:\d+\/verify-email\?token=\S+$/),
        expect.stringMatching(/^│ Saved: +\S+\.eml$/),
      ]);
    } finally {
      await server.stop();
    }
  }, 240_000);

  it('stops with one sentence when DATABASE_URL cannot be reached', async () => {
    const server = await startServer({
      dataDir: tempDataDir(),
      env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/test' },
      waitReady: false,
    });
    expect(await waitForExit(server)).toBe(1);
    expect(server.output().trim()).toBe('DATABASE_URL: cannot use the database at 127.0.0.1:1/test (ECONNREFUSED).');
  }, 60_000);

  it('stops with one sentence when COLLEGE_CONFIG is bad', async () => {
    const server = await startServer({
      dataDir: tempDataDir(),
      env: { COLLEGE_CONFIG: '/nowhere/college.json' },
      waitReady: false,
    });
    expect(await waitForExit(server)).toBe(1);
    expect(server.output().trim()).toBe('COLLEGE_CONFIG points to /nowhere/college.json, which cannot be read.');
  }, 60_000);

  it("stops with one sentence when the college config's digest hour is out of range", async () => {
    const college = collegeConfigWith({ alerts: { digestHourUtc: 24 } });
    folders.push(path.dirname(college));
    const server = await startServer({ dataDir: tempDataDir(), env: { COLLEGE_CONFIG: college }, waitReady: false });
    expect(await waitForExit(server)).toBe(1);
    expect(server.output().trim()).toBe(
      `COLLEGE_CONFIG file ${college}: field alerts.digestHourUtc must be a whole hour from 0 to 23 (UTC).`,
    );
  }, 60_000);
});
