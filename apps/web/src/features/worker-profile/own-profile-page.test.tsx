import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WORKER_PROFILE_FAILED } from '@tendly/domain/errors';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi } from '../../app/test-api';
import { pathIfBuilt } from '../../app/test-built-routes';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';
import { workerProfileAnswer } from './test-profile-api';

setUpPageTests(() => import('./own-profile-page'));

const slow = { timeout: 10_000 };

function signInWorker(status: 'ACTIVE' | 'INACTIVE', profileReply: () => readonly [number, unknown?] = () => [200, workerProfileAnswer({ carerId: 'user-cr' })]) {
  const api = mockApi({
    'GET /api/me': () => [200, meAnswer('CR', { id: 'user-cr', profileStatus: status, workerProfile: { status, completenessPercent: 80, missing: [] } })],
    'GET /api/carer/user-cr': profileReply,
  });
  setSignedInUser(testUser('CR', { profileStatus: status }));
  return api;
}

describe("the worker's own profile", { timeout: 30_000 }, () => {
  it('shows the signed-in worker their profile as care seekers see it, with the way to update it', async () => {
    const { requests } = signInWorker('ACTIVE');
    renderApp('/carer/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Eleni P.' }, slow)).toBeTruthy();
    expect(requests.find((request) => request.path === '/api/carer/user-cr')?.authToken).toBe('token-cr');
    const note = within(screen.getByRole('region', { name: 'This is how care seekers see your profile' }));
    const update = note.queryByRole('link', { name: 'Update my profile' });
    expect(update?.getAttribute('href') ?? null).toBe(pathIfBuilt('updateWorkerProfile', '/care-worker/update-profile'));
    // The same view as the public page, without the care seeker's actions.
    expect(screen.getByRole('table', { name: 'When Eleni is usually available' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Reviews (2)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Shortlist' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Contact/ })).toBeNull();
  });

  it('lets the worker reply once to a review, and shows the reply under it', async () => {
    let replied = false;
    const reviews = () => [
      { id: 'review-1', authorFirstName: 'Margaret', rating: 5, comment: 'Eleni is wonderful with Mum.', createdAt: '2025-05-10T12:00:00.000Z', reply: replied ? { text: 'Thank you, Margaret.', repliedAt: '2026-11-27T01:00:00.000Z' } : null },
      { id: 'review-2', authorFirstName: 'Tom', rating: 4, comment: 'Always on time.', createdAt: '2025-04-02T12:00:00.000Z', reply: { text: 'Thanks Tom.', repliedAt: '2025-04-03T12:00:00.000Z' } },
    ];
    const { requests } = signInWorker('ACTIVE', () => [200, workerProfileAnswer({ carerId: 'user-cr', reviews: reviews() })]);
    mockApi({
      'GET /api/me': () => [200, meAnswer('CR', { id: 'user-cr', profileStatus: 'ACTIVE', workerProfile: { status: 'ACTIVE', completenessPercent: 80, missing: [] } })],
      'GET /api/carer/user-cr': () => [200, workerProfileAnswer({ carerId: 'user-cr', reviews: reviews() })],
      'POST /api/reviews/review-1/reply': (request) => {
        requests.push(request);
        replied = true;
        return [200, { reply: 'Thank you, Margaret.', repliedAt: '2026-11-27T01:00:00.000Z' }];
      },
    });
    renderApp('/carer/profile');
    const section = within(await screen.findByRole('region', { name: 'Reviews (2)' }, slow));
    // Tom's review has its reply already: only Margaret's offers one.
    expect(section.queryByRole('button', { name: 'Reply to Tom’s review' })).toBeNull();
    await userEvent.click(section.getByRole('button', { name: 'Reply to Margaret’s review' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reply to Margaret' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Post reply' }));
    expect(dialog.getByText('Write your reply')).toBeTruthy();
    await userEvent.type(dialog.getByLabelText(/Your reply/), 'Thank you, Margaret.');
    await userEvent.click(dialog.getByRole('button', { name: 'Post reply' }));
    expect(await section.findByText('Thank you, Margaret.', {}, slow)).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ reply: 'Thank you, Margaret.' });
    expect(section.queryByRole('button', { name: 'Reply to Margaret’s review' })).toBeNull();
  });

  it('tells an inactive worker that care seekers cannot see the profile until it is approved', async () => {
    signInWorker('INACTIVE');
    renderApp('/carer/profile');
    const note = await screen.findByRole('region', { name: 'Care seekers cannot see your profile yet' }, slow);
    expect(within(note).getByText(/not visible to care seekers until our team has checked and approved it/)).toBeTruthy();
    expect(within(note).queryByRole('link', { name: 'Update my profile' }) !== null).toBe(pathIfBuilt('updateWorkerProfile', '/') !== null);
    expect(screen.getByRole('heading', { level: 1, name: 'Eleni P.' })).toBeTruthy();
  });

  it("shows the spec's failure message when the profile cannot be fetched", async () => {
    signInWorker('ACTIVE', () => [500, { message: 'Something broke', code: 'INTERNAL' }]);
    renderApp('/carer/profile');
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert.textContent).toBe(WORKER_PROFILE_FAILED);
  });

  it('is for workers only: a care seeker goes to their own home', async () => {
    mockApi({ 'GET /api/me': () => [200, meAnswer('CS')] });
    setSignedInUser(testUser('CS'));
    const { router } = renderApp('/carer/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, slow)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
