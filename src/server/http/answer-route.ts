/**
 * The API's GET answers a page may be drawn from (issue 31). Each is declared once, by
 * `answerRoute`: the route the browser fetches, and the same answer given in process to a page's
 * loader (src/shared/page-loads.ts), with the route's checks (who may ask, its params and query
 * parsed by its schemas) and its answer encoded as its response schema and JSON give it (dates as
 * ISO strings), but no HTTP request and no JSON text in between.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type Action, viewerRefusal } from '../../shared/authorization';
import { notFoundAnswer } from '../../shared/drawn-page';
import type { PageLoad } from '../../shared/page-loads';
import { problemAnswers } from '../../shared/schemas/api-error';
import { guard } from '../auth/guard';
import type { Viewer } from '../auth/viewer';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** The answers declared with `answerRoute`, by their path in the API document. */
    pageAnswers: PageAnswerSources;
  }
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

interface AnswerSource {
  /** What the viewer must be allowed to ask it (the route's guard); none: anyone may. */
  action?: Action;
  params?: z.ZodType;
  query?: z.ZodType;
  response: z.ZodType;
  /** The same answer for everyone for the life of the process: encoded for pages once. */
  unchanging?: boolean;
  answer(viewer: Viewer | null, input: { params: unknown; query: unknown }): Promise<unknown>;
}

/** A value as `JSON.stringify` then `JSON.parse` would give it back, without the text between. */
export function jsonValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object') {
    return typeof value === 'number' && !Number.isFinite(value) ? null : value;
  }
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : jsonValue(item)));
  const withJson = value as { toJSON?: () => unknown };
  if (typeof withJson.toJSON === 'function') return jsonValue(withJson.toJSON());
  const plain: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item !== undefined && typeof item !== 'function') plain[key] = jsonValue(item);
  }
  return plain;
}

/** Freezes a JSON value through and through (an unchanging answer shared by every drawing). */
function deepFrozen<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) deepFrozen(item);
    Object.freeze(value);
  }
  return value;
}

/** What a query string or a path gives a route: its values as text. */
const asText = (values: Record<string, unknown> | undefined) =>
  Object.fromEntries(
    Object.entries(values ?? {})
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([key, value]) => [key, String(value)]),
  );

export class PageAnswerSources {
  readonly #sources = new Map<string, AnswerSource>();
  /** Unchanging answers as pages get them, encoded on first use; frozen, as every drawing shares them. */
  readonly #encodedOnce = new Map<AnswerSource, unknown>();

  add(path: string, source: AnswerSource): void {
    this.#sources.set(path, source);
  }

  /**
   * Whether a visitor should ask for the load's answer early (a preload): a route that answers
   * anyone, or a guarded route for a visitor with a session cookie.
   */
  mayAsk(load: Pick<PageLoad, 'path'>, hasSession: boolean): boolean {
    const source = this.#sources.get(load.path);
    return source !== undefined && (hasSession || source.action === undefined);
  }

  /**
   * The answer the route would give this viewer for the load, or undefined where it would refuse
   * (its guard's refusal, a parameter it does not accept, a posting that is gone, someone else's
   * conversation).
   */
  async answer(viewer: Viewer | null, load: Pick<PageLoad, 'path' | 'parts'>): Promise<unknown> {
    const source = this.#sources.get(load.path);
    if (!source) return undefined;
    if (source.action !== undefined && viewerRefusal(viewer, source.action) !== null) return undefined;
    const params = source.params ? source.params.safeParse(asText(load.parts.path)) : { success: true, data: {} };
    const query = source.query ? source.query.safeParse(asText(load.parts.query)) : { success: true, data: {} };
    if (!params.success || !query.success) return undefined;
    const once = this.#encodedOnce.get(source);
    if (once !== undefined) return once;
    try {
      const answer = await source.answer(viewer, { params: params.data, query: query.data });
      const encoded = jsonValue(z.encode(source.response, answer));
      if (source.unchanging) this.#encodedOnce.set(source, deepFrozen(encoded));
      return encoded;
    } catch (error) {
      // Not there (a posting gone, an agreement of a group the viewer is not in): the page says so.
      if (error instanceof AppError && error.statusCode === 404) return notFoundAnswer(error.toBody().error);
      // Another refusal (403, a limit) is the page's to ask for and show, as the browser would.
      return undefined;
    }
  }
}

/** The API document's path of a route ('/api/postings/:id' is '/api/postings/{id}'). */
const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/**
 * Declares a GET answer once: the API route (its guard, schemas and cache header) and the same
 * answer for a page's loads. `action`: what the viewer must be allowed (decision 0042), checked by
 * the route's guard and before a page's load alike; without one, anyone may have it.
 */
export function answerRoute<
  A extends Action | undefined,
  P extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  R extends z.ZodType,
>(
  app: FastifyInstance,
  url: string,
  options: {
    action?: A;
    tags: string[];
    summary: string;
    description?: string;
    params?: P;
    querystring?: Q;
    response: R;
    cacheControl?: string;
    /**
     * The answer is the same for every viewer and request for the life of the process (the
     * college's configuration): a page's load encodes it once and shares it, frozen.
     */
    unchanging?: boolean;
    answer: (
      viewer: A extends Action ? Viewer : Viewer | null,
      input: { params: Parsed<P>; query: Parsed<Q> },
    ) => Promise<z.input<R>> | z.input<R>;
  },
): void {
  const { action, tags, summary, description, params, querystring, response, cacheControl, unchanging, answer } =
    options;
  const answerOf = answer as AnswerSource['answer'];
  // The route's schemas parse its params and query (the zod validator compiler) before the handler.
  app.get(
    url,
    {
      ...(action ? { preValidation: guard(action) } : {}),
      schema: {
        tags,
        summary,
        ...(description ? { description } : {}),
        ...(params ? { params } : {}),
        ...(querystring ? { querystring } : {}),
        response: { 200: response, ...problemAnswers },
      },
    },
    async (request, reply) => {
      if (cacheControl) reply.header('cache-control', cacheControl);
      return answerOf(request.viewer, { params: request.params, query: request.query });
    },
  );
  app.pageAnswers.add(documentPath(url), {
    action,
    params,
    query: querystring,
    response,
    unchanging,
    answer: async (viewer, input) => answerOf(viewer, input),
  });
}
