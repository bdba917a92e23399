import { notFoundPage, resolveRoutePath, routeTable } from '@tendly/domain/routes';
import type { SiteConfig } from '@tendly/domain/site-config';
import { escapeHtml } from '../escape-html';

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

/** What the build says each screen loads (apps/web screen-chunks-plugin.ts): scripts and stylesheets. */
export type ScreenChunks = Readonly<Record<string, { readonly js: readonly string[]; readonly css: readonly string[] }>>;

/** The screen the web app shows for a path no route matches. */
const NOT_FOUND_SCREEN = 'notFound';

/**
 * The screen's scripts as module preloads and its stylesheets, added to its page's head: the
 * browser fetches them beside the entry instead of after the entry has run and asked for them, one
 * round trip fewer on a phone. A path starts with `/` and names a built file, so it needs no escaping
 * beyond the attribute's quotes, which a file name never holds.
 */
export function withScreenChunks(html: string, chunks: ScreenChunks[string] | undefined): string {
  if (!chunks) return html;
  const links = [
    ...chunks.js.map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`),
    ...chunks.css.map((file) => `<link rel="stylesheet" crossorigin href="${escapeHtml(file)}">`),
  ];
  return links.length ? html.replace('</head>', () => `${links.join('\n    ')}\n  </head>`) : html;
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
export function createPageResolver(indexHtml: string, site: SiteConfig, screenChunks: ScreenChunks = {}): (pathname: string) => ServedPage {
  const placeholders = {
    brandName: site.brandName,
    partnerOneSlug: site.partners.one.slug,
    partnerTwoSlug: site.partners.two.slug,
  };
  const staticPages = new Map<string, ServedPage>();
  const paramRoutes: ParamRoute[] = [];
  for (const route of routeTable) {
    const segments = segmentsOf(resolveRoutePath(route.path, placeholders));
    const page: ServedPage = { status: 200, html: withScreenChunks(withPageMeta(indexHtml, route, site.brandName), screenChunks[route.screen]) };
    if (segments.some((segment) => segment.startsWith(':'))) paramRoutes.push({ segments, page });
    else if (!staticPages.has(`/${segments.join('/')}`)) staticPages.set(`/${segments.join('/')}`, page);
  }
  const notFound: ServedPage = { status: 404, html: withScreenChunks(withPageMeta(indexHtml, notFoundPage, site.brandName), screenChunks[NOT_FOUND_SCREEN]) };

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
