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
