import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createJobRequestSchema,
  jobDraftSchema,
  jobSchema,
  jobSearchQuerySchema,
  jobSearchResultsSchema,
  myJobPostsSchema,
} from '@tendly/domain/api/jobs';
import { JOB_POSTS_PER_DAY } from '@tendly/domain/constants';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { totalCountHeaders } from '@tendly/domain/api/result-total';
import { safeParam } from '@tendly/domain/validation/safe-text';
import { requireAuth } from '../../platform/auth/authenticate';
import { refusals, signedIn } from '../../platform/http/route-schemas';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import { createJobBoardContext, jobsChanged, searchJobsWithTotal } from './job-board-service';
import { warmUpJobBoard } from './job-board-warm-up';
import { createJobIndex } from './job-index';
import { limitJobPosts } from './job-limits';
import { closeJob, createJob, getJob, getMyJobPosts, reopenJob, updateJob } from './jobs-service';

const jobParams = z.object({ jobId: safeParam });
/** What closing and reopening take and answer: the job after, or a 409 when it is not in a state the move starts from. */
const onOneJob = { params: jobParams, response: { 200: jobSchema, 404: apiErrorSchema, 409: apiErrorSchema } };

/** Posting, reading, changing and closing jobs, the job board and a care seeker's posts (issue 6). */
export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const index = createJobIndex(app.database, app.log);
  const board = createJobBoardContext(db, {
    pagesTtlMs: app.config.SEARCH_CACHE_TTL_MS,
    index,
    isIndexSynced: app.config.SEARCH_INDEX_SYNC,
  });
  // Loaded in the background once the app is ready (a second or two at 50,000 jobs): until it is, the database answers.
  app.liveTables.add('jobBoard', index);
  app.warmUp.add('jobBoard', warmUpJobBoard(board));
  /** A change to a job: once it is saved, the board's cached pages and totals are stale. */
  const afterBoardChange = async <T>(change: Promise<T>): Promise<T> => {
    const changed = await change;
    jobsChanged(board);
    return changed;
  };
  const route = signedInRoutes(app, { tags: ['jobs'] });

  app.post(
    '/jobs',
    {
      config: { access: apiAccess.postJob },
      // After the body is validated, so that only real posts count towards the limit.
      preHandler: async (request, reply) => limitJobPosts(app.rateLimitStore, db, requireAuth(request), request.body.draftId, reply),
      schema: {
        tags: ['jobs'],
        summary: 'Post a job: 201, or 200 with the job already posted from the same draft',
        description:
          'A care seeker posts for themself; a support coordinator acting for a client posts for the client. ' +
          '`draftId` makes a retry safe: the same draft from the same owner answers the job already posted. ' +
          'The description is sanitised (basic formatting and http, https and mailto links only). ' +
          '`location` must be a known suburb or postcode (400 on `location` otherwise). Matching workers nearby are ' +
          'emailed in the background unless `disableWorkerNotification`. ' +
          `At most ${JOB_POSTS_PER_DAY} new jobs a day per account (then 429; a retried draft does not count).`,
        security: signedIn,
        body: createJobRequestSchema,
        response: { 200: jobSchema, 201: jobSchema, 400: apiErrorSchema, ...refusals, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { job, isNew } = await afterBoardChange(createJob(db, requireAuth(request), request.body));
      return reply.status(isNew ? 201 : 200).send(job);
    },
  );

  route.get(
    '/jobs/search',
    apiAccess.jobBoard,
    {
      summary: 'The job board: one page of open jobs',
      description:
        'Open jobs that are not hidden from the board. At most `limit` (25 by default) from `start`; fewer means the end. ' +
        '`location` is a suburb, "suburb STATE" or a postcode (an unknown place is a 400); without it there is no ' +
        'distance. skillType, availability (days) and payingForCareType match jobs with any of the values; keyword ' +
        'searches the title and description. sortType newest (default) or nearest (needs a location). ' +
        'The X-Total-Count header says how many jobs match in all; X-Total-Count-Capped: true means at least that many ' +
        '(counting stops at 1,000).',
      querystring: jobSearchQuerySchema,
      response: { 200: jobSearchResultsSchema, 400: apiErrorSchema },
    },
    async (auth, request, reply) => {
      const { jobs, total } = await searchJobsWithTotal(board, auth.user.id, request.query);
      return reply.headers(totalCountHeaders(total)).send(jobs);
    },
  );

  app.get(
    '/jobs/:jobId',
    {
      config: { access: apiAccess.jobDetails },
      schema: {
        tags: ['jobs'],
        summary: 'A job',
        description:
          'Public. Only the owner (or a coordinator acting for them) gets the private fields and `applicationCount`; ' +
          'a hidden goal is empty for everyone else. A signed-in worker gets `myApplication`.',
        params: jobParams,
        response: { 200: jobSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => reply.send(await getJob(db, request.auth, request.params.jobId)),
  );

  route.put(
    '/jobs/:jobId',
    apiAccess.jobOwner,
    {
      summary: "Change a job's details (owner only; a closed job is a 409)",
      params: jobParams,
      body: jobDraftSchema,
      response: { 200: jobSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    },
    (auth, request) => afterBoardChange(updateJob(db, auth, request.params.jobId, request.body)),
  );

  route.post(
    '/jobs/:jobId/close',
    apiAccess.jobOwner,
    {
      summary: 'Close a job (owner only; closing a closed job is a 409)',
      description: 'A closed job leaves the board and takes no more applications or invitations.',
      ...onOneJob,
    },
    (auth, request) => afterBoardChange(closeJob(db, auth, request.params.jobId)),
  );

  route.post(
    '/jobs/:jobId/reopen',
    apiAccess.jobOwner,
    {
      summary: 'Reopen a closed job (owner only; an open or filled job is a 409)',
      description:
        'The job is open again: back on the board (unless hidden from it) and taking applications. Matching workers ' +
        'nearby who have not heard about it yet are emailed, unless `disableWorkerNotification`.',
      ...onOneJob,
    },
    (auth, request) => afterBoardChange(reopenJob(db, auth, request.params.jobId)),
  );

  route.get(
    '/my/job-posts',
    apiAccess.jobOwner,
    {
      summary: "The care seeker's jobs, newest first, with applicant counts",
      response: { 200: myJobPostsSchema },
    },
    (auth) => getMyJobPosts(db, auth),
  );
};
