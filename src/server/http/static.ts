import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { getSessionCookie } from 'better-auth/cookies';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DrawnPage } from '../../shared/drawn-page';
import { COLLEGE_ASSETS_PREFIX, collegeAssetUrl } from '../college/public-config';
import type { AppConfig } from '../config';
import { notFoundBody } from './errors';
import { fetchPageAnswers } from './page-answers';
import { firstPaintPaths } from './page-data';
import { createPageWork, loadPageDrawing } from './page-drawing';
import { loadPageHtml, pageRoute } from './page-html';
import { pageWarningsHtml } from './page-warnings';
import { summarized } from './server-limits';

interface PreparedPage {
  answers: Record<string, unknown>;
  setCookies: string[];
  drawn: DrawnPage;
}

// Precompressed siblings (name.js.br, name.js.gz) are the same hashed asset.
const HASHED_ASSET = /\/assets\/[^/]+-[\w-]{8,}\.\w+(\.br|\.gz)?$/;
/**
 * A path with a segment starting with a dot: the build's `.vite/manifest.json` (the server reads
 * it; a visitor has no use for the map of every chunk) and any other dotfile. Never served, and
 * answered with the JSON 404 rather than the page.
 */
const DOT_SEGMENT = /(^|\/)\./;

/**
 * Serves the built client (hashed assets cached for a year and precompressed; index.html never
 * cached, compressed on the fly and carrying the page's first answers), the college's images, and
 * index.html for every client route. Unknown /api paths get the JSON 404.
 */
export async function registerStatic(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.register(fastifyStatic, {
    root: config.collegeAssetsDir,
    prefix: COLLEGE_ASSETS_PREFIX,
    decorateReply: false,
    maxAge: '1d',
  });

  const clientDir = config.clientDir;
  const hasClient = clientDir !== undefined && existsSync(path.join(clientDir, 'index.html'));
  // The landing page's largest element is the first backdrop image: the page draws it before any
  // script runs, for visitors who have a session cookie (the others are sent to the sign-in page).
  const firstLandingImage = config.college.landingImages[0];
  const pageHtml = hasClient
    ? loadPageHtml(clientDir, firstLandingImage ? { '/': collegeAssetUrl(firstLandingImage.src) } : {})
    : () => '';
  const drawPage = hasClient ? await loadPageDrawing(clientDir, app.log) : undefined;
  const bareSent = summarized(
    (count) => `${count} page(s) sent undrawn: too many pages were waiting to be drawn (the browser draws them)`,
  );
  const pageWork = createPageWork({ onFull: () => bareSent(app.log) });
  /** The app's bare page: no answers in it, drawn by the browser. */
  const bare: PreparedPage = { answers: {}, setCookies: [], drawn: { kind: 'notDrawn' } };
  const preparePage = async (route: string, url: string, search: string, cookie: string | undefined) => {
    const hasSession = cookie !== undefined && getSessionCookie(new Headers({ cookie })) !== null;
    // The answers the page's first paint needs go in the page itself (decision 0019).
    const paths = firstPaintPaths(route, new URLSearchParams(search), hasSession, url);
    const { answers, setCookies } = await fetchPageAnswers(app, paths, cookie);
    // The page itself, drawn from those answers (decision 0029); the guard's redirects are the server's.
    const drawn = drawPage ? await drawPage(search ? `${url}?${search}` : url, answers) : bare.drawn;
    return { answers, setCookies, drawn };
  };
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, url: string) => {
    const search = request.url.split('?')[1] ?? '';
    const cookie = request.headers.cookie;
    const hasSession = cookie !== undefined && getSessionCookie(new Headers({ cookie })) !== null;
    const route = pageRoute(url);
    const { answers, setCookies, drawn } =
      hasClient && route && request.method === 'GET'
        ? await pageWork(() => preparePage(route, url, search, cookie), bare)
        : bare;
    if (setCookies.length > 0) reply.header('set-cookie', setCookies);
    if (drawn.kind === 'redirect') {
      // Where the visitor is sent depends on their session: no cache may keep it for another.
      return reply.header('cache-control', 'private, no-cache').header('vary', 'Cookie').redirect(drawn.to, 302);
    }
    return (
      reply
        // The page may hold the member's own answers (their session, their lists), and its warnings
        // depend on the browser and its cookies: never a shared cache's.
        .header('cache-control', 'private, no-cache')
        .header('vary', 'Cookie, User-Agent')
        .type('text/html; charset=utf-8')
        .send(
          pageHtml(url, {
            hasSession,
            search,
            answers,
            drawn: drawn.kind === 'page' ? drawn : undefined,
            warnings: pageWarningsHtml({
              userAgent: request.headers['user-agent'] ?? '',
              cookie: cookie ?? '',
              productName: config.college.productName,
            }),
          }),
        )
    );
  };
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      index: false,
      wildcard: true,
      // The build writes name.js.br and name.js.gz beside each hashed script and stylesheet
      // (vite.config.ts); they are sent by the request's Accept-Encoding, with Vary set.
      preCompressed: true,
      allowedPath: (pathName) => !DOT_SEGMENT.test(pathName),
      setHeaders(res, filePath) {
        res.header('cache-control', HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The static handler answers a directory (the site root included) with 403; the root is a page.
    app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply, '/'));
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      url !== '/api' &&
      !DOT_SEGMENT.test(url) &&
      !url.startsWith('/assets/') &&
      !url.startsWith(COLLEGE_ASSETS_PREFIX);
    if (hasClient && isPageRequest) return sendPage(request, reply, url);
    return reply.status(404).send(notFoundBody());
  });
}
