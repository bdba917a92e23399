import { Anchor } from '@mantine/core';
import { NavLink } from 'react-router';
import type { MenuItem } from '@tendly/domain/menus';
import type { SiteConfig } from '@tendly/domain/site-config';
import { sitePath } from '../../platform/site-config';

export type MenuHref =
  | { readonly kind: 'internal'; readonly to: string; readonly path: string }
  | { readonly kind: 'external'; readonly href: string };

/** Where a menu item of the domain's menus points, with configured paths and links resolved. */
export function menuHref(item: MenuItem, site: SiteConfig): MenuHref {
  if (item.target.kind === 'external') return { kind: 'external', href: site.links[item.target.link] };
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
}: {
  item: MenuItem;
  site: SiteConfig;
  className?: string;
  onNavigate?: () => void;
}) {
  const href = menuHref(item, site);
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
