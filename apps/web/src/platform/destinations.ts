import type { Destination, ExternalLink } from '@tendly/domain/access';
import type { SiteConfig } from '@tendly/domain/site-config';

/** Where to take someone: a path of this app (router navigation), or an address elsewhere. */
export type ResolvedDestination =
  | { readonly kind: 'internal'; readonly path: string }
  | { readonly kind: 'external'; readonly href: string };

/** A path on this site: `/admin`, not `//elsewhere.example` (a protocol-relative address). */
export function isSitePath(address: string): boolean {
  return address.startsWith('/') && !address.startsWith('//');
}

/**
 * A configured link's address. Most are elsewhere (the blog, the provider platform); one may be a
 * path on this site, which stays in the app: ADMIN_URL is the admin console at /admin by default.
 */
export function linkDestination(site: SiteConfig, link: ExternalLink): ResolvedDestination {
  const address = site.links[link];
  return isSitePath(address) ? { kind: 'internal', path: address } : { kind: 'external', href: address };
}

/** A destination of the domain (a role's home, a guard's redirect) with its configured link resolved. */
export function resolveDestination(site: SiteConfig, destination: Destination): ResolvedDestination {
  return destination.kind === 'internal' ? destination : linkDestination(site, destination.link);
}
