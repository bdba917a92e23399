import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { placeSuggestionsSchema, placeSuggestQuerySchema } from '@tendly/domain/api/places';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { checkLimit, enforceLimit } from '../../platform/rate-limit/rate-limiter';
import { createPlaceSuggester } from './place-suggestions';

/**
 * At most 120 suggestion requests per address per minute. The web app waits for a pause in the
 * typing before it asks, so finding a place takes a handful; this stops a script reading the
 * whole table through it.
 */
export const PLACE_SUGGESTIONS_PER_IP = 120;
export const PLACE_SUGGESTIONS_WINDOW_MS = 60 * 1000;

/** How long a browser may reuse an answer: the localities change only with a new data set. */
const SUGGESTIONS_MAX_AGE_SECONDS = 24 * 60 * 60;

/** GET /api/places/suggest (issue 11): suburb suggestions wherever a place is typed. Public, like search. */
export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  const suggest = createPlaceSuggester(app.database.db);

  app.get(
    '/places/suggest',
    {
      config: { access: apiAccess.placeSuggestions },
      onRequest: async (request, reply) => {
        enforceLimit(
          reply,
          await checkLimit(app.rateLimitStore, {
            key: `place-suggestions:ip:${request.ip}`,
            limit: PLACE_SUGGESTIONS_PER_IP,
            windowMs: PLACE_SUGGESTIONS_WINDOW_MS,
          }),
        );
      },
      schema: {
        tags: ['places'],
        summary: 'Suburbs and postcodes that begin with what has been typed, as suburb, state and postcode',
        description:
          '`q` is at least 2 characters: the start of a suburb name, optionally followed by a state and a postcode ' +
          '("springfield qld"), or the start of a postcode ("22"). At most 8 places, the exact name first, then the most ' +
          'urban. Post office box and mail centre postcodes are left out. Limited to 120 requests per minute per address.',
        querystring: placeSuggestQuerySchema,
        response: { 200: placeSuggestionsSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const places = await suggest(request.query.q);
      reply.header('cache-control', `public, max-age=${SUGGESTIONS_MAX_AGE_SECONDS}`);
      return places;
    },
  );
};
