import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Text } from '@mantine/core';
import { guardRoute } from '@tendly/domain/access';
import { routeTable, type RouteDef } from '@tendly/domain/routes';
import { resolveDestination } from '../platform/destinations';
import { useSiteConfig } from '../platform/site-config';
import { useViewer } from '../platform/session';
import type { RedirectState } from '../platform/redirect-state';

/**
 * Renders a route's screen only when the route table's access rule lets the viewer in
 * (spec section 6, decided by the domain's `guardRoute`); otherwise sends them where it says.
 * The API enforces the same rules; this guard is for the journey, not for security.
 */
export function RouteGuard({ route, children }: { route: RouteDef; children: ReactNode }) {
  const viewer = useViewer();
  const location = useLocation();
  const site = useSiteConfig();
  const outcome = guardRoute(route, viewer, `${location.pathname}${location.search}${location.hash}`, routeTable);

  if (outcome.kind === 'render') return children;
  const to = resolveDestination(site, outcome.to);
  if (to.kind === 'external') return <ExternalRedirect url={to.href} />;

  const state: RedirectState = {
    ...(outcome.message ? { message: outcome.message } : {}),
    ...(outcome.returnTo ? { returnTo: outcome.returnTo } : {}),
  };
  return <Navigate to={to.path} replace state={state} />;
}

function ExternalRedirect({ url }: { url: string }) {
  useEffect(() => {
    window.location.assign(url);
  }, [url]);
  return <Text p="xl">Taking you there now…</Text>;
}
