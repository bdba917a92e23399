import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(() => Promise.all([import('./audit-log-page'), import('./review-queue-page')]));

const event = {
  id: 'e1',
  action: 'worker.approved',
  actor: { id: 'a1', email: 'ada@example.com', name: 'Ada Admin' },
  subject: { id: 'w1', email: 'wren@example.com', name: 'Wren Worker' },
  targetType: 'worker_profile',
  targetId: 'w1',
  detail: { before: { status: 'INACTIVE' }, after: { status: 'ACTIVE' } },
  ip: null,
  createdAt: '2026-11-24T01:00:00.000Z',
};

describe('the audit log', { timeout: 30_000 }, () => {
  it('shows what changed, and sends the filters', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({
      'GET /api/me': () => [200, meAnswer('ADMIN')],
      'GET /api/admin/audit': (request) =>
        request.query.get('from') === '2026-12-01'
          ? [400, { message: 'The end date must be on or after the start date', code: 'VALIDATION', errors: { to: 'The end date must be on or after the start date' } }]
          : [200, [event], { 'X-Total-Count': '1' }],
    });
    setSignedInUser(testUser('ADMIN'));
    renderApp('/admin/audit');
    const table = await screen.findByRole('table', { name: 'Audit events, newest first' });
    expect(within(table).getByText('status: INACTIVE → ACTIVE')).toBeTruthy();
    await user.type(screen.getByLabelText('Done by (email)'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(requests.at(-1)?.query.get('actor')).toBe('ada@example.com'));

    await user.type(screen.getByLabelText('From'), '2026-12-01');
    await user.type(screen.getByLabelText('To'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('The end date must be on or after the start date')).toBeTruthy();
  });
});

describe('the review queue', { timeout: 30_000 }, () => {
  it('lists workers oldest first and pages on', async () => {
    const user = userEvent.setup();
    const items = Array.from({ length: 25 }, (_, index) => ({
      workerId: `w${index}`,
      name: `Worker ${index}`,
      email: `w${index}@example.com`,
      submittedForReviewAt: '2026-11-20T00:00:00.000Z',
      isResubmission: index === 0,
      pendingDocuments: 2,
    }));
    const { requests } = mockApi({
      'GET /api/me': () => [200, meAnswer('ADMIN')],
      'GET /api/admin/review-queue': () => [200, items, { 'X-Total-Count': '30' }],
    });
    setSignedInUser(testUser('ADMIN'));
    renderApp('/admin/review');
    const table = await screen.findByRole('table', { name: 'Workers waiting for review, oldest first' });
    expect(within(table).getByRole('link', { name: 'Worker 0' }).getAttribute('href')).toBe('/admin/workers/w0');
    expect(within(table).getByText('Sent in again')).toBeTruthy();
    expect(screen.getByText('Showing 1 to 25 of 30 workers')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(requests.at(-1)?.query.get('start')).toBe('25'));
  });
});
