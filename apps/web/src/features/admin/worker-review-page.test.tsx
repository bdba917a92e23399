import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';
import { workerAnswer, workerId } from './admin-test-answers';

setUpPageTests(() => import('./worker-review-page'));

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:police-check');
  URL.revokeObjectURL = vi.fn();
});

function open(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/me': () => [200, meAnswer('ADMIN')],
    [`GET /api/admin/workers/${workerId}`]: () => [200, workerAnswer()],
    'GET /api/admin/documents/doc-police/file': () => [200, {}],
    ...routes,
  });
  setSignedInUser(testUser('ADMIN'));
  renderApp(`/admin/workers/${workerId}`);
  return api;
}

describe('reviewing a worker', { timeout: 30_000 }, () => {
  it('shows the whole profile, the document inline, masked bank details and what approval waits for', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Review Wren Worker' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Admin console' })).toBeTruthy();
    const document = screen.getByRole('region', { name: 'National police check' });
    expect((await within(document).findByTitle('National police check (police.pdf)')).getAttribute('src')).toBe('blob:police-check');
    expect(within(document).getByRole('link', { name: 'Open National police check in a new tab' }).getAttribute('target')).toBe('_blank');
    expect(screen.getByText('ending in 789')).toBeTruthy();
    expect(screen.getByText('Reliable and kind.')).toBeTruthy();
    // The referee's answers read as the referee saw the form: the questions and the labels chosen, no codes (issue 31, item 10b).
    const referee = screen.getByRole('heading', { name: 'Rita Referee (Former manager)' }).closest('div') as HTMLElement;
    const answerOf = (question: string) => within(referee).getByText(question).nextElementSibling?.textContent;
    expect(answerOf('How long have you known Wren?')).toBe('1 to 3 years');
    expect(answerOf('How reliable is Wren, from 1 (not at all) to 5 (completely)?')).toBe('4');
    expect(answerOf('Would you recommend Wren as a support worker?')).toBe('Yes');
    expect(within(referee).queryByText(/knownFor|1_TO_3_YEARS|wouldRecommend/)).toBeNull();
    const waits = screen.getByRole('region', { name: 'Approval waits for' });
    expect(within(waits).getByText('NDIS Worker Screening clearance')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approve worker' }).hasAttribute('disabled')).toBe(true);
  });

  it('rejects a document only with a reason, in a dialog that takes focus', async () => {
    const user = userEvent.setup();
    const { requests } = open({ 'POST /api/admin/documents/doc-police/review': () => [200, {}] });
    await user.click(await screen.findByRole('button', { name: 'Reject National police check' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the National police check?' });
    const reason = within(dialog).getByLabelText(/Why it cannot be accepted/);
    await waitFor(() => expect(document.activeElement).toBe(reason));
    await user.click(within(dialog).getByRole('button', { name: 'Reject document' }));
    expect(within(dialog).getByText('Enter a reason')).toBeTruthy();
    await user.type(reason, 'The photo is blurred');
    await user.click(within(dialog).getByRole('button', { name: 'Reject document' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((request) => request.path.endsWith('/review'))?.body).toEqual({ decision: 'REJECTED', reason: 'The photo is blurred' });
  });

  it('approves the worker once nothing is missing, and says when the server refuses', async () => {
    const user = userEvent.setup();
    const ready = workerAnswer({ missingRequiredDocuments: [] });
    open({
      [`GET /api/admin/workers/${workerId}`]: () => [200, ready],
      [`POST /api/admin/workers/${workerId}/approve`]: () => [409, { message: 'This worker cannot be approved yet: approve a current National police check first.', code: 'CONFLICT' }],
    });
    await user.click(await screen.findByRole('button', { name: 'Approve worker' }));
    expect((await screen.findByRole('alert')).textContent).toContain('approve a current National police check first');
  });

  // Issue 29: the server refuses a worker who has not finished onboarding or sent their profile in.
  it('shows the server’s list of what the worker has not done when it refuses the approval', async () => {
    const user = userEvent.setup();
    const message = 'This worker cannot be approved yet: they have not sent their profile in for review. Still missing: A profile photo; Your rates.';
    open({
      [`GET /api/admin/workers/${workerId}`]: () => [200, workerAnswer({ missingRequiredDocuments: [] })],
      [`POST /api/admin/workers/${workerId}/approve`]: () => [409, { message, code: 'ONBOARDING_INCOMPLETE', errors: { photo: 'A profile photo', rates: 'Your rates' } }],
    });
    await user.click(await screen.findByRole('button', { name: 'Approve worker' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByText(/now active and in search/)).toBeNull();
  });

  it('asks for changes, one a line', async () => {
    const user = userEvent.setup();
    const { requests } = open({
      [`POST /api/admin/workers/${workerId}/request-changes`]: () => [200, workerAnswer({ profile: { ...workerAnswer().profile, changesRequested: 'A\nB' } })],
    });
    await user.click(await screen.findByRole('button', { name: 'Ask for changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for changes' });
    await user.type(within(dialog).getByLabelText(/What needs fixing/), 'Upload a newer police check{enter}{enter}Add a photo');
    await user.click(within(dialog).getByRole('button', { name: 'Email the worker' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((request) => request.path.endsWith('/request-changes'))?.body).toEqual({ items: ['Upload a newer police check', 'Add a photo'] });
  });
});
