import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAnnualReviewListSchema,
  adminAnnualReviewQuerySchema,
  adminAnnualReviewSchema,
  annualReviewListSchema,
  annualReviewParamsSchema,
  annualReviewRequestSchema,
  annualReviewSchema,
  signOffRequestSchema,
} from '@tendly/domain/api/annual-reviews';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { safeParam } from '@tendly/domain/validation/safe-text';
import { requireAuth } from '../../platform/auth/authenticate';
import { adminRoute } from '../../platform/http/admin-route';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import { getReviewsForAdmin, getWorkerReviews, saveReview, signOff } from './annual-review-service';

/** The worker's yearly self-review, and the administrators' sign-off (issue 12). */
export const annualReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const route = signedInRoutes(app, { tags: ['annual reviews'] });

  route.get(
    '/worker/annual-reviews',
    apiAccess.annualReview,
    {
      summary: 'The worker’s annual reviews, newest year first, and the year a new one is for',
      response: { 200: annualReviewListSchema },
    },
    (auth) => getWorkerReviews(db, auth.user.id, new Date()),
  );

  route.put(
    '/worker/annual-reviews/:year',
    apiAccess.annualReview,
    {
      summary: 'Save the worker’s review of a year; it can be changed until an administrator signs it off (then 409)',
      params: annualReviewParamsSchema,
      body: annualReviewRequestSchema,
      response: { 200: annualReviewSchema, 400: apiErrorSchema, 409: apiErrorSchema },
    },
    (auth, request) => saveReview(db, auth.user.id, request.params.year, request.body, new Date()),
  );

  app.get(
    '/admin/annual-reviews',
    adminRoute(apiAccess.adminAnnualReviews, {
      summary: 'Annual reviews waiting for sign-off (oldest first), or signed off (newest first); administrators only',
      querystring: adminAnnualReviewQuerySchema,
      response: { 200: adminAnnualReviewListSchema, 400: apiErrorSchema },
    }),
    async (request, reply) => reply.send(await getReviewsForAdmin(db, request.query.status)),
  );

  app.post(
    '/admin/annual-reviews/:id/sign-off',
    adminRoute(apiAccess.adminAnnualReviews, {
      summary: 'Sign off a worker’s annual review with a note (administrators only); recorded in the audit log',
      description: 'Signing off a review already signed off is a 409.',
      params: z.object({ id: safeParam }),
      body: signOffRequestSchema,
      response: { 200: adminAnnualReviewSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    }),
    async (request) => signOff(db, app.config, requireAuth(request), request.params.id, request.body.note, request.ip),
  );
};
