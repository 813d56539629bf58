import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activeQuestions } from '../../shared/lifestyle';
import { postingPageSchema } from '../../shared/schemas/posting-answers';
import { searchQuerySchema } from '../../shared/schemas/search-query';
import type { AppConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { answerRoute } from '../http/answer-route';
import { FitGuard } from './fit-guard';
import type { SearchCache } from './search-cache';
import { createSearchService, type ImageUrl, type SharedPage } from './service';

export interface SearchRoutesOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** Search pages and each viewer's bookmarked ids (shared with the posting detail answer). */
  cache: SearchCache<SharedPage>;
  imageUrl: ImageUrl;
}

/** GET /api/postings: the filtered, paged list of cards (docs/product-spec.md, sections 2 and 5). */
export const searchRoutes: FastifyPluginAsyncZod<SearchRoutesOptions> = async (
  app,
  { config, database, cache, imageUrl },
) => {
  const service = createSearchService({
    db: database.db,
    cache,
    dormKeys: new Set(config.college.dorms.map((dorm) => dorm.key)),
    imageUrl,
    places: config.college,
    questionKeys: activeQuestions(config.college.lifestyle).map((q) => q.key),
    guard: new FitGuard({ db: database.db, kind: database.kind }),
  });

  answerRoute(app, '/api/postings', {
    action: 'product.use',
    tags: ['postings'],
    summary:
      'Search postings: filters of spec section 5, newest first, seeking most first, or lowest rent first off campus',
    description:
      "fit ranks the 500 newest matches that are not the viewer's own by the viewer's lifestyle fit and adds fitBand " +
      'to each card; a student may start 30 fit searches a minute, one at a time: 429 otherwise, 503 when it takes ' +
      'too long. total is on the first page only and counts up to 1,000 (then atLeast is true).',
    querystring: searchQuerySchema,
    response: postingPageSchema,
    answer: ({ id, email }, { query }) => service.search({ id, email }, query),
  });
};
