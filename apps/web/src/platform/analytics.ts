import type { Role } from '@tendly/domain/roles';
import type { SiteConfig } from '@tendly/domain/site-config';

/**
 * Analytics events (spec 2.8: a page view on every route change; spec 7: the tag manager and the
 * ad pixel receive events on login, logout and page views). Events go onto the tag manager's data
 * layer only when a tag manager id is configured, and to the pixel only when a pixel id is
 * configured and its `fbq` function is on the page. Loading either script is deliberately not
 * done here: it comes with consent handling. Without configuration nothing is sent.
 */
declare global {
  interface Window {
    dataLayer?: unknown[];
    fbq?: (command: 'track' | 'trackCustom', eventName: string, parameters?: Record<string, string>) => void;
  }
}

export type AnalyticsConfig = SiteConfig['analytics'];

export type AnalyticsEvent =
  | { readonly event: 'page_view'; readonly page_path: string }
  | { readonly event: 'login'; readonly role: Role }
  | { readonly event: 'logout' };

function pushToDataLayer(config: AnalyticsConfig, event: AnalyticsEvent): void {
  if (!config.gtmId) return;
  window.dataLayer ??= [];
  window.dataLayer.push(event);
}

function sendToPixel(config: AnalyticsConfig, eventName: string, parameters?: Record<string, string>): void {
  if (!config.metaPixelId || typeof window.fbq !== 'function') return;
  window.fbq('trackCustom', eventName, parameters);
}

/** Spec 2.8: every route change, to the data layer and, as the pixel's standard event, to the pixel. */
export function trackPageView(config: AnalyticsConfig, pagePath: string): void {
  pushToDataLayer(config, { event: 'page_view', page_path: pagePath });
  if (config.metaPixelId && typeof window.fbq === 'function') window.fbq('track', 'PageView');
}

export function trackLogin(config: AnalyticsConfig, role: Role): void {
  pushToDataLayer(config, { event: 'login', role });
  sendToPixel(config, 'Login', { role });
}

export function trackLogout(config: AnalyticsConfig): void {
  pushToDataLayer(config, { event: 'logout' });
  sendToPixel(config, 'Logout');
}
