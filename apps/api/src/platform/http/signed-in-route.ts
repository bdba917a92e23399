import type { FastifySchema } from 'fastify';
import type { ApiAccess } from '@tendly/domain/permissions';
import { refusals, signedIn } from './route-schemas';

/**
 * The options of a route that needs a sign-in: its access rule, and its schema with what the
 * OpenAPI document says of every such route (the `auth-token` header, the 401 and 403 refusals),
 * added here so that a route cannot declare the one without the other.
 */
export function signedInRoute<S extends FastifySchema & { response: object }>(access: ApiAccess, schema: S) {
  return {
    config: { access },
    schema: { ...schema, security: signedIn, response: { ...schema.response, ...refusals } },
  };
}
