import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../app/test-app';
import { mockApi } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';
import { workerProfileAnswer } from './test-profile-api';

setUpPageTests(() => import('./public-profile-page'));

const slow = { timeout: 10_000 };
const written = { id: 'review-1', rating: 4, comment: 'Eleni made Mum feel at home from day one.', createdAt: '2026-11-20T01:00:00.000Z', updatedAt: null, editableUntil: '2026-12-20T01:00:00.000Z', editable: true, hidden: false, reply: null };

describe('a care seeker’s review on the worker profile', { timeout: 30_000 }, () => {
  it('asks for stars and 20 characters, sends the review, and then offers to edit it', async () => {
    setSignedInUser(testUser('CS'));
    let saved = false;
    const api = mockApi({
      'GET /api/carer/worker-1': () => [200, workerProfileAnswer()],
      'GET /api/shortlist': () => [200, []],
      'GET /api/carer/worker-1/my-review': () => [200, { canReview: true, reason: null, review: saved ? written : null }],
      'PUT /api/carer/worker-1/review': () => {
        saved = true;
        return [200, written];
      },
    });
    renderApp('/carer/profile/worker-1');
    const panel = within(await screen.findByRole('region', { name: 'Tell others what Eleni is like to work with' }, slow));
    await userEvent.click(panel.getByRole('button', { name: 'Write a review' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Review Eleni' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Post review' }));
    expect(dialog.getByText('Choose from 1 to 5 stars')).toBeTruthy();
    expect(dialog.getByText('Write at least 20 characters about your experience')).toBeTruthy();
    expect(api.requests.some((request) => request.method === 'PUT')).toBe(false);

    await userEvent.click(dialog.getByLabelText('4 – Very good'));
    await userEvent.type(dialog.getByLabelText(/Your review/), written.comment);
    await userEvent.click(dialog.getByRole('button', { name: 'Post review' }));
    expect(await screen.findByText('Your review is saved. Thank you.', {}, slow)).toBeTruthy();
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({ rating: 4, comment: written.comment });
    const mine = within(await screen.findByRole('region', { name: 'Your review' }, slow));
    expect(mine.getByRole('button', { name: 'Edit your review' })).toBeTruthy();
  });

  it('shows nothing to write before the worker has had hours approved', async () => {
    setSignedInUser(testUser('CS'));
    const api = mockApi({
      'GET /api/carer/worker-1': () => [200, workerProfileAnswer()],
      'GET /api/shortlist': () => [200, []],
      'GET /api/carer/worker-1/my-review': () => [200, { canReview: false, reason: 'Not yet', review: null }],
    });
    renderApp('/carer/profile/worker-1');
    await screen.findByRole('heading', { level: 1, name: 'Eleni P.' }, slow);
    await vi.waitFor(() => expect(api.requests.some((request) => request.path === '/api/carer/worker-1/my-review')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Write a review' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Your review' })).toBeNull();
  });

  it('says when a review can no longer be changed, and offers no Edit', async () => {
    setSignedInUser(testUser('CS'));
    mockApi({
      'GET /api/carer/worker-1': () => [200, workerProfileAnswer()],
      'GET /api/shortlist': () => [200, []],
      'GET /api/carer/worker-1/my-review': () => [200, { canReview: true, reason: null, review: { ...written, editable: false } }],
    });
    renderApp('/carer/profile/worker-1');
    const mine = within(await screen.findByRole('region', { name: 'Your review' }, slow));
    expect(mine.getByText('Reviews can be changed for 30 days; this one can no longer be changed.')).toBeTruthy();
    expect(mine.queryByRole('button', { name: 'Edit your review' })).toBeNull();
  });
});
