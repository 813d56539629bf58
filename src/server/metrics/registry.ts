/**
 * This server's metrics (issue 32), in Prometheus' text format: its requests by route and status
 * with their latencies, its connections, live streams and uploads, the outbox and the mail it
 * delivered, its background jobs, the database (a probe, and PostgreSQL's pool), and the process
 * (memory, CPU, event-loop lag). docs/operations.md lists each series and what to alert on.
 *
 * Counting costs each request three small map lookups and two prom-client updates (about 1 µs);
 * everything that stands (streams, uploads, connections, the outbox, the pool) is read when a
 * scrape asks, not kept up to date.
 */
import type { Server } from 'node:http';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/client';
import type { JobRun } from '../jobs/runner';
import type { DeliveryReport } from '../mail/outbox';
import { type OutboxDepth, outboxDepth } from '../mail/outbox-queries';

/** What a scrape reads where it stands. */
export interface MetricsSources {
  database: Pick<DatabaseHandle, 'db' | 'ping' | 'poolStats'>;
  /** This server's live streams; read at scrape time, since the hub is made after the metrics. */
  live: () => { size: number; bufferedBytes: number; limits: { perServer: number } } | undefined;
  uploads: { readonly inFlight: number; readonly waiting: number };
  uploadsMax: number;
  server: Server;
}

/**
 * Upper bounds of the request latency buckets, in seconds: 5 ms to 30 s, where an API answer is
 * quick below 100 ms and an upload of several photos may take tens of seconds.
 */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Background jobs run from milliseconds (nothing to do) to minutes (a digest for every student). */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300];
/** A scrape waits this long for the database; past it the database counts as down for that scrape. */
const DATABASE_READ_TIMEOUT_MS = 2_000;
/**
 * Routes whose answer is a stream that lasts minutes (conversations/live.ts): counted when they
 * end, kept out of the latency histogram, whose buckets would otherwise say that they are slow.
 */
const STREAM_ROUTES = new Set(['/api/events']);

/** The label of a request no route took (a page drawn from the client's routes, an unknown address). */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The process's own series (memory, CPU, event loop, garbage collection): one set per process,
 * however many apps it builds (the tests build many), since each set starts its own monitors.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

interface RequestSeries {
  counter: { inc(): void };
  histogram: { observe(seconds: number): void } | undefined;
}

export class AppMetrics {
  readonly contentType = Registry.PROMETHEUS_CONTENT_TYPE;
  private readonly registry = new Registry();
  /** Each request series' counter and histogram, by route, method and status code. */
  private readonly requestSeries = new Map<string, Map<string, Map<number, RequestSeries>>>();
  private sources: MetricsSources | undefined;
  private databaseReading: Promise<OutboxDepth> | undefined;

  private readonly requests = new Counter({
    name: 'quadmates_http_requests_total',
    help: 'Requests answered, by method, route pattern (never the address as sent) and status code.',
    labelNames: ['method', 'route', 'status_code'],
    registers: [this.registry],
  });
  private readonly requestDuration = new Histogram({
    name: 'quadmates_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer sent, by method, route pattern and status class (live streams excluded).',
    labelNames: ['method', 'route', 'status_class'],
    buckets: REQUEST_BUCKETS,
    registers: [this.registry],
  });
  private readonly connectionsOpen = new Gauge({
    name: 'quadmates_http_connections_open',
    help: 'Connections this server holds now.',
    registers: [this.registry],
  });
  private readonly connectionsMax = new Gauge({
    name: 'quadmates_http_connections_max',
    help: 'Connections this server holds at most (its cap, set from the open-file limit).',
    registers: [this.registry],
  });
  private readonly connectionsRefused = new Counter({
    name: 'quadmates_http_connections_refused_total',
    help: 'Connections closed as they arrived because the server held its cap.',
    registers: [this.registry],
  });
  private readonly requestsTimedOut = new Counter({
    name: 'quadmates_http_requests_timed_out_total',
    help: 'Requests whose headers or body did not arrive in time, closed with 408 before any route saw them.',
    registers: [this.registry],
  });
  private readonly liveStreams = new Gauge({
    name: 'quadmates_live_streams_open',
    help: 'Live streams (GET /api/events) open on this server.',
    registers: [this.registry],
  });
  private readonly liveStreamsMax = new Gauge({
    name: 'quadmates_live_streams_max',
    help: 'Live streams this server holds at most (LIVE_STREAMS_MAX); past it a new one answers 503.',
    registers: [this.registry],
  });
  private readonly liveBuffered = new Gauge({
    name: 'quadmates_live_streams_buffered_bytes',
    help: "Bytes written to this server's live streams that their sockets have not taken yet.",
    registers: [this.registry],
  });
  private readonly uploadsInProgress = new Gauge({
    name: 'quadmates_uploads_in_progress',
    help: 'Uploads being read now (each holds an upload place).',
    registers: [this.registry],
  });
  private readonly uploadsWaiting = new Gauge({
    name: 'quadmates_uploads_waiting',
    help: 'Uploads waiting for an upload place.',
    registers: [this.registry],
  });
  private readonly uploadsMax = new Gauge({
    name: 'quadmates_uploads_max',
    help: 'Upload places on this server.',
    registers: [this.registry],
  });
  private readonly outboxMessages = new Gauge({
    name: 'quadmates_mail_outbox_messages',
    help: 'E-mail in the outbox (shared by every server): due (to send now), scheduled (a retry later), failed (given up). Absent when the database did not answer the scrape.',
    labelNames: ['state'],
    registers: [this.registry],
  });
  private readonly outboxOldestDue = new Gauge({
    name: 'quadmates_mail_outbox_oldest_due_seconds',
    help: 'How long the longest-waiting due e-mail has been due (0 when none is). Absent when the database did not answer the scrape.',
    registers: [this.registry],
  });
  private readonly deliveries = new Counter({
    name: 'quadmates_mail_deliveries_total',
    help: "Delivery attempts by this server's outbox worker: sent, retrying (failed, tried again later), failed (given up).",
    labelNames: ['outcome'],
    registers: [this.registry],
  });
  private readonly jobRuns = new Counter({
    name: 'quadmates_job_runs_total',
    help: 'Background job runs on this server, by job and outcome (ok, failed).',
    labelNames: ['job', 'outcome'],
    registers: [this.registry],
  });
  private readonly jobDuration = new Histogram({
    name: 'quadmates_job_duration_seconds',
    help: 'How long background job runs took, by job.',
    labelNames: ['job'],
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });
  private readonly jobLastSuccess = new Gauge({
    name: 'quadmates_job_last_success_timestamp_seconds',
    help: 'When each background job last finished without failing (Unix time).',
    labelNames: ['job'],
    registers: [this.registry],
  });
  private readonly databaseUp = new Gauge({
    name: 'quadmates_database_up',
    help: `1 when the database answered this scrape's reading (SELECT 1, then the outbox's depth) within ${DATABASE_READ_TIMEOUT_MS / 1000} s, else 0.`,
    registers: [this.registry],
  });
  private readonly databaseProbe = new Gauge({
    name: 'quadmates_database_probe_seconds',
    help: "How long the database took to answer this scrape's SELECT 1, waiting for a connection included (PGlite's one connection, or a free one in the pool).",
    registers: [this.registry],
  });
  /** PostgreSQL's pool only (PGlite has one connection, whose wait the probe shows). */
  private pool: { max: Gauge; total: Gauge; idle: Gauge; waiting: Gauge } | undefined;

  constructor() {
    // Present from the start, so a rate over the first scrapes is right.
    for (const outcome of ['sent', 'retrying', 'failed'] as const) this.deliveries.inc({ outcome }, 0);
  }

  /** What scrapes read; given once the server's parts exist. */
  watch(sources: MetricsSources): void {
    this.sources = sources;
    if (sources.database.poolStats && !this.pool) {
      const gauge = (name: string, help: string) => new Gauge({ name, help, registers: [this.registry] });
      this.pool = {
        max: gauge('quadmates_database_pool_max_connections', 'Connections the PostgreSQL pool opens at most.'),
        total: gauge('quadmates_database_pool_connections', 'Connections the PostgreSQL pool holds now.'),
        idle: gauge('quadmates_database_pool_idle_connections', 'Of those, connections not in use.'),
        waiting: gauge(
          'quadmates_database_pool_waiting_queries',
          'Queries waiting for a connection because every one is in use.',
        ),
      };
    }
  }

  /** One answered request. `seconds` from its arrival; `route` the pattern that took it, or UNMATCHED_ROUTE. */
  requestFinished(method: string, route: string, statusCode: number, seconds: number): void {
    // Maps by route, method and status rather than one joined key: the route and method strings
    // are the same few each time and hash once, a joined key would be a new string to hash.
    let byMethod = this.requestSeries.get(route);
    if (!byMethod) {
      byMethod = new Map();
      this.requestSeries.set(route, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let series = byStatus.get(statusCode);
    if (!series) {
      const counter = this.requests.labels({ method, route, status_code: String(statusCode) });
      const histogram = STREAM_ROUTES.has(route)
        ? undefined
        : this.requestDuration.labels({ method, route, status_class: `${Math.floor(statusCode / 100)}xx` });
      series = { counter, histogram };
      byStatus.set(statusCode, series);
    }
    series.counter.inc();
    series.histogram?.observe(seconds);
  }

  connectionRefused(): void {
    this.connectionsRefused.inc();
  }

  requestTimedOut(): void {
    this.requestsTimedOut.inc();
  }

  mailDelivered(outcome: keyof DeliveryReport): void {
    this.deliveries.inc({ outcome });
  }

  jobFinished({ name, ok, seconds }: JobRun): void {
    this.jobRuns.inc({ job: name, outcome: ok ? 'ok' : 'failed' });
    this.jobDuration.observe({ job: name }, seconds);
    if (ok) this.jobLastSuccess.set({ job: name }, Date.now() / 1000);
  }

  /** The text a scrape gets: this server's series, read now, and the process's. */
  async render(): Promise<string> {
    await this.readSources();
    const [own, process] = await Promise.all([this.registry.metrics(), processMetrics().metrics()]);
    return `${own}\n${process}`;
  }

  private async readSources(): Promise<void> {
    const sources = this.sources;
    if (!sources) return;
    const live = sources.live();
    this.liveStreams.set(live?.size ?? 0);
    this.liveBuffered.set(live?.bufferedBytes ?? 0);
    if (live) this.liveStreamsMax.set(live.limits.perServer);
    this.uploadsInProgress.set(sources.uploads.inFlight);
    this.uploadsWaiting.set(sources.uploads.waiting);
    this.uploadsMax.set(sources.uploadsMax);
    this.connectionsMax.set(sources.server.maxConnections ?? 0);
    const pool = sources.database.poolStats?.();
    if (pool && this.pool) {
      this.pool.max.set(pool.max);
      this.pool.total.set(pool.total);
      this.pool.idle.set(pool.idle);
      this.pool.waiting.set(pool.waiting);
    }
    const [connections] = await Promise.all([
      new Promise<number>((resolve) => sources.server.getConnections((error, count) => resolve(error ? 0 : count))),
      this.readDatabase(sources.database),
    ]);
    this.connectionsOpen.set(connections);
  }

  /**
   * The probe and the outbox's depth, within DATABASE_READ_TIMEOUT_MS. A database that does not
   * answer is read by one query at a time however often scrapes come: a scrape that finds the last
   * reading still running waits for that one.
   */
  private async readDatabase(database: MetricsSources['database']): Promise<void> {
    const startedAt = performance.now();
    this.databaseReading ??= (async () => {
      await database.ping();
      this.databaseProbe.set((performance.now() - startedAt) / 1000);
      return outboxDepth(database.db);
    })().finally(() => {
      this.databaseReading = undefined;
    });
    let timer: NodeJS.Timeout | undefined;
    const depth = await Promise.race([
      this.databaseReading.catch(() => undefined),
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), DATABASE_READ_TIMEOUT_MS);
      }),
    ]);
    clearTimeout(timer);
    this.databaseUp.set(depth ? 1 : 0);
    if (!depth) this.databaseProbe.set((performance.now() - startedAt) / 1000);
    // Unknown is absent, not a number: a stale or made-up depth would mislead an alert.
    if (!depth) {
      this.outboxMessages.reset();
      this.outboxOldestDue.remove();
      return;
    }
    this.outboxMessages.set({ state: 'due' }, depth.due);
    this.outboxMessages.set({ state: 'scheduled' }, depth.scheduled);
    this.outboxMessages.set({ state: 'failed' }, depth.failed);
    this.outboxOldestDue.set(depth.oldestDueSeconds);
  }
}
