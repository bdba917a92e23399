import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomWorkersQuerySchema, workerCardsSchema } from '@tendly/domain/api/workers';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { pickRandomWorkerCards } from './worker-card-service';

/** Public worker listings for visitors (issue 4): the home page's random worker cards. */
export const workerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/workers/random',
    {
      config: { access: apiAccess.public },
      schema: {
        tags: ['workers'],
        summary: 'Random active workers with a photo and a bio, for the home page cards',
        querystring: randomWorkersQuerySchema,
        response: { 200: workerCardsSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const cards = await pickRandomWorkerCards(app.database.db, request.query.count);
      // A fresh draw on every visit: no cache may keep one answer.
      return reply.send(cards);
    },
  );
};
