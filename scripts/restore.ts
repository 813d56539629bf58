// `npm run restore -- <archive>`: rebuilds an empty deployment (the database DATABASE_URL or DATA_DIR
// names, and its image store) from an archive of `npm run backup`, after checking every checksum.
// It refuses a database with rows or a store with images, and a failure leaves nothing behind
// (docs/operations.md, "Backups"). On the embedded database, run it with the server stopped.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { databaseLabel, restoreBackup, storageLabel } from '../src/server/backup/restore';
import { describeFailure, fail, openDeployment } from './lib/deployment';

const COMMAND = 'npm run restore';

async function main() {
  let archive: string | undefined;
  try {
    const { positionals } = parseArgs({ options: {}, allowPositionals: true });
    if (positionals.length === 1) archive = positionals[0];
  } catch {
    // Falls through to the usage sentence below.
  }
  if (!archive)
    fail(
      `${COMMAND} takes one archive: npm run restore -- /var/backups/quadmates/quadmates-backup-20261127-083000Z.tar.gz`,
    );
  // npm runs scripts in the project's folder; a relative path means the folder it was typed in.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), archive);
  // Before the embedded database is created for nothing.
  if (!existsSync(file)) fail(`There is no backup archive at ${file}.`);
  const started = Date.now();
  const deployment = await openDeployment(COMMAND, 'create');
  try {
    const { manifest, migrations, collegeConfigMatches, upgradeFailure } = await restoreBackup({
      ...deployment,
      archive: file,
    });
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    const lines = [
      `Restored ${file} (written ${manifest.createdAt} by ${manifest.app.name} ${manifest.app.version}) in ${((Date.now() - started) / 1000).toFixed(1)} s:`,
      `  database: ${rows} rows in ${manifest.tables.length} tables into ${databaseLabel(deployment.config).replace(/^The /, 'the ')}`,
      `  schema: migration ${manifest.migrations.last}${migrations.after.length > 0 && !upgradeFailure ? `, then upgraded through ${migrations.after.at(-1)}` : ''}`,
      `  images: ${manifest.images.count} into ${storageLabel(deployment.config)}, each read back and matching its checksum`,
      collegeConfigMatches
        ? `  college config: the archive's is the one in use (${deployment.config.collegeConfigPath})`
        : `  college config: the archive's differs from ${deployment.config.collegeConfigPath}; \`tar -xzf ${file} college\` unpacks its copy and images`,
      '  students sign in again: sessions are never in an archive',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    if (upgradeFailure) {
      await deployment.close();
      fail(upgradeFailure);
    }
  } catch (error) {
    await deployment.close({ discardCreatedDatabase: true });
    fail(describeFailure(COMMAND, error));
  }
  await deployment.close();
}

void main();
