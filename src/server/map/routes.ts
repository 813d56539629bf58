import { statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { notFoundBody } from '../http/errors';
import { MAP_TILES_PATH, type MapTiles } from './tiles';

/** A day: the address changes when the archive does (tiles.ts), and a deployer's extract rarely does. */
const TILES_MAX_AGE_SECONDS = 86_400;

/**
 * GET (and HEAD) /map/tiles.pmtiles: the PMTiles archive, which the map reads by HTTP range
 * requests (206 with Content-Range, 416 for a range past its end; @fastify/send does the ranges,
 * ETag and Last-Modified). Never compressed: a compressed answer to a range request is read wrong
 * by some browsers, and the tiles inside are compressed already. Without tiles: the JSON 404.
 */
export const mapRoutes: FastifyPluginAsync<{ tiles: MapTiles | null }> = async (app, { tiles }) => {
  if (tiles) {
    // Encapsulated here: `reply.sendFile` for this route only, rooted at the archive's folder.
    await app.register(fastifyStatic, { root: path.dirname(tiles.file), serve: false });
  }
  const name = tiles ? path.basename(tiles.file) : '';
  app.route({
    method: ['GET', 'HEAD'],
    url: MAP_TILES_PATH,
    schema: { hide: true },
    compress: false,
    // A 416 names the archive's length (RFC 9110), which the app's error answer would leave out.
    onSend: async (_request, reply, payload) => {
      if (tiles && reply.statusCode === 416) reply.header('content-range', `bytes */${statSync(tiles.file).size}`);
      return payload;
    },
    handler: (_request, reply) => {
      if (!tiles) return reply.status(404).send(notFoundBody());
      return reply.sendFile(name, { maxAge: TILES_MAX_AGE_SECONDS * 1000, acceptRanges: true });
    },
  });
};
