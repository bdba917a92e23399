import type { QueryClient } from '@tanstack/react-query';
import { guardRoute, type Viewer } from '@tendly/domain/access';
import { routeTable } from '@tendly/domain/routes';
import { onAuthFailure, type AuthFailure } from '../platform/api-client';
import type { RedirectState } from '../platform/redirect-state';
import { clearSession, getSession, updateSignedInUser, viewerOf } from '../platform/session';
import { refreshSignedInUser } from './session-freshness';

interface Navigator {
  readonly state: { readonly location: { readonly pathname: string; readonly search: string } };
  navigate(to: string, options: { replace?: boolean; state: RedirectState }): unknown;
}

/**
 * What spec section 8's global rule does to the app, registered with the API client once at
 * start-up: a 401 or 403 signs the user out (every stored key, every cached response, spec
 * section 4) and shows the login screen with the catalogue's message. A 401 keeps the page to
 * come back to after signing in again, as the route guard does.
 *
 * An INACTIVE_PROFILE 403 means one of the two sides is out of date. The app asks GET /api/me
 * (issue 31, item 7): if the server says the profile is active after all, the stored status is
 * put right and the screen's requests run once more; a second refusal on the same page, or a
 * server that says inactive, marks the worker inactive and sends them where the route guard
 * sends an inactive worker.
 */
export function registerAuthFailureHandler(router: Navigator, queryClient: QueryClient): () => void {
  let retriedOn: string | null = null;
  return onAuthFailure((failure: AuthFailure) => {
    if (failure.kind === 'inactiveProfile') {
      const page = router.state.location.pathname;
      const mayRetry = retriedOn !== page;
      void refreshSignedInUser(queryClient).then((me) => {
        if (mayRetry && me?.profileStatus === 'ACTIVE' && getSession().user?.profileStatus === 'ACTIVE') {
          retriedOn = page;
          void queryClient.invalidateQueries({ type: 'active' });
          return;
        }
        updateSignedInUser({ profileStatus: 'INACTIVE' });
        const viewer = viewerOf(getSession());
        if (viewer) sendInactiveWorkerAway(router, viewer);
      });
      return;
    }
    const { pathname, search } = router.state.location;
    clearSession();
    queryClient.clear();
    const state: RedirectState =
      failure.kind === 'signedOut' && pathname !== '/login'
        ? { message: failure.message, returnTo: `${pathname}${search}` }
        : { message: failure.message };
    void router.navigate('/login', { replace: true, state });
  });
}

function sendInactiveWorkerAway(router: Navigator, viewer: Viewer): void {
  // The guard's own answer for an inactive worker on a route closed to inactive profiles.
  const outcome = guardRoute(
    { access: { kind: 'roles', roles: [viewer.role], blockedForInactive: true } },
    viewer,
    router.state.location.pathname,
    routeTable,
  );
  if (outcome.kind === 'redirect' && outcome.to.kind === 'internal') {
    void router.navigate(outcome.to.path, { state: outcome.message ? { message: outcome.message } : {} });
  }
}
