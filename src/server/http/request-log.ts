import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

const formatMs = (ms: number) => (ms < 10 ? ms.toFixed(1) : String(Math.round(ms)));

/**
 * Query parameters whose value opens something: verification, reset, renewal and unsubscribe
 * links (`token`), OpenID's authorization code and state, and any future name saying secret,
 * password or signature.
 */
const SECRET_PARAM = /token|^code$|^state$|secret|password|signature|^sig$/i;
/**
 * Path segments after these carry a token: better-auth's e-mailed reset and verification links, and
 * group invitation links (the page /invitations/<token>, the API's /api/invitations/by-token/<token>).
 */
const SECRET_PATH = /(\/(?:reset-password|verify-email|by-token)\/|^\/invitations\/)[^/?#]+/gi;
const REDACTED = 'REDACTED';

/**
 * The URL as a log may keep it: every secret-bearing value replaced, the rest left alone (filters
 * and ids help whoever reads the log). Works on the raw text, so an oddly encoded URL is still
 * covered: a parameter is judged by its decoded name.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const pathPart = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(SECRET_PATH, `$1${REDACTED}`);
  if (queryAt === -1) return pathPart;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      let name = pair.slice(0, equals);
      try {
        name = decodeURIComponent(name.replaceAll('+', ' '));
      } catch {
        // A malformed escape: judge the name as written.
      }
      return SECRET_PARAM.test(name) ? `${pair.slice(0, equals)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${pathPart}?${query}`;
}

/**
 * Fastify's request serializer with the URL redacted, for every log mode (JSON in production,
 * pretty in development, whatever a test captures).
 */
const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};

/** Logger options with the redacting serializers added (false stays false: tests keep quiet). */
export function withRedactedUrls(logger: boolean | object): boolean | object {
  if (logger === false) return false;
  const options = logger === true ? {} : (logger as { serializers?: Record<string, unknown> });
  return { ...options, serializers: { ...options.serializers, ...logSerializers } };
}

/**
 * Development logging: one line per request (method, url, status, time) instead of Fastify's
 * 'incoming request' and 'request completed' entries, whose objects pino-pretty spreads over a
 * dozen lines and which buried the mail summaries a developer looks for. Errors keep their detail.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${formatMs(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}
