import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponseSchema } from '@tendly/domain/api/message';
import {
  adminWorkerRefereesSchema,
  REFERENCE_THANKS_MESSAGE,
  referenceRequestSchema,
  workerRefereesSchema,
} from '@tendly/domain/api/worker-onboarding';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { referenceAnswersSchema, refereesSchema } from '@tendly/domain/validation/referees';
import { safeParam } from '@tendly/domain/validation/safe-text';
import { adminRoute } from '../../platform/http/admin-route';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import { checkLimit, enforceLimit } from '../../platform/rate-limit/rate-limiter';
import {
  answerReference,
  getAdminWorkerReferees,
  getReferenceRequest,
  getWorkerReferees,
  resendRefereeLink,
  saveWorkerReferees,
  type RefereesContext,
} from './referees-service';

/** Like the public site's forms (issue 4): at most 10 references per address in 10 minutes, then 429. */
export const REFERENCES_PER_IP = 10;
export const REFERENCES_WINDOW_MS = 10 * 60 * 1000;

const tokenParams = z.object({ token: safeParam });
const positionParams = z.object({
  position: z.coerce.number({ error: 'The referee is 1 or 2' }).int({ error: 'The referee is 1 or 2' }).min(1, { error: 'The referee is 1 or 2' }).max(2, { error: 'The referee is 1 or 2' }),
});

/**
 * Referees (issue 12): the worker names two, each gets an emailed link to the public reference
 * form; the worker sees who answered, an administrator sees the answers.
 */
export const refereesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: RefereesContext = { db: app.database.db, config: app.config };
  const route = signedInRoutes(app, { tags: ['worker onboarding'] });

  route.get(
    '/worker/referees',
    apiAccess.workerOnboarding,
    {
      summary: 'The worker’s referees and whether each has answered (not the answers)',
      response: { 200: workerRefereesSchema },
    },
    (auth) => getWorkerReferees(ctx, auth),
  );

  route.put(
    '/worker/referees',
    apiAccess.workerOnboarding,
    {
      summary: 'Name exactly two referees',
      description:
        'A new referee, or one whose email changed, is emailed a link to the reference form (valid 14 days, works once). ' +
        'A referee’s email cannot be the worker’s own, nor the same for both.',
      body: refereesSchema,
      response: { 200: workerRefereesSchema, 400: apiErrorSchema },
    },
    (auth, request) => saveWorkerReferees(ctx, auth, request.body),
  );

  route.post(
    '/worker/referees/:position/resend',
    apiAccess.workerOnboarding,
    {
      summary: 'Email a referee a new link (the old one stops working)',
      description: '404 when there is no referee in that place; 409 when they have already answered.',
      params: positionParams,
      response: { 200: workerRefereesSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    },
    (auth, request) => resendRefereeLink(ctx, auth, request.params.position),
  );

  app.get(
    '/references/:token',
    {
      config: { access: apiAccess.referenceForm },
      schema: {
        tags: ['worker onboarding'],
        summary: 'The reference form a referee opens from their email: the worker’s first name and the questions',
        description: '404 for a link that is not ours; 410 once it has been used or has expired.',
        params: tokenParams,
        response: { 200: referenceRequestSchema, 404: apiErrorSchema, 410: apiErrorSchema },
      },
    },
    async (request, reply) => reply.send(await getReferenceRequest(ctx, request.params.token)),
  );

  app.post(
    '/references/:token',
    {
      config: { access: apiAccess.referenceForm },
      onRequest: async (request, reply) => {
        enforceLimit(reply, await checkLimit(app.rateLimitStore, { key: `references:ip:${request.ip}`, limit: REFERENCES_PER_IP, windowMs: REFERENCES_WINDOW_MS }));
      },
      schema: {
        tags: ['worker onboarding'],
        summary: 'Give the reference',
        description: `404 for a link that is not ours; 410 once it has been used or has expired. At most ${REFERENCES_PER_IP} per address in 10 minutes (then 429).`,
        params: tokenParams,
        body: referenceAnswersSchema,
        response: { 200: messageResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 410: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      await answerReference(ctx, request.params.token, request.body, request.ip);
      return { message: REFERENCE_THANKS_MESSAGE };
    },
  );

  app.get(
    '/admin/workers/:workerId/referees',
    adminRoute(apiAccess.adminWorkerReferees, {
      summary: 'A worker’s referees with their answers',
      params: z.object({ workerId: safeParam }),
      response: { 200: adminWorkerRefereesSchema, 404: apiErrorSchema },
    }),
    async (request, reply) => reply.send(await getAdminWorkerReferees(ctx, request.params.workerId)),
  );
};
