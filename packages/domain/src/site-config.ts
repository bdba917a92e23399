import { z } from 'zod';
import { externalLinks } from './access';

/**
 * What the web app needs to know of the server's configuration: the brand, the support contacts
 * ({phone} and {email} in the spec), the partner organisations and the external links. The API
 * writes it into the served index.html as JSON and also answers it at GET /api/site.
 */
export const siteConfigSchema = z.object({
  brandName: z.string().min(1),
  supportPhone: z.string().min(1),
  supportEmail: z.email(),
  partners: z.object({
    one: z.object({ name: z.string().min(1), slug: z.string().min(1) }),
    two: z.object({ name: z.string().min(1), slug: z.string().min(1) }),
  }),
  links: z.record(z.enum(externalLinks), z.url()),
  analytics: z.object({
    gtmId: z.string().optional(),
    metaPixelId: z.string().optional(),
  }),
});

export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** The id of the JSON script element in index.html that carries the site configuration. */
export const SITE_CONFIG_ELEMENT_ID = 'site-config';
