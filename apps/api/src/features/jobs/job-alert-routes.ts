import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobAlertSettingsSchema, unsubscribeJobAlertsRequestSchema } from '@tendly/domain/api/jobs';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { requireAuth } from '../../platform/auth/authenticate';
import { signedInRoute } from '../../platform/http/signed-in-route';
import { getJobAlertSettings, setJobAlertSettings, unsubscribeFromJobAlerts } from './job-alerts';

/** Job alert emails: a worker's setting, and the one-click unsubscribe from an email (issue 6). */
export const jobAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/my/job-alerts',
    signedInRoute(apiAccess.jobAlertSettings, {
      tags: ['job alerts'],
      summary: 'Whether the worker gets emails about new jobs near them',
      response: { 200: jobAlertSettingsSchema, 404: apiErrorSchema },
    }),
    async (request, reply) => reply.send(await getJobAlertSettings(db, requireAuth(request))),
  );

  app.put(
    '/my/job-alerts',
    signedInRoute(apiAccess.jobAlertSettings, {
      tags: ['job alerts'],
      summary: 'Turn emails about new jobs near the worker on or off',
      body: jobAlertSettingsSchema,
      response: { 200: jobAlertSettingsSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    }),
    async (request) => setJobAlertSettings(db, requireAuth(request), request.body),
  );

  app.post(
    '/carer/unsubscribe/nearbyjobs',
    {
      config: { access: apiAccess.unsubscribeJobAlerts },
      schema: {
        tags: ['job alerts'],
        summary: 'Stop job alert emails with the signed token from one (no sign-in needed)',
        body: unsubscribeJobAlertsRequestSchema,
        response: { 200: z.object({ message: z.string() }), 400: apiErrorSchema },
      },
    },
    async (request) => unsubscribeFromJobAlerts(db, app.linkSigner, request.body.token),
  );
};
