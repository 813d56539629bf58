/**
 * The production layout of deploy/ on one machine, for `npm run test:topology`: nginx running
 * deploy/nginx/quadmates.conf in front of application servers started the way
 * deploy/systemd/quadmates@.service starts them (`node scripts/start.mjs`, the environment file,
 * PORT last), a PostgreSQL database of their own, a local S3 (s3rver) and an SMTP sink. Each part
 * can be started and stopped alone (a rolling restart stops one server and starts another on its
 * port, from another checkout if need be); whatever is started is registered with a Cleanup.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
// s3rver ships no types; only its constructor, run() and close() are used.
// @ts-expect-error: untyped CommonJS module
import S3rver from 's3rver';
import { repoRoot } from './server-process';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A sleep that does not keep the process alive: the losing side of a race with a deadline. */
const deadline = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** Resolves once `condition` holds; throws naming `what` after `timeoutMs`. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(25);
  }
}

/**
 * What to undo, newest first, also when the run fails. `kill` is the synchronous last resort for
 * a process that exits without running the async tasks (process.on('exit')).
 */
export class Cleanup {
  private readonly tasks: { name: string; undo: () => Promise<void> | void; kill?: () => void }[] = [];

  add(name: string, undo: () => Promise<void> | void, kill?: () => void): void {
    this.tasks.push({ name, undo, kill });
  }

  /** Runs every task once (each at most 15 s); returns what could not be undone. */
  async run(): Promise<string[]> {
    const failures: string[] = [];
    while (this.tasks.length > 0) {
      const task = this.tasks.pop();
      if (!task) break;
      try {
        await Promise.race([
          task.undo(),
          deadline(15_000).then(() => {
            throw new Error('took over 15 s');
          }),
        ]);
      } catch (error) {
        task.kill?.();
        failures.push(`${task.name}: ${(error as Error).message}`);
      }
    }
    return failures;
  }

  killAll(): void {
    for (const task of this.tasks) task.kill?.();
  }
}

/** Kills a process and, when it leads a process group of its own (detached), the whole group. */
function killProcess(child: ChildProcess, signal: NodeJS.Signals, group = false): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(group ? -child.pid : child.pid, signal);
  } catch {
    // Already gone.
  }
}

const exitOf = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

// ---------------------------------------------------------------------------------------------
// nginx

export function findNginx(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin'].filter((dir) => dir !== '');
  return dirs.map((dir) => path.join(dir, 'nginx')).find((file) => existsSync(file));
}

/**
 * Installs Debian's nginx (the guide's package) when there is none. Debian starts a package's
 * service at install: a policy-rc.d that says no is put in place for the install when none is
 * there, so no nginx daemon is left running. Needs root and Debian's package sources.
 */
export function ensureNginx(say: (line: string) => void): string {
  const found = findNginx();
  if (found) return found;
  if (process.getuid?.() !== 0) {
    throw new Error('nginx is not installed, and installing it needs root: apt-get install -y nginx');
  }
  const policy = '/usr/sbin/policy-rc.d';
  const placedPolicy = !existsSync(policy);
  if (placedPolicy)
    writeFileSync(policy, '#!/bin/sh\n# Placed by npm run test:topology while it installs nginx.\nexit 101\n', {
      mode: 0o755,
    });
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args: string[]) =>
    spawnSync('apt-get', args, { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    say('nginx is not installed: apt-get install -y nginx');
    let result = apt(['install', '-y', '-q', '--no-install-recommends', 'nginx']);
    if (result.status !== 0) {
      say('the package lists are missing or stale: apt-get update, then again');
      apt(['update', '-q']);
      result = apt(['install', '-y', '-q', '--no-install-recommends', 'nginx']);
    }
    if (result.status !== 0) {
      throw new Error(
        `apt-get install nginx failed (${result.status}):\n${`${result.stdout}${result.stderr}`.slice(-3000)}`,
      );
    }
  } finally {
    if (placedPolicy) rmSync(policy, { force: true });
  }
  const installed = findNginx();
  if (!installed) throw new Error('apt-get installed nginx, but no nginx binary is on the PATH or in /usr/sbin');
  return installed;
}

export function nginxVersion(bin: string): string {
  const result = spawnSync(bin, ['-v'], { encoding: 'utf8' });
  return `${result.stderr}${result.stdout}`.trim().replace(/^nginx version:\s*/, '');
}

/** Braces opened minus closed on one line of nginx configuration, comments left out. */
function braceDepthChange(line: string): number {
  const code = line.replace(/#.*$/, '');
  return (code.match(/\{/g)?.length ?? 0) - (code.match(/\}/g)?.length ?? 0);
}

/**
 * deploy/nginx/quadmates.conf as the test runs it: the same upstream settings, locations and
 * headers, but with the test's application servers in the upstream, plain HTTP on `listen` in place
 * of TLS (the port-80 server that only redirects to HTTPS is left out, and so are the ssl_ lines),
 * and the logs in `logDir`. Throws when the site no longer has the parts this relies on.
 */
export function siteForTest(site: string, options: { listen: string; servers: string[]; logDir: string }): string {
  const out: string[] = [];
  let block: string[] | undefined;
  let depth = 0;
  let upstreams = 0;
  let httpsServers = 0;
  let redirects = 0;
  for (const line of site.split('\n')) {
    if (block === undefined && depth === 0 && /^\s*(server|upstream)\b[^;]*\{/.test(line)) block = [];
    depth += braceDepthChange(line);
    if (block === undefined) {
      out.push(line);
      continue;
    }
    block.push(line);
    if (depth > 0) continue;
    const text = block.join('\n');
    block = undefined;
    if (/^\s*upstream\b/.test(text)) {
      upstreams += 1;
      const lines = text.split('\n');
      const first = lines.find((l) => /^\s*server\s+\S+/.test(l));
      if (!first) throw new Error("the site's upstream lists no server");
      const [, indent = '    ', parameters = ''] = /^(\s*)server\s+\S+([^;]*);/.exec(first) ?? [];
      const firstIndex = lines.indexOf(first);
      const kept = lines.filter((l) => !/^\s*server\s+\S+/.test(l));
      kept.splice(firstIndex, 0, ...options.servers.map((address) => `${indent}server ${address}${parameters};`));
      out.push(kept.join('\n'));
    } else if (/\breturn\s+301\b/.test(text) && !/\bproxy_pass\b/.test(text)) {
      redirects += 1;
    } else {
      httpsServers += 1;
      let listened = false;
      for (const l of text.split('\n')) {
        if (/^\s*listen\s/.test(l)) {
          if (!listened) out.push(l.replace(/listen\s[^;]*;/, `listen ${options.listen};`));
          listened = true;
        } else if (/^\s*ssl_/.test(l)) {
          // TLS is swapped for plain HTTP in the test.
        } else if (/^\s*(access_log|error_log)\s/.test(l)) {
          out.push(
            l.replace(
              /^(\s*(?:access_log|error_log)\s+)([^\s;]+)/,
              (_match, head: string, file: string) => `${head}${path.join(options.logDir, path.basename(file))}`,
            ),
          );
        } else out.push(l);
      }
      if (!listened) throw new Error("the site's server has no listen line");
    }
  }
  if (depth !== 0) throw new Error("the site's braces do not balance");
  if (upstreams !== 1 || httpsServers !== 1 || redirects !== 1) {
    throw new Error(
      `the site should have one upstream, one HTTPS server and one HTTP redirect, not ${upstreams}, ${httpsServers} and ${redirects}`,
    );
  }
  return out.join('\n');
}

/** The smallest main configuration around a site: its pid, logs and temporary files in `dir`. */
function writeMainConfig(dir: string, siteFile: string, asRoot: boolean): string {
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, 'temp', name)};`;
  const main = [
    asRoot ? 'user www-data;' : '',
    'worker_processes 1;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'logs', 'main-error.log')};`,
    'events { worker_connections 1024; }',
    'http {',
    '  default_type application/octet-stream;',
    '  access_log off;',
    `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}`,
    `  include ${siteFile};`,
    '}',
    '',
  ].join('\n');
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, main);
  return conf;
}

/**
 * `nginx -t` on the site as shipped (TLS, HTTP/2, the redirect), with a throwaway self-signed
 * certificate in place of the real one and its logs in `dir`. Returns what nginx said; undefined
 * when there is no openssl to make the certificate.
 */
export function checkShippedSite(bin: string, site: string, dir: string): string | undefined {
  mkdirSync(path.join(dir, 'logs'), { recursive: true });
  mkdirSync(path.join(dir, 'temp'), { recursive: true });
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=quadmates.example.edu',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { encoding: 'utf8' },
  );
  if (made.error) return undefined;
  if (made.status !== 0) throw new Error(`openssl could not make a certificate:\n${made.stderr}`);
  const shipped = site
    .replace(/^(\s*ssl_certificate\s+)[^;\s]+;/m, `$1${cert};`)
    .replace(/^(\s*ssl_certificate_key\s+)[^;\s]+;/m, `$1${key};`)
    .replace(
      /^(\s*(?:access_log|error_log)\s+)([^\s;]+)/gm,
      (_match, head: string, file: string) => `${head}${path.join(dir, 'logs', path.basename(file))}`,
    );
  const siteFile = path.join(dir, 'quadmates.conf');
  writeFileSync(siteFile, shipped);
  const conf = writeMainConfig(dir, siteFile, process.getuid?.() === 0);
  const check = spawnSync(bin, ['-t', '-p', dir, '-c', conf, '-e', path.join(dir, 'logs', 'main-error.log')], {
    encoding: 'utf8',
  });
  if (check.status !== 0) throw new Error(`nginx -t refused deploy/nginx/quadmates.conf as shipped:\n${check.stderr}`);
  return check.stderr.trim();
}

export interface Nginx {
  url: string;
  child: ChildProcess;
  dir: string;
  /** The access log's lines so far (the site's `quadmates` format). */
  accessLog(): string[];
  errorLog(): string;
  stop(): Promise<void>;
}

/** Answers once an HTTP server answers at `url` (any status), or throws when `alive` turns false. */
async function waitAnswering(url: string, alive: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  await until(
    async () => {
      if (!alive()) throw new Error(`${what} exited before it answered`);
      return new Promise<boolean>((resolve) => {
        const req = http.get(url, (res) => {
          res.resume();
          resolve(true);
        });
        req.on('error', () => resolve(false));
        req.setTimeout(1_000, () => req.destroy());
      });
    },
    `${what} to answer at ${url}`,
    timeoutMs,
  );
}

/**
 * nginx in the foreground (`daemon off`, a child of this process) with `site` made into the test's
 * (siteForTest) under a minimal main configuration in `dir`; `nginx -t` checks it first.
 */
export async function startNginx(options: {
  bin: string;
  site: string;
  port: number;
  servers: string[];
  dir: string;
  cleanup: Cleanup;
}): Promise<Nginx> {
  const { bin, dir, port } = options;
  const logDir = path.join(dir, 'logs');
  mkdirSync(logDir, { recursive: true });
  mkdirSync(path.join(dir, 'temp'), { recursive: true });
  // Run as root, nginx's workers drop to www-data (Debian's), which must reach the temporary folders
  // (a body larger than its buffer, an upload of photos, is written there): the folders above `dir`
  // that this run made (mkdtemp's are 0700) may be passed through by others, not listed.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    chmodSync(dir, 0o755);
    for (let above = path.dirname(dir); above.startsWith(`${os.tmpdir()}${path.sep}`); above = path.dirname(above)) {
      const mode = statSync(above).mode & 0o777;
      if ((mode & 0o001) === 0) chmodSync(above, mode | 0o001);
    }
  }
  const siteFile = path.join(dir, 'quadmates.conf');
  writeFileSync(siteFile, siteForTest(options.site, { listen: `127.0.0.1:${port}`, servers: options.servers, logDir }));
  const conf = writeMainConfig(dir, siteFile, asRoot);
  const args = ['-p', dir, '-c', conf, '-e', path.join(logDir, 'main-error.log')];
  const check = spawnSync(bin, [...args, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused the test's configuration:\n${check.stderr}`);
  // Its own process group: the master and its workers go together.
  const child = spawn(bin, [...args, '-g', 'daemon off;'], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = exitOf(child);
  const alive = () => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    if (!alive()) return;
    killProcess(child, 'SIGTERM', true);
    const done = await Promise.race([exited, deadline(5_000).then(() => undefined)]);
    if (!done) {
      killProcess(child, 'SIGKILL', true);
      await exited;
    }
  };
  options.cleanup.add('nginx', stop, () => killProcess(child, 'SIGKILL', true));
  const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitAnswering(`${url}/healthz`, alive, 'nginx');
  } catch (error) {
    throw new Error(`${(error as Error).message}:\n${output}${read(path.join(logDir, 'main-error.log'))}`);
  }
  return {
    url,
    child,
    dir,
    accessLog: () =>
      read(path.join(logDir, 'quadmates.access.log'))
        .split('\n')
        .filter((line) => line !== ''),
    errorLog: () => `${read(path.join(logDir, 'main-error.log'))}${read(path.join(logDir, 'quadmates.error.log'))}`,
    stop,
  };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL, S3, the environment file

/** A new, uniquely named database on the PostgreSQL at `adminUrl`, dropped by the cleanup. */
export async function createDatabase(adminUrl: string, cleanup: Cleanup): Promise<{ name: string; url: string }> {
  const name = `quadmates_topology_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL does not answer at ${adminUrl} (${(error as Error).message}); the topology test needs one (TOPOLOGY_POSTGRES_URL names another)`,
    );
  }
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  cleanup.add(`database ${name}`, async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      // FORCE: a killed server's connections may not have been noticed as gone yet.
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

interface S3Server {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}

/** A local S3 (s3rver) on a free port with one bucket; its files in `dir`. */
export async function startS3(dir: string, bucket: string, cleanup: Cleanup): Promise<{ endpoint: string }> {
  mkdirSync(dir, { recursive: true });
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  }) as S3Server;
  const address = await s3.run();
  cleanup.add('s3rver', () => s3.close());
  return { endpoint: `http://127.0.0.1:${address.port}` };
}

/** KEY=VALUE lines of a systemd EnvironmentFile (comments and blank lines skipped, quotes removed). */
export function parseEnvironmentFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!match) throw new Error(`not a KEY=VALUE line: ${line}`);
    const [, key = '', value = ''] = match;
    env[key] = value.replace(/^"(.*)"$/, '$1').replace(/^'(.*)'$/, '$1');
  }
  return env;
}

export function formatEnvironmentFile(env: Record<string, string>): string {
  return `${Object.entries(env)
    .map(([key, value]) => `${key}=${value}`)
    .join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------
// Application servers

export interface AppServer {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive(): boolean;
  /** SIGKILL, as a crash or the OOM killer would; resolves once the process is gone. */
  kill9(): Promise<void>;
  /** SIGTERM, as systemctl stop does; resolves once it exited (throws when not cleanly). */
  stop(): Promise<void>;
}

/**
 * One application server as deploy/systemd/quadmates@.service runs it: `node scripts/start.mjs`
 * in the checkout (`root`: this one, or another build's), the environment file's variables, then
 * PORT. Its output goes to `logFile` too. `command` replaces scripts/start.mjs (a previous build
 * without a client build runs src/server/main.ts through tsx).
 */
export function spawnAppServer(options: {
  name: string;
  port: number;
  env: Record<string, string>;
  logFile: string;
  cleanup: Cleanup;
  root?: string;
  command?: string[];
}): AppServer {
  const { port } = options;
  const child = spawn(process.execPath, options.command ?? ['scripts/start.mjs'], {
    cwd: options.root ?? repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(options.logFile, { flags: 'a' });
  let output = '';
  const keep = (chunk: Buffer) => {
    log.write(chunk);
    output += chunk;
    // The last 200 KB is plenty to say why it failed.
    if (output.length > 400_000) output = output.slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = exitOf(child);
  void exited.then(() => log.end());
  const alive = () => child.exitCode === null && child.signalCode === null;
  const server: AppServer = {
    name: options.name,
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    exited,
    alive,
    async kill9() {
      killProcess(child, 'SIGKILL');
      await exited;
    },
    async stop() {
      if (!alive()) return;
      killProcess(child, 'SIGTERM');
      const { code, signal } = await exited;
      if (code !== 0)
        throw new Error(`${options.name} did not stop cleanly (${signal ?? code}):\n${output.slice(-4000)}`);
    },
  };
  options.cleanup.add(
    options.name,
    async () => {
      if (!alive()) return;
      killProcess(child, 'SIGTERM');
      const done = await Promise.race([exited, deadline(10_000).then(() => undefined)]);
      if (!done) await server.kill9();
    },
    () => killProcess(child, 'SIGKILL'),
  );
  return server;
}

/** Waits for the server's /readyz; throws with its output when it exits first or takes too long. */
export async function waitReady(server: AppServer, timeoutMs = 90_000): Promise<void> {
  try {
    await until(
      async () => {
        if (!server.alive()) throw new Error(`${server.name} exited before it was ready`);
        try {
          return (await fetch(`${server.url}/readyz`)).ok;
        } catch {
          return false;
        }
      },
      `${server.name} to be ready`,
      timeoutMs,
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}:\n${server.output().slice(-6000)}`);
  }
}

/**
 * One gauge or counter of a server's /metrics (loopback may read it), summed over the series whose
 * labels include `labels`; 0 when none has been written yet.
 */
export async function metric(server: AppServer, name: string, labels: Record<string, string> = {}): Promise<number> {
  const response = await fetch(`${server.url}/metrics`);
  const text = await response.text();
  if (!response.ok || !text.includes(`# TYPE ${name} `)) throw new Error(`${server.name}'s /metrics has no ${name}`);
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})?\s+(\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    if (wanted.every((label) => (match[2] ?? '').includes(label))) sum += Number(match[3]);
  }
  return sum;
}
