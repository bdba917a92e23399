import type { SiteConfig } from '@tendly/domain/site-config';

export type PartnerKey = keyof SiteConfig['partners'];
export type Partner = SiteConfig['partners'][PartnerKey];

/**
 * Which partner organisation a partner landing page is for, read from its path: the first
 * segment is the partner's configured slug. Both partner routes share one screen, and the router
 * matches paths case-insensitively and with a trailing slash, so this does too.
 */
export function partnerFromPath(pathname: string, partners: SiteConfig['partners']): PartnerKey | null {
  const segment = pathname.replace(/^\/+|\/+$/g, '').toLowerCase();
  if (segment === partners.one.slug.toLowerCase()) return 'one';
  if (segment === partners.two.slug.toLowerCase()) return 'two';
  return null;
}
