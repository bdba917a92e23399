import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PAYMENT_AMOUNT_MISMATCH } from '@tendly/domain/api/payments';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { savedFiles } from '../../app/test-downloads';
import { setUpPageTests } from '../../app/test-page-setup';
import { testInvoicePayments, testShortPaidClaimLine } from '../../app/test-payments';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(() => Promise.all([import('./admin-payments-page'), import('./admin-payouts-page'), import('./admin-ndis-claims-page'), import('./admin-money-page')]));

afterEach(() => {
  vi.restoreAllMocks();
});

const slow = { timeout: 10_000 };
const INVOICE_ID = 'b2b2b2b2-2222-4222-8222-222222222222';
const RUN_ID = 'c8c8c8c8-8888-4888-8888-000000000001';
const BATCH_ID = 'd9d9d9d9-9999-4999-8999-000000000001';

function adminApi(routes: ApiRoutes) {
  setSignedInUser(testUser('ADMIN'));
  return mockApi({ 'GET /api/me': () => [200, meAnswer('ADMIN')], ...routes });
}

const receivable = {
  invoiceId: INVOICE_ID,
  number: 'INV-000123',
  careSeekerName: 'Helen Citizen',
  clientName: 'Margaret Smith',
  workerName: 'Sam Carer',
  fundingType: 'PRIVATE',
  howToPay: 'CARD_OR_TRANSFER',
  totalCents: 15688,
  issuedAt: '2026-11-24T02:00:00.000Z',
  dueDate: '2026-12-01',
  paymentReference: '1001239',
};

describe('/admin/payments', { timeout: 30_000 }, () => {
  it('finds an invoice by reference and records the transfer received, checking the amount', async () => {
    let paid = false;
    const api = adminApi({
      'GET /api/admin/receivables': () => [200, { receivables: paid ? [] : [receivable] }],
      [`POST /api/admin/invoices/${INVOICE_ID}/payments`]: (request) => {
        const body = request.body as { amountCents: number };
        if (body.amountCents !== 15688) return [400, { message: PAYMENT_AMOUNT_MISMATCH, code: 'PAYMENT_AMOUNT_MISMATCH', errors: { amountCents: PAYMENT_AMOUNT_MISMATCH } }];
        paid = true;
        return [200, testInvoicePayments()];
      },
    });
    renderApp('/admin/payments');
    const table = within(await screen.findByRole('table', { name: 'Invoices waiting for money, oldest first' }, slow));
    expect(table.getByText('INV-000123')).toBeTruthy();
    expect(table.getByText('Reference 1001239')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Payment reference or invoice number'), { target: { value: ' 1001 239 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.requests.at(-1)?.query.get('reference')).toBe('1001 239'));

    fireEvent.click(table.getByRole('button', { name: 'Record payment for INV-000123' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Record a payment for INV-000123' }));
    expect((dialog.getByLabelText(/Reference the payer gave/) as HTMLInputElement).value).toBe('1001239');
    fireEvent.change(dialog.getByLabelText(/Amount received/), { target: { value: 'lots' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(await dialog.findByText('Enter the amount received')).toBeTruthy();
    expect(document.activeElement).toBe(dialog.getByLabelText(/Amount received/));

    fireEvent.change(dialog.getByLabelText(/Amount received/), { target: { value: '150' } });
    fireEvent.change(dialog.getByLabelText(/Date the money arrived/), { target: { value: '2026-11-26' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(await dialog.findByText(PAYMENT_AMOUNT_MISMATCH, undefined, slow)).toBeTruthy();

    fireEvent.change(dialog.getByLabelText(/Amount received/), { target: { value: '$156.88' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Payment recorded: INV-000123 is now paid.', undefined, slow)).toBeTruthy();
    expect(api.requests.filter((request) => request.method === 'POST').at(-1)?.body).toEqual({ channel: 'BANK_TRANSFER', amountCents: 15688, reference: '1001239', receivedOn: '2026-11-26' });
    expect(await screen.findByText('No unpaid invoice matches “1001 239”.', undefined, slow)).toBeTruthy();
  });

  it('says when the list cannot load', async () => {
    adminApi({ 'GET /api/admin/receivables': () => [500, { message: 'Something broke.', code: 'INTERNAL' }] });
    renderApp('/admin/payments');
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toBe('Something broke.');
  });
});

describe('/admin/payouts', { timeout: 30_000 }, () => {
  const run = { id: RUN_ID, runDate: '2026-11-26', startedAt: '2026-11-26T04:00:00.000Z', finishedAt: '2026-11-26T04:00:09.000Z', payoutCount: 12, totalCents: 348200, hasFile: true };
  const PAYOUT_BATCH_ID = 'b9b9b9b9-9999-4999-8999-000000000001';
  const batch = {
    id: PAYOUT_BATCH_ID,
    number: 41,
    runDate: '2026-11-28',
    processingDate: '2026-11-30',
    fileName: 'payouts-2026-11-28-000041.aba',
    payoutCount: 12,
    totalCents: 348200,
    createdAt: '2026-11-28T04:00:09.000Z',
    lodgedAt: null,
    lodgedByName: null,
    returnedCount: 0,
  };
  const held = [{ workerId: 'e1e1e1e1-1111-4111-8111-000000000001', workerName: 'Wren Worker', reason: 'Add your bank account in Tax and super so we can pay you.', heldCents: 14459 }];

  it('lists runs, bank files and held workers, runs payouts after confirming, downloads a file and marks it lodged', async () => {
    const names = savedFiles();
    let runs = [run];
    let batches: (typeof batch | (Omit<typeof batch, 'lodgedAt' | 'lodgedByName'> & { lodgedAt: string; lodgedByName: string }))[] = [batch];
    adminApi({
      'GET /api/admin/payout-runs': () => [200, { runs, batches, returned: [], held }],
      'POST /api/admin/payout-runs': () => {
        const today = { ...run, id: 'c8c8c8c8-8888-4888-8888-000000000002', runDate: '2026-11-27', payoutCount: 3, totalCents: 43377 };
        runs = [today, ...runs];
        return [200, today];
      },
      [`GET /api/admin/payout-batches/${PAYOUT_BATCH_ID}/aba`]: () => [200, 'aba', { 'content-disposition': 'attachment; filename="payouts-2026-11-28-000041.aba"' }],
      [`POST /api/admin/payout-batches/${PAYOUT_BATCH_ID}/lodged`]: () => {
        batches = [{ ...batch, lodgedAt: '2026-11-28T05:00:00.000Z', lodgedByName: 'Ada Admin' }];
        return [200, batches[0]];
      },
    });
    renderApp('/admin/payouts');
    const runsTable = within(await screen.findByRole('table', { name: 'Payout runs, newest first' }, slow));
    expect(runsTable.getByText('$3,482.00')).toBeTruthy();
    const heldTable = within(screen.getByRole('table', { name: 'Workers who cannot be paid, and why' }));
    expect(heldTable.getByText('Wren Worker')).toBeTruthy();
    expect(heldTable.getByText('Add your bank account in Tax and super so we can pay you.')).toBeTruthy();

    const files = within(screen.getByRole('table', { name: 'Bank files, newest first' }));
    expect(files.getByText('payouts-2026-11-28-000041.aba')).toBeTruthy();
    expect(files.getByText('Not yet')).toBeTruthy();
    fireEvent.click(files.getByRole('button', { name: 'Download bank file payouts-2026-11-28-000041.aba' }));
    expect(await screen.findByText('Bank file 41 has been downloaded as payouts-2026-11-28-000041.aba.', undefined, slow)).toBeTruthy();
    expect(names).toEqual(['payouts-2026-11-28-000041.aba']);

    const markLodged = files.getByRole('button', { name: 'Mark lodged: payouts-2026-11-28-000041.aba' });
    expect(markLodged.tagName).toBe('BUTTON');
    fireEvent.click(markLodged);
    const lodgeDialog = within(await screen.findByRole('dialog', { name: 'Mark this file as lodged?' }));
    expect(document.activeElement).toBe(lodgeDialog.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(lodgeDialog.getByRole('button', { name: 'Mark lodged' }));
    expect(await screen.findByText('payouts-2026-11-28-000041.aba is marked as lodged with the bank.', undefined, slow)).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Bank files, newest first' })).getByText(/by Ada Admin$/)).toBeTruthy());
    expect(within(screen.getByRole('table', { name: 'Bank files, newest first' })).queryByRole('button', { name: /^Mark lodged/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Run payouts now' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Run payouts now?' }));
    expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Run payouts' }));
    expect(await screen.findByText(/: 3 payouts, \$433.77 in all\.$/, undefined, slow)).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Payout runs, newest first' })).getAllByRole('row')).toHaveLength(3));
  });

  it('records a returned payment from labelled fields, with the errors on the fields', async () => {
    const returned = {
      id: 'a1a1a1a1-1111-4111-8111-000000000009',
      lodgementReference: 'PAY-000000125',
      workerId: 'e1e1e1e1-1111-4111-8111-000000000001',
      workerName: 'Wren Worker',
      amountCents: 28918,
      batchNumber: 41,
      returnedAt: '2026-12-01T01:00:00.000Z',
      returnReason: 'Account closed',
      repaid: false,
    };
    let list: (typeof returned)[] = [];
    const api = adminApi({
      'GET /api/admin/payout-runs': () => [200, { runs: [run], batches: [batch], returned: list, held: [] }],
      'POST /api/admin/payout-returns': (request) => {
        const body = request.body as { lodgementReference: string };
        if (body.lodgementReference !== 'PAY-000000125') {
          return [400, { message: 'That lodgement reference has a wrong digit: check it against the bank’s return report.', code: 'VALIDATION', errors: { lodgementReference: 'That lodgement reference has a wrong digit: check it against the bank’s return report.' } }];
        }
        list = [returned];
        return [200, returned];
      },
    });
    renderApp('/admin/payouts');
    const form = within(await screen.findByRole('form', { name: 'Record a returned payment' }, slow));
    const referenceField = form.getByRole('textbox', { name: /^Lodgement reference/ });
    const reasonField = form.getByRole('textbox', { name: /^The bank’s reason/ });

    // Nothing typed: each field says what to enter, and the first has focus.
    fireEvent.click(form.getByRole('button', { name: 'Record returned payment' }));
    expect(await form.findByText('Enter the lodgement reference from the bank’s return report, like PAY-000001234.')).toBeTruthy();
    expect(document.activeElement).toBe(referenceField);
    expect(api.requests.filter((request) => request.method === 'POST')).toEqual([]);

    fireEvent.change(referenceField, { target: { value: 'PAY-000000126' } });
    fireEvent.change(reasonField, { target: { value: 'Account closed' } });
    fireEvent.submit(referenceField.closest('form')!);
    expect(await form.findByText('That lodgement reference has a wrong digit: check it against the bank’s return report.', undefined, slow)).toBeTruthy();
    expect(referenceField.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(referenceField, { target: { value: 'PAY-000000125' } });
    fireEvent.submit(referenceField.closest('form')!);
    expect(await screen.findByText('Payment PAY-000000125 of $289.18 to Wren Worker is recorded as returned. They have been emailed to check their bank details.', undefined, slow)).toBeTruthy();
    const table = within(await screen.findByRole('table', { name: 'Payments the bank sent back, newest first' }, slow));
    expect(table.getByText('Not yet: waiting for new bank details')).toBeTruthy();
    expect((referenceField as HTMLInputElement).value).toBe('');
  });

  it('says when nothing has run and no one is held', async () => {
    adminApi({ 'GET /api/admin/payout-runs': () => [200, { runs: [], batches: [], returned: [], held: [] }] });
    renderApp('/admin/payouts');
    expect(await screen.findByText('No payout has run yet.', undefined, slow)).toBeTruthy();
    expect(screen.getByText('No bank file has been made yet.')).toBeTruthy();
    expect(screen.getByText('No worker is held back.')).toBeTruthy();
  });
});

describe('/admin/ndis-claims', { timeout: 30_000 }, () => {
  const batch = { id: BATCH_ID, fileName: 'TDY20261126A.csv', rowCount: 40, totalCents: 512300, createdAt: '2026-11-26T00:00:00.000Z', resultUploadedAt: null, paidCount: 0, rejectedCount: 0 };
  const rejection = { lineId: 'f1f1f1f1-1111-4111-8111-000000000001', claimReference: 'INV-000123-1', invoiceId: INVOICE_ID, invoiceNumber: 'INV-000123', clientName: 'Margaret Smith', supportItem: '01_011_0107_1_1', amountCents: 21069, reason: 'Participant plan not current' };

  it('exports the claim file after confirming, downloads it, uploads the result and lists the rejected lines', async () => {
    const names = savedFiles();
    let exported = false;
    let uploaded = false;
    const api = adminApi({
      'GET /api/admin/ndis-claims': () => [
        200,
        {
          unclaimed: exported ? { invoiceCount: 0, lineCount: 0, totalCents: 0 } : { invoiceCount: 7, lineCount: 40, totalCents: 512300 },
          batches: exported ? [uploaded ? { ...batch, resultUploadedAt: '2026-11-27T00:00:00.000Z', paidCount: 39, rejectedCount: 1 } : batch] : [],
          rejections: uploaded ? [rejection] : [],
          awaitingCash: [],
          shortPaid: [],
          skipped: [{ invoiceId: INVOICE_ID, invoiceNumber: 'INV-000124', clientName: 'Ravi Patel', reason: 'No NDIS number on file for the participant.' }],
        },
      ],
      'POST /api/admin/ndis-claims': () => {
        exported = true;
        return [200, { batches: [batch] }];
      },
      [`GET /api/admin/ndis-claims/${BATCH_ID}/file`]: () => [200, 'csv', { 'content-disposition': 'attachment; filename="TDY20261126A.csv"' }],
      [`POST /api/admin/ndis-claims/${BATCH_ID}/result`]: () => {
        uploaded = true;
        return [200, { acceptedLines: 39, shortPaidLines: 0, rejectedLines: 1, invoicesPaid: 0, errors: [] }];
      },
    });
    renderApp('/admin/ndis-claims');
    expect(await screen.findByText('7 invoices, 40 lines, $5,123.00.', undefined, slow)).toBeTruthy();
    expect(screen.getByText('No claim file has been exported yet.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Not claimable yet' })).getByText('INV-000124 for Ravi Patel: No NDIS number on file for the participant.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export claim file' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Export the claim file?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Export claim file' }));
    expect(await screen.findByText(/^Exported 1 claim file: TDY20261126A.csv\./, undefined, slow)).toBeTruthy();
    const files = within(await screen.findByRole('table', { name: 'Claim files, newest first' }, slow));
    expect(files.getByText('Waiting for the NDIA')).toBeTruthy();
    fireEvent.click(files.getByRole('button', { name: 'Download TDY20261126A.csv' }));
    expect(await screen.findByText('TDY20261126A.csv has been downloaded.', undefined, slow)).toBeTruthy();
    expect(names).toEqual(['TDY20261126A.csv']);

    const upload = within(screen.getByRole('form', { name: 'Upload the NDIA’s result file' }));
    fireEvent.click(upload.getByRole('button', { name: 'Upload result' }));
    expect(await upload.findByText('Choose the NDIA’s result file')).toBeTruthy();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    fireEvent.change(input as HTMLInputElement, { target: { files: [new File(['result'], 'result.csv', { type: 'text/csv' })] } });
    fireEvent.click(upload.getByRole('button', { name: 'Upload result' }));
    expect(await screen.findByText('Result uploaded: 39 lines accepted, 1 line rejected. Accepted lines are paid when the NDIA’s remittance is imported.', undefined, slow)).toBeTruthy();
    const rejected = within(await screen.findByRole('table', { name: 'Lines the NDIA rejected, to correct and claim again' }, slow));
    expect(rejected.getByText('Participant plan not current')).toBeTruthy();
    expect(rejected.getByText('$210.69')).toBeTruthy();
    expect(api.requests.some((request) => request.method === 'POST' && request.path.endsWith('/result'))).toBe(true);
  });

  it('lists accepted lines waiting for the cash and short-paid lines, imports a remittance and acts on a difference', async () => {
    const claimLine = {
      ...testShortPaidClaimLine(),
      invoiceId: INVOICE_ID,
      invoiceNumber: 'INV-000123',
      clientName: 'Margaret Smith',
      supportItem: '01_011_0107_1_1',
    };
    let writtenOff = false;
    const api = adminApi({
      'GET /api/admin/ndis-claims': () => [
        200,
        {
          unclaimed: { invoiceCount: 0, lineCount: 0, totalCents: 0 },
          batches: [],
          rejections: [],
          skipped: [],
          awaitingCash: [{ ...claimLine, id: 'e1e1e1e1-1111-4111-8111-000000000002', claimReference: 'INV-000124-L1-abd-1', paymentRequestNumber: 'PR5002', status: 'ACCEPTED', cashCents: null, cashReceivedAt: null, shortPaid: false, shortCents: 0, shortReason: null }],
          shortPaid: writtenOff ? [] : [claimLine],
        },
      ],
      'POST /api/admin/ndis-claims/remittance': () => [200, { matched: [{ line: 2, paymentRequestNumber: 'PR5002', claimReference: 'INV-000124-L1-abd-1', invoiceId: INVOICE_ID, invoiceNumber: 'INV-000124', amountCents: 14000, newlyRecorded: true }], unmatched: [{ line: 3, paymentRequestNumber: 'PR9', amountCents: 1000, reason: 'Line 3: no accepted claim has the payment request number PR9.' }], invoicesPaid: 1 }],
      [`POST /api/admin/ndis-claims/lines/${claimLine.id}/shortfall`]: () => {
        writtenOff = true;
        return [200, { ...claimLine, shortfallAction: 'WRITE_OFF' }];
      },
    });
    renderApp('/admin/ndis-claims');
    const waiting = within(await screen.findByRole('table', { name: 'Accepted lines waiting for the NDIA’s cash' }, slow));
    expect(waiting.getByText('PR5002')).toBeTruthy();
    const remittanceForm = screen.getByRole('form', { name: 'Import the NDIA’s remittance' });
    const remittance = within(remittanceForm);
    fireEvent.click(remittance.getByRole('button', { name: 'Import remittance' }));
    expect(await remittance.findByText('Choose the NDIA’s remittance')).toBeTruthy();
    fireEvent.change(remittanceForm.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [new File(['remittance'], 'remittance.csv', { type: 'text/csv' })] } });
    fireEvent.click(remittance.getByRole('button', { name: 'Import remittance' }));
    expect(await screen.findByText('Remittance imported: 1 line paid, 0 lines were already recorded; 1 invoice is now paid. Not matched: Line 3: no accepted claim has the payment request number PR9.', undefined, slow)).toBeTruthy();

    const short = within(screen.getByRole('table', { name: /^Lines the NDIA paid less than claimed/ }));
    expect(short.getByText(claimLine.shortReason)).toBeTruthy();
    expect(short.getByText('$35.00')).toBeTruthy();
    fireEvent.click(short.getByRole('button', { name: 'Write off: INV-000123-L1-abc-1' }));
    expect(await screen.findByText('The difference on INV-000123-L1-abc-1 is written off.', undefined, slow)).toBeTruthy();
    expect(await screen.findByText('No line was paid less than claimed.', undefined, slow)).toBeTruthy();
    expect(api.requests.find((request) => request.path.endsWith('/shortfall'))?.body).toEqual({ action: 'WRITE_OFF' });
  });

  it('records by hand the NDIA’s deposit for an accepted line and the care seeker’s payment of a billed difference, with errors on the fields', async () => {
    const accepted = {
      id: 'e1e1e1e1-1111-4111-8111-000000000003',
      invoiceLineId: 'e2e2e2e2-2222-4222-8222-000000000003',
      linePosition: 1,
      claimReference: 'INV-000125-L1-abe-1',
      paymentRequestNumber: 'PR5003',
      status: 'ACCEPTED',
      claimedCents: 14000,
      acceptedCents: 12000,
      cashCents: null,
      cashReceivedAt: null,
      shortPaid: true,
      shortCents: 2000,
      shortReason: 'The NDIA paid $120.00 of $140.00 claimed.',
      rejectionReason: null,
      shortfallAction: null,
      resubmissionOf: null,
      invoiceId: INVOICE_ID,
      invoiceNumber: 'INV-000125',
      clientName: 'Margaret Smith',
      supportItem: '01_011_0107_1_1',
    };
    const billed = { ...accepted, id: 'e1e1e1e1-1111-4111-8111-000000000004', claimReference: 'INV-000126-L1-abf-1', invoiceNumber: 'INV-000126', status: 'PAID', cashCents: 12000, shortfallAction: 'BILL_CARE_SEEKER' };
    let ndiaPaid = false;
    let careSeekerPaid = false;
    const api = adminApi({
      'GET /api/admin/ndis-claims': () => [
        200,
        { unclaimed: { invoiceCount: 0, lineCount: 0, totalCents: 0 }, batches: [], rejections: [], skipped: [], awaitingCash: ndiaPaid ? [] : [accepted], shortPaid: [], awaitingCareSeeker: careSeekerPaid ? [] : [billed] },
      ],
      [`POST /api/admin/ndis-claims/lines/${accepted.id}/cash`]: (request) => {
        if ((request.body as { reference: string }).reference === 'Already used') return [409, { message: 'The cash for this line was already recorded for another amount.', code: 'CONFLICT' }];
        ndiaPaid = true;
        return [200, { ...accepted, status: 'PAID', cashCents: 12000 }];
      },
      [`POST /api/admin/ndis-claims/lines/${billed.id}/cash`]: () => {
        careSeekerPaid = true;
        return [200, billed];
      },
    });
    renderApp('/admin/ndis-claims');
    const waiting = within(await screen.findByRole('table', { name: 'Accepted lines waiting for the NDIA’s cash' }, slow));
    const opener = waiting.getByRole('button', { name: 'Record deposit: INV-000125-L1-abe-1' });
    fireEvent.click(opener);
    const dialog = within(await screen.findByRole('dialog', { name: 'Record the NDIA’s deposit for INV-000125-L1-abe-1' }));
    const amount = dialog.getByLabelText(/Amount received/) as HTMLInputElement;
    // Prefilled with what the NDIA accepted.
    expect(amount.value).toBe('120.00');
    await waitFor(() => expect(document.activeElement).toBe(amount));

    fireEvent.change(amount, { target: { value: '12.345' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Record deposit' }));
    expect(await dialog.findByText('Enter the amount in dollars and cents, like 140.00')).toBeTruthy();
    expect(dialog.getByText('Enter the bank statement’s reference')).toBeTruthy();
    expect(document.activeElement).toBe(amount);
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Record deposit' }));
    expect(await dialog.findByText('Enter an amount more than $0.00')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '140.01' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Record deposit' }));
    expect(await dialog.findByText('Enter no more than $140.00, the amount claimed')).toBeTruthy();
    expect(api.requests.filter((request) => request.method === 'POST')).toEqual([]);

    fireEvent.change(amount, { target: { value: '$120' } });
    fireEvent.change(dialog.getByLabelText(/Date the money arrived/), { target: { value: '2026-12-04' } });
    fireEvent.change(dialog.getByLabelText(/Bank statement reference/), { target: { value: 'Already used' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Record deposit' }));
    expect(await dialog.findByRole('alert', undefined, slow)).toBeTruthy();
    expect(dialog.getByText('The cash for this line was already recorded for another amount.')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(/Bank statement reference/), { target: { value: 'NDIA 10/12' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Record deposit' }));
    expect(await screen.findByText('The NDIA’s deposit of $120.00 is recorded for INV-000125-L1-abe-1.', undefined, slow)).toBeTruthy();
    expect(api.requests.filter((request) => request.method === 'POST').at(-1)?.body).toEqual({ from: 'NDIA', amountCents: 12000, receivedOn: '2026-12-04', reference: 'NDIA 10/12' });
    expect(await screen.findByText('No accepted line is waiting for its cash.', undefined, slow)).toBeTruthy();

    const owed = within(screen.getByRole('table', { name: 'Differences billed to the care seeker, waiting for their payment' }));
    expect(owed.getByText('$20.00')).toBeTruthy();
    fireEvent.click(owed.getByRole('button', { name: 'Record payment from the care seeker: INV-000126-L1-abf-1' }));
    const payment = within(await screen.findByRole('dialog', { name: 'Record the care seeker’s payment for INV-000126-L1-abf-1' }));
    expect((payment.getByLabelText(/Amount received/) as HTMLInputElement).value).toBe('20.00');
    fireEvent.change(payment.getByLabelText(/Date the money arrived/), { target: { value: '2026-12-05' } });
    fireEvent.change(payment.getByLabelText(/Bank statement reference/), { target: { value: 'Helen gap payment' } });
    fireEvent.click(payment.getByRole('button', { name: 'Record deposit' }));
    expect(await screen.findByText('The care seeker’s payment of $20.00 is recorded for INV-000126-L1-abf-1.', undefined, slow)).toBeTruthy();
    expect(api.requests.filter((request) => request.method === 'POST').at(-1)?.body).toEqual({ from: 'CARE_SEEKER', amountCents: 2000, receivedOn: '2026-12-05', reference: 'Helen gap payment' });
    expect(await screen.findByText('No difference billed to a care seeker is waiting for their payment.', undefined, slow)).toBeTruthy();
  });

  it('says when nothing waits to be claimed, and when the overview cannot load', async () => {
    adminApi({ 'GET /api/admin/ndis-claims': () => [200, { unclaimed: { invoiceCount: 0, lineCount: 0, totalCents: 0 }, batches: [], rejections: [], skipped: [], awaitingCash: [], shortPaid: [] }] });
    const view = renderApp('/admin/ndis-claims');
    expect(await screen.findByText('No approved invoice is waiting to be claimed.', undefined, slow)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export claim file' })).toBeNull();
    view.unmount();
    vi.unstubAllGlobals();
    adminApi({ 'GET /api/admin/ndis-claims': () => [500, { message: 'Something broke.', code: 'INTERNAL' }] });
    renderApp('/admin/ndis-claims');
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toBe('Something broke.');
  });
});

describe('/admin/money', { timeout: 30_000 }, () => {
  const buckets = (a: number, b: number, c: number, d: number) => ({ DAYS_0_30: a, DAYS_31_60: b, DAYS_61_90: c, DAYS_OVER_90: d });
  const ageing = (ledgerFunderCents: number) => ({
    asOf: '2026-12-07',
    rows: [
      { payerType: 'CARE_SEEKER', invoiceCount: 2, buckets: buckets(22750, 0, 0, 10000), totalCents: 32750 },
      { payerType: 'PLAN_MANAGER', invoiceCount: 1, buckets: buckets(0, 15000, 0, 0), totalCents: 15000 },
      { payerType: 'AGED_CARE_PROVIDER', invoiceCount: 0, buckets: buckets(0, 0, 0, 0), totalCents: 0 },
      { payerType: 'NDIA', invoiceCount: 1, buckets: buckets(0, 0, 8800, 0), totalCents: 8800 },
    ],
    totals: { invoiceCount: 4, buckets: buckets(22750, 15000, 8800, 10000), totalCents: 56550 },
    ledger: {
      accounts: [
        { account: 'CARE_SEEKER_RECEIVABLE', balanceCents: 32750, tableCents: 32750, differenceCents: 0 },
        { account: 'FUNDER_RECEIVABLE', balanceCents: ledgerFunderCents, tableCents: 15000, differenceCents: ledgerFunderCents - 15000 },
        { account: 'NDIA_RECEIVABLE', balanceCents: 8800, tableCents: 8800, differenceCents: 0 },
      ],
      balanceCents: 32750 + ledgerFunderCents + 8800,
      differenceCents: ledgerFunderCents - 15000,
    },
  });

  const figure = (count: number, totalCents: number) => ({ count, totalCents });
  const summary = (ndiaLedgerCents: number) => ({
    ndia: {
      waitingToClaim: figure(1, 8800),
      awaitingResult: figure(2, 24500),
      rejected: figure(1, 14000),
      acceptedAwaitingCash: figure(3, 42000),
      shortPaid: figure(1, 3500),
      ledger: { balanceCents: ndiaLedgerCents, claimsCents: 92800, differenceCents: ndiaLedgerCents - 92800 },
    },
    payouts: {
      pending: { count: 1, payoutCount: 2, totalCents: 51000 },
      lodged: { count: 4, payoutCount: 9, totalCents: 230000 },
      returned: figure(1, 12000),
      ledger: { sentCents: 281000, filesCents: 281000, returnedCents: 12000, returnedPayoutsCents: 12000, differenceCents: 0 },
    },
  });

  it('shows receivables by payer and age in a table with a caption and headers, and says the ledger ties', async () => {
    adminApi({ 'GET /api/admin/money/receivables': () => [200, ageing(15000)], 'GET /api/admin/money/summary': () => [200, summary(92800)] });
    renderApp('/admin/money');
    expect(await screen.findByRole('heading', { level: 1, name: 'Money' }, slow)).toBeTruthy();
    const section = within(screen.getByRole('region', { name: 'Receivables by payer' }));
    const table = await section.findByRole('table', { name: 'Money owed on unpaid invoices by payer and days past due, on 7 Dec 2026' }, slow);
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Payer', '0–30 days', '31–60 days', '61–90 days', '90+ days', 'Total', 'Invoices']);
    expect(within(table).getAllByRole('rowheader').map((header) => header.textContent)).toEqual(['Care seekers', 'Plan managers', 'Aged care providers', 'The NDIA', 'All payers']);
    const cells = (payer: string) => within(within(table).getByRole('rowheader', { name: payer }).closest('tr')!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells('Care seekers')).toEqual(['$227.50', '$0.00', '$0.00', '$100.00', '$327.50', '2']);
    expect(cells('All payers')).toEqual(['$227.50', '$150.00', '$88.00', '$100.00', '$565.50', '4']);
    expect(screen.getByText('The ledger’s receivables are $565.50: they tie with this table.')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Admin console' }).querySelector('a[aria-current="page"]')?.textContent).toBe('Money');
  });

  it('says plainly when the ledger does not tie, and by which payer', async () => {
    adminApi({ 'GET /api/admin/money/receivables': () => [200, ageing(16000)], 'GET /api/admin/money/summary': () => [200, summary(92800)] });
    renderApp('/admin/money');
    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert.textContent).toContain('The ledger’s receivables are $575.50, which does not tie with this table.');
    expect(within(alert).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Owed by plan managers and aged care providers: $160.00 in the ledger, $150.00 in this table.']);
  });

  it('counts the NDIA’s claims and the payouts by bank file, says they tie to the ledger, and links to where the admin acts', async () => {
    adminApi({ 'GET /api/admin/money/receivables': () => [200, ageing(15000)], 'GET /api/admin/money/summary': () => [200, summary(92800)] });
    renderApp('/admin/money');
    const claimsTable = await screen.findByRole('table', { name: 'NDIA claim lines by state' }, slow);
    const rowOf = (table: HTMLElement, label: string) => within(within(table).getByRole('rowheader', { name: label }).closest('tr')!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(within(claimsTable).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['State', 'How many', 'Amount']);
    expect(rowOf(claimsTable, 'Claims awaiting a result')).toEqual(['2 lines', '$245.00']);
    expect(rowOf(claimsTable, 'Rejected lines to correct')).toEqual(['1 line', '$140.00']);
    expect(rowOf(claimsTable, 'Short-paid, not yet decided')).toEqual(['1 line', '$35.00']);
    expect(rowOf(claimsTable, 'Accepted, awaiting cash')).toEqual(['3 lines', '$420.00']);
    expect(screen.getByText('The ledger says the NDIA owes $928.00: it ties with these claims.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Work on NDIA claims' }).getAttribute('href')).toBe('/admin/ndis-claims');

    const filesTable = screen.getByRole('table', { name: 'Payout bank files by state' });
    expect(rowOf(filesTable, 'Pending (not lodged)')).toEqual(['1 file', '$510.00']);
    expect(rowOf(filesTable, 'Lodged')).toEqual(['4 files', '$2,300.00']);
    expect(rowOf(filesTable, 'Returned by the bank')).toEqual(['1 payment', '$120.00']);
    expect(screen.getByText('The ledger’s payouts are $2,810.00 sent and $120.00 returned: they tie with these files.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Work on payouts' }).getAttribute('href')).toBe('/admin/payouts');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says plainly when the NDIA’s claims do not tie to the ledger', async () => {
    adminApi({ 'GET /api/admin/money/receivables': () => [200, ageing(15000)], 'GET /api/admin/money/summary': () => [200, summary(93800)] });
    renderApp('/admin/money');
    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert.textContent).toBe('The ledger says the NDIA owes $938.00, but these claims add up to $928.00. They do not tie. Run the ledger check to find out why.');
  });

  it('says plainly when the bank files do not tie to the payout journals', async () => {
    const untied = summary(92800);
    untied.payouts.ledger = { ...untied.payouts.ledger, sentCents: 290000, differenceCents: 9000 };
    adminApi({ 'GET /api/admin/money/receivables': () => [200, ageing(15000)], 'GET /api/admin/money/summary': () => [200, untied] });
    renderApp('/admin/money');
    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert.textContent).toBe('The ledger’s payouts are $2,900.00 sent and $120.00 returned, but the files hold $2,810.00 and the returned payments $120.00. They do not tie. Run the ledger check to find out why.');
    expect(screen.getByText('The ledger says the NDIA owes $928.00: it ties with these claims.')).toBeTruthy();
  });
});
