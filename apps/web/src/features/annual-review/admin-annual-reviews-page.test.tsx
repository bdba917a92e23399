import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SIGN_OFF_NOTE_MESSAGE, type AdminAnnualReview } from '@tendly/domain/api/annual-reviews';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(() => import('./admin-annual-reviews-page'), { signedInAs: testUser('ADMIN') });

const slow = { timeout: 10_000 };

function adminReview(overrides: Partial<AdminAnnualReview> = {}): AdminAnnualReview {
  return {
    id: 'review-1',
    year: 2026,
    answers: { wentWell: 'Steady routine.', wasHard: 'Winter travel.', trainingCompleted: 'First aid.', goalsNextYear: 'Certificate IV.', supportNeeded: 'A mentor.' },
    status: 'SUBMITTED',
    submittedAt: '2026-11-02T01:00:00.000Z',
    updatedAt: '2026-11-02T01:00:00.000Z',
    signedOffAt: null,
    signOffNote: null,
    worker: { id: 'worker-1', name: 'Wren Worker', email: 'wren@example.com' },
    signedOffBy: null,
    ...overrides,
  };
}

function adminApi(routes: ApiRoutes) {
  return mockApi({ 'GET /api/me': () => [200, meAnswer('ADMIN')], ...routes });
}

describe('annual reviews for administrators', { timeout: 30_000 }, () => {
  it('lists reviews awaiting sign-off, opens one in a dialog and signs it off with a note', async () => {
    let awaiting = [adminReview()];
    const api = adminApi({
      'GET /api/admin/annual-reviews': (request) => [200, request.query.get('status') === 'awaiting' ? awaiting : []],
      'POST /api/admin/annual-reviews/review-1/sign-off': (request) => {
        awaiting = [];
        return [200, adminReview({ status: 'SIGNED_OFF', signOffNote: (request.body as { note: string }).note, signedOffAt: '2026-11-20T01:00:00.000Z', signedOffBy: 'Ada Admin' })];
      },
    });
    renderApp('/admin/annual-reviews');
    const list = within(await screen.findByRole('list', { name: 'Reviews awaiting sign-off' }, slow));
    const card = within(list.getByRole('article', { name: 'Wren Worker: 2026 review' }));
    fireEvent.click(card.getByRole('button', { name: 'Open review: Wren Worker, 2026' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Wren Worker: 2026 review' }));
    expect(dialog.getByText('A mentor.')).toBeTruthy();
    const note = dialog.getByRole('textbox', { name: /Note for Wren Worker/ });
    await waitFor(() => expect(document.activeElement).toBe(note));
    fireEvent.click(dialog.getByRole('button', { name: 'Sign off review' }));
    expect(within(await screen.findByRole('alert')).getByRole('link', { name: SIGN_OFF_NOTE_MESSAGE })).toBeTruthy();

    fireEvent.change(note, { target: { value: 'Great year. We will find you a mentor.' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Sign off review' }));
    expect(await screen.findByText('Wren Worker’s review is signed off.', {}, slow)).toBeTruthy();
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({ note: 'Great year. We will find you a mentor.' });
    expect(await screen.findByText('No reviews are waiting for sign-off.', {}, slow)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow);
  });

  it('is for administrators only', async () => {
    setSignedInUser(testUser('CR', { profileStatus: 'ACTIVE' }));
    const api = mockApi({ 'GET /api/me': () => [200, meAnswer('CR')] });
    const { router } = renderApp('/admin/annual-reviews');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/admin/annual-reviews'), slow);
    expect(api.requests.some((request) => request.path.startsWith('/api/admin/'))).toBe(false);
  });
});

describe('the signed-off list', { timeout: 30_000 }, () => {
  it('shows reviews already signed off, with who signed them and the note', async () => {
    const api = adminApi({
      'GET /api/admin/annual-reviews': (request) => [
        200,
        request.query.get('status') === 'signed'
          ? [adminReview({ status: 'SIGNED_OFF', signedOffAt: '2026-11-20T01:00:00.000Z', signedOffBy: 'Ada Admin', signOffNote: 'Well done.' })]
          : [],
      ],
    });
    renderApp('/admin/annual-reviews');
    expect(await screen.findByText('No reviews are waiting for sign-off.', {}, slow)).toBeTruthy();
    const toggle = within(screen.getByRole('group', { name: 'Which reviews to show' }));
    expect(toggle.getByRole('button', { name: 'Awaiting sign-off' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle.getByRole('button', { name: 'Signed off' }));
    const list = within(await screen.findByRole('list', { name: 'Signed-off reviews' }, slow));
    expect(list.getByText(/signed off 20 November 2026 by Ada Admin/)).toBeTruthy();
    fireEvent.click(list.getByRole('button', { name: 'Open review: Wren Worker, 2026' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Wren Worker: 2026 review' }));
    expect(dialog.getByText('Well done.')).toBeTruthy();
    expect(dialog.queryByRole('textbox')).toBeNull();
    expect(api.requests.filter((request) => request.path === '/api/admin/annual-reviews').map((request) => request.query.get('status'))).toEqual(['awaiting', 'signed']);
  });
});
