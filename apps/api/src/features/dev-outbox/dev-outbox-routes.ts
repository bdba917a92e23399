import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxResponseSchema } from '@tendly/domain/api/auth';
import { emailSchema } from '@tendly/domain/validation/account';
import { listOutbox } from '../../platform/mail/outbox';

const querySchema = z.object({ to: emailSchema });

/**
 * GET /api/dev/outbox?to=EMAIL: the emails sent to an address, newest first, so that people
 * trying the product without an SMTP server (and tests) can read verification codes and reset
 * links. Registered outside production only; in production the path is the API's JSON 404.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/outbox',
    {
      config: { access: { kind: 'public' } },
      schema: {
        tags: ['development'],
        summary: 'Emails sent to an address, newest first (outside production only)',
        querystring: querySchema,
        response: { 200: outboxResponseSchema },
      },
    },
    async (request, reply) => {
      const messages = await listOutbox(app.database.db, request.query.to);
      return reply.send(messages);
    },
  );
};
