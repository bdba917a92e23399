import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inboxItemDetailSchema, inboxNoteRequestSchema, inboxQuerySchema, inboxResponseSchema, inboxUpdateSchema } from '@tendly/domain/api/admin';
import { totalCountHeaders } from '@tendly/domain/api/result-total';
import { apiErrorSchema } from '@tendly/domain/errors';
import { safeParam } from '@tendly/domain/validation/safe-text';
import { adminActorOf } from './admin-actor';
import { adminConsoleRoute } from './admin-console-route';
import { addInboxNote, changeInboxItem, getInbox, getInboxItem } from './admin-inbox-service';

const itemParams = z.object({ submissionId: safeParam });

/** The operations inbox of forms sent from the site (issue 12), administrators only. */
export const adminInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/admin/inbox',
    adminConsoleRoute({
      summary: 'Forms sent from the site: open urgent incidents first, then newest first',
      description: 'Filter by `status`, `kind` and `urgent`. X-Total-Count says how many match.',
      querystring: inboxQuerySchema,
      response: { 200: inboxResponseSchema, 400: apiErrorSchema },
    }),
    async (request, reply) => {
      const { items, total } = await getInbox(db, request.query);
      return reply.headers(totalCountHeaders(total)).send(items);
    },
  );

  app.get(
    '/admin/inbox/:submissionId',
    adminConsoleRoute({
      summary: 'One inbox item with every submitted field and its notes',
      params: itemParams,
      response: { 200: inboxItemDetailSchema, 404: apiErrorSchema },
    }),
    async (request, reply) => reply.send(await getInboxItem(db, request.params.submissionId)),
  );

  app.patch(
    '/admin/inbox/:submissionId',
    adminConsoleRoute({
      summary: "Change an item's status, assignee (an administrator, or null) or urgent flag",
      params: itemParams,
      body: inboxUpdateSchema,
      response: { 200: inboxItemDetailSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    }),
    async (request) => changeInboxItem(db, adminActorOf(request), request.params.submissionId, request.body),
  );

  app.post(
    '/admin/inbox/:submissionId/notes',
    adminConsoleRoute({
      summary: 'Add a note to an inbox item',
      params: itemParams,
      body: inboxNoteRequestSchema,
      response: { 201: inboxItemDetailSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    }),
    async (request, reply) => reply.status(201).send(await addInboxNote(db, adminActorOf(request), request.params.submissionId, request.body.body)),
  );
};
