import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPagingSchema,
  adminReasonSchema,
  adminWorkerSchema,
  requestChangesSchema,
  reviewQueueResponseSchema,
} from '@tendly/domain/api/admin';
import { totalCountHeaders } from '@tendly/domain/api/result-total';
import { apiErrorSchema } from '@tendly/domain/errors';
import { safeParam } from '@tendly/domain/validation/safe-text';
import { adminActorOf } from './admin-actor';
import { adminConsoleRoute } from './admin-console-route';
import { adminEmailSite } from './admin-emails';
import {
  approveWorker,
  getReviewQueue,
  getWorkerForReview,
  requestWorkerChanges,
  restoreWorker,
  suspendWorker,
  type AdminReviewContext,
} from './admin-review-service';

const workerParams = z.object({ workerId: safeParam });

/** The worker review queue and the decisions on a worker (issue 12), administrators only. */
export const adminReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: AdminReviewContext = { db: app.database.db, site: adminEmailSite(app.config) };

  app.get(
    '/admin/review-queue',
    adminConsoleRoute({
      summary: 'Workers waiting for review, oldest first',
      description:
        'Workers who sent their profile in for review and have not been approved since (new workers, and approved ' +
        'workers who sent changes in). At most `limit` (25 by default) from `start`; X-Total-Count says how many wait.',
      querystring: adminPagingSchema,
      response: { 200: reviewQueueResponseSchema, 400: apiErrorSchema },
    }),
    async (request, reply) => {
      const { items, total } = await getReviewQueue(ctx.db, request.query);
      return reply.headers(totalCountHeaders(total)).send(items);
    },
  );

  app.get(
    '/admin/workers/:workerId',
    adminConsoleRoute({
      summary: "A worker's whole profile for review",
      description:
        'Account, profile, rates, availability, documents (current first), referees and their answers, tax details ' +
        '(the bank account by its last three digits only), learning hub passes, status and history.',
      params: workerParams,
      response: { 200: adminWorkerSchema, 404: apiErrorSchema },
    }),
    async (request, reply) => reply.send(await getWorkerForReview(ctx.db, request.params.workerId)),
  );

  app.post(
    '/admin/workers/:workerId/approve',
    adminConsoleRoute({
      summary: 'Approve a worker: ACTIVE and in search',
      description:
        'A 409 names the required documents that have no approved, current copy, and refuses a suspended worker. ' +
        'The worker is emailed.',
      params: workerParams,
      response: { 200: adminWorkerSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    }),
    async (request) => approveWorker(ctx, adminActorOf(request), request.params.workerId),
  );

  app.post(
    '/admin/workers/:workerId/request-changes',
    adminConsoleRoute({
      summary: 'Ask a worker for changes',
      description: 'Emails the worker the list; they leave the queue until they send their profile in again.',
      params: workerParams,
      body: requestChangesSchema,
      response: { 200: adminWorkerSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    }),
    async (request) => requestWorkerChanges(ctx, adminActorOf(request), request.params.workerId, request.body.items),
  );

  app.post(
    '/admin/workers/:workerId/suspend',
    adminConsoleRoute({
      summary: 'Suspend a worker: INACTIVE and out of search',
      params: workerParams,
      body: adminReasonSchema,
      response: { 200: adminWorkerSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    }),
    async (request) => suspendWorker(ctx, adminActorOf(request), request.params.workerId, request.body.reason),
  );

  app.post(
    '/admin/workers/:workerId/restore',
    adminConsoleRoute({
      summary: 'Lift a suspension',
      description: 'ACTIVE again if the worker was approved and no required document has lapsed; otherwise INACTIVE with the reason.',
      params: workerParams,
      response: { 200: adminWorkerSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    }),
    async (request) => restoreWorker(ctx, adminActorOf(request), request.params.workerId),
  );
};
