/**
 * Where an upload's files wait while a request is handled (issue 22, docs/decisions/0022): streamed
 * to a folder of their own under DATA_DIR/tmp (folder 0700, files 0600), never held in memory, and
 * removed when the request ends whatever happened. A crash can leave a folder behind: the start-up
 * sweep removes those older than a grace period (another server sharing DATA_DIR may be using a
 * younger one).
 */
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const PREFIX = 'upload-';

export interface UploadFolder {
  /**
   * Streams a file part into the folder; returns its path and size. `signal` abandons it: both
   * streams are destroyed (the file closed) and the promise rejects.
   */
  save(stream: Readable, signal?: AbortSignal): Promise<{ path: string; size: number }>;
  /** Removes the folder and everything in it (safe to call twice). */
  remove(): Promise<void>;
}

export const uploadRoot = (dataDir: string) => path.join(dataDir, 'tmp');

export async function createUploadFolder(root: string): Promise<UploadFolder> {
  await mkdir(root, { recursive: true, mode: 0o700 });
  // mkdtemp creates the folder 0700 with a name nobody can guess.
  const folder = await mkdtemp(path.join(root, PREFIX));
  let count = 0;
  return {
    async save(stream, signal) {
      count += 1;
      const file = path.join(folder, String(count));
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      await pipeline(stream, createWriteStream(file, { flags: 'wx', mode: 0o600 }), signal ? { signal } : {});
      return { path: file, size };
    },
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}

/** Removes upload folders older than `olderThanMs` (left by a crash); returns how many. */
export async function sweepUploadFolders(root: string, olderThanMs: number, now = Date.now()): Promise<number> {
  let entries: string[];
  try {
    entries = await readdir(root);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const entry of entries) {
    if (!entry.startsWith(PREFIX)) continue;
    const folder = path.join(root, entry);
    const info = await stat(folder).catch(() => null);
    if (!info || now - info.mtimeMs < olderThanMs) continue;
    await rm(folder, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
