import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { ConfigError } from '../config';

/** Who takes the lock: the server, or one of the npm scripts that open the embedded database. */
export type DataDirUser = { kind: 'server'; url: string } | { kind: 'script'; command: string };

const HOLDER_FILE = 'server.lock.holder.json';

function readHolder(dataDir: string): DataDirUser | null {
  try {
    const holder = JSON.parse(readFileSync(path.join(dataDir, HOLDER_FILE), 'utf8')) as DataDirUser;
    if (holder.kind === 'server' && typeof holder.url === 'string') return holder;
    if (holder.kind === 'script' && typeof holder.command === 'string') return holder;
    return null;
  } catch {
    return null;
  }
}

/** One sentence saying who holds the folder and what to do, for whoever was refused. */
function describeLockConflict(dataDir: string, me: DataDirUser, holder: DataDirUser | null): string {
  if (me.kind === 'server') {
    if (holder?.kind === 'script') {
      return `${holder.command} is using the data folder ${dataDir}; wait for it to finish, then start the server.`;
    }
    return `Another server is already using the data folder ${dataDir}; stop it first or set a different DATA_DIR.`;
  }
  if (holder?.kind === 'script') {
    return `${holder.command} is using the data folder ${dataDir}; wait for it to finish, then run ${me.command} again.`;
  }
  const server = holder ? `the server at ${holder.url}` : 'a server';
  return (
    `${me.command} cannot run while ${server} is using the data folder ${dataDir} (the embedded database ` +
    `takes one process at a time). Stop the server (Ctrl+C where it runs), run ${me.command}, then start ` +
    'the server again; or run it before starting the server.'
  );
}

/**
 * PGlite has no locking of its own: a second process on the same folder opens it and its writes
 * are silently lost. So the server (and each script that opens the embedded database) holds an
 * exclusive lock on DATA_DIR while it runs, and notes beside it who it is, so that whoever is
 * refused is told what holds the folder and what to do.
 */
export async function lockDataDir(
  dataDir: string,
  me: DataDirUser,
  onLost: (error: Error) => void,
): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, 'server.lock'),
      // A crashed server's lock goes stale after 10 s, so a restart is never blocked for long.
      stale: 10_000,
      update: 2_500,
      realpath: false,
      onCompromised: onLost,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new ConfigError(describeLockConflict(dataDir, me, readHolder(dataDir)));
    }
    throw error;
  }
  const holderPath = path.join(dataDir, HOLDER_FILE);
  writeFileSync(holderPath, JSON.stringify(me));
  return async () => {
    rmSync(holderPath, { force: true });
    await release();
  };
}
