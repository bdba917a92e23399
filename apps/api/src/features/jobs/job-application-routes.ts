import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicantSchema,
  applicantsSchema,
  applicationDecisionSchema,
  jobApplicationRequestSchema,
  jobInvitationRequestSchema,
  jobInvitationSchema,
  myApplicationSchema,
  myApplicationsSchema,
  myInvitationsSchema,
  suggestedWorkersSchema,
} from '@tendly/domain/api/jobs';
import { INVITATIONS_PER_HOUR } from '@tendly/domain/constants';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { safeParam } from '@tendly/domain/validation/safe-text';
import { requireAuth } from '../../platform/auth/authenticate';
import { refusals, signedIn } from '../../platform/http/route-schemas';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import {
  applyForJob,
  decideApplication,
  getApplicants,
  getMyApplications,
  getMyInvitations,
  inviteWorker,
  suggestWorkers,
  type ApplicationsContext,
  type FindWorkers,
} from './job-applications-service';
import { limitInvitations } from './job-limits';

const jobParams = z.object({ jobId: safeParam });

export interface JobApplicationRoutesOptions {
  /** The worker search, which ranks the workers suggested for a job (issue 31, item 5). */
  findWorkers: FindWorkers;
}

/** Applications for jobs and invitations to apply (issue 6). */
export const jobApplicationRoutes: FastifyPluginAsyncZod<JobApplicationRoutesOptions> = async (app, options) => {
  const ctx: ApplicationsContext = { db: app.database.db, config: app.config, findWorkers: options.findWorkers };
  const route = signedInRoutes(app, { tags: ['applications'] });

  route.post(
    '/jobs/:jobId/applications',
    apiAccess.applyToJob,
    {
      summary: 'Apply for a job with a message (once; a worker with an active profile; an open job)',
      description: 'Again is a 409; a closed job is a 409; an inactive worker profile is a 403.',
      params: jobParams,
      body: jobApplicationRequestSchema,
      response: { 201: myApplicationSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    },
    async (auth, request, reply) => reply.status(201).send(await applyForJob(ctx, auth, request.params.jobId, request.body.message)),
  );

  route.get(
    '/jobs/:jobId/applications',
    apiAccess.jobOwner,
    {
      summary: 'The workers who applied for a job, newest first (owner only)',
      params: jobParams,
      response: { 200: applicantsSchema, 404: apiErrorSchema },
    },
    (auth, request) => getApplicants(ctx, auth, request.params.jobId),
  );

  route.patch(
    '/jobs/:jobId/applications/:applicationId',
    apiAccess.jobOwner,
    {
      summary: 'Shortlist or decline an application (owner only); declining emails the worker',
      description: 'A declined application cannot be shortlisted again (409). The status it already has changes nothing.',
      params: z.object({ jobId: safeParam, applicationId: safeParam }),
      body: applicationDecisionSchema,
      response: { 200: applicantSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    },
    (auth, request) => decideApplication(ctx, auth, request.params.jobId, request.params.applicationId, request.body.status),
  );

  route.get(
    '/my/applications',
    apiAccess.myApplications,
    {
      summary: "The worker's applications, newest first",
      response: { 200: myApplicationsSchema },
    },
    (auth) => getMyApplications(ctx, auth),
  );

  app.post(
    '/jobs/:jobId/invitations',
    {
      config: { access: apiAccess.jobOwner },
      // After the body is validated, so that only real invitations count towards the limit.
      preHandler: async (request, reply) => limitInvitations(app.rateLimitStore, requireAuth(request), reply),
      schema: {
        tags: ['applications'],
        summary: 'Invite a worker to apply for a job (owner only; once per worker); the worker is emailed and notified',
        description: `At most ${INVITATIONS_PER_HOUR} invitations an hour per account (then 429).`,
        security: signedIn,
        params: jobParams,
        body: jobInvitationRequestSchema,
        response: { 201: jobInvitationSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, ...refusals, 429: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await inviteWorker(ctx, requireAuth(request), request.params.jobId, request.body.carerId, request.body.message)),
  );

  route.get(
    '/jobs/:jobId/suggested-workers',
    apiAccess.jobOwner,
    {
      summary: 'The workers the search ranks best for an open job, to invite to apply (owner only)',
      description:
        'Up to 6 workers, found by the worker search (bestMatch) with the job\'s place and radius, support types, gender ' +
        'and times: those free at all the job\'s times first, then the best of the others. A closed job has none. ' +
        'isInvited says whether the owner already invited the worker.',
      params: jobParams,
      response: { 200: suggestedWorkersSchema, 404: apiErrorSchema },
    },
    (auth, request) => suggestWorkers(ctx, auth, request.params.jobId),
  );

  route.get(
    '/my/invitations',
    apiAccess.myApplications,
    {
      summary: 'Jobs the worker was invited to apply for, newest first',
      response: { 200: myInvitationsSchema },
    },
    (auth) => getMyInvitations(ctx, auth),
  );
};
