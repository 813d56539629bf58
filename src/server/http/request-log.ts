import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

const formatMs = (ms: number) => (ms < 10 ? ms.toFixed(1) : String(Math.round(ms)));

/**
 * Development logging: one line per request (method, url, status, time) instead of Fastify's
 * 'incoming request' and 'request completed' entries, whose objects pino-pretty spreads over a
 * dozen lines and which buried the mail summaries a developer looks for. Errors keep their detail.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = `${request.method} ${request.url} ${reply.statusCode} ${formatMs(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}
