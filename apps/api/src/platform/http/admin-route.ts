import type { FastifySchema } from 'fastify';
import type { ApiAccess } from '@tendly/domain/permissions';
import { signedInRoute } from './signed-in-route';

/**
 * The options of a route for administrators: what signedInRoute gives, filed under "admin" in the
 * API document whichever feature declares it (payments, documents, referees, reviews...).
 */
export function adminRoute<S extends FastifySchema & { response: object }>(access: ApiAccess, schema: S) {
  return signedInRoute(access, { tags: ['admin'], ...schema });
}
