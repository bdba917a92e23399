import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiAccess } from '@tendly/domain/permissions';
import { requireAuth, type RequestAuth } from '../auth/authenticate';
import { readUpload, type Upload, type UploadRules } from '../files/uploads';
import { signedInRoute } from './signed-in-route';
import { uploadRoute } from './upload-route';

/** The Fastify instance a feature's routes plugin (FastifyPluginAsyncZod) is handed. */
type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

type RouteSchema = FastifySchema & { response: object };

/** Fastify's handler for a route with schema S: params, query, body and reply typed from its zod schemas. */
type ZodHandler<S extends RouteSchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

/**
 * A signed-in route's handler: Fastify's, with the signed-in person first. What it returns is the
 * reply (Fastify sends what an async handler resolves to, checked against the response schema).
 */
export type SignedInHandler<S extends RouteSchema> = (
  auth: RequestAuth,
  request: Parameters<ZodHandler<S>>[0],
  reply: Parameters<ZodHandler<S>>[1],
) => ReturnType<ZodHandler<S>>;

type Register = <S extends RouteSchema>(url: string, access: ApiAccess, schema: S, handle: SignedInHandler<S>) => void;

/** An upload route's handler: the signed-in person and the file read under the route's rules come first. */
export type UploadHandler<S extends RouteSchema> = (
  auth: RequestAuth,
  upload: Upload,
  request: Parameters<ZodHandler<S>>[0],
  reply: Parameters<ZodHandler<S>>[1],
) => ReturnType<ZodHandler<S>>;

/**
 * Registers a feature's signed-in routes: each with its access rule, its schema under the feature's
 * OpenAPI tags (a schema may name its own), what signedInRoute adds to every such route, and a
 * handler given the signed-in person, so that no route reads `request.auth` unchecked. `upload`
 * registers a POST that takes one file (multipart/form-data): its body limit and the reading of the
 * file both come from the one set of upload rules.
 */
export function signedInRoutes(app: ZodApp, defaults: { tags: string[] }) {
  const register =
    (method: HTTPMethods): Register =>
    (url, access, schema, handle) => {
      app.route({
        method,
        url,
        ...signedInRoute(access, { ...defaults, ...schema }),
        handler: (request, reply) => handle(requireAuth(request), request, reply),
      });
    };
  const upload = <S extends RouteSchema>(url: string, access: ApiAccess, rules: UploadRules, schema: S, handle: UploadHandler<S>) => {
    app.route({
      method: 'POST',
      url,
      ...uploadRoute(access, rules.maxBytes, { ...defaults, ...schema }),
      handler: (request, reply) => {
        const auth = requireAuth(request);
        // A promise of what the handler returns: Fastify sends it alike. TypeScript cannot flatten
        // the promise of a handler's reply type while S is still open, so it is told here; each
        // route's handler is still checked against its own response schema where it is written.
        return readUpload(request, rules).then((upload) => handle(auth, upload, request, reply)) as ReturnType<ZodHandler<S>>;
      },
    });
  };
  return { get: register('GET'), post: register('POST'), put: register('PUT'), patch: register('PATCH'), delete: register('DELETE'), upload };
}
