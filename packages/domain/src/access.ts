import { INACTIVE_PROFILE, PLEASE_LOGIN } from './errors';
import type { Role } from './roles';
import type { RouteAccess, RouteDef } from './routes';

/**
 * Who is asking, as far as access rules care (spec section 6). `null` is the anonymous visitor.
 * `isInactiveWorker` is true for a CR whose worker profile is INACTIVE (spec section 4).
 */
export interface Viewer {
  readonly role: Role;
  readonly isInactiveWorker: boolean;
}

export type AccessDecision = 'allowed' | 'unauthenticated' | 'wrongRole' | 'inactiveProfile';

/** The one access check, used by the web guard and by the API's authorisation. */
export function decideAccess(access: RouteAccess, viewer: Viewer | null): AccessDecision {
  if (access.kind === 'public') return 'allowed';
  if (!viewer) return 'unauthenticated';
  if (!access.roles.includes(viewer.role)) return 'wrongRole';
  if (access.blockedForInactive && viewer.isInactiveWorker) return 'inactiveProfile';
  return 'allowed';
}

/**
 * Places the product links to outside itself; their addresses come from configuration. An
 * address may also be a path on this site: the admin area is the admin console at /admin by default.
 */
export const externalLinks = ['blog', 'adminArea', 'providerPlatform', 'engagePlatform', 'helpCentre'] as const;
export type ExternalLink = (typeof externalLinks)[number];

export type Destination =
  | { readonly kind: 'internal'; readonly path: string }
  | { readonly kind: 'external'; readonly link: ExternalLink };

/** Home after login (spec section 6). ADMIN goes to the admin area (ADMIN_URL, by default /admin). */
export const roleHomes: Record<Role, Destination> = {
  CS: { kind: 'internal', path: '/dashboard' },
  CR: { kind: 'internal', path: '/care-worker/dashboard' },
  SUPPORT: { kind: 'internal', path: '/support-coordinator/dashboard' },
  ADMIN: { kind: 'external', link: 'adminArea' },
  ENGAGEADMIN: { kind: 'internal', path: '/' },
};

export const guardMessages = {
  pleaseLogin: PLEASE_LOGIN,
  inactiveProfile: INACTIVE_PROFILE,
} as const;

/** Where an inactive worker is sent from a restricted route (spec section 6). */
export const INACTIVE_REDIRECT_PATH = '/dashboard';

export type GuardOutcome =
  | { readonly kind: 'render' }
  | {
      readonly kind: 'redirect';
      readonly to: Destination;
      readonly message?: string;
      /** For the login redirect: the path to come back to after signing in. */
      readonly returnTo?: string;
    };

/**
 * The route guard of spec section 6, as a pure function.
 * - anonymous → /login, keeping the target and saying "Please login with your account to continue";
 * - wrong role → the viewer's own home;
 * - inactive worker on a restricted route → /dashboard with the inactive message. /dashboard is a
 *   care seeker route, so for a worker that redirect is followed once more to the worker's home,
 *   keeping the message: the worker lands on a page they may see, and is told why.
 */
export function guardRoute(
  route: Pick<RouteDef, 'access'>,
  viewer: Viewer | null,
  targetPath: string,
  routes: readonly Pick<RouteDef, 'path' | 'access'>[],
): GuardOutcome {
  const decision = decideAccess(route.access, viewer);
  switch (decision) {
    case 'allowed':
      return { kind: 'render' };
    case 'unauthenticated':
      return {
        kind: 'redirect',
        to: { kind: 'internal', path: '/login' },
        message: guardMessages.pleaseLogin,
        returnTo: targetPath,
      };
    case 'wrongRole':
      // decideAccess only answers wrongRole for a signed-in viewer.
      return { kind: 'redirect', to: roleHomes[(viewer as Viewer).role] };
    case 'inactiveProfile': {
      const dashboard = routes.find((r) => r.path === INACTIVE_REDIRECT_PATH);
      const mayOpenDashboard = dashboard !== undefined && decideAccess(dashboard.access, viewer) === 'allowed';
      return {
        kind: 'redirect',
        to: mayOpenDashboard
          ? { kind: 'internal', path: INACTIVE_REDIRECT_PATH }
          : roleHomes[(viewer as Viewer).role],
        message: guardMessages.inactiveProfile,
      };
    }
  }
}
