// `npm run backup [-- --out <file or folder/>]`: one archive of this deployment: every table's rows,
// every image (disk or bucket) and the college config, with a manifest of versions, counts and
// checksums (docs/operations.md, "Backups"). On PostgreSQL it runs beside the servers; on the
// embedded database, while the server is stopped (the server holds the data folder).
import { parseArgs } from 'node:util';
import { archivePath, createBackup } from '../src/server/backup/backup';
import { LEFT_OUT_TABLES } from '../src/server/backup/contents';
import { databaseLabel, storageLabel } from '../src/server/backup/restore';
import { describeFailure, fail, openDeployment } from './lib/deployment';

const COMMAND = 'npm run backup';

function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

async function main() {
  let out: string | undefined;
  try {
    out = parseArgs({ options: { out: { type: 'string', short: 'o' } }, allowPositionals: false }).values.out;
  } catch {
    fail(
      `${COMMAND} takes one option, --out <file, or folder ending in />: e.g. npm run backup -- --out /var/backups/quadmates/`,
    );
  }
  const started = Date.now();
  const now = new Date();
  const deployment = await openDeployment(COMMAND, 'existing');
  try {
    // npm runs scripts in the project's folder; a relative --out means the folder it was typed in.
    const file = await archivePath(out, now, process.env.INIT_CWD ?? process.cwd());
    const { manifest, bytes } = await createBackup({ ...deployment, file, now });
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    const lines = [
      `Backed up to ${file} (${size(bytes)}, ${((Date.now() - started) / 1000).toFixed(1)} s):`,
      `  database: ${rows} rows in ${manifest.tables.length} tables from ${databaseLabel(deployment.config).replace(/^The /, 'the ')}, at migration ${manifest.migrations.last}`,
      `  images: ${manifest.images.count} (${size(manifest.images.bytes)}) from ${storageLabel(deployment.config)}`,
      `  college config: ${deployment.config.collegeConfigPath} and the ${manifest.college.files - 1} images it names`,
      `  left out: the tables ${Object.keys(LEFT_OUT_TABLES).join(', ')}, sign-in e-mails and OpenID tokens (credentials, not data)`,
    ];
    if (manifest.images.missing > 0) {
      lines.push(
        `  note: ${manifest.images.missing} images the database names were deleted from the store while the backup ran (their postings were being changed or removed).`,
      );
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  } catch (error) {
    await deployment.close();
    fail(describeFailure(COMMAND, error));
  }
  await deployment.close();
}

void main();
