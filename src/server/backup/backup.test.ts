import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { archivePath } from './backup';

const folder = mkdtempSync(path.join(os.tmpdir(), 'qm-archive-path-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const at = new Date('2026-11-27T03:30:05.123Z');

describe('where npm run backup writes its archive', () => {
  it('a dated name in the folder it runs in, sorting by time', async () => {
    expect(await archivePath(undefined, at, folder)).toBe(
      path.join(folder, 'quadmates-backup-20261127-033005Z.tar.gz'),
    );
  });

  it('a dated name inside --out when it is a folder, existing or written with a trailing slash', async () => {
    expect(await archivePath('.', at, folder)).toBe(path.join(folder, 'quadmates-backup-20261127-033005Z.tar.gz'));
    expect(await archivePath('nightly/', at, folder)).toBe(
      path.join(folder, 'nightly', 'quadmates-backup-20261127-033005Z.tar.gz'),
    );
  });

  it('--out as a new file name is used as it is; an existing file is never overwritten', async () => {
    expect(await archivePath('before-upgrade.tar.gz', at, folder)).toBe(path.join(folder, 'before-upgrade.tar.gz'));
    writeFileSync(path.join(folder, 'taken.tar.gz'), 'an older archive');
    await expect(archivePath('taken.tar.gz', at, folder)).rejects.toThrow(
      `${path.join(folder, 'taken.tar.gz')} already exists; a backup never overwrites a file, so name a new one.`,
    );
  });
});
