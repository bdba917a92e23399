import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  meResponseSchema,
  messageResponseSchema,
  signInResponseSchema,
  signUpResponseSchema,
} from '@tendly/domain/api/auth';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import {
  emailSchema,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  signupSchema,
  verificationCodeSchema,
} from '@tendly/domain/validation/account';
import { requireAuth } from '../../platform/auth/authenticate';
import { signedIn } from '../../platform/http/route-schemas';
import { limitRequestsByIp } from '../../platform/rate-limit/rate-limiter';
import type { AccountContext, RequestOrigin } from './account-context';
import { describeCurrentUser, signIn, signOut, signUp } from './account-service';
import { assertSignInAllowed, authRequestsRule, limitVerificationCodeRequests } from './auth-limits';
import { requestPasswordReset, resetPassword } from './password-reset-service';
import { resendVerificationCode, verifyEmail } from './verification-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

function originOf(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/**
 * Accounts and sign-in (spec sections 5, 7 and 8; issue 3): sign-up, sign-in and sign-out, email
 * verification, password reset, and the current user.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: AccountContext = { db: app.database.db, config: app.config, rateLimitStore: app.rateLimitStore };
  // Sign-in, sign-up and auth/*: at most 30 requests per address per minute.
  const limitByIp = limitRequestsByIp(ctx.rateLimitStore, authRequestsRule);

  app.post(
    '/signin',
    {
      config: { access: apiAccess.accountRecovery },
      onRequest: limitByIp,
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with email and password',
        body: loginSchema,
        response: { 200: signInResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await assertSignInAllowed(ctx.rateLimitStore, request.body.email, request.ip, reply);
      return signIn(ctx, request.body, originOf(request));
    },
  );

  app.post(
    '/signup',
    {
      config: { access: apiAccess.accountRecovery },
      onRequest: limitByIp,
      schema: {
        tags: ['accounts'],
        summary: 'Create an account (care worker, care seeker or support coordinator)',
        body: signupSchema(app.config.BRAND_NAME),
        response: { 201: signUpResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await signUp(ctx, request.body, originOf(request))),
  );

  app.post(
    '/signout',
    {
      config: { access: apiAccess.signOut },
      schema: {
        tags: ['accounts'],
        summary: 'Sign out: ends this session and any alias session started from it',
        security: signedIn,
        response: { 200: messageResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => signOut(ctx, requireAuth(request), originOf(request)),
  );

  app.get(
    '/me',
    {
      config: { access: apiAccess.me },
      schema: {
        tags: ['accounts'],
        summary: 'The current user, and who is really acting during an alias session',
        security: signedIn,
        response: { 200: meResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => reply.send(await describeCurrentUser(ctx, requireAuth(request))),
  );

  app.post(
    '/auth/forgot',
    {
      config: { access: apiAccess.accountRecovery },
      onRequest: limitByIp,
      schema: {
        tags: ['accounts'],
        summary: 'Email a link to reset the password (the answer never says whether the account exists)',
        body: forgotPasswordSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => requestPasswordReset(ctx, request.body),
  );

  app.post(
    '/auth/reset',
    {
      config: { access: apiAccess.accountRecovery },
      onRequest: limitByIp,
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with the link from the reset email',
        body: resetPasswordSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => resetPassword(ctx, request.body, originOf(request)),
  );

  app.post(
    '/auth/verify/:email/:code',
    {
      config: { access: apiAccess.accountRecovery },
      onRequest: limitByIp,
      // The code is in the path: the request log writes this route's URLs redacted (logger.ts).
      schema: {
        tags: ['accounts'],
        summary: 'Verify an email address with the 6-digit code sent at sign-up',
        params: z.object({ email: emailSchema, code: verificationCodeSchema }),
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => verifyEmail(ctx, { ...request.params, ip: request.ip }),
  );

  app.post(
    '/auth/resetEmailVerification/:email',
    {
      config: { access: apiAccess.accountRecovery },
      onRequest: limitByIp,
      schema: {
        tags: ['accounts'],
        summary: 'Send a new verification code (older codes stop working); at most 5 an hour to one address',
        params: z.object({ email: emailSchema }),
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await limitVerificationCodeRequests(ctx.rateLimitStore, request.params.email, reply);
      return resendVerificationCode(ctx, request.params.email);
    },
  );
};
