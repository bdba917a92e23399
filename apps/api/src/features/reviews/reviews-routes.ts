import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import {
  ADMIN_REVIEW_PAGE_SIZE,
  adminReviewListSchema,
  adminReviewSchema,
  clientRatingRequestSchema,
  clientRatingSchema,
  flaggedClientListSchema,
  hideReviewRequestSchema,
  myClientRatingResponseSchema,
  myReviewResponseSchema,
  ownReviewSchema,
  reviewReplyRequestSchema,
  reviewRequestSchema,
} from '@tendly/domain/api/reviews';
import { uuidOr404 } from '../../platform/http/ids';
import { signedInRoute } from '../../platform/http/signed-in-route';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import { adminReviews, flaggedClients, myClientRating, myReview, replyToReview, saveClientRating, saveReview, setReviewHidden } from './reviews-service';

const tags = ['reviews'];
/** Ids in paths: anything that is not a UUID names nothing, a 404 like an unknown one. */
const idParams = z.object({ id: z.string().max(100) });

/**
 * Reviews and ratings (issue 17): a care seeker's review of a worker after approved hours, the
 * worker's one reply, administrators hiding a review, and workers' private ratings of clients.
 */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const route = signedInRoutes(app, { tags });

  route.get(
    '/carer/:id/my-review',
    apiAccess.writeReview,
    { summary: 'Whether the care seeker may review this worker, and their review if written', params: idParams, response: { 200: myReviewResponseSchema, 404: apiErrorSchema } },
    (auth, request) => myReview(db, auth.user.id, uuidOr404(request.params.id, 'This worker does not exist.')),
  );

  route.put(
    '/carer/:id/review',
    apiAccess.writeReview,
    {
      summary: 'Write or change the review of a worker (1 to 5 stars and 20 to 2,000 characters)',
      description: 'Only after the worker has had hours approved by the care seeker (403 NOT_ELIGIBLE); one review per care seeker and worker, which can be changed for 30 days (then 409 EDIT_CLOSED).',
      params: idParams,
      body: reviewRequestSchema,
      response: { 200: ownReviewSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    },
    (auth, request) => saveReview(db, app.config, auth, uuidOr404(request.params.id, 'This worker does not exist.'), request.body),
  );

  route.post(
    '/reviews/:id/reply',
    apiAccess.replyToReview,
    {
      summary: 'The worker’s one reply to a review of them',
      params: idParams,
      body: reviewReplyRequestSchema,
      response: { 200: z.object({ reply: z.string(), repliedAt: z.string() }), 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    },
    (auth, request) => replyToReview(db, auth.user.id, uuidOr404(request.params.id, 'This review does not exist.'), request.body.reply),
  );

  app.get(
    '/admin/reviews',
    signedInRoute(apiAccess.adminReviews, {
      tags,
      summary: 'The newest reviews, for moderation, 25 at a time (hidden=true: only the hidden ones; workerId: only that worker’s; before: the page after that review)',
      querystring: z.object({
        hidden: z.enum(['true', 'false']).optional(),
        workerId: z.uuid({ error: 'workerId must be a worker’s id' }).optional(),
        before: z.uuid({ error: 'before must be a review’s id' }).optional(),
      }),
      response: { 200: adminReviewListSchema, 400: apiErrorSchema },
    }),
    async (request, reply) => {
      const hidden = request.query.hidden === undefined ? {} : { hidden: request.query.hidden === 'true' };
      const worker = request.query.workerId === undefined ? {} : { workerId: request.query.workerId.toLowerCase() };
      const before = request.query.before === undefined ? {} : { before: request.query.before.toLowerCase() };
      // One more than a page says whether there is another.
      const found = await adminReviews(db, { ...hidden, ...worker, ...before, limit: ADMIN_REVIEW_PAGE_SIZE + 1 });
      return reply.send({ reviews: found.slice(0, ADMIN_REVIEW_PAGE_SIZE), allLoaded: found.length <= ADMIN_REVIEW_PAGE_SIZE });
    },
  );

  route.post(
    '/admin/reviews/:id/hide',
    apiAccess.adminReviews,
    { summary: 'Hide a review that breaks the guidelines, with the reason (audited)', params: idParams, body: hideReviewRequestSchema, response: { 200: adminReviewSchema, 400: apiErrorSchema, 404: apiErrorSchema } },
    (auth, request) => setReviewHidden(db, auth, uuidOr404(request.params.id, 'This review does not exist.'), { reason: request.body.reason }, request.ip),
  );

  route.post(
    '/admin/reviews/:id/show',
    apiAccess.adminReviews,
    { summary: 'Show a hidden review again (audited)', params: idParams, response: { 200: adminReviewSchema, 404: apiErrorSchema } },
    (auth, request) => setReviewHidden(db, auth, uuidOr404(request.params.id, 'This review does not exist.'), null, request.ip),
  );

  route.get(
    '/clients/:id/rating',
    apiAccess.rateClient,
    { summary: 'Whether the worker may rate this client, and their private rating if given', params: idParams, response: { 200: myClientRatingResponseSchema, 404: apiErrorSchema } },
    (auth, request) => myClientRating(db, auth.user.id, uuidOr404(request.params.id, 'This client does not exist.')),
  );

  route.put(
    '/clients/:id/rating',
    apiAccess.rateClient,
    {
      summary: 'Rate a client privately (1 to 5, an optional comment): seen only by administrators',
      description: 'Only after the client approved hours the worker worked (403 NOT_ELIGIBLE). Three or more ratings of 2 or fewer flag the client to the operations team by email.',
      params: idParams,
      body: clientRatingRequestSchema,
      response: { 200: clientRatingSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    },
    (auth, request) => saveClientRating(db, app.config, auth.user.id, uuidOr404(request.params.id, 'This client does not exist.'), request.body),
  );

  app.get(
    '/admin/client-flags',
    signedInRoute(apiAccess.adminReviews, { tags, summary: 'Care seekers with three or more low ratings from workers, with the ratings', response: { 200: flaggedClientListSchema } }),
    async (_request, reply) => reply.send(await flaggedClients(db)),
  );
};
