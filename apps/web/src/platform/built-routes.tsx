import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { matchPath } from 'react-router';
import type { Viewer } from '@tendly/domain/access';
import { visibleItems, type MenuItem } from '@tendly/domain/menus';
import { resolveRoutePath, routeTable } from '@tendly/domain/routes';
import type { SiteConfig } from '@tendly/domain/site-config';
import { linkDestination } from './destinations';
import { useViewer } from './session';
import { routePlaceholders, useSiteConfig } from './site-config';

/**
 * Which routes of the route table have their screen built (the app shell knows, from its screen
 * map; features and platform may not import it). The menus of spec 2.8 and 6 list screens that
 * are still to come; a menu shows an item only once its screen is built, so no menu leads to
 * "Page not found" (issue 11), and each item comes back by itself when its screen lands.
 */
const BuiltRoutesContext = createContext<ReadonlySet<string> | null>(null);

export function BuiltRoutesProvider({ routeIds, children }: { routeIds: ReadonlySet<string>; children: ReactNode }) {
  return <BuiltRoutesContext.Provider value={routeIds}>{children}</BuiltRoutesContext.Provider>;
}

export function useBuiltRoutes(): ReadonlySet<string> {
  const routeIds = useContext(BuiltRoutesContext);
  if (!routeIds) throw new Error('useBuiltRoutes must be used inside BuiltRoutesProvider');
  return routeIds;
}

/** Whether the route with this id has its screen built (a link to it leads somewhere). */
export function useIsRouteBuilt(routeId: string): boolean {
  return useBuiltRoutes().has(routeId);
}

/**
 * Whether a menu item leads to a built screen: a route of the table whose screen is built, or a
 * configured link. A link elsewhere is not ours to judge; one that is a path on this site (the
 * admin area at /admin) must match a built route like any other.
 */
export function leadsToBuiltScreen(item: MenuItem, site: SiteConfig, built: ReadonlySet<string>): boolean {
  if (item.target.kind === 'route') return built.has(item.target.routeId);
  if (item.target.link === 'helpCentre') return true;
  const destination = linkDestination(site, item.target.link);
  if (destination.kind === 'external') return true;
  const pathname = destination.path.split(/[?#]/)[0] ?? destination.path;
  return routeTable.some(
    (route) => built.has(route.id) && matchPath(resolveRoutePath(route.path, routePlaceholders(site)), pathname) !== null,
  );
}

/** The items of a menu this viewer sees (spec section 4: what an inactive profile hides), of those built. */
export function shownMenuItems(
  items: readonly MenuItem[],
  viewer: Viewer | null,
  site: SiteConfig,
  built: ReadonlySet<string>,
): readonly MenuItem[] {
  return visibleItems(items, viewer).filter((item) => leadsToBuiltScreen(item, site, built));
}

/** `shownMenuItems` for the current viewer. */
export function useMenuItems(items: readonly MenuItem[]): readonly MenuItem[] {
  const viewer = useViewer();
  const site = useSiteConfig();
  const built = useBuiltRoutes();
  return useMemo(() => shownMenuItems(items, viewer, site, built), [items, viewer, site, built]);
}
