import { z } from 'zod/mini';
import { externalLinks } from './access';

/**
 * What the web app needs to know of the server's configuration: the brand, the support contacts
 * ({phone} and {email} in the spec), the partner organisations and the external links. The API
 * writes it into the served index.html as JSON and also answers it at GET /api/site. The web app
 * checks the injected copy without zod (apps/web platform/site-config.tsx) and parses the API's
 * answer with this schema.
 */
/**
 * Where a configured link goes: a full URL, or a path on this site (`/admin`, ADMIN_URL's default
 * and the admin console's address), which the web app follows without leaving the app.
 */
export const SITE_PATH_PATTERN = /^\/(?!\/)\S*$/;
const linkSchema = z.union([z.url(), z.string().check(z.regex(SITE_PATH_PATTERN))]);

export const siteConfigSchema = z.object({
  brandName: z.string().check(z.minLength(1)),
  supportPhone: z.string().check(z.minLength(1)),
  supportEmail: z.email(),
  partners: z.object({
    one: z.object({ name: z.string().check(z.minLength(1)), slug: z.string().check(z.minLength(1)) }),
    two: z.object({ name: z.string().check(z.minLength(1)), slug: z.string().check(z.minLength(1)) }),
  }),
  links: z.record(z.enum(externalLinks), linkSchema),
  analytics: z.object({
    gtmId: z.optional(z.string()),
    metaPixelId: z.optional(z.string()),
  }),
  /**
   * Third-party services set up in the browser (spec section 7), each only when configured:
   * session recording (identifies the user), the chat widget (its id comes from the login
   * response), error reporting, and the card payment provider's public key.
   */
  integrations: z.object({
    sessionRecordingId: z.optional(z.string()),
    chatWidget: z.optional(z.object({ token: z.string(), host: z.url() })),
    errorReportingDsn: z.optional(z.url()),
    stripePublishableKey: z.optional(z.string()),
  }),
});

export type SiteConfig = z.infer<typeof siteConfigSchema>;
