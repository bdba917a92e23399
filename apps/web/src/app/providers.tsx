import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { SiteConfig } from '@tendly/domain/site-config';
import { SiteConfigProvider } from '../platform/site-config';
import { cssVariablesResolver, theme } from './theme';

/** Everything a screen can rely on being above it: theme, server-state cache, site configuration. */
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
        <SiteConfigProvider config={siteConfig}>{children}</SiteConfigProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
