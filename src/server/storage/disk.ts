import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, contentTypeOf, type Storage, type StoredKey, type StoredObject } from './storage';

/** Files under `root`; each write goes to a temporary name first, so a reader never sees half a file. */
export function createDiskStorage(root: string): Storage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'disk',
    async put(key, body) {
      const file = fileOf(key);
      // Written beside the tree (same file system) and renamed into place.
      const temporary = path.join(root, '.incoming', randomBytes(12).toString('hex'));
      // Twice: a delete in the same folder may remove it between mkdir and write.
      for (let attempt = 1; ; attempt++) {
        try {
          // Private whatever the umask (src/server/db/private-data-dir.ts).
          await mkdir(path.dirname(temporary), { recursive: true, mode: 0o700 });
          await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
          await writeFile(temporary, body, { mode: 0o600 });
          await rename(temporary, file);
          return;
        } catch (error) {
          await rm(temporary, { force: true });
          if (attempt >= 2 || (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
    },
    async get(key): Promise<StoredObject | null> {
      const file = fileOf(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return {
          body: createReadStream(file),
          contentType: contentTypeOf(key),
          size: info.size,
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(keys) {
      for (const key of keys) {
        const file = fileOf(key);
        await rm(file, { force: true });
        // Drop the posting's folder once it is empty (best effort).
        await rmdir(path.dirname(file)).catch(() => {});
      }
    },
    async list(prefix) {
      const base = path.join(root, ...prefix.split('/').filter(Boolean));
      let entries: string[];
      try {
        entries = (await readdir(base, { recursive: true })).map(String);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const keys: StoredKey[] = [];
      for (const entry of entries) {
        const full = path.join(base, entry);
        const info = await stat(full).catch(() => null);
        if (!info?.isFile()) continue;
        keys.push({ key: path.relative(root, full).split(path.sep).join('/'), lastModified: info.mtime });
      }
      return keys;
    },
  };
}
