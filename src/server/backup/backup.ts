/**
 * `npm run backup`: one archive of a deployment (database rows, images, college config) with a
 * manifest of versions, counts and checksums. The caller opens the database and the store.
 */
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { packageRoot } from '../package-root';
import type { Storage } from '../storage';
import { packArchive } from './archive';
import { copyCollegeOut } from './college';
import {
  ARCHIVE_FORMAT,
  BackupError,
  BLANKED_COLUMNS,
  COLLEGE_FOLDER,
  DATABASE_FOLDER,
  FORMAT_VERSION,
  IMAGES_FOLDER,
  LEFT_OUT_ROWS,
  LEFT_OUT_TABLES,
  MANIFEST_FILE,
  type Manifest,
} from './contents';
import { dumpDatabase } from './database';
import { copyImagesOut } from './images';
import { journal } from './schema-info';

const packageFile = path.join(packageRoot, 'package.json');

export async function appVersion(): Promise<{ name: string; version: string }> {
  const { name, version } = JSON.parse(await readFile(packageFile, 'utf8')) as { name: string; version: string };
  return { name, version };
}

/** 2026-11-27T08:30:00.123Z -> 20261127-083000Z: sorts by time, no characters a shell or Windows minds. */
function stamp(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}Z`;
}

/**
 * The archive's path: `out` itself, or a dated name inside it when it is a folder (existing, or
 * written with a trailing slash). An existing file is never overwritten.
 */
export async function archivePath(out: string | undefined, now: Date, cwd = process.cwd()): Promise<string> {
  const name = `quadmates-backup-${stamp(now)}.tar.gz`;
  if (out === undefined) return path.resolve(cwd, name);
  const resolved = path.resolve(cwd, out);
  const info = await stat(resolved).catch(() => null);
  if (info?.isDirectory() || /[/\\]$/.test(out)) return path.join(resolved, name);
  if (info) throw new BackupError(`${resolved} already exists; a backup never overwrites a file, so name a new one.`);
  return resolved;
}

export interface BackupOptions {
  config: AppConfig;
  database: DatabaseHandle;
  storage: Storage;
  /** The archive to write (see archivePath). */
  file: string;
  now?: Date;
}

export interface BackupResult {
  file: string;
  manifest: Manifest;
  /** The archive's size. */
  bytes: number;
}

export async function createBackup({
  config,
  database,
  storage,
  file,
  now = new Date(),
}: BackupOptions): Promise<BackupResult> {
  const folder = path.dirname(file);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  if (await stat(file).catch(() => null)) {
    throw new BackupError(`${file} already exists; a backup never overwrites a file, so name a new one.`);
  }
  // Beside the archive: the same file system, which the operator chose for its size.
  const staging = await mkdtemp(path.join(folder, '.quadmates-backup-'));
  try {
    // The database first: images deleted after its snapshot are counted as missing; images added
    // after it are harmless extras (the orphan sweep removes them from a restored store).
    const dump = await dumpDatabase(database.db, staging);
    const images = await copyImagesOut(storage, staging, dump.imageKeys);
    const college = await copyCollegeOut(config, staging);
    const last = journal().find((m) => m.createdAt === dump.level.lastCreatedAt);
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: FORMAT_VERSION,
      app: await appVersion(),
      createdAt: now.toISOString(),
      source: { database: database.kind, images: storage.kind },
      migrations: {
        applied: dump.level.applied,
        last: last?.tag ?? `unknown (${dump.level.lastCreatedAt})`,
        lastCreatedAt: dump.level.lastCreatedAt,
      },
      tables: dump.tables,
      sequences: dump.sequences,
      leftOut: {
        tables: Object.keys(LEFT_OUT_TABLES),
        rows: { ...LEFT_OUT_ROWS },
        columns: Object.fromEntries(Object.entries(BLANKED_COLUMNS).map(([t, c]) => [t, [...c]])),
      },
      images: { count: images.count, bytes: images.bytes, missing: images.missing },
      college: college.entry,
      files: { ...dump.files, ...images.files, ...college.files },
    };
    await writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await packArchive(staging, [MANIFEST_FILE, COLLEGE_FOLDER, DATABASE_FOLDER, IMAGES_FOLDER], file);
    return { file, manifest, bytes: (await stat(file)).size };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
