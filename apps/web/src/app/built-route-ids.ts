import { routeTable } from '@tendly/domain/routes';
import { screens } from './screens';

/** The routes of the route table whose screen is built: what menus may link to (platform/built-routes.tsx). */
export const builtRouteIds: ReadonlySet<string> = new Set(
  routeTable.filter((route) => screens[route.screen] !== undefined).map((route) => route.id),
);
