import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Viewer } from '@tendly/domain/access';
import { decideApiAccess, type ApiAccess } from '@tendly/domain/permissions';
import '../http/app-context';
import { warmUpPasswordHashing } from './passwords';
import type { DbExecutor } from '../db/client';
import { SessionCache } from './session-cache';
import { findActiveSession, slideSession, type AuthSession, type AuthUser } from './session-repository';

/** Who is making a request, as every route sees it. */
export interface RequestAuth {
  /** Who the request acts as: for an alias session, the client. */
  user: AuthUser;
  session: AuthSession;
  /** For an alias session: the support coordinator who is really acting; otherwise null. */
  actor: AuthUser | null;
  /** What access rules look at: the role and profile status of `user`. */
  viewer: Viewer;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * False on a public route that never looks at who is asking: its requests' tokens are not
     * read. The health check is one: it must answer within its time even when sessions cannot be
     * read (issue 27: behind a stuck database, a health check sent with a token never answered).
     */
    authenticate?: false;
  }
  interface FastifyRequest {
    /** Null for an anonymous request, or one whose token no longer authenticates. */
    auth: RequestAuth | null;
  }
}

export const AUTH_TOKEN_HEADER = 'auth-token';

/** Tokens are 43 characters; anything much longer is not one of ours and is not looked up. */
const MAX_TOKEN_LENGTH = 128;

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** The person a request is really made by: the coordinator behind an alias session, otherwise the user. */
export function actingPersonId(auth: RequestAuth): string {
  return auth.actor?.id ?? auth.user.id;
}

/**
 * `request.auth` on a route whose access rule needs a sign-in: authorisation has already refused
 * the request otherwise, so a missing one is a programming error, not a 401.
 */
export function requireAuth(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new Error(`${request.method} ${request.routeOptions.url ?? request.url} ran without a signed-in person`);
  return request.auth;
}

function isSafeMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
}

function tokenOf(request: FastifyRequest): string | null {
  const value = request.headers[AUTH_TOKEN_HEADER];
  if (typeof value !== 'string') return null;
  const token = value.trim();
  return token !== '' && token.length <= MAX_TOKEN_LENGTH ? token : null;
}

/**
 * Whether the token a request came with still opens the same session, and (given the route's
 * `access`) whether that rule still lets its person in: for long-lived responses (the live event
 * stream), which check again now and then what the request was allowed at first. A worker whose
 * profile became inactive is refused from then on, as a new request would be.
 */
export async function stillAuthenticates(db: DbExecutor, request: FastifyRequest, access?: ApiAccess): Promise<boolean> {
  const token = tokenOf(request);
  if (!token || !request.auth) return false;
  const active = await findActiveSession(db, token, new Date());
  if (active === null || active.session.id !== request.auth.session.id) return false;
  if (!access) return true;
  return decideApiAccess(access, { role: active.user.role, isInactiveWorker: active.workerProfileStatus === 'INACTIVE' }) === 'allowed';
}

/**
 * Authentication for every /api request (ARCHITECTURE.md): reads the `auth-token` header (the
 * alias token while a coordinator acts for a client), loads a session that still authenticates and
 * sets `request.auth`. A missing, unknown, revoked or expired token leaves `request.auth` null: it
 * is the access rule of the route that decides whether that is a 401.
 */
export async function registerAuthentication(app: FastifyInstance): Promise<void> {
  app.decorateRequest('auth', null);
  await warmUpPasswordHashing();
  const sessionCache = new SessionCache({ database: app.database, ttlMs: app.config.SESSION_CACHE_TTL_MS, logger: app.log });
  app.decorate('sessionCache', sessionCache);
  // Listening before the first request: until it listens, every request asks the database.
  app.addHook('onReady', () => sessionCache.start());
  app.addHook('onClose', () => sessionCache.close());
  // A request that changed something (signing out, deactivating an account...) answers only
  // once this process has heard of every change committed so far: the next request, whoever
  // sends it, is not let in by a session kept from before (a moment's wait on PostgreSQL only).
  app.addHook('onSend', async (request) => {
    if (!isSafeMethod(request.method)) await sessionCache.caughtUp();
  });
  app.addHook('onRequest', async (request) => {
    request.auth = null;
    if (!isApiPath(request.url) || request.routeOptions.config.authenticate === false) return;
    const token = tokenOf(request);
    if (!token) return;
    const now = new Date();
    const active = await sessionCache.find(token, now, () => findActiveSession(app.database.db, token, now));
    if (!active) return;
    const slid = await slideSession(app.database.db, active, now);
    if (slid) sessionCache.replace(token, slid);
    request.auth = {
      user: active.user,
      session: active.session,
      actor: active.actor,
      viewer: { role: active.user.role, isInactiveWorker: active.workerProfileStatus === 'INACTIVE' },
    };
  });
}
