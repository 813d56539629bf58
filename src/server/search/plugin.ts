import type { FastifyPluginAsync } from 'fastify';
import { bookmarkRoutes } from '../bookmarks/routes';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { searchRoutes } from './routes';
import type { ImageUrl } from './service';

/** URL under which stored images are served (the postings feature serves them). */
export const IMAGE_URL_PREFIX = '/api/images/';
export const storedImageUrl: ImageUrl = (key) => `${IMAGE_URL_PREFIX}${key}`;

/** Browsing: the postings search, bookmarks and the profile's lists of cards. */
export const browseRoutes: FastifyPluginAsync<{ config: AppConfig; db: Database; imageUrl?: ImageUrl }> = async (
  app,
  { config, db, imageUrl = storedImageUrl },
) => {
  await app.register(searchRoutes, { config, db, imageUrl });
  await app.register(bookmarkRoutes, { db, imageUrl });
};
