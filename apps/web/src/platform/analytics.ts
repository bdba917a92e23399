import type { SiteConfig } from '@tendly/domain/site-config';

/**
 * Analytics events (spec 2.8: a page view on every route change; spec 7: the tag manager).
 * Events go onto the tag manager's data layer only when a tag manager id is configured. Loading
 * the tag manager's own script is deliberately not done here: it comes with consent handling.
 */
declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export type AnalyticsConfig = SiteConfig['analytics'];

export interface PageViewEvent {
  readonly event: 'page_view';
  readonly page_path: string;
}

function push(config: AnalyticsConfig, event: PageViewEvent): void {
  if (!config.gtmId) return;
  window.dataLayer ??= [];
  window.dataLayer.push(event);
}

export function trackPageView(config: AnalyticsConfig, pagePath: string): void {
  push(config, { event: 'page_view', page_path: pagePath });
}
