import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CREDIT_REASON_REQUIRED } from '@tendly/domain/api/invoices';
import { findRoute } from '@tendly/domain/routes';
import { renderApp } from '../../app/test-app';
import { deferredReply, meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { savedFiles } from '../../app/test-downloads';
import { testInvoiceLine, testInvoiceSummary, testInvoiceWithLines, testIssuedInvoice } from '../../app/test-job-reports';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { testCard, testInvoicePayments, testPayment, testShortPaidClaimLine } from '../../app/test-payments';
import { CARD_DECLINED_MESSAGE } from '@tendly/domain/api/payments';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(() => Promise.all([import('./worker-invoices-page'), import('./invoice-page'), import('../care-seeker-invoices/pending-invoices-page')]));

afterEach(() => {
  vi.restoreAllMocks();
});

const slow = { timeout: 10_000 };
const INVOICE_ID = testIssuedInvoice().id;
const CREDIT_NOTE_ID = 'c3c3c3c3-3333-4333-8333-333333333333';

function signedIn(role: 'CS' | 'CR', routes: ApiRoutes) {
  setSignedInUser(testUser(role, role === 'CR' ? { profileStatus: 'ACTIVE' } : {}));
  return mockApi({ 'GET /api/me': () => [200, meAnswer(role)], [`GET /api/invoices/${INVOICE_ID}/payments`]: () => [200, testInvoicePayments()], ...routes });
}

/** An NDIS invoice with a line capped at the price limit and one priced from an earlier guide. */
function ndisInvoice() {
  return testInvoiceWithLines({
    fundingType: 'NDIS_PLAN_MANAGED',
    participantNdisNumber: '430123456',
    funder: { name: 'Plan Partners', email: 'accounts@planpartners.example', abn: '12345678901' },
    hasFlaggedLines: true,
    lines: [
      testInvoiceLine({ supportItem: '01_011_0107_1_1', supportItemName: 'Assistance With Self-Care Activities - Standard - Weekday Daytime', gstCode: 'P2', edition: '2026-27', priceLimitCents: 7023, unitPriceCents: 7023, amountCents: 21069, capped: true, flagged: true }),
      testInvoiceLine({ id: 'd4d4d4d4-4444-4444-8444-000000000005', date: '2026-11-24', timeBand: 'SATURDAY', supportItem: '01_013_0107_1_1', supportItemName: 'Assistance With Self-Care Activities - Standard - Saturday', gstCode: 'P2', edition: '2025-26', flagged: true }),
    ],
  });
}

describe('/invoices (the worker’s invoices)', { timeout: 30_000 }, () => {
  it('lists every invoice with what the worker receives and a link to each, filters by status in the address, and pages', async () => {
    const api = signedIn('CR', {
      'GET /api/invoices': (request) => {
        const status = request.query.get('status');
        if (status === 'PAID') return [200, { invoices: [testInvoiceSummary({ id: 'b2b2b2b2-2222-4222-8222-000000000007', number: 'INV-000099', status: 'PAID' })], allLoaded: true }];
        if (request.query.get('before') === null) return [200, { invoices: [testInvoiceSummary()], allLoaded: false }];
        return [200, { invoices: [testInvoiceSummary({ id: 'b2b2b2b2-2222-4222-8222-000000000003', number: 'INV-000121', issuedAt: '2026-11-10T02:00:00.000Z' })], allLoaded: true }];
      },
    });
    const { router } = renderApp('/invoices');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices' }, slow)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Invoices | Tendly'));
    const all = within(await screen.findByRole('list', { name: 'All invoices' }, slow));
    expect(all.getByRole('link', { name: 'Invoice INV-000123' }).getAttribute('href')).toBe(`/invoice/${INVOICE_ID}`);
    expect(all.getByText('To Helen Citizen for Margaret Smith, Mon 23 Nov 2026')).toBeTruthy();
    expect(all.getByText('$156.88 due Tue 1 Dec 2026')).toBeTruthy();
    expect(all.getByText('You receive $144.59 after the platform fee of $12.29.')).toBeTruthy();
    expect(api.requests.find((request) => request.path === '/api/invoices')?.query.get('status')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Invoice INV-000121' }, slow)).toBeTruthy();
    expect(api.requests.find((request) => request.query.get('before') !== null)?.query.get('before')).toBe(testIssuedInvoice().issuedAt);

    fireEvent.click(screen.getByRole('tab', { name: 'Paid' }));
    const paid = within(await screen.findByRole('list', { name: 'Paid invoices' }, slow));
    expect(paid.getByRole('link', { name: 'Invoice INV-000099' })).toBeTruthy();
    expect(router.state.location.search).toBe('?status=PAID');
  });

  it('opens on the status in the address, and says when there are none', async () => {
    const api = signedIn('CR', { 'GET /api/invoices': () => [200, { invoices: [], allLoaded: true }] });
    renderApp('/invoices?status=CREDITED');
    expect(await screen.findByText('No credited invoices.', undefined, slow)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Credited' }).getAttribute('aria-selected')).toBe('true');
    expect(api.requests.find((request) => request.path === '/api/invoices')?.query.get('status')).toBe('CREDITED');
  });

  it('shows the loading state, then a failure with Try again that loads the list', async () => {
    const first = deferredReply();
    let calls = 0;
    signedIn('CR', {
      'GET /api/invoices': () => {
        calls += 1;
        if (calls === 1) return first.reply();
        return [200, { invoices: [testInvoiceSummary()], allLoaded: true }];
      },
    });
    renderApp('/invoices');
    expect(await screen.findByText('Loading your invoices', undefined, slow)).toBeTruthy();
    first.resolve([500, { message: 'Boom', code: 'INTERNAL' }]);
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toContain('We could not load your invoices just now.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Invoice INV-000123' }, slow)).toBeTruthy();
  });

  it('is for workers only: a care seeker is sent to their dashboard', async () => {
    signedIn('CS', {});
    const { router } = renderApp('/invoices');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), slow);
  });
});

describe('/invoice/:invoiceId', { timeout: 30_000 }, () => {
  it('shows the worker every part of the invoice: dates, parties, lines with why any is marked, totals, the platform fee and what they receive', async () => {
    signedIn('CR', { [`GET /api/invoices/${INVOICE_ID}`]: () => [200, ndisInvoice()] });
    renderApp(`/invoice/${INVOICE_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice INV-000123' }, slow)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Invoice | Tendly'));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(findRoute('invoice').description);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('Unpaid')).toBeTruthy();

    const details = within(screen.getByRole('region', { name: 'Details' }));
    expect(details.getByText('Tue 24 Nov 2026')).toBeTruthy();
    expect(details.getByText('Tue 1 Dec 2026')).toBeTruthy();
    expect(details.getByText('NDIS (plan-managed)')).toBeTruthy();
    const from = within(screen.getByRole('region', { name: 'From' }));
    expect(from.getByText('Sam Carer')).toBeTruthy();
    expect(from.getByText('51 824 753 556')).toBeTruthy();
    expect(from.getByText('Not registered for GST')).toBeTruthy();
    const to = within(screen.getByRole('region', { name: 'To' }));
    expect(to.getByText('Margaret Smith')).toBeTruthy();
    // What a plan manager needs (issue 28): the participant's NDIS number, and who the plan manager is.
    expect(to.getByText('NDIS participant')).toBeTruthy();
    expect(to.getByText('430123456')).toBeTruthy();
    expect(to.getByText('Plan manager')).toBeTruthy();
    expect(to.getByText('Plan Partners, accounts@planpartners.example')).toBeTruthy();
    expect(to.getByText('12 345 678 901')).toBeTruthy();
    expect(to.queryByText('Buyer')).toBeNull();

    const lines = within(screen.getByRole('region', { name: 'Lines of Invoice INV-000123' }));
    const rows = lines.getAllByRole('row');
    expect(rows).toHaveLength(3);
    const capped = within(rows[1] ?? document.body);
    expect(capped.getByText('Mon 23 Nov 2026')).toBeTruthy();
    expect(capped.getByText('Weekday daytime')).toBeTruthy();
    expect(capped.getByText('NDIS item 01_011_0107_1_1: Assistance With Self-Care Activities - Standard - Weekday Daytime')).toBeTruthy();
    expect(capped.getByText('3 h')).toBeTruthy();
    expect(capped.getByText('$70.23')).toBeTruthy();
    expect(capped.getByText('$210.69')).toBeTruthy();
    // The worker is not registered for GST: the line says so, not "out of scope" (issue 28).
    expect(capped.getByText('No GST: supplier not registered')).toBeTruthy();
    expect(capped.getByText('Capped at the NDIS price limit of $70.23 an hour: the agreed rate is higher.')).toBeTruthy();
    expect(within(rows[2] ?? document.body).getByText('Priced from the 2025-26 NDIS price guide, because the guide in force on this date has no matching item.')).toBeTruthy();
    // On a phone each line stacks as a card whose cells carry their column's name (issue 31,
    // item 10a); it stays a table with column headers for screen readers.
    const headers = lines.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Date', 'Time band', 'Description', 'Quantity', 'Unit price', 'Amount', 'GST']);
    for (const row of rows.slice(1)) {
      expect(within(row).getAllByRole('cell').map((cell) => cell.getAttribute('data-label'))).toEqual(headers);
    }
    expect(screen.getByText(/^Some lines are marked below/)).toBeTruthy();

    const totals = within(screen.getByRole('region', { name: 'Totals' }));
    expect(totals.getAllByText('$156.88')).toHaveLength(2);
    expect(totals.getByText('No GST: supplier not registered')).toBeTruthy();
    expect(totals.getByText('Platform fee (9% of the hourly amounts, $136.50)')).toBeTruthy();
    expect(totals.getByText('-$12.29')).toBeTruthy();
    expect(totals.getByText('You receive')).toBeTruthy();
    expect(totals.getByText('$144.59')).toBeTruthy();
    expect(totals.getByRole('link', { name: 'About the platform fee' }).getAttribute('href')).toBe('/platform-fee');
  });

  it('calls a registered worker’s invoice with GST a tax invoice, and names the buyer from $1,000', async () => {
    const worker = { ...testIssuedInvoice().worker, gstRegistered: true };
    const taxed = testInvoiceWithLines({ worker, subtotalCents: 100_000, gstCents: 10_000, totalCents: 110_000, lines: [testInvoiceLine({ gstCode: 'P1', gstCents: 10_000, amountCents: 100_000 })] });
    signedIn('CS', { [`GET /api/invoices/${INVOICE_ID}`]: () => [200, taxed] });
    const view = renderApp(`/invoice/${INVOICE_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tax invoice INV-000123' }, slow)).toBeTruthy();
    const to = within(screen.getByRole('region', { name: 'To' }));
    expect(to.getByText('Buyer')).toBeTruthy();
    expect(to.getAllByText('Helen Citizen')).toHaveLength(2);
    expect(within(screen.getByRole('region', { name: 'Lines of Tax invoice INV-000123' })).getByText('GST 10%')).toBeTruthy();
    view.unmount();
    vi.unstubAllGlobals();

    // GST-free lines only: no GST applies, so it is an invoice, not a tax invoice.
    signedIn('CS', { [`GET /api/invoices/${INVOICE_ID}`]: () => [200, testInvoiceWithLines({ worker, fundingType: 'NDIS_SELF_MANAGED' })] });
    renderApp(`/invoice/${INVOICE_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice INV-000123' }, slow)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'To' })).getByText('Not on file')).toBeTruthy();
  });

  it('labels a disbursement paid as the client’s agent, with no GST, on a registered worker’s invoice only (issue 28)', async () => {
    const disbursement = testInvoiceLine({ id: 'd4d4d4d4-4444-4444-8444-000000000004', kind: 'EXPENSE', description: 'Pharmacy item', date: null, timeBand: null, minutes: null, quantity: 1, unit: 'E', unitPriceCents: 2350, amountCents: 2350, gstCode: 'P5', disbursement: true });
    const onCharged = testInvoiceLine({ id: 'd4d4d4d4-4444-4444-8444-000000000003', kind: 'EXPENSE', description: 'Parking', date: null, timeBand: null, minutes: null, quantity: 1, unit: 'E', unitPriceCents: 850, amountCents: 850, gstCode: 'P1', gstCents: 85 });
    const registered = { ...testIssuedInvoice().worker, gstRegistered: true };
    signedIn('CS', { [`GET /api/invoices/${INVOICE_ID}`]: () => [200, testInvoiceWithLines({ worker: registered, lines: [onCharged, disbursement] })] });
    const view = renderApp(`/invoice/${INVOICE_ID}`);
    const lines = within(await screen.findByRole('region', { name: /^Lines of / }, slow));
    expect(lines.getAllByText('Disbursement (paid as your agent): no GST')).toHaveLength(1);
    expect(lines.getByText('GST 10%')).toBeTruthy();
    view.unmount();
    vi.unstubAllGlobals();

    // An unregistered worker's lines say only that the supplier is not registered.
    signedIn('CS', { [`GET /api/invoices/${INVOICE_ID}`]: () => [200, testInvoiceWithLines({ lines: [{ ...disbursement }] })] });
    renderApp(`/invoice/${INVOICE_ID}`);
    const plain = within(await screen.findByRole('region', { name: /^Lines of / }, slow));
    expect(plain.getByText('No GST: supplier not registered')).toBeTruthy();
    expect(plain.queryByText(/Disbursement/)).toBeNull();
  });

  it('downloads the PDF with the viewer’s session and says so, or why not', async () => {
    const names = savedFiles();
    let found = true;
    const api = signedIn('CS', {
      [`GET /api/invoices/${INVOICE_ID}`]: () => [200, testInvoiceWithLines()],
      [`GET /api/invoices/${INVOICE_ID}/pdf`]: () => (found ? [200, 'pdf', { 'content-disposition': 'attachment; filename="INV-000123.pdf"' }] : [404, { message: 'That invoice does not exist.', code: 'NOT_FOUND' }]),
    });
    renderApp(`/invoice/${INVOICE_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }, slow));
    expect(await screen.findByText('Invoice INV-000123 has been downloaded as INV-000123.pdf.', undefined, slow)).toBeTruthy();
    expect(names).toEqual(['INV-000123.pdf']);
    expect(api.requests.find((request) => request.path === `/api/invoices/${INVOICE_ID}/pdf`)?.authToken).toBe('token-cs');
    found = false;
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toBe('That invoice does not exist.');
  });

  it('shows the care seeker how it is paid, and neither the worker’s fee lines nor the credit action', async () => {
    signedIn('CS', { [`GET /api/invoices/${INVOICE_ID}`]: () => [200, testInvoiceWithLines()] });
    renderApp(`/invoice/${INVOICE_ID}`);
    expect(await screen.findByText('From Sam Carer for Margaret Smith:', { exact: false }, slow)).toBeTruthy();
    expect(screen.getByText('You pay this invoice by saved card, or by bank transfer quoting the invoice’s payment reference.')).toBeTruthy();
    expect(screen.queryByText('You receive')).toBeNull();
    expect(screen.getByText(/^You pay the worker’s rates and nothing more/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Credit this invoice' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Your unpaid invoices' }).getAttribute('href')).toBe('/pending-invoices');
  });

  it('lets the worker credit an unpaid invoice with a reason, in a dialog that keeps focus, then points to the credit note', async () => {
    let credited = false;
    const api = signedIn('CR', {
      [`GET /api/invoices/${INVOICE_ID}`]: () => [200, testInvoiceWithLines(credited ? { status: 'CREDITED', creditedBy: { id: CREDIT_NOTE_ID, number: 'CN-000001' }, reason: 'Wrong date' } : {})],
      [`POST /api/invoices/${INVOICE_ID}/credit-note`]: (request) => {
        credited = true;
        return [201, testIssuedInvoice({ id: CREDIT_NOTE_ID, number: 'CN-000001', kind: 'CREDIT_NOTE', creditNoteFor: { id: INVOICE_ID, number: 'INV-000123' }, reason: (request.body as { reason: string }).reason })];
      },
    });
    renderApp(`/invoice/${INVOICE_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Credit this invoice' }, slow));
    const dialog = within(await screen.findByRole('dialog', { name: 'Credit invoice INV-000123' }));
    const reason = dialog.getByRole('textbox', { name: /Why are you crediting this invoice/ });
    await waitFor(() => expect(document.activeElement).toBe(reason));
    fireEvent.click(dialog.getByRole('button', { name: 'Issue credit note' }));
    expect(await dialog.findByText(CREDIT_REASON_REQUIRED)).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(reason);
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);

    fireEvent.change(reason, { target: { value: '  Wrong date  ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Issue credit note' }));
    const done = await screen.findByText('Credit note CN-000001 has been issued. INV-000123 now shows as credited.', undefined, slow);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({ reason: 'Wrong date' });
    await waitFor(() => expect(document.activeElement?.contains(done)).toBe(true));
    expect(screen.getByRole('link', { name: 'View credit note CN-000001' }).getAttribute('href')).toBe(`/invoice/${CREDIT_NOTE_ID}`);
    expect(await screen.findByText('Credited', undefined, slow)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Credit this invoice' })).toBeNull();
  });

  it('lets the worker credit a paid invoice, saying the payment is refunded, and shows why the API refuses one already paid out', async () => {
    signedIn('CR', {
      [`GET /api/invoices/${INVOICE_ID}`]: () => [200, testInvoiceWithLines({ status: 'PAID', paidAt: '2026-11-12T03:00:00.000Z' })],
      [`POST /api/invoices/${INVOICE_ID}/credit-note`]: () => [409, { message: 'This invoice has been paid out to you already.', code: 'CONFLICT' }],
    });
    renderApp(`/invoice/${INVOICE_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Credit this invoice' }, slow));
    const dialog = within(await screen.findByRole('dialog', { name: 'Credit invoice INV-000123' }));
    expect(dialog.getByText(/The payment is refunded the way it came, and the platform fee is given back to you\./)).toBeTruthy();
    fireEvent.change(dialog.getByRole('textbox', { name: /Why are you crediting/ }), { target: { value: 'Charged twice' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Issue credit note' }));
    expect(await dialog.findByText('This invoice has been paid out to you already.', undefined, slow)).toBeTruthy();
  });

  it('shows the API’s message on the reason it refused', async () => {
    signedIn('CR', {
      [`GET /api/invoices/${INVOICE_ID}`]: () => [200, testInvoiceWithLines()],
      [`POST /api/invoices/${INVOICE_ID}/credit-note`]: () => [400, { message: 'Invalid', code: 'VALIDATION', errors: { reason: 'Keep the reason to 1,000 characters or fewer' } }],
    });
    renderApp(`/invoice/${INVOICE_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Credit this invoice' }, slow));
    const dialog = within(await screen.findByRole('dialog', { name: 'Credit invoice INV-000123' }));
    fireEvent.change(dialog.getByRole('textbox', { name: /Why are you crediting/ }), { target: { value: 'Wrong' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Issue credit note' }));
    expect(await dialog.findByText('Keep the reason to 1,000 characters or fewer', undefined, slow)).toBeTruthy();
  });

  it('offers no credit on a credit note, and links a credit note to its invoice', async () => {
    signedIn('CR', {
      [`GET /api/invoices/${CREDIT_NOTE_ID}`]: () => [200, testInvoiceWithLines({ id: CREDIT_NOTE_ID, number: 'CN-000001', kind: 'CREDIT_NOTE', creditNoteFor: { id: INVOICE_ID, number: 'INV-000123' }, reason: 'Wrong date' })],
    });
    renderApp(`/invoice/${CREDIT_NOTE_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Credit note CN-000001' }, slow)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'invoice INV-000123' }).getAttribute('href')).toBe(`/invoice/${INVOICE_ID}`);
    expect(screen.getByText('Total credited')).toBeTruthy();
    expect(screen.getByText('Platform fee credited back (9% of the hourly amounts)')).toBeTruthy();
    expect(screen.queryByText('You receive')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Credit this invoice' })).toBeNull();
  });

  it('shows loading, then a failure with Try again; and a plain message for an invoice that is not theirs', async () => {
    const first = deferredReply();
    let calls = 0;
    signedIn('CR', {
      [`GET /api/invoices/${INVOICE_ID}`]: () => {
        calls += 1;
        return calls === 1 ? first.reply() : [200, testInvoiceWithLines()];
      },
      'GET /api/invoices/b2b2b2b2-2222-4222-8222-999999999999': () => [404, { message: 'Not found', code: 'NOT_FOUND' }],
    });
    const view = renderApp(`/invoice/${INVOICE_ID}`);
    expect(await screen.findByText('Loading the invoice', undefined, slow)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Invoice' })).toBeTruthy();
    first.resolve([500, { message: 'Something went wrong on our side.', code: 'INTERNAL' }]);
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toBe('Something went wrong on our side.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice INV-000123' }, slow)).toBeTruthy();
    view.unmount();

    renderApp('/invoice/b2b2b2b2-2222-4222-8222-999999999999');
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toBe('We could not find that invoice. It may not exist, or it is not one of yours.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'All your invoices' }).getAttribute('href')).toBe('/invoices');
  });

  it('opens from the care seeker’s list of unpaid invoices', async () => {
    signedIn('CS', {
      'GET /api/invoices': () => [200, { invoices: [testInvoiceSummary()], allLoaded: true }],
      [`GET /api/invoices/${INVOICE_ID}`]: () => [200, testInvoiceWithLines()],
    });
    const { router } = renderApp('/pending-invoices');
    fireEvent.click(await screen.findByRole('link', { name: 'Invoice INV-000123' }, slow));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice INV-000123' }, slow)).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/invoice/${INVOICE_ID}`);
  });

  it('sends a visitor to sign in, and a support coordinator (not acting) home', async () => {
    mockApi({});
    const visitor = renderApp(`/invoice/${INVOICE_ID}`);
    await waitFor(() => expect(visitor.router.state.location.pathname).toBe('/login'), slow);
    visitor.unmount();
    setSignedInUser(testUser('SUPPORT'));
    mockApi({ 'GET /api/me': () => [200, meAnswer('SUPPORT')], 'GET /api/support-coordinator/clients': () => [200, []] });
    const coordinator = renderApp(`/invoice/${INVOICE_ID}`);
    await waitFor(() => expect(coordinator.router.state.location.pathname).toBe('/support-coordinator/dashboard'), slow);
  });
});

describe('the Payment panel of /invoice/:invoiceId', { timeout: 30_000 }, () => {
  const panel = async () => within(await screen.findByRole('region', { name: 'Payment' }, slow));

  it('gives the bank transfer details with the invoice’s payment reference, a failed charge with why, and the next retry', async () => {
    signedIn('CS', {
      [`GET /api/invoices/${INVOICE_ID}`]: () => [200, testInvoiceWithLines()],
      [`GET /api/invoices/${INVOICE_ID}/payments`]: () => [
        200,
        testInvoicePayments({ autoPayCard: testCard(), nextRetryAt: '2026-11-27T22:00:00.000Z', payments: [testPayment({ status: 'FAILED', failureMessage: CARD_DECLINED_MESSAGE })] }),
      ],
    });
    renderApp(`/invoice/${INVOICE_ID}`);
    const payment = await panel();
    expect(await payment.findByText('Your card Visa •••• 4242, expires 04/2030 is charged automatically.', undefined, slow)).toBeTruthy();
    const transfer = within(payment.getByText('Account name').closest('dl') as HTMLElement);
    expect(transfer.getByText('Tendly Pty Ltd')).toBeTruthy();
    expect(transfer.getByText('062-000')).toBeTruthy();
    expect(transfer.getByText('12345678')).toBeTruthy();
    expect(transfer.getByText('Payment reference')).toBeTruthy();
    expect(transfer.getByText('1001239')).toBeTruthy();
    expect(payment.getByText('Quote the payment reference exactly as shown, so that the payment is matched to this invoice.')).toBeTruthy();
    expect(payment.getByText('$156.88 could not be charged on Wed 25 Nov 2026 (Visa •••• 4242, attempt 1).')).toBeTruthy();
    expect(payment.getByText(CARD_DECLINED_MESSAGE)).toBeTruthy();
    expect(payment.getByText(/^We will try the card again on Sat 28 Nov 2026/)).toBeTruthy();
  });

  it('lets the care seeker pay from the invoice itself, adding a card in the dialog when none is saved (issue 31, item 4)', async () => {
    let cards: unknown[] = [];
    let isPaid = false;
    const card = testCard();
    const api = signedIn('CS', {
      [`GET /api/invoices/${INVOICE_ID}`]: () => [200, testInvoiceWithLines(isPaid ? { status: 'PAID', paidAt: '2026-11-25T01:00:00.000Z' } : {})],
      [`GET /api/invoices/${INVOICE_ID}/payments`]: () => [200, testInvoicePayments(isPaid ? { payments: [testPayment()] } : {})],
      'GET /api/payment-methods': () => [200, { cards, payManually: true, config: { provider: 'test', publishableKey: null } }],
      'POST /api/payment-methods': () => {
        cards = [card];
        return [201, card];
      },
      [`POST /api/invoices/${INVOICE_ID}/pay`]: () => {
        isPaid = true;
        return [200, testInvoicePayments({ payments: [testPayment()] })];
      },
    });
    renderApp(`/invoice/${INVOICE_ID}`);
    const payment = await panel();
    expect(await payment.findByText('Pay by card with the Pay button, or by bank transfer:', undefined, slow)).toBeTruthy();
    fireEvent.click(payment.getByRole('button', { name: 'Pay $156.88' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Pay invoice INV-000123' }, slow));
    expect(await dialog.findByText(/You have no card saved yet/, undefined, slow)).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(/Card number/), { target: { value: '4242 4242 4242 4242' } });
    fireEvent.change(dialog.getByLabelText(/Expiry month/), { target: { value: '04' } });
    fireEvent.change(dialog.getByLabelText(/Expiry year/), { target: { value: '2030' } });
    fireEvent.change(dialog.getByLabelText(/Security code/), { target: { value: '123' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save card' }));
    fireEvent.click(await dialog.findByRole('button', { name: 'Pay $156.88' }, slow));
    expect(await payment.findByText('Invoice INV-000123 has been paid with Visa •••• 4242, expires 04/2030.', undefined, slow)).toBeTruthy();
    expect(await payment.findByText('This invoice is paid.', undefined, slow)).toBeTruthy();
    expect(payment.queryByRole('button', { name: /^Pay \$/ })).toBeNull();
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual(['/api/payment-methods', `/api/invoices/${INVOICE_ID}/pay`]);
  });

  it('offers the worker no Pay button on their own invoice', async () => {
    signedIn('CR', { [`GET /api/invoices/${INVOICE_ID}`]: () => [200, testInvoiceWithLines()] });
    renderApp(`/invoice/${INVOICE_ID}`);
    expect(await (await panel()).findByText('By card, or by bank transfer:', undefined, slow)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay \$/ })).toBeNull();
  });

  it('says who the invoice was sent to, or that it is claimed from the NDIA, and shows a paid invoice’s payment', async () => {
    signedIn('CS', {
      [`GET /api/invoices/${INVOICE_ID}`]: () => [200, testInvoiceWithLines({ fundingType: 'NDIS_PLAN_MANAGED' })],
      [`GET /api/invoices/${INVOICE_ID}/payments`]: () => [200, testInvoicePayments({ howToPay: 'FUNDER', funder: { name: 'Plan Partners', email: 'accounts@planpartners.example', sentAt: '2026-11-24T23:00:00.000Z' } })],
    });
    const view = renderApp(`/invoice/${INVOICE_ID}`);
    const funderPanel = await panel();
    expect(await funderPanel.findByText('Sent to your plan manager or provider Plan Partners (accounts@planpartners.example) on Wed 25 Nov 2026. They pay it by bank transfer to:', undefined, slow)).toBeTruthy();
    // The plan manager pays into the platform's account, quoting this invoice's reference (issue 28).
    const funderTransfer = within(funderPanel.getByText('Account name').closest('dl') as HTMLElement);
    expect(funderTransfer.getByText('12345678')).toBeTruthy();
    expect(funderTransfer.getByText('1001239')).toBeTruthy();
    view.unmount();
    vi.unstubAllGlobals();

    signedIn('CR', {
      [`GET /api/invoices/${INVOICE_ID}`]: () => [200, testInvoiceWithLines({ fundingType: 'NDIS_AGENCY_MANAGED', ndisClaimed: true, ndisClaimedAt: '2026-11-25T01:00:00.000Z' })],
      [`GET /api/invoices/${INVOICE_ID}/payments`]: () => [
        200,
        testInvoicePayments({
          howToPay: 'NDIA',
          receivedCents: 21000,
          outstandingCents: 3500,
          claimLines: [testShortPaidClaimLine()],
        }),
      ],
    });
    const second = renderApp(`/invoice/${INVOICE_ID}`);
    const claimed = await panel();
    expect(await claimed.findByText(/^Claimed from the NDIA on Wed 25 Nov 2026/, undefined, slow)).toBeTruthy();
    // Issue 28: what the NDIA actually paid, what is still owed, and the short-paid line with why.
    expect(claimed.getByText('Received $210.00. Outstanding $35.00.')).toBeTruthy();
    const lines = within(claimed.getByRole('list', { name: 'NDIA claim lines' }));
    expect(lines.getByText('Line 1 (INV-000123-L1-abc-1): $210.00 of $245.00 received.')).toBeTruthy();
    expect(lines.getByText(/^Short-paid by \$35.00\. The NDIA paid \$210.00 of \$245.00 claimed: the price was capped at the limit of \$60.00\./)).toBeTruthy();
    second.unmount();
    vi.unstubAllGlobals();

    signedIn('CS', {
      [`GET /api/invoices/${INVOICE_ID}`]: () => [200, testInvoiceWithLines({ status: 'PAID' })],
      [`GET /api/invoices/${INVOICE_ID}/payments`]: () => [200, testInvoicePayments({ payments: [testPayment({ channel: 'BANK_TRANSFER', cardBrand: null, cardLast4: null, reference: 'INV-000123', receivedOn: '2026-11-26' })] })],
    });
    renderApp(`/invoice/${INVOICE_ID}`);
    const paid = await panel();
    expect(await paid.findByText('This invoice is paid.', undefined, slow)).toBeTruthy();
    expect(paid.getByText('$156.88 paid on Thu 26 Nov 2026 (Bank transfer, reference INV-000123).')).toBeTruthy();
  });

  it('says when the payment details cannot load, without hiding the invoice', async () => {
    signedIn('CS', { [`GET /api/invoices/${INVOICE_ID}`]: () => [200, testInvoiceWithLines()], [`GET /api/invoices/${INVOICE_ID}/payments`]: () => [500, { message: 'Boom', code: 'INTERNAL' }] });
    renderApp(`/invoice/${INVOICE_ID}`);
    expect((await (await panel()).findByRole('alert', undefined, slow)).textContent).toBe('We could not load how this invoice is paid just now. Please try again in a minute.');
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
  });
});
