import { apiAccess } from '@tendly/domain/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthySchema = z.object({ status: z.literal('ok') });
const unhealthySchema = z.object({ status: z.literal('unavailable'), message: z.string() });

/** GET /api/health: 200 when the database answers, 503 when it does not. Public. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: apiAccess.public },
      schema: {
        tags: ['platform'],
        summary: 'Is the service able to answer requests?',
        response: { 200: healthySchema, 503: unhealthySchema },
      },
    },
    async (request, reply) => {
      try {
        await app.database.ping();
        return reply.header('cache-control', 'no-store').send({ status: 'ok' as const });
      } catch (error) {
        request.log.error({ err: error }, 'health check: database did not answer');
        return reply
          .status(503)
          .header('cache-control', 'no-store')
          .send({ status: 'unavailable' as const, message: 'The database is not answering.' });
      }
    },
  );
};
