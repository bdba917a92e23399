import type { Config } from '../config';

/**
 * What every email needs to know about the site: the brand, how to reach support (in the
 * footer), and the public address its links start from. One reading of the config for every
 * feature's emails.
 */
export interface EmailSite {
  brandName: string;
  supportEmail: string;
  supportPhone: string;
  /** The public address without a trailing slash, so links are `${publicUrl}/path`. */
  publicUrl: string;
}

export type EmailSiteConfig = Pick<Config, 'BRAND_NAME' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE' | 'publicUrl'>;

export function emailSite(config: EmailSiteConfig): EmailSite {
  return {
    brandName: config.BRAND_NAME,
    supportEmail: config.SUPPORT_EMAIL,
    supportPhone: config.SUPPORT_PHONE,
    publicUrl: config.publicUrl.replace(/\/+$/, ''),
  };
}

/** The layout's part of an email: the brand and the support footer. */
export type EmailLayout = Pick<EmailSite, 'brandName' | 'supportEmail' | 'supportPhone'>;

export function emailLayout(site: EmailLayout): EmailLayout {
  return { brandName: site.brandName, supportEmail: site.supportEmail, supportPhone: site.supportPhone };
}

/** The same read straight from the config, for emails that carry no link back to the site. */
export function emailLayoutOf(config: Pick<Config, 'BRAND_NAME' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE'>): EmailLayout {
  return { brandName: config.BRAND_NAME, supportEmail: config.SUPPORT_EMAIL, supportPhone: config.SUPPORT_PHONE };
}
