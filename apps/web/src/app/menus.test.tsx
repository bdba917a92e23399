import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchRoutes } from 'react-router';
import type { Viewer } from '@tendly/domain/access';
import {
  aiWorkerMatchLink,
  blogLink,
  coordinatorSidePanel,
  headerMenu,
  workerAccountMenu,
  careSeekerAccountMenu,
  type MenuItem,
} from '@tendly/domain/menus';
import { roles } from '@tendly/domain/roles';
import { leadsToBuiltScreen, shownMenuItems } from '../platform/built-routes';
import { menuHref } from '../platform/menu-link';
import { setSignedInUser } from '../platform/session';
import { builtRouteIds } from './built-route-ids';
import { NOT_FOUND_ROUTE_ID, buildRoutes } from './router';
import { screens } from './screens';
import { meAnswer, mockApi } from './test-api';
import { renderApp, testSiteConfig } from './test-app';
import { testUser } from './test-sessions';

afterEach(() => {
  vi.unstubAllGlobals();
});

const site = testSiteConfig();
const router = buildRoutes(site);

/** The route of the web route table a path opens, or null for "Page not found". */
function routeOpenedBy(path: string): string | null {
  const leaf = matchRoutes(router, path)?.at(-1)?.route;
  return leaf?.id && leaf.id !== NOT_FOUND_ROUTE_ID ? leaf.id : null;
}

/** Every viewer there is: the visitor, each role, and a worker with an inactive profile. */
const viewers: readonly (Viewer | null)[] = [
  null,
  ...roles.map((role) => ({ role, isInactiveWorker: false })),
  { role: 'CR', isInactiveWorker: true },
];

/** Every menu a viewer may be shown (spec 2.8 and 6). */
function menusOf(viewer: Viewer | null): readonly MenuItem[] {
  return [...headerMenu(viewer), ...workerAccountMenu, ...careSeekerAccountMenu, ...coordinatorSidePanel, blogLink, aiWorkerMatchLink];
}

const describeViewer = (viewer: Viewer | null) =>
  viewer ? `${viewer.role}${viewer.isInactiveWorker ? ' (inactive)' : ''}` : 'a visitor';

describe('menus from the web route table (issue 11)', () => {
  it.each(viewers.map((viewer) => [describeViewer(viewer), viewer] as const))(
    'every menu item shown to %s opens a built screen',
    (_, viewer) => {
      const shown = shownMenuItems(menusOf(viewer), viewer, site, builtRouteIds);
      expect(shown.length).toBeGreaterThan(0);
      for (const item of shown) {
        const href = menuHref(item, site, viewer);
        if (href.kind === 'external') continue;
        const routeId = routeOpenedBy(href.path);
        expect(routeId, `${item.label} → ${href.path}`).not.toBeNull();
        expect(builtRouteIds.has(routeId ?? ''), `${item.label} → ${href.path}`).toBe(true);
      }
    },
  );

  it('leaves out the items whose screens are not built, and only those', () => {
    const all = menusOf({ role: 'CR', isInactiveWorker: false });
    const left = all.filter((item) => !shownMenuItems([item], { role: 'CR', isInactiveWorker: false }, site, builtRouteIds).length);
    for (const item of left) {
      expect(item.target.kind, item.label).toBe('route');
      if (item.target.kind === 'route') expect(screens[item.target.routeId], item.label).toBeUndefined();
    }
    // Add Client and Request Linking (issue 16), Submit hours (issue 14) and Remittances (issue 15) are built and shown;
    // were a screen not built, its item would be left out.
    expect(left.map((item) => item.label)).not.toContain('Add Client');
    const withoutAddClient = new Set([...builtRouteIds].filter((id) => id !== 'coordinatorAddClient'));
    const all2 = menusOf({ role: 'SUPPORT', isInactiveWorker: false });
    expect(shownMenuItems(all2, { role: 'SUPPORT', isInactiveWorker: false }, site, builtRouteIds).map((item) => item.label)).toContain('Add Client');
    expect(shownMenuItems(all2, { role: 'SUPPORT', isInactiveWorker: false }, site, withoutAddClient).map((item) => item.label)).not.toContain('Add Client');
    expect(left.map((item) => item.label)).not.toContain('Remittances');
    expect(left.map((item) => item.label)).not.toContain('Submit hours');
    expect(builtRouteIds.has('submitTimesheet')).toBe(true);
  });

  it('judges a configured link that is a path on this site by the route it opens', () => {
    const admin: MenuItem = { label: 'Admin Dashboard', target: { kind: 'external', link: 'adminArea' } };
    expect(leadsToBuiltScreen(admin, site, builtRouteIds)).toBe(true);
    const nowhere = { ...site, links: { ...site.links, adminArea: '/support-coordinator/add-client' } };
    expect(leadsToBuiltScreen(admin, nowhere, new Set([...builtRouteIds].filter((id) => id !== 'coordinatorAddClient')))).toBe(false);
    const elsewhere = { ...site, links: { ...site.links, adminArea: 'https://admin.example.com/' } };
    expect(leadsToBuiltScreen(admin, elsewhere, builtRouteIds)).toBe(true);
  });

  it.each([
    ['a visitor', null, '/'],
    ['a care seeker', 'CS', '/dashboard'],
    ['an active worker', 'CR', '/care-worker/dashboard'],
    ['an inactive worker', 'CR-INACTIVE', '/care-worker/dashboard'],
    ['a support coordinator', 'SUPPORT', '/support-coordinator/dashboard'],
    ['an administrator', 'ADMIN', '/admin'],
  ] as const)('shows %s no menu link that leads to "Page not found"', async (_, who, home) => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/me': () => [200, meAnswer(who === 'CR-INACTIVE' ? 'CR' : (who ?? 'CS'))],
      'GET /api/support-coordinator/clients': () => [200, []],
    });
    if (who) setSignedInUser(testUser(who === 'CR-INACTIVE' ? 'CR' : who, who.startsWith('CR') ? { profileStatus: who === 'CR' ? 'ACTIVE' : 'INACTIVE' } : {}));
    renderApp(home);
    await screen.findByRole('heading', { level: 1 });
    if (who) await user.click(await within(screen.getByRole('banner')).findByRole('button', { name: 'Alex Nguyen' }));
    const links = screen.getAllByRole('navigation').flatMap((nav) => within(nav).queryAllByRole('link'));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      const href = link.getAttribute('href') ?? '';
      if (!href.startsWith('/')) continue;
      const routeId = routeOpenedBy(new URL(href, 'http://localhost').pathname);
      expect(routeId !== null && builtRouteIds.has(routeId), `${link.textContent} → ${href}`).toBe(true);
    }
  });
});
