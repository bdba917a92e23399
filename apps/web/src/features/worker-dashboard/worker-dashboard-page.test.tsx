import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { INACTIVE_PROFILE } from '@tendly/domain/errors';
import { workerAccountMenu } from '@tendly/domain/menus';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi } from '../../app/test-api';
import { builtMenuLabels, pathIfBuilt } from '../../app/test-built-routes';
import { testUser } from '../../app/test-sessions';
import { getSession, setSignedInUser } from '../../platform/session';
import { NO_ABN_REASON, NO_BANK_DETAILS_REASON } from '@tendly/domain/api/payments';

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
        ['Saved hours', 'Job Reports', 'Remittances', 'Platform fee', 'Shift notes', 'Getting started', 'Update my profile', 'Checks and documents', 'Tax and super', 'Learning hub', 'Account details'].includes(label),
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

describe('getting paid, on the worker dashboard', { timeout: 30_000 }, () => {
  function workerApi(payoutStatus: () => readonly [number, unknown?]) {
    mockApi({ 'GET /api/me': () => [200, meAnswer('CR', { workerProfile: { status: 'ACTIVE', completenessPercent: 100, missing: [] } })], 'GET /api/worker/payout-status': payoutStatus });
    setSignedInUser(testUser('CR', { profileStatus: 'ACTIVE' }));
    renderApp('/care-worker/dashboard');
  }

  it('says why the worker cannot be paid, with a link to Tax and super', async () => {
    workerApi(() => [200, { canBePaid: false, reasons: [NO_BANK_DETAILS_REASON, NO_ABN_REASON], waitingCents: 14459, nextRunAt: '2026-11-27T04:00:00.000Z' }]);
    const panel = within(await screen.findByRole('region', { name: 'Getting paid' }, { timeout: 10_000 }));
    expect(await panel.findByText('We cannot pay you yet: $144.59 is waiting.', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(panel.getByText(NO_BANK_DETAILS_REASON)).toBeTruthy();
    expect(panel.getByText(NO_ABN_REASON)).toBeTruthy();
    expect(panel.getByRole('link', { name: 'Add your details in Tax and super' }).getAttribute('href')).toBe('/tax-and-super');
    expect(panel.getByRole('link', { name: 'Remittances: the payments made to you' }).getAttribute('href')).toBe('/paid-invoices');
  });

  it('says what the next payout sends, or that nothing is waiting, or that it cannot check', async () => {
    workerApi(() => [200, { canBePaid: true, reasons: [], waitingCents: 14459, nextRunAt: '2026-11-27T04:00:00.000Z' }]);
    expect(await screen.findByText('$144.59 from paid invoices will be sent to your bank account in the next payout, on Fri 27 Nov 2026.', undefined, { timeout: 10_000 })).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();
    workerApi(() => [500, { message: 'Boom', code: 'INTERNAL' }]);
    expect((await screen.findByRole('alert', undefined, { timeout: 10_000 })).textContent).toBe('We could not check your payouts just now. Please try again in a minute.');
  });
});
