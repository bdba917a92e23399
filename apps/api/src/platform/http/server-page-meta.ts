import { notFoundPage, resolveRoutePath, routeTable } from '@tendly/domain/routes';
import type { SiteConfig } from '@tendly/domain/site-config';

/**
 * Page titles and descriptions written into the served index.html, so that a crawler or a shared
 * link sees the page's own title and description without running JavaScript. The web app sets the
 * same texts from the same route table once it runs (ARCHITECTURE.md: every screen has both).
 */

export interface ServedPage {
  /** 200 for a path of the route table, 404 for any other. */
  readonly status: 200 | 404;
  readonly html: string;
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const TITLE_PATTERN = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION_PATTERN = /<meta\s+name=["']description["'][^>]*>/i;

/** The HTML with its title and meta description replaced (or added before </head>). */
export function withPageMeta(html: string, meta: { title: string; description: string }, brandName: string): string {
  const title = `<title>${escapeHtml(`${meta.title} | ${brandName}`)}</title>`;
  const description = `<meta name="description" content="${escapeHtml(meta.description)}" />`;
  // Function replacers: a `$` in a title must not be read as a replacement pattern.
  let out = TITLE_PATTERN.test(html) ? html.replace(TITLE_PATTERN, () => title) : html.replace('</head>', () => `${title}</head>`);
  out = DESCRIPTION_PATTERN.test(out)
    ? out.replace(DESCRIPTION_PATTERN, () => description)
    : out.replace('</head>', () => `${description}</head>`);
  return out;
}

function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

interface ParamRoute {
  readonly segments: readonly string[];
  readonly page: ServedPage;
}

/**
 * Renders every route's page once, at start-up, and answers the page for a request path:
 * a path without parameters is looked up directly; otherwise the first route whose segments
 * match (a `:param` matches any one segment). Static paths win over parameters, so
 * `/jobs/search` is not taken for the job `search`.
 */
export function createPageResolver(indexHtml: string, site: SiteConfig): (pathname: string) => ServedPage {
  const placeholders = {
    brandName: site.brandName,
    partnerOneSlug: site.partners.one.slug,
    partnerTwoSlug: site.partners.two.slug,
  };
  const staticPages = new Map<string, ServedPage>();
  const paramRoutes: ParamRoute[] = [];
  for (const route of routeTable) {
    const segments = segmentsOf(resolveRoutePath(route.path, placeholders));
    const page: ServedPage = { status: 200, html: withPageMeta(indexHtml, route, site.brandName) };
    if (segments.some((segment) => segment.startsWith(':'))) paramRoutes.push({ segments, page });
    else if (!staticPages.has(`/${segments.join('/')}`)) staticPages.set(`/${segments.join('/')}`, page);
  }
  const notFound: ServedPage = { status: 404, html: withPageMeta(indexHtml, notFoundPage, site.brandName) };

  return (pathname) => {
    let decoded: string;
    try {
      decoded = decodeURI(pathname);
    } catch {
      return notFound;
    }
    const segments = segmentsOf(decoded);
    const exact = staticPages.get(`/${segments.join('/')}`);
    if (exact) return exact;
    const matched = paramRoutes.find(
      (route) =>
        route.segments.length === segments.length &&
        route.segments.every((segment, i) => segment.startsWith(':') || segment === segments[i]),
    );
    return matched?.page ?? notFound;
  };
}
