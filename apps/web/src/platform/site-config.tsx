import { createContext, useContext, type ReactNode } from 'react';
import { SITE_CONFIG_ELEMENT_ID } from '@tendly/domain/constants';
import type { SiteConfig } from '@tendly/domain/site-config';
import { findRoute, resolveRoutePath, type RoutePlaceholders } from '@tendly/domain/routes';
import { apiRequest } from './api-client';
import { isAbsentOr, isNonEmptyString, isRecord, isRecordOf, isString } from './shape-checks';

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

const isNamedPartner = (value: unknown): boolean =>
  isRecord(value) && isNonEmptyString(value.name) && isNonEmptyString(value.slug);

/**
 * The shape of `siteConfigSchema` (domain site-config.ts), checked by hand: the server wrote this
 * JSON from the configuration it validated at start-up, in the same response as the page, and
 * this check keeps zod out of the first page load.
 */
export function isSiteConfig(value: unknown): value is SiteConfig {
  return (
    isRecord(value) &&
    isNonEmptyString(value.brandName) &&
    isNonEmptyString(value.supportPhone) &&
    isNonEmptyString(value.supportEmail) &&
    isRecord(value.partners) &&
    isNamedPartner(value.partners.one) &&
    isNamedPartner(value.partners.two) &&
    isRecordOf(value.links, isString) &&
    isRecord(value.analytics) &&
    isAbsentOr(value.analytics.gtmId, isString) &&
    isAbsentOr(value.analytics.metaPixelId, isString) &&
    isRecord(value.integrations)
  );
}

/** The configuration the server injected into the page, or null when there is none or it is unreadable. */
export function readInjectedSiteConfig(doc: Document): SiteConfig | null {
  const element = doc.getElementById(SITE_CONFIG_ELEMENT_ID);
  const text = element?.textContent;
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (isSiteConfig(value)) return value;
    console.warn('The injected site configuration is invalid; asking the API instead.');
  } catch {
    console.warn('The injected site configuration is not JSON; asking the API instead.');
  }
  return null;
}

/** The injected configuration or, in development (Vite serves index.html as is), the API's. */
export async function loadSiteConfig(doc: Document = document): Promise<SiteConfig> {
  const injected = readInjectedSiteConfig(doc);
  if (injected) return injected;
  const { siteConfigSchema } = await import('@tendly/domain/site-config');
  return apiRequest('/site', { schema: siteConfigSchema });
}
