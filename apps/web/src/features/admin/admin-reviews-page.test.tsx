import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminReview } from '@tendly/domain/api/reviews';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(() => import('./admin-reviews-page'));

const slow = { timeout: 10_000 };
const REVIEW_ID = 'a1a1a1a1-1111-4111-8111-000000000001';
const OTHER_ID = 'a1a1a1a1-1111-4111-8111-000000000002';

function adminApi(routes: ApiRoutes) {
  setSignedInUser(testUser('ADMIN'));
  return mockApi({ 'GET /api/me': () => [200, meAnswer('ADMIN')], 'GET /api/admin/client-flags': () => [200, { clients: [] }], ...routes });
}

function review(overrides: Partial<AdminReview> = {}): AdminReview {
  return {
    id: REVIEW_ID,
    workerId: 'b2b2b2b2-2222-4222-8222-000000000001',
    workerName: 'Maya Chen',
    authorFirstName: 'Helen',
    rating: 1,
    comment: 'Call me on 0400 000 000 and I will tell you what she is really like.',
    reply: null,
    createdAt: '2026-11-24T02:00:00.000Z',
    hiddenAt: null,
    hiddenReason: null,
    ...overrides,
  };
}

describe('/admin/reviews', { timeout: 30_000 }, () => {
  it('lists the newest reviews, hides one with a reason and shows it again', async () => {
    let hidden: { at: string; reason: string } | null = null;
    const current = () => review(hidden ? { hiddenAt: hidden.at, hiddenReason: hidden.reason } : {});
    const { requests } = adminApi({
      'GET /api/admin/reviews': (request) => {
        const all = [current(), review({ id: OTHER_ID, authorFirstName: 'Sam', rating: 5, comment: 'Maya is wonderful with Mum, every single week.', reply: 'Thank you, Sam!' })];
        return [200, { reviews: request.query.get('hidden') === 'true' ? all.filter((one) => one.hiddenAt) : all, allLoaded: true }];
      },
      [`POST /api/admin/reviews/${REVIEW_ID}/hide`]: (request) => {
        hidden = { at: '2026-11-26T03:00:00.000Z', reason: (request.body as { reason: string }).reason };
        return [200, current()];
      },
      [`POST /api/admin/reviews/${REVIEW_ID}/show`]: () => {
        hidden = null;
        return [200, current()];
      },
    });
    renderApp('/admin/reviews');
    const list = within(await screen.findByRole('list', { name: 'Reviews, newest first' }, slow));
    const first = within(list.getByRole('article', { name: 'Helen on Maya Chen' }));
    expect(first.getByText('1 of 5 stars', { exact: false })).toBeTruthy();
    expect(list.getByText(/Thank you, Sam!/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Reviews' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(first.getByRole('button', { name: 'Hide Helen’s review of Maya Chen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Hide Helen’s review of Maya Chen' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Hide review' }));
    expect(await dialog.findByText('Say which guideline the review breaks')).toBeTruthy();
    expect(document.activeElement).toBe(dialog.getByLabelText(/Which guideline does it break/));
    fireEvent.change(dialog.getByLabelText(/Which guideline does it break/), { target: { value: 'Shares a phone number' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Hide review' }));
    expect(await screen.findByText(/Helen’s review of Maya Chen is hidden/, undefined, slow)).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ reason: 'Shares a phone number' });
    await screen.findByText(/Shares a phone number/, undefined, slow);

    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'hidden' } });
    const hiddenList = within(await screen.findByRole('list', { name: 'Hidden reviews, newest first' }, slow));
    await waitFor(() => expect(hiddenList.queryByText(/Sam on Maya Chen/)).toBeNull());
    fireEvent.click(hiddenList.getByRole('button', { name: 'Show again Helen’s review of Maya Chen' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Show Helen’s review of Maya Chen again?' }));
    fireEvent.click(confirm.getByRole('button', { name: 'Show again' }));
    expect(await screen.findByText(/shows again on the profile/, undefined, slow)).toBeTruthy();
    expect(await screen.findByText('No reviews are hidden.', undefined, slow)).toBeTruthy();
  });

  it('narrows the list to one worker’s reviews, and links to their profile', async () => {
    const { requests } = adminApi({ 'GET /api/admin/reviews': () => [200, { reviews: [review()], allLoaded: true }] });
    renderApp('/admin/reviews');
    const item = within(await screen.findByRole('article', { name: 'Helen on Maya Chen' }, slow));
    expect(item.getByRole('link', { name: 'Maya Chen’s profile' }).getAttribute('href')).toBe(`/carer/profile/${review().workerId}`);
    fireEvent.click(item.getByRole('link', { name: 'All reviews of Maya Chen' }));
    expect(await screen.findByText(/Only the reviews of Maya Chen/, undefined, slow)).toBeTruthy();
    await waitFor(() => expect(requests.at(-1)?.query.get('workerId')).toBe(review().workerId));
    expect(screen.queryByRole('link', { name: 'All reviews of Maya Chen' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Show every worker’s reviews' }));
    await waitFor(() => expect(screen.queryByText(/Only the reviews of/)).toBeNull());
  });

  it('loads older reviews with Load more, from the last one shown', async () => {
    const newer = review();
    const older = { ...review(), id: 'd4d4d4d4-4444-4444-8444-000000000002', authorFirstName: 'Olive', comment: 'An older review, on the second page of the list.' };
    const { requests } = adminApi({
      'GET /api/admin/reviews': (request) =>
        request.query.get('before') === newer.id ? [200, { reviews: [older], allLoaded: true }] : [200, { reviews: [newer], allLoaded: false }],
    });
    renderApp('/admin/reviews');
    const list = within(await screen.findByRole('list', { name: 'Reviews, newest first' }, slow));
    expect(list.queryByText(older.comment)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await list.findByText(older.comment, undefined, slow)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(requests.filter((request) => request.path === '/api/admin/reviews').map((request) => request.query.get('before'))).toEqual([null, newer.id]);
  });

  it('lists flagged clients with every rating', async () => {
    adminApi({
      'GET /api/admin/reviews': () => [200, { reviews: [], allLoaded: true }],
      'GET /api/admin/client-flags': () => [
        200,
        {
          clients: [
            {
              careSeekerId: 'c3c3c3c3-3333-4333-8333-000000000001',
              name: 'Pat Difficult',
              email: 'pat@example.com',
              lowRatings: 3,
              ratings: [
                { workerName: 'Maya Chen', rating: 1, comment: 'Shouted at me.', updatedAt: '2026-11-20T01:00:00.000Z' },
                { workerName: 'Wren Walker', rating: 2, comment: null, updatedAt: '2026-11-21T01:00:00.000Z' },
              ],
            },
          ],
        },
      ],
    });
    renderApp('/admin/reviews');
    expect(await screen.findByText('Nobody has written a review yet.', undefined, slow)).toBeTruthy();
    const table = within(await screen.findByRole('table', { name: 'Workers’ ratings of Pat Difficult' }, slow));
    expect(screen.getByText(/pat@example.com · 3 low ratings/)).toBeTruthy();
    expect(table.getByText('Shouted at me.')).toBeTruthy();
    expect(table.getByText('2 of 5 stars')).toBeTruthy();
  });

  it('says when the reviews cannot load, and when no client is flagged', async () => {
    adminApi({ 'GET /api/admin/reviews': () => [500, { message: 'Something broke.', code: 'INTERNAL' }] });
    renderApp('/admin/reviews');
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toBe('We could not load the reviews just now. Please try again in a minute.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(await screen.findByText('No clients are flagged.', undefined, slow)).toBeTruthy();
  });
});
