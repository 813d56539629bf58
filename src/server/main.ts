import path from 'node:path';
import { buildApp, loggerOptions } from './app';
import { type AppConfig, assertServerCanSendMail, ConfigError, loadConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { lockDataDir } from './db/data-dir-lock';
import { applyPrivateUmask, makeDataDirPrivate } from './db/private-data-dir';

/** One sentence for the operator, never a stack trace. */
function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function describeDatabaseFailure(config: AppConfig, error: unknown): string {
  const code = (error as { code?: string }).code;
  const detail = code ?? (error as Error).message ?? String(error);
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    return `DATABASE_URL: cannot use the database at ${url.hostname}:${url.port || 5432}${url.pathname} (${detail}).`;
  }
  return `The embedded database in ${path.join(config.dataDir, 'db')} cannot be opened (${detail}).`;
}

async function main(): Promise<void> {
  // Before anything is written to DATA_DIR (loadConfig may write the generated auth-secret).
  applyPrivateUmask();
  let config: AppConfig;
  try {
    config = loadConfig();
    assertServerCanSendMail(config);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  try {
    makeDataDirPrivate(config.dataDir);
  } catch (error) {
    fail(
      `The data folder ${config.dataDir} cannot be made private to this account (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`,
    );
  }

  let releaseLock: (() => Promise<void>) | undefined;
  if (!config.databaseUrl) {
    try {
      releaseLock = await lockDataDir(config.dataDir, { kind: 'server', url: config.publicUrl }, () =>
        fail(`Lost the lock on the data folder ${config.dataDir}; stopping.`),
      );
    } catch (error) {
      if (error instanceof ConfigError) fail(error.message);
      throw error;
    }
  }

  let database: DatabaseHandle;
  try {
    database = config.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
      : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'db') });
    await database.migrate();
  } catch (error) {
    await releaseLock?.();
    fail(describeDatabaseFailure(config, error));
  }

  const app = await buildApp({ config, database, logger: loggerOptions(config) });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    const force = setTimeout(() => fail('Shutdown took longer than 15 s; exiting.'), 15_000);
    force.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      await releaseLock?.();
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  app.addHook('onClose', async () => {
    if (stopping) app.log.info('server closed');
  });

  // Fastify logs each address it listens on (http://127.0.0.1:PORT by default), which is not
  // always the address people should open: the log names PUBLIC_URL instead, once, and the Node
  // version it runs on (npm scripts may run a newer Node than the machine's own, README).
  const ready = `${config.college.productName} for ${config.college.college.name} is ready at ${config.publicUrl} (Node ${process.version})`;
  let announced = false;
  const listenText = (address: string) => {
    if (announced) return `also listening on ${address}`;
    announced = true;
    return ready;
  };
  try {
    await app.listen({ port: config.port, host: config.host, listenTextResolver: listenText });
  } catch (error) {
    // The background jobs started with the app: stop them before their database closes.
    await app.close().catch(() => undefined);
    await database.close();
    await releaseLock?.();
    const code = (error as NodeJS.ErrnoException).code;
    fail(
      code === 'EADDRINUSE'
        ? `PORT ${config.port} is already in use on ${config.host}; stop the other program or set a different PORT.`
        : `The server cannot listen on ${config.host}:${config.port} (${code ?? (error as Error).message}).`,
    );
  }
}

void main();
