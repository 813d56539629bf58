/** The real server (`src/server/main.ts`, as `npm start` runs it) as a child process, for the load and crash scripts. */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { ensureServerBuilt, serverBundle } from './server-build.mjs';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface SpawnOptions {
  /** The checkout whose server runs (default this one; a previous build's folder, scripts/lib/previous-build.ts). */
  root?: string;
}

/**
 * This checkout's server runs from its bundle, as `npm start` does (decision 0045); a previous
 * build's folder runs its sources through tsx (it may predate the bundle).
 */
function serverCommand(root: string): string[] {
  if (root !== repoRoot) return ['--import', 'tsx', 'src/server/main.ts'];
  ensureServerBuilt();
  return [serverBundle];
}

export function spawnServer(port: number, env: Record<string, string>, options: SpawnOptions = {}): ServerProcess {
  const url = `http://127.0.0.1:${port}`;
  const root = options.root ?? repoRoot;
  const child = spawn(process.execPath, serverCommand(root), {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      // A test server in production mode writes its mail to DATA_DIR/mailbox (config.ts refuses
      // that unless it is asked for); tests that check delivery pass SMTP_URL.
      FILE_MAILBOX: '1',
      ...env,
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
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { url, child, output: () => output, exited };
}

/** Waits for /readyz; null when the process exited first (e.g. the data folder is still locked). */
export async function waitReady(server: ServerProcess, timeoutMs = 600_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return false;
    try {
      const response = await fetch(`${server.url}/readyz`);
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.child.kill('SIGKILL');
  throw new Error(`the server did not become ready in ${timeoutMs} ms:\n${server.output()}`);
}

/** Starts the server and waits until it is ready, retrying while a killed predecessor's lock is still fresh. */
export async function startReady(
  port: number,
  env: Record<string, string>,
  timeoutMs = 120_000,
  options: SpawnOptions = {},
): Promise<ServerProcess> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const server = spawnServer(port, env, options);
    if (await waitReady(server, Math.max(1_000, deadline - Date.now()))) return server;
    await server.exited;
    if (!/Another server is already using the data folder/.test(server.output()) || Date.now() > deadline) {
      throw new Error(`the server did not start:\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function stopGracefully(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const { code } = await server.exited;
  if (code !== 0) throw new Error(`the server did not stop cleanly (${code}):\n${server.output()}`);
}
