import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Container, Skeleton, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { decideAccess, guardRoute } from '@tendly/domain/access';
import { routeTable, type RouteDef } from '@tendly/domain/routes';
import { resolveDestination } from '../platform/destinations';
import { LoadingStatus } from '../platform/page-load-state';
import { useSiteConfig } from '../platform/site-config';
import { isPageSignedOutFrom } from '../platform/sign-out';
import { useViewer } from '../platform/session';
import type { RedirectState } from '../platform/redirect-state';
import { refreshSignedInUser } from './session-freshness';

/**
 * Renders a route's screen only when the route table's access rule lets the viewer in
 * (spec section 6, decided by the domain's `guardRoute`); otherwise sends them where it says.
 * The API enforces the same rules; this guard is for the journey, not for security.
 *
 * The stored profile status can be out of date (an administrator approved the worker since they
 * signed in; issue 31, item 7), so before turning an inactive worker away the guard asks the
 * server once per navigation and decides again on its answer.
 */
export function RouteGuard({ route, children }: { route: RouteDef; children: ReactNode }) {
  const viewer = useViewer();
  const location = useLocation();
  const site = useSiteConfig();
  const queryClient = useQueryClient();
  const [confirmedKey, setConfirmedKey] = useState<string | null>(null);
  const outcome = guardRoute(route, viewer, `${location.pathname}${location.search}${location.hash}`, routeTable);
  const isInactiveRefusal = outcome.kind === 'redirect' && decideAccess(route.access, viewer) === 'inactiveProfile';
  const mustConfirm = isInactiveRefusal && confirmedKey !== location.key;

  useEffect(() => {
    if (!mustConfirm) return undefined;
    let cancelled = false;
    const key = location.key;
    void refreshSignedInUser(queryClient).then(() => {
      if (!cancelled) setConfirmedKey(key);
    });
    return () => {
      cancelled = true;
    };
  }, [mustConfirm, location.key, queryClient]);

  if (outcome.kind === 'render') return children;
  if (mustConfirm) return <CheckingAccess />;
  if (!viewer && isPageSignedOutFrom(location)) return null;
  const to = resolveDestination(site, outcome.to);
  if (to.kind === 'external') return <ExternalRedirect url={to.href} />;

  const state: RedirectState = {
    ...(outcome.message ? { message: outcome.message } : {}),
    ...(outcome.returnTo ? { returnTo: outcome.returnTo } : {}),
  };
  return <Navigate to={to.path} replace state={state} />;
}

function CheckingAccess() {
  return (
    <Container size="lg" py="xl">
      <LoadingStatus what="your profile">
        <Skeleton height={200} radius="md" aria-hidden="true" />
      </LoadingStatus>
    </Container>
  );
}

function ExternalRedirect({ url }: { url: string }) {
  useEffect(() => {
    window.location.assign(url);
  }, [url]);
  return <Text p="xl">Taking you there now…</Text>;
}
