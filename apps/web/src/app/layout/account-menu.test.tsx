import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { workerAccountMenu } from '@tendly/domain/menus';
import { getSession, setSignedInUser, startAliasSession } from '../../platform/session';
import { JOB_DRAFT_STORAGE_KEY } from '../../platform/stored-drafts';
import { renderApp, testSiteConfig } from '../test-app';
import { meAnswer, mockApi } from '../test-api';
import { builtMenuLabels } from '../test-built-routes';
import { testUser } from '../test-sessions';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('account menu', () => {
  it('logs out: tells the API, clears every stored key and the query cache, sends logout and goes home', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({
      'GET /api/me': () => [200, meAnswer('CS')],
      'POST /api/signout': () => [200, { message: 'You have signed out.' }],
    });
    setSignedInUser(testUser('CS', { authToken: 'cs-token' }));
    // A job being written, with private details: it goes with the rest.
    localStorage.setItem(JOB_DRAFT_STORAGE_KEY, JSON.stringify({ draftId: crypto.randomUUID(), values: { clientName: 'Pat Lee' } }));
    const { router, queryClient } = renderApp('/dashboard', testSiteConfig({ analytics: { gtmId: 'GTM-TEST' } }));
    await screen.findByText('alex.cs@example.com');
    const signedInQueries = queryClient.getQueryCache().getAll().map((query) => query.queryHash);
    expect(signedInQueries.length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Alex Nguyen' }));
    await user.click(await screen.findByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requests.find((request) => request.path === '/api/signout')).toMatchObject({ method: 'POST', authToken: 'cs-token' });
    expect(localStorage.length).toBe(0);
    expect(getSession()).toEqual({ user: null, alias: null, isSupportCoordinator: false });
    // Nothing cached while signed in is left. The home page, once it opens, asks for its own.
    expect(queryClient.getQueryCache().getAll().filter((query) => signedInQueries.includes(query.queryHash))).toEqual([]);
    expect(window.dataLayer).toContainEqual({ event: 'logout' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Login' })).toBeTruthy();
  });

  it('logs out even when the API cannot be reached, ending an alias session first', async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        sent.push(`${init.method ?? 'GET'} ${String(input)} ${new Headers(init.headers).get('auth-token')}`);
        throw new TypeError('Failed to fetch');
      }),
    );
    setSignedInUser(testUser('SUPPORT', { authToken: 'sc-token' }));
    startAliasSession({ aliasToken: 'alias-token', id: 'c1', name: 'Sam Lee', firstName: 'Sam', email: 's@example.com', role: 'CS' });
    const { router } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await user.click(await screen.findByRole('button', { name: 'Alex Nguyen' }));
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(getSession().user).toBeNull());
    // The page behind the menu loads its own data; only the session calls matter here.
    expect(sent.filter((call) => /\/api\/(alias|signout)/.test(call))).toEqual(['DELETE /api/alias alias-token', 'POST /api/signout sc-token']);
    expect(localStorage.length).toBe(0);
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['an active', 'ACTIVE'],
    ['an inactive', 'INACTIVE'],
  ] as const)('gives %s care worker the My Account items built so far, without those an inactive profile hides', async (_, profileStatus) => {
    const user = userEvent.setup();
    mockApi({});
    setSignedInUser(testUser('CR', { profileStatus }));
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await user.click(await screen.findByRole('button', { name: 'Alex Nguyen' }));
    const banner = screen.getByRole('banner');
    const expected = builtMenuLabels(workerAccountMenu, { role: 'CR', isInactiveWorker: profileStatus === 'INACTIVE' });
    const menu = within(banner).queryByRole('navigation', { name: 'My Account' });
    expect(menu ? within(menu).getAllByRole('link').map((item) => item.textContent) : []).toEqual(expected);
    if (profileStatus === 'ACTIVE') expect(expected).toContain('My jobs');
    expect(within(banner).getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it.each([
    ['CR', ['Find Jobs', 'My Dashboard']],
    ['SUPPORT', ['SC Dashboard']],
    ['ADMIN', ['Admin Dashboard']],
    ['ENGAGEADMIN', ['Engage Platform']],
  ] as const)('shows %s their header menu', async (role, labels) => {
    mockApi({});
    setSignedInUser(testUser(role));
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(labels);
  });
});
