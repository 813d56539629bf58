/**
 * GET /metrics (issue 32): the metrics in Prometheus' text format, for the addresses METRICS_ALLOW
 * names or a caller with METRICS_TOKEN. Anyone else is answered exactly as an address that does
 * not exist (the app's page, or the API's 404): a 401 or 403 would tell a scanner that something
 * is here and worth guessing a token for. The operator is told in the log instead (once a minute).
 */
import type { FastifyInstance } from 'fastify';
import { summarized } from '../http/server-limits';
import type { MetricsCaller, MetricsVerdict } from './access';
import type { AppMetrics } from './registry';

export const METRICS_PATH = '/metrics';

export async function metricsRoutes(
  app: FastifyInstance,
  { metrics, access }: { metrics: AppMetrics; access: (caller: MetricsCaller) => MetricsVerdict },
): Promise<void> {
  let lastRefusal = '';
  const refused = summarized(
    (count) =>
      `${count} request(s) for ${METRICS_PATH} refused and answered as an unknown address (the last because ${lastRefusal}); set METRICS_ALLOW or METRICS_TOKEN to open it`,
  );
  app.get(
    METRICS_PATH,
    // Scraped every few seconds: its log lines would drown the others. Not part of the API's document.
    { schema: { hide: true }, logLevel: 'warn' },
    async (request, reply) => {
      const verdict = access({ ip: request.ip, headers: request.headers });
      if (!verdict.allowed) {
        lastRefusal = verdict.reason;
        refused(request.log);
        return reply.callNotFound();
      }
      const text = await metrics.render();
      return reply.header('content-type', metrics.contentType).header('cache-control', 'no-store').send(text);
    },
  );
}
