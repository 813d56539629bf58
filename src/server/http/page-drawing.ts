/**
 * The server's drawing of pages (decisions 0029 and 0039): the client's server build (dist/server,
 * made by `npm run build` beside dist/client) draws a route to HTML, from the answers its loads get
 * in process for the visitor.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { DrawnPage, PageAnswer, PageSeed } from '../../shared/drawn-page';
import { createWorkQueue } from '../limits/in-flight';

export type DrawPage = (url: string, answer: PageAnswer, seed?: PageSeed) => Promise<DrawnPage>;

const NOT_DRAWN: DrawnPage = { kind: 'notDrawn', stores: {} };

/** The client build's server entry beside `clientDir` (dist/client → dist/server/entry-server.js). */
export function serverEntryOf(clientDir: string): string {
  return path.join(path.dirname(clientDir), 'server', 'entry-server.js');
}

/**
 * Loads the drawing function; without a server build (an older build) every page is sent to be
 * drawn in the browser, as before. A page that fails to draw is logged and sent the same way: the
 * browser draws it and shows its error, so a visitor never gets a 500 for a page.
 */
export async function loadPageDrawing(clientDir: string, log: FastifyBaseLogger): Promise<DrawPage> {
  const entry = serverEntryOf(clientDir);
  if (!existsSync(entry)) return async () => NOT_DRAWN;
  const { drawPage } = (await import(pathToFileURL(entry).href)) as { drawPage: DrawPage };
  return async (url, answer, seed) => {
    try {
      return await drawPage(url, answer, seed);
    } catch (error) {
      log.error({ err: error, url: url.split('?')[0] }, 'a page could not be drawn on the server');
      return NOT_DRAWN;
    }
  };
}

/**
 * Pages prepared at once (their loads answered in process, then drawn), and pages waiting their
 * turn (issue 30). Drawing is CPU work on this thread: without a bound, one visitor asking for many
 * pages at once queued as many drawings ahead of everyone's. 4 at once keep the next pages' answers
 * coming while one draws; 48 waiting covers the benchmark's 50 connections at well under a second's
 * wait. A page past them is sent at once as the app's bare page, which the browser draws from
 * answers it fetches itself, as it did before pages were drawn on the server.
 */
export const PAGES_PREPARED_AT_ONCE = 4;
export const PAGES_WAITING_MAX = 48;

/** Runs a page's preparation in turn, or answers `bare` at once when too many are waiting. */
export function createPageWork({
  concurrency = PAGES_PREPARED_AT_ONCE,
  queueLimit = PAGES_WAITING_MAX,
  onFull,
}: {
  concurrency?: number;
  queueLimit?: number;
  onFull?: () => void;
} = {}) {
  const full = new Error('the page queue is full');
  const inTurn = createWorkQueue(concurrency, { queueLimit, whenFull: () => full });
  return async function prepared<T>(prepare: () => Promise<T>, bare: T): Promise<T> {
    try {
      return await inTurn(prepare);
    } catch (error) {
      if (error !== full) throw error;
      onFull?.();
      return bare;
    }
  };
}
