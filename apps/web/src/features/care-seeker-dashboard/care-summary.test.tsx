import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { CareSeekerDashboard } from '@tendly/domain/api/care-seeker-dashboard';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { testIssuedInvoice } from '../../app/test-job-reports';
import { setUpPageTests } from '../../app/test-page-setup';
import { testCard, testInvoicePayments, testPayment, testPaymentConfig } from '../../app/test-payments';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser, startAliasSession } from '../../platform/session';

setUpPageTests(() => import('./care-seeker-dashboard-page'));

const slow = { timeout: 10_000 };
const wren = { id: '11111111-1111-4111-8111-000000000001', firstName: 'Wren', lastName: 'Walker' };
const pia = { id: '11111111-1111-4111-8111-000000000002', firstName: 'Pia', lastName: 'Park' };
const REPORT_ID = '22222222-2222-4222-8222-000000000001';
const INVOICE_ID = '33333333-3333-4333-8333-000000000001';
const CONTRACT_ID = '44444444-4444-4444-8444-000000000001';
const CONVERSATION_ID = '55555555-5555-4555-8555-000000000001';

const empty: CareSeekerDashboard = {
  upcomingShifts: { items: [], total: 0 },
  hoursToApprove: { items: [], total: 0 },
  invoicesToPay: { items: [], total: 0, totalCents: 0 },
  workers: { items: [], total: 0 },
  unreadMessages: { items: [], total: 0 },
};

function full(): CareSeekerDashboard {
  return {
    upcomingShifts: {
      items: [
        // 9 am to 12 pm in Melbourne (AEDT, UTC+11) on Tuesday 8 December 2026.
        { id: '66666666-6666-4666-8666-000000000001', contractId: CONTRACT_ID, worker: wren, startsAt: '2026-12-07T22:00:00.000Z', endsAt: '2026-12-08T01:00:00.000Z', timeZone: 'Australia/Melbourne', state: 'VIC', status: 'CONFIRMED' },
        // 9 am in Brisbane (UTC+10, no daylight saving) on Wednesday 9 December.
        { id: '66666666-6666-4666-8666-000000000002', contractId: CONTRACT_ID, worker: pia, startsAt: '2026-12-08T23:00:00.000Z', endsAt: '2026-12-09T01:00:00.000Z', timeZone: 'Australia/Brisbane', state: 'QLD', status: 'UNCONFIRMED' },
      ],
      total: 4,
    },
    hoursToApprove: {
      items: [
        { id: REPORT_ID, kind: 'SHIFT', worker: wren, startsAt: '2026-12-01T22:00:00.000Z', endsAt: '2026-12-02T01:30:00.000Z', timeZone: 'Australia/Melbourne', state: 'VIC', breakMinutes: 30, submittedAt: '2026-12-02T02:00:00.000Z', autoApproveAt: '2026-12-09T02:00:00.000Z' },
      ],
      total: 1,
    },
    invoicesToPay: { items: [{ id: INVOICE_ID, number: 'INV-000123', worker: wren, totalCents: 15688, dueDate: '2099-12-14', state: 'VIC' }], total: 1, totalCents: 15688 },
    workers: { items: [{ worker: wren, contractId: CONTRACT_ID, startDate: '2026-07-01' }], total: 1 },
    unreadMessages: { items: [{ conversationId: CONVERSATION_ID, worker: pia, unreadCount: 2, lastMessageAt: '2026-12-06T23:30:00.000Z' }], total: 2 },
  };
}

function seekerApi(summary: () => CareSeekerDashboard, routes: ApiRoutes = {}) {
  setSignedInUser(testUser('CS'));
  return mockApi({ 'GET /api/me': () => [200, meAnswer('CS')], 'GET /api/coordinator-links': () => [200, []], 'GET /api/dashboard/summary': () => [200, summary()], ...routes });
}

async function block(name: string) {
  return within((await screen.findByRole('heading', { name, level: 2 }, slow)).closest('section') as HTMLElement);
}

const hrefOf = (element: HTMLElement) => element.getAttribute('href');

describe('the care seeker’s home leads with their care', { timeout: 30_000 }, () => {
  it('shows each block’s items in the client’s state time, with their actions', async () => {
    seekerApi(full);
    renderApp('/dashboard');

    const shifts = await block('Upcoming shifts');
    expect(shifts.getByText('4 booked')).toBeTruthy();
    expect(shifts.getByText('Tue 8 Dec 2026, 9:00 am – 12:00 pm (VIC time)')).toBeTruthy();
    expect(shifts.getByText('Wed 9 Dec 2026, 9:00 am – 11:00 am (QLD time)')).toBeTruthy();
    expect(shifts.getByText('Unconfirmed')).toBeTruthy();
    expect(hrefOf(shifts.getByRole('link', { name: 'View or change the shift with Wren Walker, Tue 8 Dec 2026, 9:00 am – 12:00 pm (VIC time)' }))).toBe('/my-bookings');
    expect(hrefOf(shifts.getByRole('link', { name: 'See all your bookings (and 2 more shifts)' }))).toBe('/my-bookings');

    const hours = await block('Hours to approve');
    expect(hours.getByText('1 waiting for you')).toBeTruthy();
    expect(hours.getByText('Wed 2 Dec 2026, 9:00 am – 12:30 pm (VIC time)')).toBeTruthy();
    expect(hours.getByText('3 h worked (after a 30 min break)')).toBeTruthy();
    expect(hours.getByText('Approved automatically on Wed 9 Dec 2026 unless you decide first.')).toBeTruthy();
    expect(hours.getByRole('button', { name: 'Approve Wren Walker’s hours, Wed 2 Dec 2026, 9:00 am – 12:30 pm (VIC time)' })).toBeTruthy();
    expect(hrefOf(hours.getByRole('link', { name: /^Review hours: Wren Walker/ }))).toBe('/unapproved-invoices');

    const invoices = await block('Invoices to pay');
    expect(invoices.getByText('1 unpaid, $156.88 in all')).toBeTruthy();
    expect(hrefOf(invoices.getByRole('link', { name: 'INV-000123' }))).toBe(`/invoice/${INVOICE_ID}`);
    expect(invoices.getByText(', due Mon 14 Dec 2099', { exact: false })).toBeTruthy();
    expect(invoices.getByRole('button', { name: 'Pay invoice INV-000123, $156.88' })).toBeTruthy();
    expect(invoices.queryByText('(overdue)')).toBeNull();
    expect(hrefOf(invoices.getByRole('link', { name: 'See all unpaid invoices' }))).toBe('/pending-invoices');

    const workers = await block('Your workers');
    expect(workers.getByText('Service agreement from Wed 1 Jul 2026')).toBeTruthy();
    expect(hrefOf(workers.getByRole('link', { name: 'Message Wren Walker' }))).toBe(`/messages?with=${wren.id}`);
    expect(hrefOf(workers.getByRole('link', { name: 'Book shifts with Wren Walker' }))).toBe(`/my-bookings?book=${CONTRACT_ID}`);

    const messages = await block('Unread messages');
    expect(messages.getByText('2 unread')).toBeTruthy();
    expect(messages.getByText(/^2 new messages, the latest on/)).toBeTruthy();
    expect(hrefOf(messages.getByRole('link', { name: 'Open your conversation with Pia Park' }))).toBe(`/messages?conversation=${CONVERSATION_ID}`);
  });

  it('says plainly what each empty block will show and what to do next', async () => {
    seekerApi(() => empty);
    renderApp('/dashboard');
    const shifts = await block('Upcoming shifts');
    expect(shifts.getByText(/^No shifts are booked\. Once you have a service agreement with a worker/)).toBeTruthy();
    expect(hrefOf(shifts.getByRole('link', { name: 'Find workers' }))).toBe('/care-workers/search');
    expect(shifts.queryByRole('list')).toBeNull();

    const hours = await block('Hours to approve');
    expect(hours.getByText(/^No hours are waiting for you\. When a worker submits their hours/)).toBeTruthy();
    expect(hrefOf(hours.getByRole('link', { name: 'See your invoices and hours' }))).toBe('/invoices-and-hours');

    const invoices = await block('Invoices to pay');
    expect(invoices.getByText(/^You have no invoices to pay\./)).toBeTruthy();
    expect(hrefOf(invoices.getByRole('link', { name: 'See your past invoices' }))).toBe('/past-invoices');

    const workers = await block('Your workers');
    expect(workers.getByText(/^You have no workers yet\./)).toBeTruthy();
    expect(hrefOf(workers.getByRole('link', { name: 'Find workers' }))).toBe('/care-workers/search');
    expect(hrefOf(workers.getByRole('link', { name: 'Post a job' }))).toBe('/careseeker/post-a-job');

    const messages = await block('Unread messages');
    expect(messages.getByText(/^You have no unread messages\./)).toBeTruthy();
    expect(hrefOf(messages.getByRole('link', { name: 'Go to your messages' }))).toBe('/messages');
  });

  it('marks an invoice past its due date as overdue', async () => {
    seekerApi(() => ({ ...full(), invoicesToPay: { items: [{ ...full().invoicesToPay.items[0]!, dueDate: '2020-01-06' }], total: 1, totalCents: 15688 } }));
    renderApp('/dashboard');
    const invoices = await block('Invoices to pay');
    expect(invoices.getByText('(overdue)')).toBeTruthy();
    expect(invoices.getByText(', due Mon 6 Jan 2020', { exact: false })).toBeTruthy();
  });

  it('offers to book shifts when there are workers but no shifts', async () => {
    seekerApi(() => ({ ...empty, workers: full().workers }));
    renderApp('/dashboard');
    const shifts = await block('Upcoming shifts');
    expect(shifts.getByText(/^No shifts are booked\. The shifts you book with your workers will show here/)).toBeTruthy();
    expect(hrefOf(shifts.getByRole('link', { name: 'Book shifts' }))).toBe('/my-bookings');
  });

  it('approves hours from the dashboard, says which invoice was issued, and loads the summary again', async () => {
    let approved = false;
    const api = seekerApi(() => (approved ? { ...full(), hoursToApprove: { items: [], total: 0 } } : full()), {
      [`POST /api/job-reports/${REPORT_ID}/approve`]: () => {
        approved = true;
        return [200, { invoice: testIssuedInvoice() }];
      },
    });
    renderApp('/dashboard');
    const hours = await block('Hours to approve');
    fireEvent.click(hours.getByRole('button', { name: /^Approve Wren Walker’s hours/ }));
    expect(await screen.findByText('Wren Walker’s hours are approved. Invoice INV-000123 is issued.', undefined, slow)).toBeTruthy();
    expect(await hours.findByText(/^No hours are waiting for you/, undefined, slow)).toBeTruthy();
    expect(api.requests.filter((request) => request.path === '/api/dashboard/summary').length).toBeGreaterThanOrEqual(2);
  });

  it('says so when the hours were decided already', async () => {
    seekerApi(full, { [`POST /api/job-reports/${REPORT_ID}/approve`]: () => [409, { message: 'Already decided', code: 'CONFLICT' }] });
    renderApp('/dashboard');
    fireEvent.click((await block('Hours to approve')).getByRole('button', { name: /^Approve Wren Walker’s hours/ }));
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toBe('These hours were already approved or sent back. The list is up to date now.');
  });

  it('pays an invoice from the dashboard with a saved card', async () => {
    let paid = false;
    const api = seekerApi(() => (paid ? { ...full(), invoicesToPay: { items: [], total: 0, totalCents: 0 } } : full()), {
      'GET /api/payment-methods': () => [200, { cards: [testCard()], payManually: true, config: testPaymentConfig }],
      [`POST /api/invoices/${INVOICE_ID}/pay`]: () => {
        paid = true;
        return [200, testInvoicePayments({ invoiceId: INVOICE_ID, payments: [testPayment()] })];
      },
    });
    renderApp('/dashboard');
    fireEvent.click((await block('Invoices to pay')).getByRole('button', { name: 'Pay invoice INV-000123, $156.88' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Pay invoice INV-000123' }, slow));
    fireEvent.click(await dialog.findByRole('button', { name: 'Pay $156.88' }, slow));
    expect(await screen.findByText('Invoice INV-000123 has been paid with Visa •••• 4242, expires 04/2030.', undefined, slow)).toBeTruthy();
    expect(await (await block('Invoices to pay')).findByText(/^You have no invoices to pay/, undefined, slow)).toBeTruthy();
    expect(api.requests.find((request) => request.method === 'POST')?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says when the summary cannot load, and loads it again with Try again', async () => {
    let fails = true;
    seekerApi(full, { 'GET /api/dashboard/summary': () => (fails ? [500, { message: 'Boom', code: 'INTERNAL' }] : [200, full()]) });
    renderApp('/dashboard');
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toContain('We could not load your shifts, hours and invoices just now.');
    fails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await block('Upcoming shifts')).toBeTruthy();
  });

  it('shows a coordinator acting for a client the client’s summary, asked for with the alias session', async () => {
    setSignedInUser(testUser('SUPPORT'));
    startAliasSession({ aliasToken: 'alias-token', id: 'client-1', name: 'Helen Citizen', firstName: 'Helen', email: 'helen@example.com', role: 'CS' });
    const api = mockApi({ 'GET /api/me': () => [200, meAnswer('CS')], 'GET /api/dashboard/summary': () => [200, full()] });
    renderApp('/dashboard');
    expect((await block('Your workers')).getByText('Wren Walker')).toBeTruthy();
    expect(api.requests.find((request) => request.path === '/api/dashboard/summary')?.authToken).toBe('alias-token');
    expect(screen.queryByRole('heading', { name: 'Support coordinators' })).toBeNull();
  });
});
