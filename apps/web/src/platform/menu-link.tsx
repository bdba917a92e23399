import { Anchor } from '@mantine/core';
import { NavLink } from 'react-router';
import type { Viewer } from '@tendly/domain/access';
import { helpCentreSection, type MenuItem } from '@tendly/domain/menus';
import type { SiteConfig } from '@tendly/domain/site-config';
import { linkDestination } from './destinations';
import { sitePath } from './site-config';

export type MenuHref =
  | { readonly kind: 'internal'; readonly to: string; readonly path: string }
  | { readonly kind: 'external'; readonly href: string };

/** The help centre for the viewer's role (spec 2.8: one help centre link per role). */
export function helpCentreUrl(site: SiteConfig, viewer: Viewer | null): string {
  return `${site.links.helpCentre.replace(/\/+$/, '')}${helpCentreSection(viewer)}`;
}

/**
 * Where a menu item of the domain's menus points, with configured paths and links resolved. The
 * help centre link goes to the viewer's section of it.
 */
export function menuHref(item: MenuItem, site: SiteConfig, viewer: Viewer | null = null): MenuHref {
  if (item.target.kind === 'external') {
    if (item.target.link === 'helpCentre') return { kind: 'external', href: helpCentreUrl(site, viewer) };
    const destination = linkDestination(site, item.target.link);
    // A configured address on this site (the admin area at /admin) is a router link like any other.
    return destination.kind === 'internal'
      ? { kind: 'internal', to: destination.path, path: destination.path }
      : { kind: 'external', href: destination.href };
  }
  const path = sitePath(site, item.target.routeId);
  return { kind: 'internal', to: `${path}${item.target.search ?? ''}`, path };
}

/**
 * One menu link. Internal links are router links that say `aria-current="page"` when they point
 * at the current page; external links are plain links.
 */
export function MenuLink({
  item,
  site,
  className,
  onNavigate,
  viewer = null,
}: {
  item: MenuItem;
  site: SiteConfig;
  className?: string;
  onNavigate?: () => void;
  viewer?: Viewer | null;
}) {
  const href = menuHref(item, site, viewer);
  if (href.kind === 'external') {
    return (
      <Anchor href={href.href} className={className} onClick={onNavigate}>
        {item.label}
      </Anchor>
    );
  }
  return (
    <Anchor component={NavLink} to={href.to} end={href.path === '/'} className={className} onClick={onNavigate}>
      {item.label}
    </Anchor>
  );
}
