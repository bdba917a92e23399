import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MY_CARERS_FAILED } from '@tendly/domain/errors';
import { renderApp } from '../../app/test-app';
import { testContract } from '../../app/test-contracts';
import { deferredReply, meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser, startAliasSession } from '../../platform/session';

setUpPageTests(() => import('./my-workers-page'));

const slow = { timeout: 10_000 };

function summary(carerId: string, firstName: string, overrides: Record<string, unknown> = {}) {
  return {
    carerId,
    firstName,
    lastInitial: 'K',
    avatar: `/api/avatars/${carerId}.svg`,
    suburb: 'Fitzroy',
    state: 'VIC',
    distance: null,
    hourlyRate: 4800,
    headline: `${firstName} helps with daily living`,
    description: 'Experienced support worker.',
    gender: null,
    skills: [],
    languages: ['en'],
    qualifications: [],
    availableDays: ['mon'],
    driving: false,
    personalCare: false,
    checks: { policeCheck: true, ndisScreening: false, workingWithChildren: false },
    rating: null,
    reviewCount: 0,
    lastActiveAt: null,
    joinedAt: '2024-02-15T12:00:00.000Z',
    ...overrides,
  };
}

const carer = (carerId: string, firstName: string, flags: { shortlisted?: boolean; hasContract?: boolean } = {}) => ({
  worker: summary(carerId, firstName),
  shortlisted: flags.shortlisted ?? true,
  hasContract: flags.hasContract ?? false,
});

function myWorkersApi(userId: string, routes: ApiRoutes = {}) {
  return mockApi({
    'GET /api/me': () => [200, meAnswer('CS', { id: userId })],
    [`GET /api/user/${userId}/my-carers`]: () => [200, [carer('worker-1', 'Priya'), carer('worker-2', 'Sam')]],
    'GET /api/contracts': () => [200, { contracts: [] }],
    ...routes,
  });
}

/** The URL fetch was called with for a path (the mock records paths without the query). */
function requestedUrl(path: string): string | undefined {
  const calls = vi.mocked(fetch).mock.calls.map(([input]) => String(input));
  return calls.find((url) => url.startsWith(`/api${path}`));
}

describe('my workers', { timeout: 30_000 }, () => {
  it('shows a skeleton, then the shortlisted workers with links to their profiles', async () => {
    const pending = deferredReply();
    myWorkersApi('user-cs', { 'GET /api/user/user-cs/my-carers': pending.reply });
    setSignedInUser(testUser('CS'));
    renderApp('/my-workers');
    expect(await screen.findByText('Loading your workers', {}, slow)).toBeTruthy();
    await waitFor(() => expect(requestedUrl('/user/user-cs/my-carers')).toBe('/api/user/user-cs/my-carers?withContractsOnly=false'));
    pending.resolve([200, [carer('worker-1', 'Priya'), carer('worker-2', 'Sam')]]);

    const shortlist = within(await screen.findByRole('region', { name: 'Your shortlist' }, slow));
    const priya = within(shortlist.getByRole('article', { name: 'Priya K.' }));
    expect(priya.getByText('Fitzroy VIC')).toBeTruthy();
    expect(priya.getByText('Priya helps with daily living')).toBeTruthy();
    expect(priya.getByRole('link', { name: 'View Priya’s profile' }).getAttribute('href')).toBe('/carer/profile/worker-1');
    expect(priya.getByRole('button', { name: 'Remove Priya K. from your shortlist' })).toBeTruthy();
    expect(shortlist.getByRole('article', { name: 'Sam K.' })).toBeTruthy();
    expect(screen.queryByText('Loading your workers')).toBeNull();

    const hired = within(screen.getByRole('region', { name: 'Workers you have hired' }));
    expect(hired.getByText('You have no contracts with workers yet.')).toBeTruthy();
    expect(hired.getByText(/Contracts arrive when you hire through a job/)).toBeTruthy();
    expect(hired.getByRole('link', { name: 'Post a job' }).getAttribute('href')).toBe('/careseeker/post-a-job');
  });

  it('lists workers with contracts in their own section', async () => {
    myWorkersApi('user-cs', {
      'GET /api/user/user-cs/my-carers': () => [200, [carer('worker-3', 'Lee', { shortlisted: false, hasContract: true })]],
    });
    setSignedInUser(testUser('CS'));
    renderApp('/my-workers');
    const hired = within(await screen.findByRole('region', { name: 'Workers you have hired' }, slow));
    expect(hired.getByRole('article', { name: 'Lee K.' })).toBeTruthy();
    expect(hired.queryByRole('button')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Your shortlist' })).getByText('Your shortlist is empty.')).toBeTruthy();
  });

  it('offers to book shifts with a hired worker whose agreement is active, and to view it', async () => {
    const agreement = testContract({ id: '6e1d2c3b-4444-4a5b-8c6d-7e8f9a0b1c2d', status: 'ACTIVE', worker: { id: '8f7e6d5c-5555-4b4a-9c3d-2e1f0a9b8c7d', firstName: 'Lee', lastName: 'Kim' } });
    myWorkersApi('user-cs', {
      'GET /api/user/user-cs/my-carers': () => [200, [carer('8f7e6d5c-5555-4b4a-9c3d-2e1f0a9b8c7d', 'Lee', { shortlisted: false, hasContract: true })]],
      'GET /api/contracts': () => [200, { contracts: [agreement] }],
    });
    setSignedInUser(testUser('CS'));
    renderApp('/my-workers');
    const hired = within(await screen.findByRole('region', { name: 'Workers you have hired' }, slow));
    const lee = within(hired.getByRole('article', { name: 'Lee K.' }));
    expect((await lee.findByRole('link', { name: 'Book shifts with Lee K.' }, slow)).getAttribute('href')).toBe('/my-bookings?book=6e1d2c3b-4444-4a5b-8c6d-7e8f9a0b1c2d');
    expect(lee.getByRole('link', { name: 'View agreement with Lee K.' }).getAttribute('href')).toBe('/contracts/6e1d2c3b-4444-4a5b-8c6d-7e8f9a0b1c2d');
  });

  it('points to the search when the shortlist is empty', async () => {
    myWorkersApi('user-cs', { 'GET /api/user/user-cs/my-carers': () => [200, []] });
    setSignedInUser(testUser('CS'));
    renderApp('/my-workers');
    const shortlist = within(await screen.findByRole('region', { name: 'Your shortlist' }, slow));
    expect(shortlist.getByText('Your shortlist is empty.')).toBeTruthy();
    expect(shortlist.getByRole('link', { name: 'Find care and support workers' }).getAttribute('href')).toBe('/care-workers/search');
  });

  it("shows the spec's failure message and tries again", async () => {
    const user = userEvent.setup();
    let isFailing = true;
    myWorkersApi('user-cs', {
      'GET /api/user/user-cs/my-carers': () =>
        isFailing ? [500, { message: 'Something broke', code: 'INTERNAL' }] : [200, [carer('worker-1', 'Priya')]],
    });
    setSignedInUser(testUser('CS'));
    renderApp('/my-workers');
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert.textContent).toBe(MY_CARERS_FAILED);
    isFailing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Priya K.' }, slow)).toBeTruthy();
  });

  it('removes a worker from the shortlist, and puts them back on Undo, moving focus sensibly', async () => {
    const user = userEvent.setup();
    let list = [carer('worker-1', 'Priya'), carer('worker-2', 'Sam')];
    const { requests } = myWorkersApi('user-cs', {
      'GET /api/user/user-cs/my-carers': () => [200, list],
      'DELETE /api/shortlist/worker-1': () => {
        list = list.filter((item) => item.worker.carerId !== 'worker-1');
        return [204];
      },
      'POST /api/shortlist': () => {
        list = [carer('worker-1', 'Priya'), ...list];
        return [201, { carerId: 'worker-1', addedAt: '2025-06-01T12:00:00.000Z', worker: summary('worker-1', 'Priya') }];
      },
    });
    setSignedInUser(testUser('CS'));
    renderApp('/my-workers');
    await user.click(await screen.findByRole('button', { name: 'Remove Priya K. from your shortlist' }, slow));

    const undo = await screen.findByRole('button', { name: 'Undo removing Priya K.' });
    await waitFor(() => expect(document.activeElement).toBe(undo));
    expect(screen.queryByRole('article', { name: 'Priya K.' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Sam K.' })).toBeTruthy();
    const status = screen.getByText('Priya K. is no longer on your shortlist.').closest('[role="status"]');
    expect(status).toBeTruthy();
    expect(requests.find((request) => request.method === 'DELETE')).toMatchObject({ path: '/api/shortlist/worker-1', authToken: 'token-cs' });

    await user.click(undo);
    expect(await screen.findByText('Priya K. is back on your shortlist.')).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Priya K.' })).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ carerId: 'worker-1' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Your shortlist' })));
  });

  it('says when a worker could not be removed, and keeps them', async () => {
    const user = userEvent.setup();
    myWorkersApi('user-cs', { 'DELETE /api/shortlist/worker-1': () => [500, { message: 'Something broke', code: 'INTERNAL' }] });
    setSignedInUser(testUser('CS'));
    renderApp('/my-workers');
    await user.click(await screen.findByRole('button', { name: 'Remove Priya K. from your shortlist' }, slow));
    expect((await screen.findByRole('alert')).textContent).toBe('We could not remove Priya K. from your shortlist. Please try again.');
    expect(screen.getByRole('article', { name: 'Priya K.' })).toBeTruthy();
  });

  it("shows a coordinator acting for a client the client's workers", async () => {
    myWorkersApi('client-1');
    setSignedInUser(testUser('SUPPORT'));
    startAliasSession({ aliasToken: 'alias-token', id: 'client-1', name: 'Sam Lee', firstName: 'Sam', email: 'sam@example.com', role: 'CS' });
    renderApp('/my-workers');
    expect(await screen.findByRole('article', { name: 'Priya K.' }, slow)).toBeTruthy();
    expect(requestedUrl('/user/client-1/my-carers')).toBe('/api/user/client-1/my-carers?withContractsOnly=false');
  });
});
