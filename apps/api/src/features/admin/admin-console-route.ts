import type { FastifySchema } from 'fastify';
import { apiAccess } from '@tendly/domain/permissions';
import { adminRoute } from '../../platform/http/admin-route';

/** The options of an admin console route: for administrators only, and filed under "admin" in the API document. */
export function adminConsoleRoute<S extends FastifySchema & { response: object }>(schema: S) {
  return adminRoute(apiAccess.adminConsole, schema);
}
