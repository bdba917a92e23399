import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSummaryResponseSchema } from '@tendly/domain/api/admin';
import { apiAccess } from '@tendly/domain/permissions';
import { adminRoute } from '../../platform/http/admin-route';
import { adminAuditRoutes } from './admin-audit-routes';
import { adminBackgroundJobsRoutes } from './admin-background-jobs-routes';
import { adminInboxRoutes } from './admin-inbox-routes';
import { adminPeopleRoutes } from './admin-people-routes';
import { adminReviewRoutes } from './admin-review-routes';
import { countWhatExists } from './admin-summary-repository';

/**
 * The administrators' API: the counts of the admin home (issue 11) and the admin console (issue
 * 12): the review queue, people, the inbox and the audit log; background jobs that failed (issue
 * 27). Every route is ADMIN only.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminReviewRoutes);
  await app.register(adminPeopleRoutes);
  await app.register(adminInboxRoutes);
  await app.register(adminAuditRoutes);
  await app.register(adminBackgroundJobsRoutes);

  app.get(
    '/admin/summary',
    adminRoute(apiAccess.adminSummary, {
      summary: 'What exists: accounts by role and state, worker profiles, jobs and applications (administrators only)',
      response: { 200: adminSummaryResponseSchema },
    }),
    async (_request, reply) => {
      const summary = { ...(await countWhatExists(app.database.db)), countedAt: new Date().toISOString() };
      return reply.send(summary);
    },
  );
};
