import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSummaryResponseSchema } from '@tendly/domain/api/admin';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { countWhatExists } from './admin-summary-repository';

/**
 * The administrators' API (issue 11). For now one call: the counts the admin home shows until
 * the admin console lands.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/summary',
    {
      config: { access: apiAccess.adminSummary },
      schema: {
        tags: ['admin'],
        summary: 'What exists: accounts by role and state, worker profiles, jobs and applications (administrators only)',
        security: [{ authToken: [] }],
        response: { 200: adminSummaryResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (_request, reply) => {
      const summary = { ...(await countWhatExists(app.database.db)), countedAt: new Date().toISOString() };
      return reply.header('cache-control', 'no-store').send(summary);
    },
  );
};
