import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  aliasSessionResponseSchema,
  coordinatorClientsResponseSchema,
  messageResponseSchema,
} from '@tendly/domain/api/auth';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { requireAuth } from '../../platform/auth/authenticate';
import { signedIn } from '../../platform/http/route-schemas';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import { endAlias, listMyClients, startAlias, type AliasContext } from './alias-service';

const clientParams = z.object({ clientId: z.uuid({ error: 'This is not a client of yours.' }) });

/** A support coordinator's clients and the alias session (spec sections 2.7, 3, 4 and 6). */
export const aliasRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: AliasContext = { db: app.database.db };
  const route = signedInRoutes(app, { tags: ['support coordinators'] });

  route.get(
    '/support-coordinator/clients',
    apiAccess.coordinatorClients,
    {
      summary: "The coordinator's linked clients",
      response: { 200: coordinatorClientsResponseSchema },
    },
    (auth) => listMyClients(ctx, auth),
  );

  route.post(
    '/support-coordinator/clients/:clientId/alias',
    apiAccess.startAlias,
    {
      summary: 'Act as a linked client: returns an alias token to send as auth-token',
      params: clientParams,
      response: { 200: aliasSessionResponseSchema, 400: apiErrorSchema },
    },
    (auth, request) => startAlias(ctx, auth, request.params.clientId, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );

  app.delete(
    '/alias',
    {
      config: { access: apiAccess.endAlias },
      schema: {
        tags: ['support coordinators'],
        summary: 'Stop acting as a client (send the alias token)',
        security: signedIn,
        response: { 200: messageResponseSchema, 401: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => endAlias(ctx, requireAuth(request), { ip: request.ip }),
  );
};
