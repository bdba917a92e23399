import type { FastifyInstance, RouteOptions } from 'fastify';
import { INACTIVE_PROFILE, NOT_AUTHORIZED, PLEASE_LOGIN } from '@tendly/domain/errors';
import { decideApiAccess, type ApiAccess } from '@tendly/domain/permissions';
import { forbidden, unauthenticated } from '../errors';
import { isApiPath } from './authenticate';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route. Every route under /api must say (deny by default, STYLE.md rule 5). */
    access?: ApiAccess;
  }
  interface FastifyInstance {
    /** Every API route with its access rule, as registered: to check the rules as a whole. */
    apiRouteAccess: readonly ApiRouteAccess[];
  }
}

export interface ApiRouteAccess {
  readonly method: string;
  /** The route's path, with its parameters (`/api/jobs/:jobId`). */
  readonly url: string;
  readonly access: ApiAccess;
}

/**
 * Paths under /api that are not ours to configure and are public on purpose: the OpenAPI
 * document and its viewer, registered by @fastify/swagger-ui.
 */
const exemptPrefixes = ['/api/docs'];

export class MissingAccessRuleError extends Error {}

function isExempt(url: string): boolean {
  return exemptPrefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
}

/** Throws when a route under /api does not declare `config.access`. */
export function assertRouteHasAccessRule(route: Pick<RouteOptions, 'method' | 'url' | 'config'>): void {
  if (!isApiPath(route.url) || isExempt(route.url)) return;
  const config = route.config as { access?: unknown } | undefined;
  if (config?.access === undefined) {
    const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
    throw new MissingAccessRuleError(
      `${method} ${route.url} has no access rule: add config: { access: ... } (see @tendly/domain/permissions).`,
    );
  }
}

/**
 * Authorisation (spec section 6, read from the route's access rule):
 * - no rule on a route under /api: the app refuses to start;
 * - anonymous on a route that needs a sign-in: 401 "Please login with your account to continue";
 * - the wrong role: 403 "You are not authorized to perform that action.";
 * - an inactive worker on a route blocked for inactive profiles: 403 INACTIVE_PROFILE.
 * Runs right after authentication, before the body is parsed, so an anonymous request gets its
 * 401 rather than a validation error. Register after `registerAuthentication` and before any route.
 */
export function registerAuthorization(app: FastifyInstance): void {
  const registered: ApiRouteAccess[] = [];
  app.decorate('apiRouteAccess', registered);
  app.addHook('onRoute', (route) => {
    assertRouteHasAccessRule(route);
    const access = (route.config as { access?: ApiAccess } | undefined)?.access;
    if (access === undefined) return;
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      if (method !== 'HEAD') registered.push({ method, url: route.url, access });
    }
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    // Only routes outside /api (the web app) and the exempt documentation have no rule.
    if (access === undefined) return;
    switch (decideApiAccess(access, request.auth?.viewer ?? null)) {
      case 'allowed':
        return;
      case 'unauthenticated':
        throw unauthenticated(PLEASE_LOGIN);
      case 'wrongRole':
        throw forbidden(NOT_AUTHORIZED);
      case 'inactiveProfile':
        throw forbidden(INACTIVE_PROFILE, 'INACTIVE_PROFILE');
    }
  });
}
