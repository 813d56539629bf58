/**
 * `npm run restore`: rebuilds an empty deployment from an archive. In order: unpack and check
 * every checksum; refuse a database with rows or a store with images; write the images and read
 * each back; fill the database in one transaction (schema to the archive's migration, rows,
 * counters); then bring the schema to this version's newest migration as a server start would.
 * A failure before the commit removes every image it wrote and leaves the database as it was.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import type { Storage } from '../storage';
import { unpackArchive, verifyUnpacked } from './archive';
import { sameCollegeConfig } from './college';
import { BackupError, type Manifest, reasonOf } from './contents';
import { assertDatabaseEmpty, loadDatabase } from './database';
import { removeImages, storedKeys, writeImagesIn } from './images';
import { journal } from './schema-info';

export interface RestoreOptions {
  config: AppConfig;
  database: DatabaseHandle;
  storage: Storage;
  archive: string;
  /** Where to unpack (removed afterwards); DATA_DIR by default, which has room for the images. */
  workFolder?: string;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Migrations applied in the restore's transaction, then those applied after it. */
  migrations: { inTransaction: string[]; after: string[] };
  collegeConfigMatches: boolean;
  /** The rows are in, but bringing the schema to this version's newest migration failed (the server retries). */
  upgradeFailure: string | undefined;
}

/** How messages name the database, without its password. */
export function databaseLabel(config: AppConfig): string {
  if (!config.databaseUrl) return `The embedded database in ${path.join(config.dataDir, 'db')}`;
  const url = new URL(config.databaseUrl);
  return `The database at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}

export function storageLabel(config: AppConfig): string {
  return config.s3 ? `the bucket ${config.s3.bucket}` : `the images folder ${path.join(config.dataDir, 'uploads')}`;
}

/** The archive's schema must be one this version knows: an older one is upgraded after the restore. */
function assertKnownMigration(manifest: Manifest, archive: string): void {
  if (!journal().some((m) => m.createdAt === manifest.migrations.lastCreatedAt)) {
    throw new BackupError(
      `${archive} holds a database at migration ${manifest.migrations.last}, which this version of Quadmates (${manifest.app.name}) does not have; restore it with the version that wrote it (${manifest.app.version}) or a later one.`,
    );
  }
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const { config, database, storage, archive } = options;
  const dbLabel = databaseLabel(config);
  const imagesLabel = storageLabel(config);
  const base = options.workFolder ?? config.dataDir;
  // A PostgreSQL deployment's DATA_DIR may not exist yet on a new machine.
  await mkdir(base, { recursive: true, mode: 0o700 });
  const work = await mkdtemp(path.join(base, '.quadmates-restore-'));
  try {
    await unpackArchive(archive, work);
    const manifest = await verifyUnpacked(work, archive);
    assertKnownMigration(manifest, archive);

    await assertDatabaseEmpty(database.db, manifest, dbLabel);
    const present = await storedKeys(storage);
    if (present.length > 0) {
      throw new BackupError(
        `${imagesLabel[0]?.toUpperCase()}${imagesLabel.slice(1)} already holds ${present.length} images; a restore only fills an empty deployment, so it changed nothing.`,
      );
    }

    const written: string[] = [];
    let inTransaction: string[];
    try {
      await writeImagesIn(storage, work, manifest, imagesLabel, written);
      inTransaction = await loadDatabase(database.db, { manifest, folder: work, label: dbLabel });
    } catch (error) {
      const reason =
        error instanceof BackupError
          ? error.message
          : `The restore failed (${reasonOf(error)}), so it changed nothing.`;
      if ((await removeImages(storage, written)) || written.length === 0) throw new BackupError(reason);
      throw new BackupError(
        `${reason.replace(/\.$/, '')}; but ${written.length} images it wrote could not all be removed from ${imagesLabel}: remove them before trying again.`,
      );
    }

    const after = journal()
      .filter((m) => m.createdAt > manifest.migrations.lastCreatedAt)
      .map((m) => m.tag);
    let upgradeFailure: string | undefined;
    try {
      await database.migrate();
    } catch (error) {
      upgradeFailure = `The archive was restored at migration ${manifest.migrations.last}, but upgrading it to this version's newest failed (${reasonOf(error)}); the server tries again when it starts.`;
    }
    return {
      manifest,
      migrations: { inTransaction, after },
      collegeConfigMatches: await sameCollegeConfig(config, work, manifest),
      upgradeFailure,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
