import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { type AppDeps, buildApp } from '../../src/server/app';
import { type AppConfig, loadConfig } from '../../src/server/config';
import { createTestDatabase, type TestDatabase } from './database';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The whole application on a fresh migrated database and a temporary data folder. */
export async function createTestApp(
  env: Record<string, string | undefined> = {},
  /** Extra routes to add before the app starts (e.g. a probe behind a guard). */
  extend?: (app: FastifyInstance) => void,
  /** backgroundJobs false: the test runs the outbox and expiry itself (`app.outbox.deliverDue()`). */
  options: {
    backgroundJobs?: boolean;
    database?: TestDatabase;
    onRoute?: (route: RouteOptions) => void;
    /** pino options (e.g. a stream that captures the log); quiet by default. */
    logger?: object;
    /** How long a live stream (GET /api/events) lasts: an injected call to it returns when it ends. */
    liveStreamMaxMs?: number;
    /** How often a live stream sends its heartbeat comment. */
    liveHeartbeatMs?: number;
    /** How many live streams one student, and the server, may hold. */
    liveStreamsPerStudent?: number;
    liveStreamsPerServer?: number;
    /** The HTTP server's timeouts and connection cap (they apply once the test listens). */
    serverLimits?: AppDeps['serverLimits'];
    /** The pace an upload must keep, and its wait for a place. */
    uploadPace?: AppDeps['uploadPace'];
    /** How long the college's geocoder has to answer. */
    geocoderTimeoutMs?: number;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qm-data-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      AUTH_SECRET: 'test-secret-that-is-long-enough-for-signing-0123456789',
      PUBLIC_URL: 'http://localhost:3000',
      // Injected requests come from 127.0.0.1: trusting loopback lets a test give each user its
      // own address with X-Forwarded-For (createUser does), so the auth rate limits never stop a
      // test that signs many people up. Pass TRUST_PROXY: '' to run as a server with no proxy.
      TRUST_PROXY: 'loopback',
      ...env,
    },
    repoRoot,
  );
  const database = options.database ?? (await createTestDatabase());
  const app = await buildApp({
    config,
    database,
    logger: options.logger ?? false,
    backgroundJobs: options.backgroundJobs,
    onRoute: options.onRoute,
    liveStreamMaxMs: options.liveStreamMaxMs,
    liveHeartbeatMs: options.liveHeartbeatMs,
    liveStreamsPerStudent: options.liveStreamsPerStudent,
    liveStreamsPerServer: options.liveStreamsPerServer,
    serverLimits: options.serverLimits,
    uploadPace: options.uploadPace,
    geocoderTimeoutMs: options.geocoderTimeoutMs,
  });
  extend?.(app);
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      // A database handed in belongs to the caller.
      if (!options.database) await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
