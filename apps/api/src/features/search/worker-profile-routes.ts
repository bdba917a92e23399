import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { workerEnquiryRequestSchema, workerEnquiryResponseSchema, workerProfileSchema } from '@tendly/domain/api/search';
import { ENQUIRIES_PER_HOUR } from '@tendly/domain/constants';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { safeParam } from '@tendly/domain/validation/safe-text';
import { requireAuth } from '../../platform/auth/authenticate';
import { refusals, signedIn } from '../../platform/http/route-schemas';
import { limitEnquiries, sendEnquiry, type DeliverEnquiry, type EnquiryContext } from './enquiry-service';
import { warmUpWorkerProfiles } from './search-warm-up';
import { PROFILE_REVIEWS_SHOWN } from './worker-profile-repository';
import { getWorkerProfile } from './worker-profile-service';

/** Any string: an id that names no worker is a 404 like an unknown one, not a 400. */
const carerParams = z.object({ id: safeParam });

/** A worker's public profile (spec section 7, GET /carer/{id}) and contacting the worker from it. */
export interface WorkerProfileRoutesOptions {
  /** Delivers an enquiry into the conversation between the two (the messages feature, issue 13). */
  deliverEnquiry: DeliverEnquiry;
}

export const workerProfileRoutes: FastifyPluginAsyncZod<WorkerProfileRoutesOptions> = async (app, options) => {
  const enquiryContext: EnquiryContext = { db: app.database.db, config: app.config, deliver: options.deliverEnquiry };

  app.warmUp.add('workerProfile', warmUpWorkerProfiles(app));
  app.get(
    '/carer/:id',
    {
      config: { access: apiAccess.workerSearch },
      schema: {
        tags: ['search'],
        summary: "A worker's public profile",
        description:
          `Labels come from the domain's lists; rates are cents; the ${PROFILE_REVIEWS_SHOWN} newest reviews are included ` +
          '(reviewCount is the total). An unknown id, an inactive profile or a deactivated account is a 404, except that a ' +
          'signed-in worker may always fetch their own profile.',
        params: carerParams,
        response: { 200: workerProfileSchema, 404: apiErrorSchema },
      },
    },
    async (request) => getWorkerProfile(app.database.db, request.params.id, request.auth?.user.id ?? null),
  );

  app.post(
    '/carer/:id/enquiries',
    {
      config: { access: apiAccess.contactWorker },
      // After the body is validated, so that only real enquiries count towards the limit.
      preHandler: async (request, reply) => limitEnquiries(app.rateLimitStore, requireAuth(request), reply),
      schema: {
        tags: ['search'],
        summary: 'Send a worker a message from their profile: delivered into the conversation between the two and emailed to the worker',
        description:
          "The worker gets the care seeker's first name and message by email, and is asked to reply through the product. " +
          `At most ${ENQUIRIES_PER_HOUR} an hour per care seeker (then 429).`,
        security: signedIn,
        params: carerParams,
        body: workerEnquiryRequestSchema,
        response: { 201: workerEnquiryResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const sent = await sendEnquiry(enquiryContext, requireAuth(request), request.params.id, request.body.message);
      return reply.status(201).send(sent);
    },
  );
};
