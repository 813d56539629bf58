/**
 * The college config in use (COLLEGE_CONFIG) and the images it names, copied so that
 * `tar -xzf <archive> college` gives a folder to point COLLEGE_CONFIG at. A restore never writes
 * them over the config in use: it says whether the archive's differs.
 */
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config';
import { hashFile } from './archive';
import { BackupError, COLLEGE_FOLDER, type Manifest } from './contents';

type FileEntry = Manifest['files'][string];

/** The files a college config names, relative to its assets folder (the ones start-up checks). */
function namedAssets(college: AppConfig['college']): string[] {
  const names = [
    college.logo,
    college.logoFull,
    college.offCampusImage,
    ...college.dorms.map((d) => d.image),
    ...college.landingImages.map((i) => i.src),
  ];
  return [...new Set(names)].sort();
}

/**
 * Where the assets go inside college/: the config's own relative assetsDir when it stays beside
 * the config (so the copy works as it is), else a folder named like the original.
 */
function assetsFolderName(config: AppConfig): string {
  const written = config.college.assetsDir.split(path.sep).join('/');
  const normalized = path.posix.normalize(written);
  if (!path.posix.isAbsolute(normalized) && normalized !== '..' && !normalized.startsWith('../')) return normalized;
  return path.basename(config.collegeAssetsDir);
}

export async function copyCollegeOut(
  config: AppConfig,
  folder: string,
): Promise<{ files: Record<string, FileEntry>; entry: Manifest['college'] }> {
  const files: Record<string, FileEntry> = {};
  const configName = `${COLLEGE_FOLDER}/${path.basename(config.collegeConfigPath)}`;
  const copy = async (from: string, to: string) => {
    const target = path.join(folder, ...to.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(from, target);
    files[to] = await hashFile(target);
  };
  await copy(config.collegeConfigPath, configName);
  const assetsDir = assetsFolderName(config);
  const assets = namedAssets(config.college);
  for (const name of assets) {
    const inArchive = path.posix.normalize(`${COLLEGE_FOLDER}/${assetsDir}/${name}`);
    if (!inArchive.startsWith(`${COLLEGE_FOLDER}/`)) {
      throw new BackupError(
        `COLLEGE_CONFIG file ${config.collegeConfigPath} names the image ${name} outside its assets folder.`,
      );
    }
    await copy(path.join(config.collegeAssetsDir, name), inArchive);
  }
  return { files, entry: { config: configName, assetsDir, files: assets.length + 1 } };
}

/** Whether the archive's college config is, byte for byte, the one this deployment reads. */
export async function sameCollegeConfig(config: AppConfig, folder: string, manifest: Manifest): Promise<boolean> {
  const archived = await readFile(path.join(folder, ...manifest.college.config.split('/')));
  const current = await readFile(config.collegeConfigPath).catch(() => null);
  return current !== null && archived.equals(current);
}
