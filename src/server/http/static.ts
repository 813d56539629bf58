import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { getSessionCookie } from 'better-auth/cookies';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DrawnPage, PageSeed } from '../../shared/drawn-page';
import { loadAddress, pageLoads } from '../../shared/page-loads';
import { documentTitle, matchRoute, ROUTES } from '../../shared/routes';
import { COLLEGE_ASSETS_PREFIX, collegeAssetUrl } from '../college/public-config';
import type { AppConfig } from '../config';
import { notFoundBody } from './errors';
import { createPageWork, loadPageDrawing } from './page-drawing';
import { loadPageHtml } from './page-html';
import { pageWarningsHtml } from './page-warnings';
import { summarized } from './server-limits';

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
declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a form post with the page at `address` drawn with `queries` added (static.ts). */
    sendPageAgain(
      request: FastifyRequest,
      reply: FastifyReply,
      address: string,
      options: { status: number; queries: PageSeed },
    ): Promise<FastifyReply>;
  }
}

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
  const bare: DrawnPage = { kind: 'notDrawn', stores: {} };
  /**
   * The page drawn for this visitor (decision 0039): the session read as an API request reads it,
   * then the route's loads answered by the services, as their routes would answer this viewer.
   */
  const preparePage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    url: string,
    seed?: PageSeed,
  ): Promise<DrawnPage> => {
    if (!drawPage) return bare;
    await app.resolveViewer(request, reply);
    const viewer = request.viewer;
    return drawPage(url, (load) => app.pageAnswers.answer(viewer, load), seed);
  };
  const sendPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    pathname: string,
    again?: { search: string; seed: PageSeed },
  ) => {
    const search = again ? again.search : (request.url.split('?')[1] ?? '');
    const cookie = request.headers.cookie;
    const hasSession = cookie !== undefined && getSessionCookie(new Headers({ cookie })) !== null;
    const matched = matchRoute(pathname);
    const url = search ? `${pathname}?${search}` : pathname;
    const drawn =
      hasClient && matched && (request.method === 'GET' || again)
        ? await pageWork(() => preparePage(request, reply, url, again?.seed), bare)
        : bare;
    if (drawn.kind === 'redirect') {
      // Where the visitor is sent depends on their session: no cache may keep it for another.
      return reply.header('cache-control', 'private, no-cache').header('vary', 'Cookie').redirect(drawn.to, 302);
    }
    // What the page needs and does not carry, named for the browser to ask for beside the scripts
    // (a member's answers only for a visitor with a session): the loads a drawing went without, or
    // every load of a page not drawn (decision 0019).
    const preloads = matched
      ? pageLoads(matched.route, { params: matched.params, search: new URLSearchParams(search) })
          .filter((load) => app.pageAnswers.mayAsk(load, hasSession))
          .map(loadAddress)
          .filter((address) => drawn.kind !== 'page' || drawn.missing.includes(address))
      : [];
    // A page about something not there (a posting gone) is drawn saying so, and is a 404.
    if (drawn.kind === 'page' && drawn.status && !again) reply.status(drawn.status);
    return (
      reply
        // The page may hold the member's own answers (their session, their lists), and its warnings
        // depend on the browser and its cookies: never a shared cache's.
        .header('cache-control', 'private, no-cache')
        .header('vary', 'Cookie, User-Agent')
        .type('text/html; charset=utf-8')
        .send(
          pageHtml(pathname, {
            hasSession,
            answers: drawn.stores,
            preloads,
            drawn: drawn.kind === 'page' ? drawn : undefined,
            // The route table's title; a drawn page's names its subject too (a posting's place).
            title:
              (drawn.kind === 'page' ? drawn.title : undefined) ??
              documentTitle(pathname, config.college.productName, { search: new URLSearchParams(search) }),
            // Drawn as the answer to a form post: the browser's address is the form's route.
            address: again ? url : undefined,
            warnings: pageWarningsHtml({
              userAgent: request.headers['user-agent'] ?? '',
              cookie: cookie ?? '',
              productName: config.college.productName,
              page: url,
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
    // Every page of the route table is a route of its own: a page request goes straight to its
    // drawing, not through the static files' lookup first (a directory read per request), and the
    // root is a page where the static handler would answer a directory with 403. An address the
    // router also takes (another letter case, a trailing slash) reaches the not-found handler below.
    for (const route of ROUTES) {
      app.get(route.path, { schema: { hide: true } }, (request, reply) =>
        sendPage(request, reply, request.url.split('?')[0] ?? '/'),
      );
    }
  }

  // A form route's answer that is a page (a refused form drawn again with what was sent): drawn as
  // the page at `address` would be, with the form route's answers added, and sent with `status`.
  app.decorate(
    'sendPageAgain',
    (request: FastifyRequest, reply: FastifyReply, address: string, options: { status: number; queries: PageSeed }) => {
      const [pathname = '/', search = ''] = address.split('?');
      reply.status(options.status);
      return sendPage(request, reply, pathname, { search, seed: options.queries });
    },
  );

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
