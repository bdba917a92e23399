import { z } from 'zod/mini';
import type { PageMeta } from '../platform/page-meta';

/** What each route carries for the layout: its route table id and the page's title and description. */
export const routeHandleSchema = z.object({
  routeId: z.nullable(z.string()),
  meta: z.object({ title: z.string(), description: z.string() }),
});
export type RouteHandle = z.infer<typeof routeHandleSchema>;

/** The handle of the deepest matched route that has one. */
export function currentRouteHandle(matches: readonly { handle: unknown }[]): RouteHandle | null {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const parsed = routeHandleSchema.safeParse(matches[i]?.handle);
    if (parsed.success) return parsed.data;
  }
  return null;
}

export function pageMetaOf(handle: RouteHandle | null, fallback: PageMeta): PageMeta {
  return handle?.meta ?? fallback;
}
