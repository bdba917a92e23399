import { useEffect, useSyncExternalStore } from 'react';
import { notFoundPage } from '@tendly/domain/routes';

/**
 * The document's title and description. Every screen has both (ARCHITECTURE.md); the layout sets
 * them from the route table on each route change.
 */
export interface PageMeta {
  readonly title: string;
  readonly description: string;
}

/** What the not-found page shows and how it is titled; the router and the page both read it. */
export const notFoundPageMeta: PageMeta = notFoundPage;

export function formatPageTitle(title: string, brandName: string): string {
  return `${title} | ${brandName}`;
}

export function applyPageMeta(meta: PageMeta, brandName: string, doc: Document = document): void {
  doc.title = formatPageTitle(meta.title, brandName);
  let description = doc.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!description) {
    description = doc.createElement('meta');
    description.name = 'description';
    doc.head.append(description);
  }
  description.content = meta.description;
}

/*
 * A screen that knows a better title than the route table's generic one (a partner's name, a
 * worker's name) says so with `usePageMetaOverride`; the layout applies the override while that
 * screen is mounted, and the route's own title again once it unmounts.
 */
let pageMetaOverride: PageMeta | null = null;
const overrideListeners = new Set<() => void>();

function setPageMetaOverride(meta: PageMeta | null): void {
  pageMetaOverride = meta;
  for (const listener of overrideListeners) listener();
}

function subscribePageMetaOverride(listener: () => void): () => void {
  overrideListeners.add(listener);
  return () => overrideListeners.delete(listener);
}

/** For the layout: the current screen's override, if it has one. */
export function usePageMetaOverrideValue(): PageMeta | null {
  return useSyncExternalStore(subscribePageMetaOverride, () => pageMetaOverride, () => null);
}

/** For a screen: use this title and description instead of the route table's (null: no override). */
export function usePageMetaOverride(meta: PageMeta | null): void {
  const title = meta?.title;
  const description = meta?.description;
  useEffect(() => {
    if (title === undefined || description === undefined) return undefined;
    setPageMetaOverride({ title, description });
    return () => setPageMetaOverride(null);
  }, [title, description]);
}
