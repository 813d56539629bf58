/**
 * The previous build, for rolling restarts: the server as it was just before the newest migration
 * was added, taken from git into a folder of its own, so it can serve a database while a server of
 * this checkout migrates that database (tests/integration/upgrade.test.ts, the topology test).
 *
 * Its server runs from source through tsx as `npm start` does and needs no build: without
 * dist/client it serves the API and the college's images, which is what a rolling restart of the
 * API needs from it. `buildClient` builds its pages too (its own `npm run build`: about 7 s on a
 * busy 2-core machine), for a test whose students load pages through a proxy. It borrows this
 * checkout's node_modules (a symlink): an install of its own would take minutes and the network,
 * and a previous build only imports packages this one still has (`lockfileDiffers` says when the
 * two lock files are not the same).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { repoRoot } from './server-process';

const JOURNAL = 'src/server/db/migrations/meta/_journal.json';

export interface PreviousBuild {
  commit: string;
  /** The commit's subject line, to name the build in a log. */
  subject: string;
  /** Its folder: pass it as `root` to spawnServer / startReady (scripts/lib/server-process.ts). */
  root: string;
  /** How many migrations it applies when it starts on an empty database. */
  migrations: number;
  /** Its package-lock.json is not this checkout's (it still runs on this checkout's node_modules). */
  lockfileDiffers: boolean;
  /** Removes its folder. */
  remove(): void;
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
    throw new Error(`git ${args.join(' ')} failed: ${stderr || (error as Error).message}`);
  }
}

const countEntries = (journal: string) => (JSON.parse(journal) as { entries: unknown[] }).entries.length;

/** How many migrations this checkout's server applies (its working tree, committed or not). */
export function currentMigrationCount(): number {
  return countEntries(readFileSync(path.join(repoRoot, JOURNAL), 'utf8'));
}

function migrationCountAt(commit: string): number {
  try {
    return countEntries(git(['show', `${commit}:${JOURNAL}`]));
  } catch {
    return 0; // before the first migration
  }
}

/**
 * The commit the previous build comes from: HEAD when the working tree holds a migration not yet
 * committed, else the parent (on the first-parent line) of the commit that added the newest one.
 */
export function previousBuildCommit(): string {
  const current = currentMigrationCount();
  if (migrationCountAt('HEAD') < current) return git(['rev-parse', 'HEAD']);
  let added: string | undefined;
  for (const commit of git(['log', '--first-parent', '--format=%H', 'HEAD', '--', JOURNAL]).split('\n')) {
    if (commit === '' || migrationCountAt(commit) < current) break;
    added = commit;
  }
  if (!added) throw new Error(`no commit in this clone adds migration ${current}`);
  try {
    return git(['rev-parse', '--verify', `${added}^`]);
  } catch {
    throw new Error(
      `the commit before ${added.slice(0, 10)} (which adds migration ${current}) is not in this clone; a shallow clone? (git fetch --unshallow)`,
    );
  }
}

/**
 * Takes `commit` (by default previousBuildCommit()) out of git into a temporary folder: well under a
 * second, plus the client's build when asked for.
 */
export function preparePreviousBuild(options: { commit?: string; buildClient?: boolean } = {}): PreviousBuild {
  const commit = options.commit ?? previousBuildCommit();
  const root = mkdtempSync(path.join(os.tmpdir(), 'qm-previous-build-'));
  try {
    const archive = path.join(root, 'build.tar');
    // package.json for "type": "module"; tsconfig.json for tsx; config/ for the college; the build's
    // own configuration and plugins (scripts/lib) for its client.
    const paths = ['package.json', 'tsconfig.json', 'src', 'config'];
    if (options.buildClient) paths.push('vite.config.ts', 'scripts');
    git(['archive', '--format=tar', '-o', archive, commit, ...paths]);
    execFileSync('tar', ['-xf', archive, '-C', root]);
    rmSync(archive);
    symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    if (options.buildClient) {
      try {
        execFileSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      } catch (error) {
        const output = `${(error as { stdout?: string }).stdout ?? ''}${(error as { stderr?: string }).stderr ?? ''}`;
        throw new Error(`the previous build's client did not build:\n${output.slice(-4000)}`);
      }
    }
    let lockfileDiffers = false;
    try {
      git(['diff', '--quiet', commit, '--', 'package-lock.json']);
    } catch {
      lockfileDiffers = true;
    }
    return {
      commit,
      subject: git(['log', '-1', '--format=%s', commit]),
      root,
      migrations: migrationCountAt(commit),
      lockfileDiffers,
      remove: () => rmSync(root, { recursive: true, force: true }),
    };
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
}

/** How many migrations a PostgreSQL database has applied (0 before any server started on it). */
export async function appliedMigrationCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // A table that does not exist yet cannot be named in the same statement that asks for it.
    const exists = await client.query<{ t: string | null }>(`SELECT to_regclass('drizzle.__drizzle_migrations') AS t`);
    if (exists.rows[0]?.t == null) return 0;
    const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}
