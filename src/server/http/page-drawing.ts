/**
 * The server's drawing of pages (decision 0029): the client's server build (dist/server, made by
 * `npm run build` beside dist/client) draws a route to HTML from the answers the page carries.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { DrawnPage } from '../../shared/drawn-page';

export type DrawPage = (url: string, answers: Readonly<Record<string, unknown>>) => Promise<DrawnPage>;

const NOT_DRAWN: DrawnPage = { kind: 'notDrawn' };

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
  return async (url, answers) => {
    try {
      return await drawPage(url, answers);
    } catch (error) {
      log.error({ err: error, url: url.split('?')[0] }, 'a page could not be drawn on the server');
      return NOT_DRAWN;
    }
  };
}
