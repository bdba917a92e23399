import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recentWorkersQuerySchema, workerSearchQuerySchema, workerSearchResultsSchema } from '@tendly/domain/api/search';
import { totalCountHeaders } from '@tendly/domain/api/result-total';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { BEST_MATCH_DESCRIPTION } from './best-match';
import { createSearchContext, findRecentWorkers, findWorkersWithTotal } from './search-service';
import { warmUpWorkerSearch } from './search-warm-up';
import { createWorkerIndex } from './worker-index';

/** Worker search and recent workers (spec section 7, issue 5). Public: worker search results are public (spec section 6). */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const index = createWorkerIndex(app.database, app.log);
  const ctx = createSearchContext(app.database.db, {
    resultsTtlMs: app.config.SEARCH_CACHE_TTL_MS,
    cellWalk: app.database.driver === 'postgres',
    index,
    syncIndex: app.config.SEARCH_INDEX_SYNC,
  });
  // Loaded in the background once the app is ready: until it is, the database answers.
  app.liveTables.add('workerSearch', index);
  app.warmUp.add('workerSearch', warmUpWorkerSearch(app));

  app.get(
    '/search',
    {
      config: { access: apiAccess.workerSearch },
      schema: {
        tags: ['search'],
        summary: 'Find workers: one page of active workers matching the filters',
        description:
          'Returns at most `limit` workers from `start`; fewer than `limit` means the end. `location` is a suburb, ' +
          '"suburb STATE" or a postcode (an unknown place is a 400); `distance` is in metres when a location is given. ' +
          'skillType and carerLanguage match workers with any of the values; availability and qualifications match ' +
          'workers with every one. A yes/no filter set to false filters nothing. ' +
          BEST_MATCH_DESCRIPTION +
          ' lastActive orders by last activity, newest by joining date, most recent first. ' +
          'The X-Total-Count header says how many workers match in all; X-Total-Count-Capped: true means at least that many ' +
          '(counting stops at 1,000).',
        querystring: workerSearchQuerySchema,
        response: { 200: workerSearchResultsSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { workers, total } = await findWorkersWithTotal(ctx, request.query);
      reply.headers(totalCountHeaders(total));
      return workers;
    },
  );

  app.get(
    '/search/recent',
    {
      config: { access: apiAccess.workerSearch },
      schema: {
        tags: ['search'],
        summary: 'Recently active workers',
        description:
          'The workers active in the last 30 days, most recently active first. When fewer than 2 are found, the newest ' +
          'workers instead, as many as asked for (spec section 7).',
        querystring: recentWorkersQuerySchema,
        response: { 200: workerSearchResultsSchema, 400: apiErrorSchema },
      },
    },
    async (request) => findRecentWorkers(ctx, request.query.totalResult),
  );
};
