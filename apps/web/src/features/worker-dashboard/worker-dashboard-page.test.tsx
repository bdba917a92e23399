import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { INACTIVE_PROFILE } from '@tendly/domain/errors';
import { workerAccountMenu } from '@tendly/domain/menus';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi } from '../../app/test-api';
import { builtMenuLabels, pathIfBuilt } from '../../app/test-built-routes';
import { testUser } from '../../app/test-sessions';
import { getSession, setSignedInUser } from '../../platform/session';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('care worker dashboard', { timeout: 30_000 }, () => {
  it('shows how complete the profile is and what is missing, with the way to update it', async () => {
    mockApi({
      'GET /api/me': () => [
        200,
        meAnswer('CR', { workerProfile: { status: 'ACTIVE', completenessPercent: 60, missing: ['Profile photo', 'Hourly rates'] } }),
      ],
    });
    setSignedInUser(testUser('CR', { profileStatus: 'ACTIVE' }));
    renderApp('/care-worker/dashboard');
    expect(await screen.findByText('Your profile is 60% complete')).toBeTruthy();
    expect(screen.getByText('Profile photo')).toBeTruthy();
    expect(screen.getByText('Hourly rates')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Your profile is 60% complete' })).toBeTruthy();
    // A link to a screen not built yet would lead to "Page not found" (issue 11).
    const update = within(screen.getByRole('main')).queryAllByRole('link', { name: 'Update my profile' }).find((link) => !link.closest('nav'));
    expect(update?.getAttribute('href') ?? null).toBe(pathIfBuilt('updateWorkerProfile', '/care-worker/update-profile'));
    expect(screen.queryByRole('region', { name: 'Your profile is inactive' })).toBeNull();
    const menu = screen.getByRole('navigation', { name: 'My Account' });
    expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual(
      builtMenuLabels(workerAccountMenu, { role: 'CR', isInactiveWorker: false }),
    );
    expect(within(menu).getByRole('link', { name: 'My jobs' })).toBeTruthy();
    const hours = within(screen.getByRole('region', { name: 'Hours and invoices' }));
    expect(hours.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Submit hours', '/submit-timesheet'],
      ['Saved hours', '/saved-hours'],
      ['Job reports', '/unapproved-invoices'],
      ['Invoices', '/invoices'],
    ]);
  });

  it('explains an inactive profile, hides what it restricts, and shows the redirect message once', async () => {
    mockApi({
      'GET /api/me': () => [
        200,
        meAnswer('CR', { profileStatus: 'INACTIVE', workerProfile: { status: 'INACTIVE', completenessPercent: 90, missing: [] } }),
      ],
    });
    setSignedInUser(testUser('CR', { profileStatus: 'INACTIVE' }));
    const { router } = renderApp('/my-jobs');
    await waitFor(() => expect(router.state.location.pathname).toBe('/care-worker/dashboard'));
    const notice = await screen.findByRole('region', { name: 'Your profile is inactive' });
    expect(within(notice).getByText('submit hours')).toBeTruthy();
    // An inactive worker is pointed to the onboarding checklist, once its screen is built.
    await screen.findByText('Your profile is 90% complete');
    const checklist = screen.queryByRole('link', { name: 'See your onboarding checklist' });
    expect(checklist?.getAttribute('href') ?? null).toBe(pathIfBuilt('workerWelcome', '/care-worker/welcome'));
    expect(screen.getAllByText(INACTIVE_PROFILE)).toHaveLength(1);
    // Hours already saved and invoices stay theirs to see; submitting new hours does not.
    const hours = within(screen.getByRole('region', { name: 'Hours and invoices' }));
    expect(hours.queryByRole('link', { name: 'Submit hours' })).toBeNull();
    expect(hours.getByRole('link', { name: 'Invoices' })).toBeTruthy();
    // Of what an inactive profile keeps (saved hours, job reports, remittances, platform fee, shift
    // notes), only the items whose screens are built; with none, no side menu at all.
    const shown = builtMenuLabels(workerAccountMenu, { role: 'CR', isInactiveWorker: true });
    expect(
      shown.every((label) =>
        ['Saved hours', 'Job Reports', 'Remittances', 'Platform fee', 'Shift notes', 'Getting started', 'Update my profile', 'Checks and documents', 'Tax and super', 'Learning hub'].includes(label),
      ),
    ).toBe(true);
    const menu = screen.queryByRole('navigation', { name: 'My Account' });
    expect(menu ? within(menu).getAllByRole('link').map((link) => link.textContent) : []).toEqual(shown);
  });

  it('brings the stored profile status in step with the API', async () => {
    mockApi({
      'GET /api/me': () => [200, meAnswer('CR', { workerProfile: { status: 'INACTIVE', completenessPercent: 10, missing: [] } })],
    });
    setSignedInUser(testUser('CR', { profileStatus: 'ACTIVE' }));
    renderApp('/care-worker/dashboard');
    await waitFor(() => expect(getSession().user?.profileStatus).toBe('INACTIVE'));
  });
});
