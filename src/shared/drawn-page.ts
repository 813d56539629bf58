/**
 * What the server's drawing of a page gives (src/client/entry-server.tsx draws it,
 * src/server/http/page-drawing.ts sends it; decisions 0029 and 0039).
 */
import type { ApiErrorBody } from './api-error';
import type { PageLoad } from './page-loads';

/**
 * The API's answer to one of a page's loads for this visitor, as the route would give it (the same
 * checks, its response schema, dates as JSON writes them), a NotFoundAnswer where it would answer 404,
 * or undefined where it would refuse otherwise.
 */
export type PageAnswer = (load: PageLoad) => Promise<unknown>;

// Keyed by a registered symbol: the server's bundle and the drawing's (dist/server) are two copies
// of this module, and no API answer can carry such a key.
const NOT_FOUND = Symbol.for('quadmates.page-answer.not-found');

/** The route's 404 to a load (a posting gone, an agreement of a group one is not in), with its error. */
export interface NotFoundAnswer {
  readonly [NOT_FOUND]: ApiErrorBody['error'];
}

export const notFoundAnswer = (error: ApiErrorBody['error']): NotFoundAnswer => ({ [NOT_FOUND]: error });

export const notFoundOf = (answer: unknown): ApiErrorBody['error'] | undefined =>
  typeof answer === 'object' && answer !== null && NOT_FOUND in answer
    ? (answer as NotFoundAnswer)[NOT_FOUND]
    : undefined;

/** A page's subject the route did not find: drawn as not found, and told to the browser's cache alike. */
export interface NotFoundQuery {
  readonly queryKey: readonly unknown[];
  readonly error: ApiErrorBody['error'];
}

/** The stores' answers (the college's configuration, the session) by address, for the browser. */
export type StoreAnswers = Readonly<Record<string, unknown>>;

export type DrawnPage =
  /**
   * The page's HTML (what goes in #root), the query cache it was drawn from, the moment it was
   * drawn at (src/client/shell/clock.ts), and the addresses of its loads it was drawn without.
   */
  | {
      kind: 'page';
      html: string;
      queries: unknown;
      drawnAt: number;
      stores: StoreAnswers;
      missing: readonly string[];
      /** The document's title the page set as it was drawn (its subject, if it names one, included). */
      title?: string;
      /** 404 when the page's subject is not there (drawn saying so); otherwise the page is a 200. */
      status?: 404;
    }
  /** The guard sends the visitor elsewhere: the server answers with a redirect. */
  | { kind: 'redirect'; to: string }
  /** Not drawn on the server (the terms dialog comes first, or the answers it needs are missing). */
  | { kind: 'notDrawn'; stores: StoreAnswers };

/**
 * Answers a page is drawn with besides its loads' (a form the server draws again with what was sent):
 * put in its query cache under their keys, so the browser's scripts take over the same page.
 */
export type PageSeed = readonly { readonly queryKey: readonly unknown[]; readonly data: unknown }[];
