import { useEffect, useRef, type RefObject } from 'react';
import { useLocation, useMatches } from 'react-router';
import { trackPageView } from '../../platform/analytics';
import { applyPageMeta, notFoundPageMeta, usePageMetaOverrideValue } from '../../platform/page-meta';
import { useSiteConfig } from '../../platform/site-config';
import { currentRouteHandle, pageMetaOf } from '../route-handle';

/**
 * What happens on every route change (spec 2.8, WCAG 2.4.2 and 2.4.3): the document's title and
 * description follow the route, a page view goes to analytics, the page scrolls to the top, and
 * focus moves to the new page's heading so a screen reader announces where the user arrived.
 * The first page load keeps the browser's own focus and scroll, and so does a change of the query
 * string alone: a page that keeps its state there (worker search filters) changes it as the user
 * works, and pulling focus to the heading would take them away from the control they just used.
 */
export function useRouteChangeEffects(mainRef: RefObject<HTMLElement | null>): void {
  const location = useLocation();
  const matches = useMatches();
  const site = useSiteConfig();
  const override = usePageMetaOverrideValue();
  const meta = override ?? pageMetaOf(currentRouteHandle(matches), notFoundPageMeta);
  const pagePath = `${location.pathname}${location.search}`;
  const lastPagePath = useRef<string | null>(null);
  const lastPathname = useRef<string | null>(null);

  useEffect(() => {
    applyPageMeta({ title: meta.title, description: meta.description }, site.brandName);
  }, [meta.title, meta.description, site.brandName]);

  useEffect(() => {
    // Effects run twice in development's StrictMode; one page view per page.
    if (lastPagePath.current === pagePath) return;
    const isFirstPage = lastPagePath.current === null;
    const isSamePage = lastPathname.current === location.pathname;
    lastPagePath.current = pagePath;
    lastPathname.current = location.pathname;
    trackPageView(site.analytics, pagePath);
    if (isFirstPage || isSamePage) return;
    window.scrollTo(0, 0);
    focusPageStart(mainRef.current);
  }, [pagePath, location.pathname, site.analytics, mainRef]);
}

function focusPageStart(main: HTMLElement | null): void {
  if (!main) return;
  const heading = main.querySelector<HTMLElement>('h1');
  const target = heading ?? main;
  // Headings are not focusable by default; -1 makes them focusable by script only.
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}
