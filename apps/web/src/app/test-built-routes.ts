import { visibleItems, type MenuItem } from '@tendly/domain/menus';
import type { Viewer } from '@tendly/domain/access';
import { builtRouteIds } from './built-route-ids';

/**
 * What tests expect to see of a menu: its items for the viewer whose screens are built. Menus
 * grow as screens land (issue 11), so tests ask this rather than listing today's items.
 */
export function builtMenuLabels(items: readonly MenuItem[], viewer: Viewer | null): string[] {
  return visibleItems(items, viewer)
    .filter((item) => item.target.kind !== 'route' || builtRouteIds.has(item.target.routeId))
    .map((item) => item.label);
}

/** The path a link to this route has, or null while its screen is not built (and nothing links to it). */
export function pathIfBuilt(routeId: string, path: string): string | null {
  return builtRouteIds.has(routeId) ? path : null;
}
