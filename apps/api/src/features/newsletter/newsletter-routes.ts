import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newsletterResponseSchema } from '@tendly/domain/api/forms';
import { apiErrorSchema, NEWSLETTER_SUCCESS } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { newsletterSchema } from '@tendly/domain/validation/forms';
import { checkLimit, enforceLimit } from '../../platform/rate-limit/rate-limiter';
import { insertNewsletterSubscription } from './newsletter-repository';

/** At most 10 sign-ups per address in 10 minutes (issue 4). */
export const NEWSLETTER_SIGNUPS_PER_IP = 10;
export const NEWSLETTER_SIGNUP_WINDOW_MS = 10 * 60 * 1000;

/**
 * POST /api/support (spec section 7): the footer's newsletter sign-up, "not cached". Signing up
 * twice with the same email and type is not an error: the person is simply subscribed.
 */
export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const limitByIp = async (request: FastifyRequest, reply: FastifyReply) => {
    const rule = { key: `newsletter:ip:${request.ip}`, limit: NEWSLETTER_SIGNUPS_PER_IP, windowMs: NEWSLETTER_SIGNUP_WINDOW_MS };
    enforceLimit(reply, await checkLimit(app.rateLimitStore, rule));
  };

  app.post(
    '/support',
    {
      config: { access: apiAccess.newsletterSignup },
      onRequest: limitByIp,
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe to the newsletter as a care seeker, care worker or industry professional',
        body: newsletterSchema,
        response: { 200: newsletterResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const { email, userType, message } = request.body;
      await insertNewsletterSubscription(app.database.db, { email, userType, message: message || null });
      return { message: NEWSLETTER_SUCCESS };
    },
  );
};
