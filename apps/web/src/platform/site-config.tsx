import { createContext, useContext, type ReactNode } from 'react';
import { SITE_CONFIG_ELEMENT_ID, siteConfigSchema, type SiteConfig } from '@tendly/domain/site-config';
import { findRoute, resolveRoutePath, type RoutePlaceholders } from '@tendly/domain/routes';
import { apiRequest } from './api-client';

/**
 * The server's configuration as the web app sees it (brand, support contacts, partners, external
 * links, analytics ids). The API writes it into index.html as JSON; in development, where Vite
 * serves index.html untouched, the app asks GET /api/site for the same object.
 */
const SiteConfigContext = createContext<SiteConfig | null>(null);

export function SiteConfigProvider({ config, children }: { config: SiteConfig; children: ReactNode }) {
  return <SiteConfigContext.Provider value={config}>{children}</SiteConfigContext.Provider>;
}

export function useSiteConfig(): SiteConfig {
  const config = useContext(SiteConfigContext);
  if (!config) throw new Error('useSiteConfig must be used inside SiteConfigProvider');
  return config;
}

/** The values the route table's configurable paths need (`resolveRoutePath`). */
export function routePlaceholders(config: SiteConfig): RoutePlaceholders {
  return {
    brandName: config.brandName,
    partnerOneSlug: config.partners.one.slug,
    partnerTwoSlug: config.partners.two.slug,
  };
}

/** The path of a parameterless route of the route table, with its configured placeholders filled in. */
export function sitePath(config: SiteConfig, routeId: string): string {
  return resolveRoutePath(findRoute(routeId).path, routePlaceholders(config));
}

/** The configuration the server injected into the page, or null when there is none or it is unreadable. */
export function readInjectedSiteConfig(doc: Document): SiteConfig | null {
  const element = doc.getElementById(SITE_CONFIG_ELEMENT_ID);
  const text = element?.textContent;
  if (!text) return null;
  try {
    const parsed = siteConfigSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    console.warn('The injected site configuration is invalid; asking the API instead.', parsed.error.issues);
  } catch {
    console.warn('The injected site configuration is not JSON; asking the API instead.');
  }
  return null;
}

export async function loadSiteConfig(doc: Document = document): Promise<SiteConfig> {
  return readInjectedSiteConfig(doc) ?? apiRequest('/site', { schema: siteConfigSchema });
}
