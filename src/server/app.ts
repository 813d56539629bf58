import path from 'node:path';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { UPLOADS_IN_FLIGHT_TOTAL } from '../shared/limits';
import { accountRoutes } from './account/routes';
import { agreementFormRoutes } from './agreement/form-routes';
import { type AgreementRevisit, createAgreementRevisit } from './agreement/revisit';
import { agreementRoutes } from './agreement/routes';
import { createAgreementService } from './agreement/service';
import { AccountCleanups } from './auth/account-cleanup';
import { createAuth } from './auth/auth';
import { MemberSessionCache } from './auth/member-session-cache';
import { authRoutes } from './auth/routes';
import { installOriginCheck, installSessionHandling } from './auth/session';
import {
  createUnverifiedAccountExpiry,
  UNVERIFIED_EXPIRY_EVERY_MS,
  type UnverifiedAccountExpiry,
} from './auth/unverified-accounts';
import { browseRoutes } from './browse/routes';
import { collegeRoutes } from './college/routes';
import { type AppConfig, moderatorCheck } from './config';
import { contactRoutes } from './contact/routes';
import { createLiveHub, EVENT_RETENTION_MS, liveRoutes } from './conversations/live';
import { pruneEvents } from './conversations/queries';
import { conversationRoutes } from './conversations/routes';
import { type ConversationService, createConversationService } from './conversations/service';
import { createUnreadMail, type UnreadMail } from './conversations/unread-mail';
import { ChangeFeed } from './db/changes';
import type { DatabaseHandle } from './db/client';
import { groupRoutes } from './groups/routes';
import { createGroupService } from './groups/service';
import { healthRoutes } from './health/routes';
import { PageAnswerSources } from './http/answer-route';
import { fastifyTrustProxy } from './http/client-address';
import { registerCompression } from './http/compression';
import { frameworkErrorReply, installErrorHandling } from './http/errors';
import { installNulGuard } from './http/nul-guard';
import { answerWarningRoutes } from './http/page-warnings';
import { echoRequestId, requestId } from './http/request-id';
import { OneLinePerRequest, withRedactedUrls } from './http/request-log';
import { registerSecurityHeaders } from './http/security';
import { applyConnectionCap, type ServerLimits, serverLimitOptions, serverLimits } from './http/server-limits';
import { registerStatic } from './http/static';
import { JobRunner } from './jobs/runner';
import { lifestyleRoutes } from './lifestyle/routes';
import { createLifestyleService } from './lifestyle/service';
import { createUploadGate } from './limits/in-flight';
import { type UploadPace, uploadPace } from './limits/upload-pace';
import { createFileMailer, createSmtpMailer, type Mailer } from './mail/mailer';
import { OutboxWorker } from './mail/outbox';
import { purgeSent } from './mail/outbox-queries';
import { geocodeRoutes } from './map/geocode-routes';
import { createGeocodeService } from './map/geocode-service';
import { createGeocoder } from './map/geocoder';
import { mapRoutes } from './map/routes';
import { findMapTiles } from './map/tiles';
import { metricsAccess } from './metrics/access';
import { AppMetrics } from './metrics/registry';
import { installRequestMetrics } from './metrics/requests';
import { metricsRoutes } from './metrics/routes';
import { moderationRoutes } from './moderation/routes';
import { createModerationService, type ModerationService } from './moderation/service';
import { pingRoutes } from './pings/routes';
import { createPingService, type PingService } from './pings/service';
import { PostingDetailCache } from './postings/detail-cache';
import { createFreshnessJob, type FreshnessJob, placeLabel } from './postings/freshness';
import { postingRoutes } from './postings/routes';
import { profileRoutes } from './profile/routes';
import { savedSearchFormRoutes } from './saved-searches/form-routes';
import { savedSearchRoutes } from './saved-searches/routes';
import { createSavedSearchService, type SavedSearchService } from './saved-searches/service';
import { bookmarkedPostingIds } from './search/queries';
import { SearchCache } from './search/search-cache';
import type { SharedPage } from './search/service';
import { statsRoutes } from './stats/routes';

export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  /** pino options or false; tests pass false to keep output quiet. */
  logger?: boolean | object;
  /** false runs every search on the database, to measure that path (`npm run bench`). */
  searchCache?: boolean;
  /** false reads every posting's detail answer from the database (tests compare the two). */
  postingCache?: boolean;
  /**
   * false: the background jobs (outbox delivery, ping expiry) do not run by themselves; tests then
   * run them with `app.outbox.deliverDue()` and `app.pings.expireOverdue()`.
   */
  backgroundJobs?: boolean;
  /**
   * Told about every route as it is registered (Fastify's onRoute hook, added before any route):
   * the authorization matrix test reads the API's route list from the running app this way.
   */
  onRoute?: (route: RouteOptions) => void;
  /** How long a live stream lasts before the browser reconnects, and how often it sends a heartbeat (tests shorten them). */
  liveStreamMaxMs?: number;
  liveHeartbeatMs?: number;
  /** How many live streams one student, and this server, may hold (tests lower them). */
  liveStreamsPerStudent?: number;
  liveStreamsPerServer?: number;
  /** The HTTP server's timeouts and connection cap (http/server-limits.ts); tests shorten them. */
  serverLimits?: Partial<ServerLimits>;
  /** The pace an upload must keep and its wait for a place (src/shared/deadlines.ts); tests shorten them. */
  uploadPace?: Partial<UploadPace>;
  /** How long the college's geocoder has to answer an address search (tests shorten it). */
  geocoderTimeoutMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers the e-mail waiting in the outbox. */
    outbox: OutboxWorker;
    /** This server's background jobs. */
    jobs: JobRunner;
    /** Ping Interest's rules (tests run its expiry directly). */
    pings: PingService;
    /** The fresh-listings job (tests run it directly with a chosen 'now'). */
    freshness: FreshnessJob;
    /** Removes accounts left unverified for a day (tests run it directly). */
    unverifiedAccounts: UnverifiedAccountExpiry;
    /** Reports and moderation. */
    moderation: ModerationService;
    /** Saved searches and their alerts (tests run the matching and digest jobs directly). */
    savedSearches: SavedSearchService;
    /** Conversations (issue 19). */
    conversations: ConversationService;
    /** The e-mail for unread messages (tests run it directly with a chosen 'now'). */
    unreadMail: UnreadMail;
    /** The roommate agreement's revisit e-mail (tests run it directly with a chosen 'now'). */
    agreementRevisit: AgreementRevisit;
  }
}

/** How often a worker looks for due e-mail when no announcement woke it (retries, other servers' mail). */
const OUTBOX_POLL_MS = 5_000;
const PING_EXPIRY_EVERY_MS = 10 * 60_000;
const OUTBOX_PURGE_EVERY_MS = 60 * 60_000;
/** The revisit e-mail goes out within this of its hour. */
const AGREEMENT_REVISIT_EVERY_MS = 10 * 60_000;
const FRESHNESS_EVERY_MS = 60 * 60_000;
/** Listed postings are matched at once on the server that listed them; this poll catches the rest. */
const SAVED_SEARCH_ALERTS_EVERY_MS = 60_000;
/** The digest job looks this often whether a day's cut-off has passed. */
const SAVED_SEARCH_DIGEST_EVERY_MS = 5 * 60_000;
/** Unread messages are e-mailed about 10 minutes after they arrive: looked for every minute. */
const UNREAD_MAIL_EVERY_MS = 60_000;

function createMailer(config: AppConfig, app: FastifyInstance): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createFileMailer(path.join(config.dataDir, 'mailbox'), config.mailFrom, app.log, {
        development: config.nodeEnv === 'development',
      });
}

/**
 * JSON in production. In development, pretty and short: one line per request
 * (http/request-log.ts), and the mail summary's fields only in its message (mail/mailer.ts).
 */
export function loggerOptions(config: AppConfig): object {
  return config.nodeEnv === 'production'
    ? { level: 'info' }
    : {
        level: 'info',
        transport: {
          target: 'pino-pretty',
          options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId,mail' },
        },
      };
}

/** Builds the whole HTTP application without listening, so tests can inject requests into it. */
export async function buildApp({
  config,
  database,
  logger,
  searchCache = true,
  postingCache = true,
  backgroundJobs = true,
  onRoute,
  liveStreamMaxMs,
  liveHeartbeatMs,
  liveStreamsPerStudent,
  liveStreamsPerServer,
  serverLimits: serverLimitOverrides,
  uploadPace: uploadPaceOverrides,
  geocoderTimeoutMs,
}: AppDeps): Promise<FastifyInstance> {
  const development = config.nodeEnv === 'development';
  const limits = serverLimits(serverLimitOverrides);
  const app = Fastify({
    // Tokens in URLs (verification, reset, renewal and unsubscribe links) never reach a log.
    logger: withRedactedUrls(logger ?? loggerOptions(config)),
    // In development one line per request replaces Fastify's two multi-line entries.
    ...(development ? { logController: new OneLinePerRequest() } : {}),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // The proxy's X-Request-ID when sane, else a new one: every log line of the request names it.
    genReqId: requestId,
    bodyLimit: 1024 * 1024,
    // A request the server has taken while it stops (a restart, an upgrade) is answered as any
    // other: a proxy hands a GET that got 503 to the next server, but never a POST, which would
    // then be lost (4 of 64 posts through nginx over 4 stops answered 503 before this; none after).
    return503OnClosing: false,
    frameworkErrors: frameworkErrorReply,
    // Start-up hooks (migrated database checks, the orphaned-file sweep) can outlast Fastify's 10 s
    // default on a busy machine; the crash test saw a restart fail with FST_ERR_HOOK_TIMEOUT.
    pluginTimeout: 120_000,
    // A deadline for each phase of a request the client controls, and the connection cap (issue 30).
    ...serverLimitOptions(limits),
  });
  echoRequestId(app);
  const metrics = new AppMetrics();
  installRequestMetrics(app, metrics);
  applyConnectionCap(app, limits);
  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installNulGuard(app);

  await app.register(swagger, {
    openapi: {
      // 3.1: its schemas are JSON Schema 2020-12, which is what zod's schemas become.
      openapi: '3.1.0',
      info: { title: `${config.college.productName} API`, version: '1.0.0' },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerSecurityHeaders(app, config);
  await registerCompression(app);
  const { outbox, jobs, pings, freshness, savedSearches, conversations, unreadMail, agreementRevisit } =
    installBackgroundWork(app, config, database, backgroundJobs, metrics);
  const moderation = createModerationService({ db: database.db, config });
  const accountCleanups = new AccountCleanups();
  const auth = createAuth({
    config,
    db: database.db,
    accountCleanups,
    log: app.log,
    isSuspended: (userId) => moderation.isSuspended(userId),
  });
  const unverifiedAccounts = createUnverifiedAccountExpiry({ db: database.db, accountCleanups, log: app.log });
  jobs.add({
    name: 'unverified-account-expiry',
    everyMs: UNVERIFIED_EXPIRY_EVERY_MS,
    run: () => unverifiedAccounts.run(),
  });
  installOriginCheck(app, config);
  installSessionHandling(
    app,
    auth,
    config.college.termsVersion,
    moderatorCheck(config),
    accountCleanups,
    new MemberSessionCache(database.changes),
  );
  // The GET answers pages are drawn from, declared with their routes (answerRoute).
  app.decorate('pageAnswers', new PageAnswerSources());
  await app.register(authRoutes, { auth, config });
  await app.register(profileRoutes, { auth, config, db: database.db });
  await app.register(healthRoutes, { database });
  await app.register(contactRoutes, {
    db: database.db,
    productName: config.college.productName,
    contactTo: config.contactTo,
  });
  // The map's tiles (issue 33): a file the config names but that is missing turns the map off, said
  // on the log once the server listens (a server that cannot start says only why).
  let missingTiles: string | undefined;
  const mapTiles = findMapTiles(config.mapTilesFile, (message) => {
    missingTiles = message;
  });
  app.addHook('onListen', async () => {
    if (missingTiles) app.log.warn(missingTiles);
  });
  await app.register(collegeRoutes, { config, mapTiles });
  await app.register(mapRoutes, { tiles: mapTiles });
  // Finding a typed address (issue 33): only where the college config names its own geocoder.
  const map = config.college.map;
  const geocoder = map?.geocoder
    ? createGeocoder(map.geocoder, map.bounds, {
        userAgent: `${config.college.productName} (${config.publicUrl})`,
        timeoutMs: geocoderTimeoutMs,
      })
    : null;
  await app.register(geocodeRoutes, { service: createGeocodeService({ db: database.db, geocoder }) });
  const groups = createGroupService({
    db: database.db,
    config,
    placeLabel: (posting) => placeLabel(config, posting),
  });
  // Caches of answers, kept exact by the database's announcements (decision 0006); a feed that is
  // never live makes one step aside. Search cards and the posting answer share each viewer's bookmarks.
  const browseCache = new SearchCache<SharedPage>(searchCache ? database.changes : new ChangeFeed());
  const detailCache = new PostingDetailCache(postingCache ? database.changes : new ChangeFeed());
  const pace = uploadPace(uploadPaceOverrides);
  const uploadGate = createUploadGate({ waitMs: pace.placeWaitMs, maxWaiting: pace.placeWaitingMax });
  await app.register(postingRoutes, {
    groups,
    config,
    database,
    onFulfilled: (tx, posting) => pings.closeOpenPings(tx, posting),
    onListed: (tx, postingId) => savedSearches.postingListed(tx, postingId),
    afterListed: () => jobs.trigger('saved-search-alerts'),
    detailCache,
    viewerBookmarks: (userId) => browseCache.bookmarkedIds(userId, () => bookmarkedPostingIds(database.db, userId)),
    uploadPace: pace,
    uploadGate,
  });
  await app.register(accountRoutes, { auth, db: database.db, storage: app.storage, groups });
  await app.register(groupRoutes, { service: groups });
  await app.register(statsRoutes, { database, groupsMatchedBaseline: config.college.groupsMatchedBaseline });
  await app.register(pingRoutes, { service: pings });
  await app.register(conversationRoutes, { service: conversations });
  const live = createLiveHub(app, {
    db: database.db,
    changes: database.changes,
    streamsPerStudent: liveStreamsPerStudent,
    streamsPerServer: liveStreamsPerServer ?? config.liveStreamsMax,
  });
  app.decorate('live', live);
  await app.register(liveRoutes, { hub: live, maxStreamMs: liveStreamMaxMs, heartbeatMs: liveHeartbeatMs });
  metrics.watch({
    database,
    live: () => app.live,
    uploads: uploadGate,
    uploadsMax: UPLOADS_IN_FLIGHT_TOTAL,
    server: app.server,
  });
  await app.register(metricsRoutes, {
    metrics,
    access: metricsAccess({ allow: config.metricsAllow, token: config.metricsToken, trustProxy: config.trustProxy }),
  });
  await app.register(moderationRoutes, { service: moderation });
  await app.register(savedSearchRoutes, { service: savedSearches });
  await app.register(savedSearchFormRoutes, { service: savedSearches });
  const lifestyle = createLifestyleService({ db: database.db, config });
  await app.register(lifestyleRoutes, { service: lifestyle });
  const agreement = createAgreementService({
    db: database.db,
    config,
    groups,
    lifestyle,
    announce: (tx, postingId, userIds) => conversations.announceAgreement(tx, postingId, userIds),
  });
  await app.register(agreementRoutes, { service: agreement });
  await app.register(agreementFormRoutes, { service: agreement });
  await app.register(browseRoutes, { config, database, searchCache: browseCache });
  await app.register(answerWarningRoutes, { secure: config.publicUrl.startsWith('https:') });
  await registerStatic(app, config);
  app.decorate('outbox', outbox);
  app.decorate('jobs', jobs);
  app.decorate('pings', pings);
  app.decorate('freshness', freshness);
  app.decorate('unverifiedAccounts', unverifiedAccounts);
  app.decorate('moderation', moderation);
  app.decorate('savedSearches', savedSearches);
  app.decorate('conversations', conversations);
  app.decorate('unreadMail', unreadMail);
  app.decorate('agreementRevisit', agreementRevisit);
  return app;
}

/**
 * The outbox worker and the ping expiry, run by this server's job runner. A new outbox row is
 * announced by the database, so the worker of some server wakes at once; the poll catches retries.
 */
function installBackgroundWork(
  app: FastifyInstance,
  config: AppConfig,
  database: DatabaseHandle,
  start: boolean,
  metrics: AppMetrics,
) {
  const mailer = createMailer(config, app);
  const outbox = new OutboxWorker({
    db: database.db,
    mailer,
    log: app.log,
    messageIdDomain: new URL(config.publicUrl).hostname,
    delivered: (outcome) => metrics.mailDelivered(outcome),
  });
  const conversations = createConversationService({ db: database.db, config });
  const pings = createPingService({
    db: database.db,
    config,
    conversations: {
      blockBetween: conversations.blockBetween,
      open: conversations.openForPing,
      statusChanged: conversations.statusChanged,
    },
  });
  const jobs = new JobRunner(app.log, (run) => metrics.jobFinished(run));
  jobs.add({ name: 'outbox', everyMs: OUTBOX_POLL_MS, run: () => outbox.deliverDue() });
  jobs.add({ name: 'outbox-purge', everyMs: OUTBOX_PURGE_EVERY_MS, run: () => purgeSent(database.db) });
  jobs.add({ name: 'ping-expiry', everyMs: PING_EXPIRY_EVERY_MS, run: () => pings.expireOverdue() });
  const freshness = createFreshnessJob({ db: database.db, config });
  jobs.add({ name: 'posting-freshness', everyMs: FRESHNESS_EVERY_MS, run: () => freshness.run() });
  const savedSearches = createSavedSearchService({ db: database.db, config });
  jobs.add({
    name: 'saved-search-alerts',
    everyMs: SAVED_SEARCH_ALERTS_EVERY_MS,
    run: () => savedSearches.processEvents(),
  });
  jobs.add({
    name: 'saved-search-digest',
    everyMs: SAVED_SEARCH_DIGEST_EVERY_MS,
    run: () => savedSearches.sendDigests(),
  });
  const unsubscribe = database.changes.subscribe((change) => {
    if (change.kind === 'outbox') jobs.trigger('outbox');
  });
  if (start) app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    unsubscribe();
    await jobs.stop();
    await mailer.close();
  });
  jobs.add({
    name: 'live-event-prune',
    everyMs: OUTBOX_PURGE_EVERY_MS,
    run: () => pruneEvents(database.db, new Date(Date.now() - EVENT_RETENTION_MS)),
  });
  const unreadMail = createUnreadMail({ db: database.db, config });
  jobs.add({ name: 'conversation-unread-mail', everyMs: UNREAD_MAIL_EVERY_MS, run: () => unreadMail.run() });
  const agreementRevisit = createAgreementRevisit({ db: database.db, config });
  jobs.add({ name: 'agreement-revisit', everyMs: AGREEMENT_REVISIT_EVERY_MS, run: () => agreementRevisit.run() });
  return { outbox, jobs, pings, freshness, savedSearches, conversations, unreadMail, agreementRevisit };
}
