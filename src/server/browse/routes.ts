import type { FastifyPluginAsync } from 'fastify';
import { bookmarkRoutes } from '../bookmarks/routes';
import type { AppConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { imageUrl } from '../postings/images';
import { searchRoutes } from '../search/routes';
import type { SearchCache } from '../search/search-cache';
import type { ImageUrl, SharedPage } from '../search/service';

/** Stored images are served by the postings feature; one function says where. */
const storedImageUrl: ImageUrl = imageUrl;

/** Browsing: the postings search, bookmarks and the profile's lists of cards. */
export const browseRoutes: FastifyPluginAsync<{
  config: AppConfig;
  database: DatabaseHandle;
  searchCache: SearchCache<SharedPage>;
  imageUrl?: ImageUrl;
}> = async (app, { config, database, searchCache, imageUrl: toUrl = storedImageUrl }) => {
  await app.register(searchRoutes, { config, database, cache: searchCache, imageUrl: toUrl });
  await app.register(bookmarkRoutes, { db: database.db, imageUrl: toUrl, places: config.college });
};
