import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SiteConfig } from '@tendly/domain/site-config';
import { AppProviders } from './providers';
import { buildRoutes } from './router';

/** A site configuration for tests, the shape GET /api/site answers. */
export function testSiteConfig(overrides: Partial<SiteConfig> = {}): SiteConfig {
  return {
    brandName: 'Tendly',
    supportPhone: '1300 836 359',
    supportEmail: 'support@tendly.com.au',
    partners: {
      one: { name: 'Harbourside Aged Care', slug: 'harbourside' },
      two: { name: 'Riverbend Community Services', slug: 'riverbend' },
    },
    links: {
      blog: 'https://blog.example.com/',
      adminArea: '/admin',
      providerPlatform: 'https://providers.example.com/',
      engagePlatform: 'https://engage.example.com/',
      helpCentre: 'https://help.example.com/',
    },
    analytics: {},
    integrations: {},
    ...overrides,
  };
}

/** Renders the whole app at `path` on a memory router; returns the router to inspect where it went. */
export function renderApp(path: string, siteConfig: SiteConfig = testSiteConfig()) {
  const router = createMemoryRouter(buildRoutes(siteConfig), { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <AppProviders siteConfig={siteConfig} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient, ...view };
}
