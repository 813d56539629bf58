import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { COLLEGE_ASSETS_PREFIX } from '../college/public-config';
import type { AppConfig } from '../config';
import { notFoundBody } from './errors';

const HASHED_ASSET = /\/assets\/[^/]+-[\w-]{8,}\.\w+$/;

/**
 * Serves the built client (hashed assets cached for a year, index.html never cached), the college's
 * images, and index.html for every client route. Unknown /api paths get the JSON 404.
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
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      index: false,
      wildcard: true,
      setHeaders(res, filePath) {
        res.header('cache-control', HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The static handler answers a directory (the site root included) with 403; the root is a page.
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html'),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      url !== '/api' &&
      !url.startsWith('/assets/') &&
      !url.startsWith(COLLEGE_ASSETS_PREFIX);
    if (hasClient && isPageRequest) {
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.status(404).send(notFoundBody());
  });
}
