import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobAlertSettingsSchema, unsubscribeJobAlertsRequestSchema } from '@tendly/domain/api/jobs';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import { getJobAlertSettings, setJobAlertSettings, unsubscribeFromJobAlerts } from './job-alerts';

/** Job alert emails: a worker's setting, and the one-click unsubscribe from an email (issue 6). */
export const jobAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const route = signedInRoutes(app, { tags: ['job alerts'] });

  route.get(
    '/my/job-alerts',
    apiAccess.jobAlertSettings,
    {
      summary: 'Whether the worker gets emails about new jobs near them',
      response: { 200: jobAlertSettingsSchema, 404: apiErrorSchema },
    },
    (auth) => getJobAlertSettings(db, auth),
  );

  route.put(
    '/my/job-alerts',
    apiAccess.jobAlertSettings,
    {
      summary: 'Turn emails about new jobs near the worker on or off',
      body: jobAlertSettingsSchema,
      response: { 200: jobAlertSettingsSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    },
    (auth, request) => setJobAlertSettings(db, auth, request.body),
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
