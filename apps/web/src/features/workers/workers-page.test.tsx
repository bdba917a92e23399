import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RECENT_WORKERS_FAILED } from '@tendly/domain/errors';
import { renderApp } from '../../app/test-app';
import { deferredReply, mockApi } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';

setUpPageTests(() => import('./workers-page'));

const longBio =
  'I have supported older people at home for eight years and love cooking, gardening and a good chat over a cuppa with the people I work with.';

function workerCard(overrides: Record<string, unknown> = {}) {
  return {
    carerId: 'worker-1',
    firstName: 'Mei',
    avatar: '/api/avatars/worker-1.svg',
    suburb: 'Parramatta',
    state: 'NSW',
    description: 'Friendly and patient.',
    ...overrides,
  };
}

// A whole page in jsdom: generous waits, so a busy machine does not fail the tests.
const slow = { timeout: 10_000 };

describe('our care and support workers page', { timeout: 30_000 }, () => {
  it('says it is getting workers while the request is on its way', async () => {
    const pending = deferredReply();
    const { requests } = mockApi({ 'GET /api/workers/random': pending.reply });
    renderApp('/workers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Our care and support workers' }, slow)).toBeTruthy();
    expect(within(screen.getByRole('status')).getByText('Getting recent workers...')).toBeTruthy();
    await waitFor(() => expect(requests.some((request) => request.path === '/api/workers/random')).toBe(true));
    pending.resolve([200, []]);
    expect(await screen.findByText(/no worker profiles to show here right now/i, {}, slow)).toBeTruthy();
  });

  it('shows a card for each worker with the blurb cut to 100 characters and the state abbreviation', async () => {
    const fetchMock = mockApi({
      'GET /api/workers/random': () => [
        200,
        [
          workerCard({ description: longBio }),
          workerCard({ carerId: 'worker-2', firstName: 'Tom', suburb: 'Launceston', state: 'TAS', avatar: '/api/avatars/worker-2.svg' }),
        ],
      ],
    });
    renderApp('/workers');

    const mei = (await screen.findByRole('heading', { level: 3, name: 'Mei' }, slow)).closest('article');
    expect(mei).not.toBeNull();
    const meiCard = within(mei as HTMLElement);
    expect(meiCard.getByText('Parramatta NSW')).toBeTruthy();
    const blurb = `${longBio.slice(0, 100).trimEnd()}…`;
    expect(meiCard.getByText(blurb)).toBeTruthy();
    expect(meiCard.queryByText(longBio)).toBeNull();
    expect(meiCard.getByRole('link', { name: 'View Mei’s profile' }).getAttribute('href')).toBe('/carer/profile/worker-1');

    const tom = screen.getByRole('heading', { level: 3, name: 'Tom' }).closest('article') as HTMLElement;
    expect(within(tom).getByText('Launceston TAS')).toBeTruthy();
    expect(within(tom).getByText('Friendly and patient.')).toBeTruthy();
    expect(within(tom).getByRole('link', { name: 'View Tom’s profile' }).getAttribute('href')).toBe('/carer/profile/worker-2');

    const request = fetchMock.requests.find((sent) => sent.path === '/api/workers/random');
    expect(request?.method).toBe('GET');
    expect(screen.getByRole('link', { name: 'Search all workers' }).getAttribute('href')).toBe('/care-workers/search');
  });

  it('asks for six workers', async () => {
    const fetchSpy = vi.fn(async () => new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchSpy);
    renderApp('/workers');
    await screen.findByText(/no worker profiles to show here right now/i, {}, slow);
    const urls = fetchSpy.mock.calls.map((call: unknown[]) => String(call[0]));
    expect(urls).toContain('/api/workers/random?count=6');
  });

  it('explains the problem and offers to try again when the workers cannot be fetched', async () => {
    let calls = 0;
    mockApi({
      'GET /api/workers/random': () => {
        calls += 1;
        return calls === 1 ? [500, { message: 'Database unavailable' }] : [200, [workerCard()]];
      },
    });
    renderApp('/workers');
    const alert = await screen.findByRole('alert', {}, slow);
    expect(within(alert).getByText(RECENT_WORKERS_FAILED)).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Mei' }, slow)).toBeTruthy();
  });

  it('shows the skills and the number of languages from the reference lists', async () => {
    mockApi({ 'GET /api/workers/random': () => [200, []] });
    renderApp('/workers');
    expect(await screen.findByRole('heading', { level: 3, name: 'Mental health' }, slow)).toBeTruthy();
    expect(screen.getByText('Dementia')).toBeTruthy();
    expect(screen.getByText(/Workers can list the languages they speak from \d+ languages/)).toBeTruthy();
  });
});
