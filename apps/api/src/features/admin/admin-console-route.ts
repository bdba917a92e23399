import type { FastifySchema } from 'fastify';
import { apiAccess } from '@tendly/domain/permissions';
import { signedInRoute } from '../../platform/http/signed-in-route';

/** The options of an admin console route: for administrators only, and filed under "admin" in the API document. */
export function adminConsoleRoute<S extends FastifySchema & { response: object }>(schema: S) {
  return signedInRoute(apiAccess.adminConsole, { tags: ['admin'], ...schema });
}
