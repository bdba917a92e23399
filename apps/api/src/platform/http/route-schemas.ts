import { apiErrorSchema } from '@tendly/domain/errors';

/**
 * What the OpenAPI document says of every route that needs a sign-in: it takes the `auth-token`
 * header (a session, or the alias token of a coordinator acting for a client), and it may answer
 * 401 (not signed in) or 403 (not allowed), as the route's access rule decides (spec section 6).
 */
export const signedIn = [{ authToken: [] }];
export const refusals = { 401: apiErrorSchema, 403: apiErrorSchema };
