import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { INACTIVE_PROFILE, PLEASE_LOGIN } from '@tendly/domain/errors';
import { setSignedInUser } from '../platform/session';
import { mockApi } from './test-api';
import { renderApp, testSiteConfig } from './test-app';
import { testUser } from './test-sessions';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('route guard', () => {
  it('sends an anonymous visitor from /dashboard to /login with the message and the path to return to', async () => {
    const { router } = renderApp('/dashboard?tab=jobs');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ message: PLEASE_LOGIN, returnTo: '/dashboard?tab=jobs' });
    expect(await screen.findByText(PLEASE_LOGIN)).toBeTruthy();
  });

  it('sends a care worker who opens /dashboard to the care worker dashboard', async () => {
    setSignedInUser(testUser('CR'));
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/care-worker/dashboard'));
  });

  it('sends an inactive care worker away from /my-jobs with the inactive message', async () => {
    setSignedInUser(testUser('CR', { profileStatus: 'INACTIVE' }));
    const { router } = renderApp('/my-jobs');
    await waitFor(() => expect(router.state.location.pathname).toBe('/care-worker/dashboard'));
    expect(router.state.location.state).toEqual({ message: INACTIVE_PROFILE });
    expect(await screen.findByText(INACTIVE_PROFILE)).toBeTruthy();
  });

  it('lets an active care worker open /my-jobs', async () => {
    setSignedInUser(testUser('CR', { profileStatus: 'ACTIVE' }));
    const { router } = renderApp('/my-jobs');
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.location.pathname).toBe('/my-jobs');
  });

  it('sends an administrator to the admin home at /admin, ADMIN_URL by default', async () => {
    mockApi({});
    setSignedInUser(testUser('ADMIN'));
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('sends an administrator to the external admin area when ADMIN_URL names one', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    setSignedInUser(testUser('ADMIN'));
    const site = testSiteConfig();
    renderApp('/dashboard', { ...site, links: { ...site.links, adminArea: 'https://admin.example.com/' } });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://admin.example.com/'));
  });

  it.each([
    [null, '/login'],
    ['CS', '/dashboard'],
    ['SUPPORT', '/support-coordinator/dashboard'],
  ] as const)('keeps %s out of the admin home', async (role, home) => {
    mockApi({});
    if (role) setSignedInUser(testUser(role));
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe(home));
  });

  it('lets anyone open a public route', async () => {
    const { router } = renderApp('/no-guard-needed-here');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(router.state.location.pathname).toBe('/no-guard-needed-here');
  });
});
