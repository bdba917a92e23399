import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BackgroundJob } from '@tendly/domain/api/background-jobs';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(() => import('./background-jobs-page'));

function jobAnswer(overrides: Partial<BackgroundJob> = {}): BackgroundJob {
  return {
    id: '5f3e2c1a-0b1d-4c2e-8f00-123456789abc',
    type: 'mail.deliver',
    status: 'FAILED',
    subject: 'Email to jo@example.com: Your invoice INV-000123',
    attempts: 1,
    lastError: 'PermanentJobError: The mail server refused this email: 550 5.1.1 <jo@example.com>: no such user',
    createdAt: '2026-12-06T01:00:00.000Z',
    runAt: '2026-12-06T01:00:00.000Z',
    lastRunAt: '2026-12-06T01:00:05.000Z',
    finishedAt: '2026-12-06T01:00:06.000Z',
    canRetry: true,
    canDiscard: true,
    ...overrides,
  };
}

const payoutJob = jobAnswer({
  id: '6f3e2c1a-0b1d-4c2e-8f00-123456789abc',
  type: 'payouts.run',
  subject: 'day 2026-12-06',
  attempts: 31,
  lastError: 'Error: connect ECONNREFUSED 127.0.0.1:443',
});
const counts = { PENDING: 1, RUNNING: 0, DONE: 12, FAILED: 2, DISCARDED: 0 };

describe('the background jobs page', { timeout: 30_000 }, () => {
  it('lists the failed jobs with what they are about, why they failed and when, and shows other statuses on request', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({
      'GET /api/me': () => [200, meAnswer('ADMIN')],
      'GET /api/admin/jobs': () => [200, [jobAnswer(), payoutJob], { 'X-Total-Count': '2' }],
      'GET /api/admin/jobs/counts': () => [200, counts],
    });
    setSignedInUser(testUser('ADMIN'));
    renderApp('/admin/jobs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Background jobs' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Failed jobs' });
    const email = within(list).getByRole('article', { name: 'Email to jo@example.com: Your invoice INV-000123' });
    expect(within(email).getByText('Failed · 1 try')).toBeTruthy();
    expect(within(email).getByText(/550 5\.1\.1 <jo@example\.com>: no such user/)).toBeTruthy();
    expect(within(email).getByRole('button', { name: 'Resend email: Email to jo@example.com: Your invoice INV-000123' })).toBeTruthy();
    const payout = within(list).getByRole('article', { name: 'payouts.run: day 2026-12-06' });
    expect(within(payout).getByText('payouts.run')).toBeTruthy();
    expect(within(payout).getByText('Failed · 31 tries')).toBeTruthy();
    expect(within(payout).getByRole('button', { name: 'Retry now: payouts.run: day 2026-12-06' })).toBeTruthy();
    expect(screen.getByText('Showing 1 to 2 of 2 jobs')).toBeTruthy();
    expect(requests.find((request) => request.path === '/api/admin/jobs')?.query.get('status')).toBe('FAILED');

    const show = screen.getByLabelText('Show');
    await waitFor(() => expect(within(show).getByRole('option', { name: 'Failed (2)' })).toBeTruthy());
    await user.selectOptions(show, 'Done (12)');
    await waitFor(() => expect(requests.at(-1)?.query.get('status')).toBe('DONE'));
    await user.selectOptions(show, 'All jobs');
    await waitFor(() => expect(requests.filter((request) => request.path === '/api/admin/jobs').at(-1)?.query.has('status')).toBe(false));
  });

  it('sends an email again, and discards a job after asking, saying what happened each time', async () => {
    const user = userEvent.setup();
    let failed = [jobAnswer(), payoutJob];
    const { requests } = mockApi({
      'GET /api/me': () => [200, meAnswer('ADMIN')],
      'GET /api/admin/jobs': () => [200, failed, { 'X-Total-Count': String(failed.length) }],
      'GET /api/admin/jobs/counts': () => [200, { ...counts, FAILED: failed.length }],
      [`POST /api/admin/jobs/${jobAnswer().id}/retry`]: () => {
        failed = failed.filter((job) => job.id !== jobAnswer().id);
        return [200, jobAnswer({ status: 'PENDING', attempts: 0, finishedAt: null, canDiscard: true })];
      },
      [`POST /api/admin/jobs/${payoutJob.id}/discard`]: () => {
        failed = [];
        return [200, { ...payoutJob, status: 'DISCARDED', canDiscard: false }];
      },
    });
    setSignedInUser(testUser('ADMIN'));
    renderApp('/admin/jobs');
    await user.click(await screen.findByRole('button', { name: /^Resend email/ }));
    expect(await screen.findByText('The email will be sent again in a moment: Email to jo@example.com: Your invoice INV-000123.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: /Email to jo@example\.com/ })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Failed jobs' }));

    await user.click(screen.getByRole('button', { name: 'Discard: payouts.run: day 2026-12-06' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this job?' });
    expect(within(dialog).getByText(/^payouts\.run: day 2026-12-06\. It will not run again unless someone retries it/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Discard job' }));
    expect(await screen.findByText('Discarded: payouts.run: day 2026-12-06. It will not run again unless you retry it.')).toBeTruthy();
    expect(await screen.findByText('No job has failed. Emails and other background work are going through.')).toBeTruthy();
    expect(screen.queryByText('No jobs to show')).toBeNull();
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
      `/api/admin/jobs/${jobAnswer().id}/retry`,
      `/api/admin/jobs/${payoutJob.id}/discard`,
    ]);
  });

  it('says why an action was refused', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/me': () => [200, meAnswer('ADMIN')],
      'GET /api/admin/jobs': () => [200, [payoutJob], { 'X-Total-Count': '1' }],
      'GET /api/admin/jobs/counts': () => [200, counts],
      [`POST /api/admin/jobs/${payoutJob.id}/retry`]: () => [409, { message: 'This job is running now. Try again when it has finished.', code: 'CONFLICT' }],
    });
    setSignedInUser(testUser('ADMIN'));
    renderApp('/admin/jobs');
    await user.click(await screen.findByRole('button', { name: 'Retry now: payouts.run: day 2026-12-06' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This job is running now. Try again when it has finished.');
  });
});
