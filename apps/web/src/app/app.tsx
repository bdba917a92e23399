import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import type { SiteConfig } from '@tendly/domain/site-config';
import { RealtimeEventsConnection } from '../platform/realtime-events';
import { shouldRetryRequest } from '../platform/retry-rule';
import { registerAuthFailureHandler } from './auth-failure';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import { useRefreshOnFocus } from './session-freshness';

/** The server-state cache: client errors (4xx) are never retried (see `shouldRetryRequest`). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: shouldRetryRequest },
    },
  });
}

/** The whole app for one site configuration. */
export function App({ siteConfig }: { siteConfig: SiteConfig }) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(siteConfig));

  useEffect(() => registerAuthFailureHandler(router, queryClient), [router, queryClient]);
  // The signed-in user's profile status follows the server when the person comes back to the tab.
  useRefreshOnFocus(queryClient);

  return (
    <AppProviders siteConfig={siteConfig} queryClient={queryClient}>
      {/* Live events for whoever is signed in; nothing loads for visitors. */}
      <RealtimeEventsConnection />
      <RouterProvider router={router} />
    </AppProviders>
  );
}
