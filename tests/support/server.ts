import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { freePort, spawnServer as spawnServerProcess } from '../../scripts/lib/server-process';

export { freePort };

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/**
 * A new data folder whose database is a copy of the migrated template (tests/support/database-setup.ts):
 * a server starts on it in a fraction of the time PGlite's initdb and the migrations take. Tests of
 * a first start on an empty folder make their own folder.
 */
export function migratedDataDir(): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qm-server-'));
  cpSync(inject('pgliteTemplateDir'), path.join(dataDir, 'db'), { recursive: true });
  return dataDir;
}

/** Runs `src/server/main.ts` as `npm start` does, on a free port, and waits for /readyz. */
export async function startServer(
  options: { env?: Record<string, string>; dataDir?: string; waitReady?: boolean; port?: number } = {},
): Promise<RunningServer> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? migratedDataDir();
  // freePort's port is free when asked, but another test's server may take it before this one
  // listens; then this server refuses to start and, on a port of our own choosing, we try again.
  for (let attempt = 1; ; attempt++) {
    const { server, watchForDeath } = spawnServer(options.port ?? (await freePort()), dataDir, ownDataDir, options);
    if (options.waitReady === false) return server;
    const outcome = await waitUntilReady(server);
    if (outcome === 'ready') {
      watchForDeath();
      return server;
    }
    if (outcome === 'port taken' && options.port === undefined && attempt < 5) continue;
    await server.stop();
    throw new Error(
      `server ${outcome === 'port taken' ? 'found its port taken' : 'did not start'}:\n${server.output()}`,
    );
  }
}

function spawnServer(
  port: number,
  dataDir: string,
  ownDataDir: boolean,
  options: { env?: Record<string, string> },
): { server: RunningServer; watchForDeath(): void } {
  const { url, child, output, exited } = spawnServerProcess(port, {
    AUTH_SECRET: 'browser-test-secret-that-is-long-enough-0123456789',
    DATA_DIR: dataDir,
    ...options.env,
  });
  let stopping = false;
  let watching = false;
  // A server that dies in the middle of a test leaves only "connection refused" in the browser:
  // say why it died, with what it printed, where the test run's output shows it.
  child.once('exit', (code, signal) => {
    if (watching && !stopping) {
      process.stderr.write(`server at ${url} exited unexpectedly (${signal ?? code}):\n${output().slice(-8000)}\n`);
    }
  });

  const server: RunningServer = {
    url,
    dataDir,
    process: child,
    output,
    async stop() {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return {
    server,
    watchForDeath() {
      watching = true;
    },
  };
}

/**
 * Ready only when this child has said it listens (its "is ready at" line) and /readyz answers:
 * /readyz alone could be answered by another server already on the port.
 */
async function waitUntilReady(server: RunningServer): Promise<'ready' | 'port taken' | 'failed'> {
  const child = server.process;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      return server.output().includes('is already in use') ? 'port taken' : 'failed';
    }
    if (server.output().includes(' is ready at ')) {
      try {
        const response = await fetch(`${server.url}/readyz`);
        if (response.ok) return 'ready';
      } catch {
        // listening, but not answering yet
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return 'failed';
}

/** Waits for a server process to exit by itself (e.g. refusing to start) and returns its code. */
export function waitForExit(server: RunningServer, timeoutMs = 30_000): Promise<number | null> {
  return new Promise((resolve, reject) => {
    if (server.process.exitCode !== null) return resolve(server.process.exitCode);
    const timer = setTimeout(() => reject(new Error(`server did not exit:\n${server.output()}`)), timeoutMs);
    server.process.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}
