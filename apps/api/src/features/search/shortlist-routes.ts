import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  myCarersQuerySchema,
  myCarersSchema,
  shortlistItemSchema,
  shortlistRequestSchema,
  shortlistSchema,
} from '@tendly/domain/api/search';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { safeParam } from '@tendly/domain/validation/safe-text';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import { addToShortlist, getMyCarers, getShortlist, removeFromShortlist } from './shortlist-service';

/**
 * A care seeker's shortlist and workers (spec sections 2.4 and 7, issue 5). A support
 * coordinator acting for a client works on the client's list.
 */
export const shortlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const route = signedInRoutes(app, { tags: ['shortlist'] });

  route.get(
    '/shortlist',
    apiAccess.shortlist,
    {
      summary: 'The shortlist, most recently added first',
      response: { 200: shortlistSchema },
    },
    (auth) => getShortlist(db, auth),
  );

  route.post(
    '/shortlist',
    apiAccess.shortlist,
    {
      summary: 'Add a worker to the shortlist: 201, or 200 when they were already on it',
      body: shortlistRequestSchema,
      response: { 200: shortlistItemSchema, 201: shortlistItemSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    },
    async (auth, request, reply) => {
      const { item, isNew } = await addToShortlist(db, auth, request.body.carerId);
      return reply.status(isNew ? 201 : 200).send(item);
    },
  );

  route.delete(
    '/shortlist/:carerId',
    apiAccess.shortlist,
    {
      summary: 'Take a worker off the shortlist: 204, or 404 when they were not on it',
      params: z.object({ carerId: safeParam }),
      response: { 204: z.null(), 404: apiErrorSchema },
    },
    async (auth, request, reply) => {
      await removeFromShortlist(db, auth, request.params.carerId);
      return reply.status(204).send(null);
    },
  );

  route.get(
    '/user/:id/my-carers',
    apiAccess.myCarers,
    {
      summary: "A care seeker's workers: shortlisted, and those with a contract",
      description:
        'Only the care seeker themself, or a support coordinator acting for them, may ask; anyone else gets a 403. ' +
        'withContractsOnly=true keeps only workers with a contract.',
      params: z.object({ id: safeParam }),
      querystring: myCarersQuerySchema,
      response: { 200: myCarersSchema, 400: apiErrorSchema },
    },
    async (auth, request, reply) => {
      const carers = await getMyCarers(db, auth, request.params.id, request.query.withContractsOnly);
      return reply.send(carers);
    },
  );
};
