import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditQuerySchema, auditResponseSchema } from '@tendly/domain/api/admin';
import { totalCountHeaders } from '@tendly/domain/api/result-total';
import { apiErrorSchema } from '@tendly/domain/errors';
import { findUserIdByEmail, listAuditEvents, type AuditFilter } from './admin-audit-repository';
import { adminConsoleRoute } from './admin-console-route';

/** The audit log viewer (issue 12), administrators only. */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/admin/audit',
    adminConsoleRoute({
      summary: 'The audit log, newest first',
      description:
        '`actor` is the email of who acted; `target` is the email of the account concerned, or the id of what was ' +
        'concerned (an account, a document, an inbox item); `from` and `to` are whole days (YYYY-MM-DD) in Australian ' +
        'Eastern time. X-Total-Count says how many match.',
      querystring: auditQuerySchema,
      response: { 200: auditResponseSchema, 400: apiErrorSchema },
    }),
    async (request, reply) => {
      const { actor, target, from, to, start, limit } = request.query;
      const filter: AuditFilter = { start, limit, ...(from ? { from } : {}), ...(to ? { to } : {}) };
      if (actor) filter.actorUserId = await findUserIdByEmail(db, actor);
      if (target) {
        if (target.includes('@')) filter.subjectUserId = await findUserIdByEmail(db, target);
        else filter.targetId = target;
      }
      const { events, total } = await listAuditEvents(db, filter);
      return reply.headers(totalCountHeaders(total)).send(events);
    },
  );
};
