import path from 'node:path';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { AccountCleanups } from './auth/account-cleanup';
import { createAuth } from './auth/auth';
import { MemberSessionCache } from './auth/member-session-cache';
import { authRoutes } from './auth/routes';
import { installOriginCheck, installSessionHandling } from './auth/session';
import { collegeRoutes } from './college/routes';
import type { AppConfig } from './config';
import { contactRoutes } from './contact/routes';
import type { DatabaseHandle } from './db/client';
import { healthRoutes } from './health/routes';
import { installErrorHandling } from './http/errors';
import { registerSecurityHeaders } from './http/security';
import { registerStatic } from './http/static';
import { createFileMailer, createSmtpMailer, type Mailer } from './mail/mailer';
import { postingRoutes } from './postings/routes';
import { profileRoutes } from './profile/routes';
import { browseRoutes } from './search/plugin';

export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  /** pino options or false; tests pass false to keep output quiet. */
  logger?: boolean | object;
  /** false runs every search on the database, to measure that path (`npm run bench`). */
  searchCache?: boolean;
}

function createMailer(config: AppConfig, app: FastifyInstance): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createFileMailer(path.join(config.dataDir, 'mailbox'), config.mailFrom, app.log);
}

export function loggerOptions(config: AppConfig): object {
  return config.nodeEnv === 'production'
    ? { level: 'info' }
    : {
        level: 'info',
        transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
      };
}

/** Builds the whole HTTP application without listening, so tests can inject requests into it. */
export async function buildApp({ config, database, logger, searchCache = true }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);

  await app.register(swagger, {
    openapi: {
      info: { title: `${config.college.productName} API`, version: '1.0.0' },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerSecurityHeaders(app, config);
  const mailer = createMailer(config, app);
  app.addHook('onClose', () => mailer.close());
  const accountCleanups = new AccountCleanups();
  const auth = createAuth({ config, db: database.db, mailer, accountCleanups, log: app.log });
  installOriginCheck(app, config.publicUrl);
  installSessionHandling(
    app,
    auth,
    config.college.termsVersion,
    accountCleanups,
    new MemberSessionCache(database.changes),
  );
  await app.register(authRoutes, { auth, publicUrl: config.publicUrl });
  await app.register(profileRoutes, { auth, config, db: database.db });
  await app.register(healthRoutes, { database });
  await app.register(contactRoutes, {
    db: database.db,
    mailer,
    productName: config.college.productName,
    contactTo: config.contactTo,
  });
  await app.register(collegeRoutes, { config });
  await app.register(postingRoutes, { config, database });
  await app.register(browseRoutes, { config, database, searchCache });
  await registerStatic(app, config);
  return app;
}
