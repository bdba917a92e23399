import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BACKGROUND_JOB_NOT_FOUND, backgroundJobCountsSchema, backgroundJobSchema, backgroundJobsQuerySchema, backgroundJobsResponseSchema } from '@tendly/domain/api/background-jobs';
import { totalCountHeaders } from '@tendly/domain/api/result-total';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { requireAuth } from '../../platform/auth/authenticate';
import { uuidOr404 } from '../../platform/http/ids';
import { adminRoute } from '../../platform/http/admin-route';
import { countBackgroundJobs, listBackgroundJobs } from './admin-background-jobs-repository';
import { discardBackgroundJob, retryBackgroundJob } from './admin-background-jobs-service';

/** Anything that is not a UUID names no job: a 404 like an unknown one. */
const jobParams = z.object({ id: z.string().max(100) });
/** What retrying and discarding take and answer: the job after, or a 409 when it is not one that failed. */
const onOneJob = { params: jobParams, response: { 200: backgroundJobSchema, 404: apiErrorSchema, 409: apiErrorSchema } };

/**
 * Background jobs for administrators (issue 27): the jobs that failed (emails above all) are
 * listed, not only logged, and can be tried again or discarded. Both actions are audited.
 */
export const adminBackgroundJobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const jobsRoute = <S extends FastifySchema & { response: object }>(schema: S) => adminRoute(apiAccess.adminBackgroundJobs, schema);

  app.get(
    '/admin/jobs',
    jobsRoute({
      summary: 'Background jobs, the latest to run or finish first (status=FAILED: the ones that failed)',
      description:
        'Each with its kind, what it is about (an email: its recipient and subject), its attempts, last error and times; ' +
        'never its payload. Paged by `start` and `limit`; X-Total-Count says how many match.',
      querystring: backgroundJobsQuerySchema,
      response: { 200: backgroundJobsResponseSchema, 400: apiErrorSchema },
    }),
    async (request, reply) => {
      const { status, start, limit } = request.query;
      const { jobs, total } = await listBackgroundJobs(db, { start, limit, ...(status ? { status } : {}) });
      return reply.headers(totalCountHeaders(total)).send(jobs);
    },
  );

  app.get(
    '/admin/jobs/counts',
    jobsRoute({
      summary: 'How many background jobs are in each status',
      response: { 200: backgroundJobCountsSchema },
    }),
    async (_request, reply) => reply.send(await countBackgroundJobs(db)),
  );

  app.post(
    '/admin/jobs/:id/retry',
    jobsRoute({
      summary: 'Run a job that failed again now, with a fresh retry window (an email is sent again); audited',
      description: 'For a FAILED or DISCARDED job, or one waiting for its next try; again on a job queued to run now changes nothing. 409 for a job running now, done, or that never failed.',
      ...onOneJob,
    }),
    async (request) => retryBackgroundJob(db, requireAuth(request), uuidOr404(request.params.id, BACKGROUND_JOB_NOT_FOUND), request.ip),
  );

  app.post(
    '/admin/jobs/:id/discard',
    jobsRoute({
      summary: 'Give up on a job that failed: it is never run again unless retried; audited',
      description: 'For a FAILED job, or one waiting for its next try; again on a DISCARDED job changes nothing. 409 for a job running now, done, or that never failed.',
      ...onOneJob,
    }),
    async (request) => discardBackgroundJob(db, requireAuth(request), uuidOr404(request.params.id, BACKGROUND_JOB_NOT_FOUND), request.ip),
  );
};
