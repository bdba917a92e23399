import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../app/test-app';
import { mockApi } from '../../app/test-api';
import { testJobReport } from '../../app/test-job-reports';
import { setUpPageTests } from '../../app/test-page-setup';
import { clearSession } from '../../platform/session';

setUpPageTests(() => import('./approve-hours-page'));

const slow = { timeout: 10_000 };

describe('/approve-hours (the nominee’s link)', { timeout: 30_000 }, () => {
  it('shows the hours to someone signed out and approves them with the token', async () => {
    clearSession();
    const api = mockApi({
      'GET /api/job-reports/by-link': () => [200, testJobReport({ canDecide: false })],
      'POST /api/job-reports/approve-by-link': () => [200, { approved: true }],
    });
    renderApp('/approve-hours?token=signed.token.value');
    expect(await screen.findByText(/worked with/, undefined, slow)).toBeTruthy();
    expect(screen.getByText('Total to be invoiced: $156.88')).toBeTruthy();
    expect(screen.getByText('Margaret enjoyed the walk to the shops.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve these hours' }));
    const done = await screen.findByText('Thank you. The hours are approved and the invoice has been issued.', undefined, slow);
    await waitFor(() => expect(document.activeElement?.contains(done)).toBe(true));
    expect(screen.queryByRole('button', { name: 'Approve these hours' })).toBeNull();
    expect(api.requests.find((request) => request.path === '/api/job-reports/by-link')?.query.get('token')).toBe('signed.token.value');
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({ token: 'signed.token.value' });
    expect(api.requests.every((request) => request.authToken === null)).toBe(true);
  });

  it('says plainly when the link has expired or been used, with no button', async () => {
    clearSession();
    mockApi({ 'GET /api/job-reports/by-link': () => [410, { message: 'This link has expired. The hours may already have been approved.', code: 'GONE' }] });
    renderApp('/approve-hours?token=old');
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toContain('This link has expired.');
    expect(screen.queryByRole('button', { name: 'Approve these hours' })).toBeNull();
  });

  it('says when the link is incomplete, without asking the API', async () => {
    clearSession();
    const api = mockApi({});
    renderApp('/approve-hours');
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toContain('This link is not complete.');
    expect(api.requests.some((request) => request.path.startsWith('/api/job-reports'))).toBe(false);
  });

  it('says the hours were already decided when the report is no longer waiting, or the approval finds it decided', async () => {
    clearSession();
    mockApi({ 'GET /api/job-reports/by-link': () => [200, testJobReport({ status: 'APPROVED', canDecide: false })] });
    const first = renderApp('/approve-hours?token=t');
    expect(await screen.findByText('These hours have already been approved. There is nothing more to do.', undefined, slow)).toBeTruthy();
    first.unmount();
    vi.unstubAllGlobals();
    mockApi({
      'GET /api/job-reports/by-link': () => [200, testJobReport({ canDecide: false })],
      'POST /api/job-reports/approve-by-link': () => [409, { message: 'These hours have already been approved.', code: 'CONFLICT' }],
    });
    renderApp('/approve-hours?token=t');
    fireEvent.click(await screen.findByRole('button', { name: 'Approve these hours' }, slow));
    expect(await screen.findByText('These hours have already been approved.', undefined, slow)).toBeTruthy();
  });
});
