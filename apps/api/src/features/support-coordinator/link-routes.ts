import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponseSchema } from '@tendly/domain/api/auth';
import {
  addClientResponseSchema,
  addClientSchema,
  claimAccountSchema,
  coordinatorLinkMessages,
  linkRequestSchema,
  linkResponseByTokenSchema,
  linkTokenAnswerSchema,
  myCoordinatorLinksResponseSchema,
} from '@tendly/domain/api/coordinator-links';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { requireAuth } from '../../platform/auth/authenticate';
import { AppError } from '../../platform/errors';
import { refusals, signedIn } from '../../platform/http/route-schemas';
import { signedInRoute } from '../../platform/http/signed-in-route';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import { addClient, claimAccount } from './add-client';
import { answerLink, answerLinkByToken, linkRequestWait, listMyCoordinatorLinks, requestLinking, revokeLink, type LinkContext } from './link-requests';

const linkParams = z.object({ linkId: z.uuid({ error: coordinatorLinkMessages.notFound }) });

/** Linking a support coordinator to a care seeker (issue 16). */
export const linkRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: LinkContext = { db: app.database.db, linkSigner: app.linkSigner, rateLimitStore: app.rateLimitStore, config: app.config };
  const route = signedInRoutes(app, { tags: ['support coordinators'] });

  app.post(
    '/support-coordinator/link-requests',
    {
      config: { access: apiAccess.coordinatorLinkRequest },
      // After validation: only well-formed requests count towards the limits.
      preHandler: async (request, reply) => {
        const wait = await linkRequestWait(app.rateLimitStore, requireAuth(request).user.id, request.body.email);
        if (wait === 0) return;
        reply.header('retry-after', String(wait));
        throw new AppError(429, coordinatorLinkMessages.tooManyRequests, { code: 'RATE_LIMITED' });
      },
      schema: {
        tags: ['support coordinators'],
        summary: 'Ask a care seeker, by email, to link to you',
        description: 'The same answer whether or not the address has an account. Rate-limited per coordinator and per address (429).',
        security: signedIn,
        body: linkRequestSchema,
        response: { 202: messageResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => reply.code(202).send(await requestLinking(ctx, requireAuth(request), request.body.email, { ip: request.ip })),
  );

  route.get(
    '/coordinator-links',
    apiAccess.myCoordinatorLinks,
    {
      summary: "The care seeker's support coordinators: linked, and asking to be",
      response: { 200: myCoordinatorLinksResponseSchema },
    },
    (auth) => listMyCoordinatorLinks(ctx.db, auth),
  );

  for (const decision of ['accept', 'decline'] as const) {
    app.post(
      `/coordinator-links/:linkId/${decision}`,
      signedInRoute(apiAccess.myCoordinatorLinks, {
        tags: ['support coordinators'],
        summary: decision === 'accept' ? "Accept a coordinator's request" : "Decline a coordinator's request",
        params: linkParams,
        response: { 200: messageResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      }),
      async (request) => answerLink(ctx.db, requireAuth(request), request.params.linkId, decision, { ip: request.ip }),
    );
  }

  route.post(
    '/coordinator-links/:linkId/revoke',
    apiAccess.myCoordinatorLinks,
    {
      summary: 'Revoke an active link: the coordinator can no longer act for you, at once',
      params: linkParams,
      response: { 200: messageResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    },
    (auth, request) => revokeLink(ctx.db, auth, request.params.linkId, { ip: request.ip }),
  );

  app.post(
    '/coordinator-links/answer',
    {
      config: { access: apiAccess.coordinatorLinkByToken },
      schema: {
        tags: ['support coordinators'],
        summary: 'Answer a request from the emailed link (signed; expires; works once)',
        body: linkResponseByTokenSchema,
        response: { 200: linkTokenAnswerSchema, 400: apiErrorSchema, 404: apiErrorSchema, 410: apiErrorSchema },
      },
    },
    async (request) => answerLinkByToken(ctx, request.body.token, { ip: request.ip }),
  );

  route.post(
    '/support-coordinator/clients',
    apiAccess.coordinatorAddClient,
    {
      summary: 'Add a client account that the coordinator manages (linked ACTIVE at once; invited to claim it when an email is given)',
      body: addClientSchema,
      response: { 201: addClientResponseSchema, 400: apiErrorSchema, 409: apiErrorSchema },
    },
    async (auth, request, reply) => reply.code(201).send(await addClient(ctx, auth, request.body, { ip: request.ip })),
  );

  app.post(
    '/claim-account',
    {
      config: { access: apiAccess.claimClientAccount },
      schema: {
        tags: ['support coordinators'],
        summary: 'Claim an account a coordinator made: set its password from the emailed link (signed; expires; works once)',
        body: claimAccountSchema,
        response: { 200: messageResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 410: apiErrorSchema },
      },
    },
    async (request) => claimAccount(ctx, request.body.token, request.body.password, { ip: request.ip }),
  );
};
