import type { SiteConfig } from '@tendly/domain/site-config';
import type { Config } from './config';

/** The part of the configuration the web app sees (no secrets). */
export function siteConfigFrom(config: Config): SiteConfig {
  return {
    brandName: config.BRAND_NAME,
    supportPhone: config.SUPPORT_PHONE,
    supportEmail: config.SUPPORT_EMAIL,
    partners: {
      one: { name: config.PARTNER_ONE_NAME, slug: config.PARTNER_ONE_SLUG },
      two: { name: config.PARTNER_TWO_NAME, slug: config.PARTNER_TWO_SLUG },
    },
    links: {
      blog: config.BLOG_URL,
      adminArea: config.ADMIN_URL,
      providerPlatform: config.PROVIDER_PLATFORM_URL,
      engagePlatform: config.ENGAGE_PLATFORM_URL,
      helpCentre: config.HELP_CENTRE_URL,
    },
    analytics: {
      ...(config.GTM_ID ? { gtmId: config.GTM_ID } : {}),
      ...(config.META_PIXEL_ID ? { metaPixelId: config.META_PIXEL_ID } : {}),
    },
    integrations: {
      ...(config.SESSION_RECORDING_ID ? { sessionRecordingId: config.SESSION_RECORDING_ID } : {}),
      ...(config.CHAT_WIDGET_TOKEN ? { chatWidget: { token: config.CHAT_WIDGET_TOKEN, host: config.CHAT_WIDGET_HOST } } : {}),
      ...(config.ERROR_REPORTING_DSN ? { errorReportingDsn: config.ERROR_REPORTING_DSN } : {}),
      ...(config.STRIPE_PUBLISHABLE_KEY ? { stripePublishableKey: config.STRIPE_PUBLISHABLE_KEY } : {}),
    },
  };
}
