import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

const formatMs = (ms: number) => (ms < 10 ? ms.toFixed(1) : String(Math.round(ms)));

/**
 * Query parameters whose value opens something: verification, reset, renewal and unsubscribe
 * links (`token`), OpenID's authorization code and state, and any future name saying secret,
 * password or signature.
 */
const SECRET_PARAM = /token|^code$|^state$|secret|password|signature|^sig$/i;
/** Segments followed by a token: better-auth's e-mailed reset and verification links, the API's invitation lookup. */
const SECRET_AFTER = new Set(['reset-password', 'verify-email', 'by-token']);
/**
 * The invitation page, /invitations/<token>. The API's /api/invitations/<id>/join and
 * /api/me/invitations/count name invitations too, and carry no secret.
 */
const INVITATIONS = 'invitations';
const NOT_THE_PAGE = new Set(['api', 'me']);
const REDACTED = 'REDACTED';
/** A path separator however it is spelled: a slash, a backslash, or either percent-encoded. */
const SEPARATOR = /(\/|\\|%2f|%5c)/i;

/** Percent-decoded until it stops changing (a double-encoded name is still a name); a malformed escape stays as written. */
function decoded(text: string): string {
  let current = text;
  for (let round = 0; round < 3; round++) {
    const next = current.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
    if (next === current) break;
    current = next;
  }
  return current;
}

/** A segment as a router or a reader takes it: decoded, in lower case, without ;parameters. */
const normalSegment = (raw: string) => (decoded(raw).toLowerCase().split(';')[0] ?? '').trim();

/**
 * Where the secret of a path starts: the index in `parts` (raw segments at even indexes, the
 * separators between them at odd ones) after which everything may be a token, or -1. Judged on the
 * path as resolved: separators however spelled, empty and '.' segments skipped, '..' going up, each
 * segment decoded and in lower case.
 */
function secretStart(parts: readonly string[]): number {
  const resolved: string[] = [];
  for (let index = 0; index < parts.length; index += 2) {
    const segment = normalSegment(parts[index] ?? '');
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      resolved.pop();
      continue;
    }
    if (SECRET_AFTER.has(segment)) return index;
    if (segment === INVITATIONS && !NOT_THE_PAGE.has(resolved.at(-1) ?? '')) return index;
    resolved.push(segment);
  }
  return -1;
}

/** The path with everything after a secret-bearing segment replaced by one REDACTED. */
function redactPath(path: string): string {
  const parts = path.split(SEPARATOR);
  const start = secretStart(parts);
  if (start === -1 || parts.slice(start + 2).every((part, i) => i % 2 === 1 || part === '')) return path;
  return `${parts.slice(0, start + 1).join('')}/${REDACTED}`;
}

/** A parameter whose value is itself a link with a secret in it (a callback or a `next` address). */
function linkHoldsSecret(value: string): boolean {
  const link = decoded(value.replaceAll('+', ' '));
  const queryAt = link.indexOf('?');
  if (queryAt !== -1) {
    const names = link.slice(queryAt + 1).split(/[&#]/);
    if (names.some((pair) => pair.includes('=') && SECRET_PARAM.test(pair.slice(0, pair.indexOf('='))))) return true;
  }
  const path = (queryAt === -1 ? link : link.slice(0, queryAt)).replace(/^[a-z][a-z0-9+.-]*:\/\/[^/\\]*/i, '');
  return redactPath(path) !== path;
}

/**
 * The URL as a log may keep it: every secret-bearing value replaced, the rest left alone (filters
 * and ids help whoever reads the log). The path is judged as a router would resolve it however it
 * is spelled (doubled or encoded slashes, percent-encoded letters, another case, dot segments), and
 * everything after a secret-bearing segment goes; a parameter is judged by its decoded name, and
 * by its value when that is a link carrying a secret.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const pathPart = redactPath(queryAt === -1 ? url : url.slice(0, queryAt));
  if (queryAt === -1) return pathPart;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const name = decoded(pair.slice(0, equals).replaceAll('+', ' '));
      return SECRET_PARAM.test(name) || linkHoldsSecret(pair.slice(equals + 1))
        ? `${pair.slice(0, equals)}=${REDACTED}`
        : pair;
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
