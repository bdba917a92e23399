import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminReasonSchema, administratorsResponseSchema, peopleQuerySchema, peopleResponseSchema, personDetailSchema } from '@tendly/domain/api/admin';
import { totalCountHeaders } from '@tendly/domain/api/result-total';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { safeParam } from '@tendly/domain/validation/safe-text';
import { signedInRoute } from '../../platform/http/signed-in-route';
import { adminActorOf } from './admin-actor';
import { personRef } from './admin-audit-repository';
import { listAdministrators } from './admin-people-repository';
import { deactivatePerson, findPeople, getPerson, reactivatePerson } from './admin-people-service';

const personParams = z.object({ userId: safeParam });

/** Finding accounts, and deactivating or reactivating one (issue 12), administrators only. */
export const adminPeopleRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/admin/people',
    signedInRoute(apiAccess.adminConsole, {
      tags: ['admin'],
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
    signedInRoute(apiAccess.adminConsole, {
      tags: ['admin'],
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
    signedInRoute(apiAccess.adminConsole, {
      tags: ['admin'],
      summary: 'One account: details, worker status, open sessions and history',
      params: personParams,
      response: { 200: personDetailSchema, 404: apiErrorSchema },
    }),
    async (request, reply) => reply.send(await getPerson(db, request.params.userId)),
  );

  app.post(
    '/admin/people/:userId/deactivate',
    signedInRoute(apiAccess.adminConsole, {
      tags: ['admin'],
      summary: 'Deactivate an account, ending every session into it',
      description: 'Sign-in then answers 403 with the deactivated message. An administrator cannot deactivate themself (409).',
      params: personParams,
      body: adminReasonSchema,
      response: { 200: personDetailSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    }),
    async (request) => deactivatePerson(db, adminActorOf(request), request.params.userId, request.body.reason),
  );

  app.post(
    '/admin/people/:userId/reactivate',
    signedInRoute(apiAccess.adminConsole, {
      tags: ['admin'],
      summary: 'Reactivate a deactivated account',
      params: personParams,
      body: adminReasonSchema,
      response: { 200: personDetailSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    }),
    async (request) => reactivatePerson(db, adminActorOf(request), request.params.userId, request.body.reason),
  );
};
