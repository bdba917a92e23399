import type { PageMeta } from '../platform/page-meta';
import { isRecord, isString } from '../platform/shape-checks';

/** What each route carries for the layout: its route table id and the page's title and description. */
export interface RouteHandle {
  readonly routeId: string | null;
  readonly meta: PageMeta;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return (
    isRecord(value) &&
    (value.routeId === null || isString(value.routeId)) &&
    isRecord(value.meta) &&
    isString(value.meta.title) &&
    isString(value.meta.description)
  );
}

/** The handle of the deepest matched route that has one. */
export function currentRouteHandle(matches: readonly { handle: unknown }[]): RouteHandle | null {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return null;
}

export function pageMetaOf(handle: RouteHandle | null, fallback: PageMeta): PageMeta {
  return handle?.meta ?? fallback;
}
