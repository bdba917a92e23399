import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import type { RateLimitStore } from '../../platform/rate-limit/rate-limit-store';
import { emailSite, type EmailSite } from '../../platform/mail/email-site';

/** What the account services need from the app: the database, the site's details and the limits' counters. */
export interface AccountContext {
  db: Db;
  config: Pick<Config, 'BRAND_NAME' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE' | 'publicUrl'>;
  rateLimitStore: RateLimitStore;
}

/** Where a request came from, for the session and the audit log. */
export interface RequestOrigin {
  ip: string;
  userAgent?: string | undefined;
}

export const emailSiteOf: (config: AccountContext['config']) => EmailSite = emailSite;

