import type { FastifyPluginAsync } from 'fastify';
import { activeQuestions } from '../../shared/lifestyle';
import { searchQuerySchema } from '../../shared/schemas/search-query';
import type { AppConfig } from '../config';
import { ChangeFeed } from '../db/changes';
import type { DatabaseHandle } from '../db/client';
import { FitGuard } from './fit-guard';
import { parseQuery } from './parse-query';
import { SearchCache } from './search-cache';
import { createSearchService, type ImageUrl } from './service';

export interface SearchRoutesOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** false: a feed that is never live, so the cache always steps aside. */
  searchCache: boolean;
  imageUrl: ImageUrl;
}

/** GET /api/postings: the filtered, paged list of cards (spec sections 2 and 5). */
export const searchRoutes: FastifyPluginAsync<SearchRoutesOptions> = async (
  app,
  { config, database, searchCache, imageUrl },
) => {
  const service = createSearchService({
    db: database.db,
    cache: new SearchCache(searchCache ? database.changes : new ChangeFeed()),
    dormKeys: new Set(config.college.dorms.map((dorm) => dorm.key)),
    imageUrl,
    questionKeys: activeQuestions(config.college.lifestyle).map((q) => q.key),
    guard: new FitGuard({ db: database.db, kind: database.kind }),
  });

  app.get(
    '/api/postings',
    {
      preHandler: app.requireMember,
      schema: {
        tags: ['postings'],
        summary:
          'Search postings: filters of spec section 5, newest first, seeking most first, or lowest rent first off campus',
        description:
          'Query: location (oncampus|offcampus), groupSize 1-8 (matches the seeking count), housingAim 2-12, dorm, ' +
          'gender, classYear, sublet (yes|no); off campus also maxRent (per person), moveIn, moveOut (YYYY-MM-DD), ' +
          "hideFulfilled (yes), sort (newest|seeking|fit, and rent off campus; fit ranks the 500 newest matches that are not the viewer's own by the viewer's lifestyle fit and adds fitBand to each card; a student may start 30 fit searches a minute, one at a time: 429 otherwise, 503 when it takes too long); cursor and limit (1-50, default 20). " +
          'Answers { items: PostingCard[], nextCursor, total } where total ({ count, atLeast }) is on the first ' +
          'page only and counts up to 1,000 (then atLeast is true).',
      },
    },
    async (request) => {
      const query = parseQuery(searchQuerySchema, request.query);
      // biome-ignore lint/style/noNonNullAssertion: requireMember guarantees a viewer
      const { id, email } = request.viewer!;
      return service.search({ id, email }, query);
    },
  );
};
