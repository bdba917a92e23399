import { useEffect, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { routeTable, resolveRoutePath, type RouteDef } from '@tendly/domain/routes';
import type { SiteConfig } from '@tendly/domain/site-config';
import { markFirstScreenRendered } from '../platform/deferred-content';
import { notFoundPageMeta, type PageMeta } from '../platform/page-meta';
import { routePlaceholders } from '../platform/site-config';
import { fetchScreenChunksWhenSettled, preloadScreen } from '../platform/screen-preload';
import { AppLayout } from './layout/app-layout';
import { PageLoading } from './layout/page-loading';
import { RouteError } from './layout/route-error';
import { RouteGuard } from './route-guard';
import type { RouteHandle } from './route-handle';
import { notFoundScreen, screens, type ScreenLoader } from './screens';

/**
 * The router, built from the domain's route table (spec section 2): one route per entry, all
 * under the app layout, each behind the access guard and loaded lazily. The route's title and
 * description travel in its `handle` for the layout to put on the document.
 */
export const LAYOUT_ROUTE_ID = 'layout';
export const NOT_FOUND_ROUTE_ID = 'notFound';
/** The not-found page's name in screens.ts (and in the build's screen-chunks.json). */
const NOT_FOUND_SCREEN = 'notFound';

/** A routed screen: its first render is the page's first screen (deferred-content.tsx). */
function firstScreen(Screen: ComponentType): ComponentType {
  function FirstScreen() {
    useEffect(markFirstScreenRendered, []);
    return <Screen />;
  }
  FirstScreen.displayName = `FirstScreen(${Screen.displayName ?? Screen.name})`;
  return FirstScreen;
}

/** A screen behind the access guard: the guard decides on every render, with the current viewer. */
function guardedScreen(def: RouteDef, Screen: ComponentType): ComponentType {
  function GuardedScreen() {
    useEffect(markFirstScreenRendered, []);
    return (
      <RouteGuard route={def}>
        <Screen />
      </RouteGuard>
    );
  }
  GuardedScreen.displayName = `Guarded(${def.screen})`;
  return GuardedScreen;
}

/**
 * Lazy routes: the router loads a screen's chunk before it commits the navigation, so the old
 * page stays until the new one can render whole, and focus can move to its heading.
 */
function lazyScreen(screen: string, load: ScreenLoader, wrap: (Screen: ComponentType) => ComponentType = (Screen) => Screen) {
  return async () => {
    preloadScreen(screen);
    const { default: Screen } = await load();
    return { Component: wrap(Screen) };
  };
}

function routeObject(def: RouteDef, site: SiteConfig): RouteObject {
  const load = screens[def.screen];
  // A route whose screen is not built yet says so in its title too.
  const meta: PageMeta = load ? { title: def.title, description: def.description } : notFoundPageMeta;
  const handle: RouteHandle = { routeId: def.id, meta };
  return {
    id: def.id,
    path: resolveRoutePath(def.path, routePlaceholders(site)),
    handle,
    lazy: lazyScreen(load ? def.screen : NOT_FOUND_SCREEN, load ?? notFoundScreen, (Screen) => guardedScreen(def, Screen)),
  };
}

export function buildRoutes(site: SiteConfig): RouteObject[] {
  const notFoundHandle: RouteHandle = { routeId: null, meta: notFoundPageMeta };
  return [
    {
      id: LAYOUT_ROUTE_ID,
      element: <AppLayout />,
      children: [
        {
          hydrateFallbackElement: <PageLoading />,
          // Inside the layout, so a failing screen keeps the header, footer and skip link.
          errorElement: <RouteError />,
          children: [
            ...routeTable.map((def) => routeObject(def, site)),
            { id: NOT_FOUND_ROUTE_ID, path: '*', handle: notFoundHandle, lazy: lazyScreen(NOT_FOUND_SCREEN, notFoundScreen, firstScreen) },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(site: SiteConfig) {
  fetchScreenChunksWhenSettled();
  return createBrowserRouter(buildRoutes(site));
}
export type AppRouter = ReturnType<typeof createAppRouter>;
