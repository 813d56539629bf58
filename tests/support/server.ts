import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './app';

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Runs `src/server/main.ts` as `npm start` does, on a free port, and waits for /readyz. */
export async function startServer(
  options: { env?: Record<string, string>; dataDir?: string; waitReady?: boolean; port?: number } = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'qm-server-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      AUTH_SECRET: 'browser-test-secret-that-is-long-enough-0123456789',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  if (options.waitReady !== false) {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
      try {
        const response = await fetch(`${url}/readyz`);
        if (response.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`server did not become ready:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { url, dataDir, process: child, output: () => output, stop };
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
