import type { SiteConfig } from '@tendly/domain/site-config';
import { loadThirdPartyScript } from './third-party-script';

/**
 * Error reporting (Sentry; spec section 7: "an error-reporting service ... set up at start").
 * With a DSN, Sentry's loader script for the DSN's public key is added; it installs the SDK and
 * reports uncaught errors itself. Without a DSN nothing is loaded and errors stay in the console.
 */
export const ERROR_REPORTING_SCRIPT_HOST = 'https://js.sentry-cdn.com';

/** The loader script for a DSN (`https://<publicKey>@o0.ingest.sentry.io/<project>`), or null. */
export function errorReportingScriptUrl(dsn: string): string | null {
  let publicKey: string;
  try {
    publicKey = new URL(dsn).username;
  } catch {
    return null;
  }
  return publicKey ? `${ERROR_REPORTING_SCRIPT_HOST}/${encodeURIComponent(publicKey)}.min.js` : null;
}

export function startErrorReporting(config: SiteConfig['integrations']): void {
  if (!config.errorReportingDsn) return;
  const url = errorReportingScriptUrl(config.errorReportingDsn);
  if (url) loadThirdPartyScript(url);
}
