import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { testInvoiceSummary, testIssuedInvoice, testJobReport } from '../../app/test-job-reports';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';

beforeAll(async () => {
  await Promise.all([import('./invoices-and-hours-page'), import('./pending-invoices-page'), import('./past-invoices-page')]);
}, 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

const slow = { timeout: 10_000 };
const overview = { awaitingApproval: { count: 2, totalCents: 31376 }, unpaid: { count: 1, totalCents: 15688 }, paid: { count: 4, totalCents: 60000 } };

function seekerApi(routes: ApiRoutes) {
  setSignedInUser(testUser('CS'));
  return mockApi({ 'GET /api/me': () => [200, meAnswer('CS')], ...routes });
}

describe('/invoices-and-hours', { timeout: 30_000 }, () => {
  it('shows the three totals with links, and the latest hours to approve with their actions', async () => {
    const api = seekerApi({
      'GET /api/invoices/overview': () => [200, overview],
      'GET /api/job-reports': () => [200, { timesheets: [testJobReport()], allLoaded: false }],
      'GET /api/account/nominee': () => [200, { nominee: null }],
      'POST /api/job-reports/a1a1a1a1-1111-4111-8111-111111111111/approve': () => [200, { invoice: testIssuedInvoice() }],
    });
    renderApp('/invoices-and-hours');
    const awaiting = within(await screen.findByRole('region', { name: 'Hours awaiting approval' }, slow));
    expect(awaiting.getByText('$313.76')).toBeTruthy();
    expect(awaiting.getByText('2 job reports')).toBeTruthy();
    expect(awaiting.getByRole('link', { name: 'Review hours' }).getAttribute('href')).toBe('/unapproved-invoices');
    const unpaid = within(screen.getByRole('region', { name: 'Unpaid invoices' }));
    expect(unpaid.getByText('1 invoice')).toBeTruthy();
    expect(unpaid.getByRole('link').getAttribute('href')).toBe('/pending-invoices');
    expect(within(screen.getByRole('region', { name: 'Paid invoices' })).getByRole('link').getAttribute('href')).toBe('/past-invoices');
    const request = api.requests.find((sent) => sent.path === '/api/job-reports');
    expect([request?.query.get('status'), request?.query.get('limit')]).toEqual(['SUBMITTED', '3']);
    // The overview shows a few; the rest are a link away, not a "Load more".
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: /^Approve the hours of/ }, slow));
    expect(await screen.findByText('Hours approved. Invoice INV-000123 has been issued.', undefined, slow)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View the invoice' }).getAttribute('href')).toBe(`/invoice/${testIssuedInvoice().id}`);
    const more = within(screen.getByRole('region', { name: 'More about your workers’ hours' }));
    expect(more.getByRole('link', { name: 'Shift notes' }).getAttribute('href')).toBe('/shift-notes');
    expect(more.getByRole('link', { name: 'The platform fee' }).getAttribute('href')).toBe('/platform-fee');
  });

  it('checks the nominee form before saving, then names and removes the nominee', async () => {
    let nominee: { name: string; email: string } | null = null;
    const api = seekerApi({
      'GET /api/invoices/overview': () => [200, overview],
      'GET /api/job-reports': () => [200, { timesheets: [], allLoaded: true }],
      'GET /api/account/nominee': () => [200, { nominee }],
      'PUT /api/account/nominee': (request) => {
        nominee = request.body as { name: string; email: string };
        return [200, { nominee }];
      },
      'DELETE /api/account/nominee': () => {
        nominee = null;
        return [204];
      },
    });
    renderApp('/invoices-and-hours');
    expect(await screen.findByText('You have not named a nominee.', undefined, slow)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Name a nominee' }));
    const form = within(await screen.findByRole('form', { name: 'Nominee' }));
    fireEvent.change(form.getByLabelText(/Nominee’s email/), { target: { value: 'not-an-email' } });
    fireEvent.click(form.getByRole('button', { name: 'Save nominee' }));
    expect(await form.findByText('Enter the nominee’s name')).toBeTruthy();
    expect(form.getByText('Enter a valid email address')).toBeTruthy();
    expect(document.activeElement).toBe(form.getByLabelText(/Nominee’s name/));
    expect(api.requests.some((request) => request.method === 'PUT')).toBe(false);
    fireEvent.change(form.getByLabelText(/Nominee’s name/), { target: { value: 'Sam Nguyen' } });
    fireEvent.change(form.getByLabelText(/Nominee’s email/), { target: { value: ' Sam@Example.com ' } });
    fireEvent.click(form.getByRole('button', { name: 'Save nominee' }));
    expect(await screen.findByText('Sam Nguyen is now your nominee. They will be emailed when hours are submitted.', undefined, slow)).toBeTruthy();
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({ name: 'Sam Nguyen', email: 'sam@example.com' });
    expect(screen.getByText('(sam@example.com).', { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove nominee' }));
    expect(await screen.findByText('Nominee removed. Links already sent to them no longer work.', undefined, slow)).toBeTruthy();
    expect(screen.getByText('You have not named a nominee.')).toBeTruthy();
  });

  it('shows the server’s message on a field it refused', async () => {
    seekerApi({
      'GET /api/invoices/overview': () => [200, overview],
      'GET /api/job-reports': () => [200, { timesheets: [], allLoaded: true }],
      'GET /api/account/nominee': () => [200, { nominee: null }],
      'PUT /api/account/nominee': () => [400, { message: 'Invalid', code: 'VALIDATION', errors: { email: 'Your nominee must be someone other than you.' } }],
    });
    renderApp('/invoices-and-hours');
    fireEvent.click(await screen.findByRole('button', { name: 'Name a nominee' }, slow));
    const form = within(await screen.findByRole('form', { name: 'Nominee' }));
    fireEvent.change(form.getByLabelText(/Nominee’s name/), { target: { value: 'Alex Nguyen' } });
    fireEvent.change(form.getByLabelText(/Nominee’s email/), { target: { value: 'alex.cs@example.com' } });
    fireEvent.click(form.getByRole('button', { name: 'Save nominee' }));
    expect(await form.findByText('Your nominee must be someone other than you.')).toBeTruthy();
    await waitFor(() => expect(form.getByLabelText(/Nominee’s email/).getAttribute('aria-invalid')).toBe('true'));
  });
});

describe('/pending-invoices and /past-invoices', { timeout: 30_000 }, () => {
  it('lists unpaid invoices newest first with the total due, the due date, how each is paid, and a link to it; and pages', async () => {
    const api = seekerApi({
      'GET /api/invoices': (request) => {
        if (request.query.get('before') === null) return [200, { invoices: [testInvoiceSummary(), testInvoiceSummary({ id: 'b2b2b2b2-2222-4222-8222-000000000002', number: 'INV-000122', fundingType: 'NDIS_PLAN_MANAGED', issuedAt: '2026-11-20T02:00:00.000Z' })], allLoaded: false }];
        return [200, { invoices: [testInvoiceSummary({ id: 'b2b2b2b2-2222-4222-8222-000000000003', number: 'INV-000121', issuedAt: '2026-11-10T02:00:00.000Z' })], allLoaded: true }];
      },
    });
    renderApp('/pending-invoices');
    const list = within(await screen.findByRole('list', { name: 'Unpaid invoices' }, slow));
    expect(list.getByRole('link', { name: 'Invoice INV-000123' }).getAttribute('href')).toBe(`/invoice/${testIssuedInvoice().id}`);
    expect(list.getAllByText('$156.88 due Tue 1 Dec 2026')).toHaveLength(2);
    expect(list.getByText(/^You pay this invoice by saved card or by bank transfer/)).toBeTruthy();
    expect(list.getByText(/^Your plan manager pays this invoice/)).toBeTruthy();
    expect(api.requests[api.requests.length - 1]?.query.get('status')).toBe('ISSUED');
    expect(screen.queryByRole('button', { name: /pay/i })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Invoice INV-000121' }, slow)).toBeTruthy();
    expect(api.requests.find((request) => request.query.get('before') !== null)?.query.get('before')).toBe('2026-11-20T02:00:00.000Z');
  });

  it('shows paid and credited invoices on their tabs', async () => {
    const api = seekerApi({
      'GET /api/invoices': (request) =>
        request.query.get('status') === 'PAID'
          ? [200, { invoices: [testInvoiceSummary({ status: 'PAID' })], allLoaded: true }]
          : [200, { invoices: [testInvoiceSummary({ id: 'b2b2b2b2-2222-4222-8222-000000000004', number: 'INV-000100', status: 'CREDITED', creditedBy: { id: 'c3c3c3c3-3333-4333-8333-333333333333', number: 'CN-000001' }, reason: 'Wrong date' })], allLoaded: true }],
    });
    renderApp('/past-invoices');
    const paid = within(await screen.findByRole('list', { name: 'Paid invoices' }, slow));
    expect(paid.getByText('Paid')).toBeTruthy();
    expect(paid.queryByText(/due/)).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Credited' }));
    const credited = within(await screen.findByRole('list', { name: 'Credited invoices' }, slow));
    expect(credited.getByText('Credited by CN-000001: Wrong date')).toBeTruthy();
    expect(api.requests.map((request) => request.query.get('status')).filter(Boolean)).toEqual(['PAID', 'CREDITED']);
  });

  it('says when there are no unpaid invoices, and when the list cannot load', async () => {
    seekerApi({ 'GET /api/invoices': () => [200, { invoices: [], allLoaded: true }] });
    const view = renderApp('/pending-invoices');
    expect(await screen.findByText('You have no unpaid invoices.', undefined, slow)).toBeTruthy();
    view.unmount();
    vi.unstubAllGlobals();
    seekerApi({ 'GET /api/invoices': () => [500, { message: 'Boom', code: 'INTERNAL' }] });
    renderApp('/pending-invoices');
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toContain('We could not load your invoices just now.');
  });
});
