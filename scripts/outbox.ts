// `npm run outbox`: what the mail outbox holds — how many messages are pending, sent and failed,
// and the newest ones with their attempts and last error. `npm run outbox -- --retry-failed` puts
// failed messages back in line (after fixing SMTP_URL, say). On the embedded database, run it
// while the server is stopped (the server holds the data folder); on PostgreSQL, at any time.
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { lockDataDir } from '../src/server/db/data-dir-lock';
import { applyPrivateUmask } from '../src/server/db/private-data-dir';
import { countByStatus, listRecent } from '../src/server/mail/outbox-queries';

const SHOWN = 20;

async function main() {
  const retryFailed = process.argv.includes('--retry-failed');
  // The files it writes in DATA_DIR are as private as the server's (src/server/db/private-data-dir.ts).
  applyPrivateUmask();
  const config = loadConfig();
  const release = config.databaseUrl
    ? undefined
    : await lockDataDir(config.dataDir, { kind: 'script', command: 'npm run outbox' }, () => process.exit(1));
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 1 })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'db') });
  try {
    await database.migrate();
    if (retryFailed) {
      await database.db.execute(
        sql`UPDATE mail_outbox SET status = 'pending', attempts = 0, next_attempt_at = now() WHERE status = 'failed'`,
      );
    }
    const counts = await countByStatus(database.db);
    const line = counts.map((c) => `${c.count} ${c.status}`).join(', ') || 'empty';
    process.stdout.write(`outbox: ${line}\n\n`);
    for (const row of await listRecent(database.db, SHOWN)) {
      const when =
        row.status === 'sent' ? `sent ${row.sentAt?.toISOString()}` : `next try ${row.nextAttemptAt.toISOString()}`;
      process.stdout.write(
        `${row.createdAt.toISOString()}  ${row.status.padEnd(7)} ${row.kind.padEnd(15)} to ${row.recipient}  ` +
          `attempts ${row.attempts}, ${when}${row.lastError ? `\n    last error: ${row.lastError}` : ''}\n    ${row.subject}\n`,
      );
    }
  } finally {
    await database.close();
    await release?.();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
});
