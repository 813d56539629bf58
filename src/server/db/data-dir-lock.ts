import { mkdirSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { ConfigError } from '../config';

/**
 * PGlite has no locking of its own: a second process on the same folder opens it and its writes
 * are silently lost. So the server holds an exclusive lock on DATA_DIR while it runs.
 */
export async function lockDataDir(dataDir: string, onLost: (error: Error) => void): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, 'server.lock'),
      // A crashed server's lock goes stale after 10 s, so a restart is never blocked for long.
      stale: 10_000,
      update: 2_500,
      realpath: false,
      onCompromised: onLost,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new ConfigError(
        `Another server is already using the data folder ${dataDir}; stop it first or set a different DATA_DIR.`,
      );
    }
    throw error;
  }
}
