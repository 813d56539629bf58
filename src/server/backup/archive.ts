/**
 * The archive file itself: packed from a staging folder and renamed into place only when whole;
 * unpacked (plain files and folders only, nothing outside the folder) and checked file by file
 * against the manifest before anything is restored from it.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { create, extract, ReadEntry } from 'tar';
import { ARCHIVE_FORMAT, BackupError, FORMAT_VERSION, MANIFEST_FILE, type Manifest, manifestSchema } from './contents';

type FileEntry = Manifest['files'][string];

export async function hashFile(file: string): Promise<FileEntry> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** Packs `entries` of `staging` (manifest first) into `file`, which appears only once complete and on disk. */
export async function packArchive(staging: string, entries: string[], file: string): Promise<void> {
  const partial = `${file}.partial`;
  try {
    await create({ gzip: true, file: partial, cwd: staging, portable: true }, entries);
    const handle = await open(partial, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** Unpacks an archive into an empty folder; links, devices and paths that climb out are refused. */
export async function unpackArchive(file: string, folder: string): Promise<void> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new BackupError(`There is no backup archive at ${file}.`);
  const refused: string[] = [];
  try {
    await extract({
      file,
      cwd: folder,
      // Warnings (an absolute or climbing path among them) are errors: the archive is not ours.
      strict: true,
      filter: (entryPath, entry) => {
        const type = entry instanceof ReadEntry ? entry.type : entry.isDirectory() ? 'Directory' : 'File';
        if (type === 'File' || type === 'OldFile' || type === 'Directory') return true;
        refused.push(entryPath);
        return false;
      },
    });
  } catch (error) {
    throw new BackupError(
      `${file} is not a Quadmates backup archive (it cannot be unpacked: ${(error as Error).message}).`,
    );
  }
  if (refused.length > 0) {
    throw new BackupError(
      `${file} is not a Quadmates backup archive (it holds ${refused[0]}, which is not a plain file).`,
    );
  }
}

/** Reads the manifest and checks every file's size and sha256, and that no file is missing or extra. */
export async function verifyUnpacked(folder: string, file: string): Promise<Manifest> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path.join(folder, MANIFEST_FILE), 'utf8'));
  } catch {
    throw new BackupError(`${file} is not a Quadmates backup archive (it has no readable ${MANIFEST_FILE}).`);
  }
  const format = (raw as { format?: unknown; formatVersion?: unknown } | null) ?? {};
  if (format.format !== ARCHIVE_FORMAT) {
    throw new BackupError(`${file} is not a Quadmates backup archive (its ${MANIFEST_FILE} is another program's).`);
  }
  if (typeof format.formatVersion === 'number' && format.formatVersion > FORMAT_VERSION) {
    throw new BackupError(
      `${file} was written by a newer Quadmates (archive format ${format.formatVersion}, this version reads ${FORMAT_VERSION}); restore it with that version or a later one.`,
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BackupError(
      `${file} has a damaged ${MANIFEST_FILE} (${issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid'}); nothing was restored.`,
    );
  }
  const manifest = parsed.data;
  const found = (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((name) => name !== MANIFEST_FILE);
  const listed = new Set(Object.keys(manifest.files));
  const extra = found.find((name) => !listed.has(name));
  if (extra) throw new BackupError(`${file} holds ${extra}, which its manifest does not list; nothing was restored.`);
  const present = new Set(found);
  const absent = [...listed].find((name) => !present.has(name));
  if (absent) throw new BackupError(`${file} lacks ${absent}, which its manifest lists; nothing was restored.`);
  for (const [name, expected] of Object.entries(manifest.files)) {
    const actual = await hashFile(path.join(folder, ...name.split('/')));
    if (actual.sha256 !== expected.sha256 || actual.bytes !== expected.bytes) {
      throw new BackupError(
        `${file} is damaged: ${name} does not match its checksum in the manifest; nothing was restored.`,
      );
    }
  }
  return manifest;
}
