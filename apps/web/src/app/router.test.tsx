import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { routeTable } from '@tendly/domain/routes';
import { screens } from './screens';
import { buildRoutes, LAYOUT_ROUTE_ID, NOT_FOUND_ROUTE_ID } from './router';
import { setSignedInUser } from '../platform/session';
import { renderApp, testSiteConfig } from './test-app';
import { testUser } from './test-sessions';

function childRoutes() {
  const [layout] = buildRoutes(testSiteConfig());
  expect(layout?.id).toBe(LAYOUT_ROUTE_ID);
  return layout?.children?.flatMap((child) => child.children ?? []) ?? [];
}

describe('router', () => {
  it('builds one route for every route table entry, plus the catch-all', () => {
    const routes = childRoutes();
    expect(routes.map((route) => route.id)).toEqual([...routeTable.map((route) => route.id), NOT_FOUND_ROUTE_ID]);
    expect(routes.every((route) => route.lazy)).toBe(true);
  });

  it('fills the configured placeholders of route paths', () => {
    const paths = childRoutes().map((route) => route.path);
    expect(paths).toContain('/your-rights-using-tendly');
    expect(paths).toContain('/harbourside');
    expect(paths).toContain('/riverbend');
    expect(paths.some((path) => path?.includes('{'))).toBe(false);
  });

  it('renders the home page at /', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find care and support workers you choose' })).toBeTruthy();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Find Workers' }).getAttribute('href')).toBe('/care-workers/search');
    expect(main.getByRole('link', { name: 'Post a Job' }).getAttribute('href')).toBe('/careseeker/post-a-job');
  });

  it('offers Post a Job on the home page to visitors and care seekers only', async () => {
    setSignedInUser(testUser('CR'));
    renderApp('/');
    const main = within(await screen.findByRole('main'));
    await main.findByRole('heading', { level: 1 });
    expect(main.queryByRole('link', { name: 'Post a Job' })).toBeNull();
    expect(main.getByRole('link', { name: 'Find Workers' })).toBeTruthy();
  });

  it('renders "Page not found" with a link home for an unknown path', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Page not found | Tendly');
  });

  it('has a screen for every route of the table, so no link or menu item leads to the not-found page', () => {
    // Until issue 16 some routes had no screen yet and showed the not-found page; now all are built.
    expect(routeTable.filter((route) => !screens[route.screen]).map((route) => route.path)).toEqual([]);
  });

  it('has the landmarks every page needs', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe('#main-content');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
