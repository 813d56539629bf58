/**
 * The images' part of a backup: every object of the store (disk or bucket) copied out byte for
 * byte, and written into an empty store on restore, each read back and checked before the
 * database is touched, and all removed again when anything fails.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Storage } from '../storage';
import { contentTypeOf, isSafeKey } from '../storage/storage';
import { BackupError, IMAGES_FOLDER, type Manifest } from './contents';

type FileEntry = Manifest['files'][string];

/** Objects copied at once: a bucket answers each in tens of milliseconds, so a few overlap. */
const PARALLEL = 8;

/** Runs `work` over the items, `width` at a time; the first failure stops the rest from starting. */
async function inParallel<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(width, items.length) }, worker));
  const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (rejected) throw rejected.reason;
}

/** The store's keys that are ours (a disk store's half-written `.incoming` files are not). */
export async function storedKeys(storage: Storage): Promise<string[]> {
  return (await storage.list(''))
    .map((k) => k.key)
    .filter(isSafeKey)
    .sort();
}

const archivePath = (key: string) => `${IMAGES_FOLDER}/${key}`;

async function sha256Of(body: NodeJS.ReadableStream): Promise<FileEntry> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

export interface ImagesCopy {
  files: Record<string, FileEntry>;
  count: number;
  bytes: number;
  /** Keys the database named that the store did not have. */
  missing: number;
}

/** Copies every stored object to `<folder>/images/<key>`, hashing as it goes. */
export async function copyImagesOut(storage: Storage, folder: string, named: Set<string>): Promise<ImagesCopy> {
  await mkdir(path.join(folder, IMAGES_FOLDER), { recursive: true });
  const files: Record<string, FileEntry> = {};
  let bytes = 0;
  await inParallel(await storedKeys(storage), PARALLEL, async (key) => {
    const object = await storage.get(key);
    // Deleted since it was listed: its posting went, so the database no longer names it either.
    if (!object) return;
    const file = path.join(folder, IMAGES_FOLDER, ...key.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    const hash = createHash('sha256');
    let size = 0;
    await pipeline(
      object.body,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          hash.update(chunk);
          size += chunk.length;
          yield chunk;
        }
      },
      createWriteStream(file, { flags: 'wx' }),
    );
    files[archivePath(key)] = { sha256: hash.digest('hex'), bytes: size };
    bytes += size;
  });
  const copied = new Set(Object.keys(files).map((p) => p.slice(IMAGES_FOLDER.length + 1)));
  const missing = [...named].filter((key) => !copied.has(key)).length;
  return { files, count: copied.size, bytes, missing };
}

/** The storage keys an archive holds (its files under images/). */
export function archivedKeys(manifest: Manifest): string[] {
  const prefix = `${IMAGES_FOLDER}/`;
  return Object.keys(manifest.files)
    .filter((p) => p.startsWith(prefix))
    .map((p) => p.slice(prefix.length))
    .sort();
}

/**
 * Writes the archive's images into the store and reads each back to compare its hash. Each key is
 * added to `written` before its write starts, so the caller can remove all of them on failure.
 */
export async function writeImagesIn(
  storage: Storage,
  folder: string,
  manifest: Manifest,
  label: string,
  written: string[],
): Promise<void> {
  await inParallel(archivedKeys(manifest), PARALLEL, async (key) => {
    const expected = manifest.files[archivePath(key)];
    const body = await readFile(path.join(folder, IMAGES_FOLDER, ...key.split('/')));
    written.push(key);
    await storage.put(key, body, contentTypeOf(key));
    const stored = await storage.get(key);
    const found = stored ? await sha256Of(stored.body) : null;
    if (!found || found.sha256 !== expected?.sha256 || found.bytes !== expected.bytes) {
      throw new BackupError(`The image ${key} read back from ${label} differs from the archive's copy.`);
    }
  });
}

/** Removes the keys; false when the store refused some (the caller says so). */
export async function removeImages(storage: Storage, keys: readonly string[]): Promise<boolean> {
  try {
    for (let i = 0; i < keys.length; i += 1000) await storage.delete(keys.slice(i, i + 1000));
    return true;
  } catch {
    return false;
  }
}
