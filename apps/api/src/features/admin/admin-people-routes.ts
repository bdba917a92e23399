import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminReasonSchema, administratorsResponseSchema, peopleQuerySchema, peopleResponseSchema, personDetailSchema } from '@tendly/domain/api/admin';
import { totalCountHeaders } from '@tendly/domain/api/result-total';
import { apiErrorSchema } from '@tendly/domain/errors';
import { safeParam } from '@tendly/domain/validation/safe-text';
import { adminActorOf } from './admin-actor';
import { personRef } from './admin-audit-repository';
import { adminConsoleRoute } from './admin-console-route';
import { listAdministrators } from './admin-people-repository';
import { deactivatePerson, findPeople, getPerson, reactivatePerson } from './admin-people-service';

const personParams = z.object({ userId: safeParam });
/** What deactivating and reactivating take and answer: the reason written to the account's history, and the account after. */
const decisionWithReason = {
  params: personParams,
  body: adminReasonSchema,
  response: { 200: personDetailSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
};

/** Finding accounts, and deactivating or reactivating one (issue 12), administrators only. */
export const adminPeopleRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/admin/people',
    adminConsoleRoute({
      summary: 'Find accounts by name, email, phone, role and status, newest first',
      description: '`q` matches part of a name, an email address or a phone number. X-Total-Count says how many match.',
      querystring: peopleQuerySchema,
      response: { 200: peopleResponseSchema, 400: apiErrorSchema },
    }),
    async (request, reply) => {
      const { people, total } = await findPeople(db, request.query);
      return reply.headers(totalCountHeaders(total)).send(people);
    },
  );

  app.get(
    '/admin/administrators',
    adminConsoleRoute({
      summary: 'The active administrators, who inbox items can be assigned to',
      response: { 200: administratorsResponseSchema },
    }),
    async (_request, reply) => {
      const admins = await listAdministrators(db);
      return reply.send(admins.flatMap((admin) => personRef(admin) ?? []));
    },
  );

  app.get(
    '/admin/people/:userId',
    adminConsoleRoute({
      summary: 'One account: details, worker status, open sessions and history',
      params: personParams,
      response: { 200: personDetailSchema, 404: apiErrorSchema },
    }),
    async (request, reply) => reply.send(await getPerson(db, request.params.userId)),
  );

  app.post(
    '/admin/people/:userId/deactivate',
    adminConsoleRoute({
      summary: 'Deactivate an account, ending every session into it',
      description: 'Sign-in then answers 403 with the deactivated message. An administrator cannot deactivate themself (409).',
      ...decisionWithReason,
    }),
    async (request) => deactivatePerson(db, adminActorOf(request), request.params.userId, request.body.reason),
  );

  app.post(
    '/admin/people/:userId/reactivate',
    adminConsoleRoute({
      summary: 'Reactivate a deactivated account',
      ...decisionWithReason,
    }),
    async (request) => reactivatePerson(db, adminActorOf(request), request.params.userId, request.body.reason),
  );
};
