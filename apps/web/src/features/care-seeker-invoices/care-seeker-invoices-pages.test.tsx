import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { testInvoiceSummary, testIssuedInvoice, testJobReport } from '../../app/test-job-reports';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { testCard, testInvoicePayments, testPayment, testPaymentConfig } from '../../app/test-payments';
import { CARD_DECLINED_MESSAGE, IDEMPOTENCY_KEY_IN_USE_CODE, IDEMPOTENCY_KEY_IN_USE_MESSAGE, INSUFFICIENT_FUNDS_MESSAGE, INVOICE_ALREADY_PAID } from '@tendly/domain/api/payments';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(() => Promise.all([import('./invoices-and-hours-page'), import('./pending-invoices-page'), import('./past-invoices-page')]));

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
    expect(more.getByRole('link', { name: 'Payment details' }).getAttribute('href')).toBe('/payment-details');
    expect(more.getByRole('link', { name: 'Provider and plan details' }).getAttribute('href')).toBe('/provider-details');
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
    expect(list.getByText(/^You pay this invoice by saved card, or by bank transfer quoting the invoice’s payment reference/)).toBeTruthy();
    expect(list.getByText(/^Your plan manager pays this invoice/)).toBeTruthy();
    expect(api.requests[api.requests.length - 1]?.query.get('status')).toBe('ISSUED');
    // Only the invoice the care seeker pays has a Pay button; the plan manager pays the other.
    expect(list.getAllByRole('button', { name: /^Pay invoice/ }).map((button) => button.getAttribute('aria-label'))).toEqual(['Pay invoice INV-000123']);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Invoice INV-000121' }, slow)).toBeTruthy();
    expect(api.requests.find((request) => request.query.get('before') !== null)?.query.get('before')).toBe('2026-11-20T02:00:00.000Z');
  });

  it('shows paid and credited invoices on their tabs', async () => {
    const api = seekerApi({
      'GET /api/invoices': (request) =>
        request.query.get('status') === 'PAID'
          ? [200, { invoices: [testInvoiceSummary({ status: 'PAID', paidAt: '2026-11-12T03:00:00.000Z' })], allLoaded: true }]
          : [200, { invoices: [testInvoiceSummary({ id: 'b2b2b2b2-2222-4222-8222-000000000004', number: 'INV-000100', status: 'CREDITED', creditedBy: { id: 'c3c3c3c3-3333-4333-8333-333333333333', number: 'CN-000001' }, reason: 'Wrong date' })], allLoaded: true }],
    });
    renderApp('/past-invoices');
    const paid = within(await screen.findByRole('list', { name: 'Paid invoices' }, slow));
    expect(paid.getByText('Paid')).toBeTruthy();
    expect(paid.queryByText(/due/)).toBeNull();
    // When the money arrived, on the client's local clock (NSW: 2 pm on Thursday 12 November).
    expect(paid.getByText(/, paid Thu 12 Nov 2026$/)).toBeTruthy();
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

describe('paying an invoice from /pending-invoices', { timeout: 30_000 }, () => {
  const payPath = `POST /api/invoices/${testIssuedInvoice().id}/pay`;
  const cards = [testCard({ id: 'e5e5e5e5-5555-4555-8555-000000000009', brand: 'mastercard', last4: '4444', isDefault: false }), testCard()];

  function payingApi(pay: ApiRoutes[string], options: { cards?: unknown[]; routes?: ApiRoutes } = {}) {
    let isPaid = false;
    const api = seekerApi({
      'GET /api/invoices': () => [200, { invoices: isPaid ? [] : [testInvoiceSummary()], allLoaded: true }],
      'GET /api/payment-methods': () => [200, { cards: options.cards ?? cards, payManually: true, config: testPaymentConfig }],
      [payPath]: async (request) => {
        const answer = await pay(request);
        if (answer[0] === 200) isPaid = true;
        return answer;
      },
      ...options.routes,
    });
    return api;
  }

  async function openDialog() {
    fireEvent.click(await screen.findByRole('button', { name: 'Pay invoice INV-000123' }, slow));
    return within(await screen.findByRole('dialog', { name: 'Pay invoice INV-000123' }, slow));
  }

  it('pays with the default card, chosen to begin with, sending an idempotency key; then closes and updates the list', async () => {
    const api = payingApi(() => [200, testInvoicePayments({ payments: [testPayment()] })]);
    renderApp('/pending-invoices');
    const dialog = await openDialog();
    expect(await dialog.findByText('Test payments — no real card is charged', undefined, slow)).toBeTruthy();
    expect((await dialog.findByLabelText('Visa •••• 4242, expires 04/2030 (default)') as HTMLInputElement).checked).toBe(true);
    expect((dialog.getByLabelText('Mastercard •••• 4444, expires 04/2030') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(dialog.getByRole('button', { name: 'Pay $156.88' }));
    expect(await screen.findByText('Invoice INV-000123 has been paid with Visa •••• 4242, expires 04/2030.', undefined, slow)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('You have no unpaid invoices.', undefined, slow)).toBeTruthy();
    const sent = api.requests.find((request) => request.method === 'POST');
    expect(sent?.body).toEqual({ paymentMethodId: testCard().id });
    expect(sent?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the declined and insufficient-funds messages in the dialog, and keeps it open', async () => {
    let answer = 0;
    payingApi(() => (answer++ === 0 ? [402, { message: CARD_DECLINED_MESSAGE, code: 'CARD_DECLINED' }] : [402, { message: INSUFFICIENT_FUNDS_MESSAGE, code: 'INSUFFICIENT_FUNDS' }]));
    renderApp('/pending-invoices');
    const dialog = await openDialog();
    fireEvent.click(await dialog.findByRole('button', { name: 'Pay $156.88' }));
    expect((await dialog.findByRole('alert', undefined, slow)).textContent).toBe(CARD_DECLINED_MESSAGE);
    fireEvent.click(dialog.getByLabelText('Mastercard •••• 4444, expires 04/2030'));
    fireEvent.click(dialog.getByRole('button', { name: 'Pay $156.88' }));
    expect(await dialog.findByText(INSUFFICIENT_FUNDS_MESSAGE, undefined, slow)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Pay invoice INV-000123' })).toBeTruthy();
  });

  it('charges once on a double click, and sends the same key again after a lost answer', async () => {
    let calls = 0;
    const api = payingApi(async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return calls === 1 ? [503, { message: 'Try again', code: 'UNAVAILABLE' }] : [200, testInvoicePayments({ payments: [testPayment()] })];
    });
    renderApp('/pending-invoices');
    const dialog = await openDialog();
    const pay = await dialog.findByRole('button', { name: 'Pay $156.88' });
    fireEvent.click(pay);
    fireEvent.click(pay);
    expect(await dialog.findByRole('alert', undefined, slow)).toBeTruthy();
    expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    fireEvent.click(dialog.getByRole('button', { name: 'Pay $156.88' }));
    expect(await screen.findByText(/has been paid with/, undefined, slow)).toBeTruthy();
    const keys = api.requests.filter((request) => request.method === 'POST').map((request) => request.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('sends the same key again when the first request with it is still being processed, and gets its answer', async () => {
    let calls = 0;
    const api = payingApi(() => (++calls === 1 ? [409, { message: IDEMPOTENCY_KEY_IN_USE_MESSAGE, code: IDEMPOTENCY_KEY_IN_USE_CODE }] : [200, testInvoicePayments({ payments: [testPayment()] })]));
    renderApp('/pending-invoices');
    const dialog = await openDialog();
    fireEvent.click(await dialog.findByRole('button', { name: 'Pay $156.88' }));
    expect((await dialog.findByRole('alert', undefined, slow)).textContent).toBe(IDEMPOTENCY_KEY_IN_USE_MESSAGE);
    fireEvent.click(dialog.getByRole('button', { name: 'Pay $156.88' }));
    expect(await screen.findByText(/has been paid with/, undefined, slow)).toBeTruthy();
    const keys = api.requests.filter((request) => request.method === 'POST').map((request) => request.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('says when the invoice is already paid, and refreshes the list', async () => {
    const api = payingApi(() => [409, { message: INVOICE_ALREADY_PAID, code: 'INVOICE_ALREADY_PAID' }]);
    renderApp('/pending-invoices');
    const dialog = await openDialog();
    fireEvent.click(await dialog.findByRole('button', { name: 'Pay $156.88' }));
    expect((await dialog.findByRole('alert', undefined, slow)).textContent).toBe(INVOICE_ALREADY_PAID);
    await waitFor(() => expect(api.requests.filter((request) => request.path === '/api/invoices')).toHaveLength(2));
  });

  it('adds a card in the dialog when there is none to pay with, then pays with the card saved', async () => {
    let saved: unknown[] = [testCard({ expired: true, expYear: 2024 })];
    const newCard = testCard({ id: 'e5e5e5e5-5555-4555-8555-000000000007', last4: '4444', brand: 'mastercard', expYear: 2031 });
    const api = payingApi(() => [200, testInvoicePayments({ payments: [testPayment()] })], {
      routes: {
        'GET /api/payment-methods': () => [200, { cards: saved, payManually: true, config: testPaymentConfig }],
        'POST /api/payment-methods': () => {
          saved = [...saved, newCard];
          return [201, newCard];
        },
      },
    });
    renderApp('/pending-invoices');
    const dialog = await openDialog();
    expect(await dialog.findByText(/You have no card saved yet/, undefined, slow)).toBeTruthy();
    expect(dialog.queryByRole('button', { name: /^Pay \$/ })).toBeNull();
    fireEvent.change(dialog.getByLabelText(/Card number/), { target: { value: '5555 5555 5555 4444' } });
    fireEvent.change(dialog.getByLabelText(/Expiry month/), { target: { value: '04' } });
    fireEvent.change(dialog.getByLabelText(/Expiry year/), { target: { value: '2031' } });
    fireEvent.change(dialog.getByLabelText(/Security code/), { target: { value: '123' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save card' }));
    expect(await dialog.findByText('Mastercard •••• 4444, expires 04/2031 has been saved. Check the amount, then pay.', undefined, slow)).toBeTruthy();
    expect((dialog.getByLabelText('Mastercard •••• 4444, expires 04/2031 (default)') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(dialog.getByRole('button', { name: 'Pay $156.88' }));
    expect(await screen.findByText('Invoice INV-000123 has been paid with Mastercard •••• 4444, expires 04/2031.', undefined, slow)).toBeTruthy();
    expect(api.requests.find((request) => request.path.endsWith('/pay'))?.body).toEqual({ paymentMethodId: newCard.id });
  });
});
