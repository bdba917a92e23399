import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { SiteConfig } from '@tendly/domain/site-config';
import { BuiltRoutesProvider } from '../platform/built-routes';
import { SiteConfigProvider } from '../platform/site-config';
import { builtRouteIds } from './built-route-ids';
import { cssVariablesResolver, theme } from './theme';

/**
 * Everything a screen can rely on being above it: theme, server-state cache, site configuration,
 * and which routes have their screen built (for menus).
 */
export function AppProviders({
  siteConfig,
  queryClient,
  children,
}: {
  siteConfig: SiteConfig;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <SiteConfigProvider config={siteConfig}>
          <BuiltRoutesProvider routeIds={builtRouteIds}>{children}</BuiltRoutesProvider>
        </SiteConfigProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
