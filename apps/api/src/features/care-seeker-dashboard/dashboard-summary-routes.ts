import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { careSeekerDashboardSchema } from '@tendly/domain/api/care-seeker-dashboard';
import { apiAccess } from '@tendly/domain/permissions';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import { dashboardSummary } from './dashboard-summary-service';

/** The care seeker's home (issue 31, item 4): what /dashboard leads with, in one call. */
export const dashboardSummaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const route = signedInRoutes(app, { tags: ['dashboard'] });

  route.get(
    '/dashboard/summary',
    apiAccess.careSeekerDashboard,
    {
      summary: 'The care seeker’s upcoming shifts, hours to approve, invoices to pay, workers and unread messages',
      description:
        'For the care seeker, or a support coordinator acting for them through the alias session. Each block lists its first few items ' +
        '(upcoming shifts soonest first, hours by when they are approved automatically, invoices the care seeker pays by due date, workers with a live agreement, ' +
        'conversations with unread messages latest first) and `total`, how many there are in all (for messages, how many unread messages).',
      response: { 200: careSeekerDashboardSchema },
    },
    (auth) => dashboardSummary(db, auth, new Date()),
  );
};
