import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { claimBatchSchema, claimResultSummarySchema, claimsOverviewSchema, invoiceClaimLineSchema, invoicePaymentsSchema, MONEY_DATE_RANGE_MESSAGE, remittanceImportSchema } from '@tendly/domain/api/payments';
import { NDIA_CLAIM_COLUMNS, NOT_A_RESULT_FILE_MESSAGE, parseCsv } from '@tendly/domain/payments/ndia-claims';
import { z } from 'zod';
import { issueInvoiceForTimesheet } from '../../platform/billing/issue-invoice';
import { createActiveContract, createTimesheet, setWorkerTax, type ContractOptions } from '../../platform/billing/test-billing';
import { users } from '../../platform/db/schema/accounts';
import { invoiceLines, invoices } from '../../platform/db/schema/billing';
import { contracts } from '../../platform/db/schema/engagements';
import { workerTaxDetails } from '../../platform/db/schema/onboarding';
import { fundingDetails, ndisClaimLines, payments, payoutItems } from '../../platform/db/schema/payments';
import { checkLedger } from '../../platform/ledger/check-ledger';
import { balanceOf } from '../../platform/ledger/ledger';
import { useTestApp } from '../../test-support/test-app';
import { multipartBody } from '../../test-support/multipart';
import { plusDays, SYDNEY, todayInZone } from '../../test-support/test-dates';
import { createUser, createWorker, sessionFor } from '../auth/test-factories';
import { careSeekerWithSession, offer, offerOk, workerWithSession } from '../contracts/test-contracts';
import { todayIn } from '../contracts/contracts-service';
import { exportClaims, NO_NDIS_NUMBER_REASON, SHORTFALL_NOT_BILLABLE } from './ndis-claims-service';

const { subject, call, db } = useTestApp({ database: { referenceData: true } });
let admin: string;
const exportSchema = z.object({ batches: z.array(claimBatchSchema) });

beforeAll(async () => {
  admin = await sessionFor(db(), (await createUser(db(), { role: 'ADMIN' })).id);
});

const agencyManaged: ContractOptions = {
  fundingType: 'NDIS_AGENCY_MANAGED',
  gstRegistered: false,
  ndisRates: [{ lineItem: 'SELF_CARE', timeOfDay: 'WEEKDAY_DAYTIME', amountCents: 7000 }],
};

/** An issued agency-managed invoice; `ndisNumber: null` leaves the participant without one. */
async function agencyInvoice(start: string, end: string, ndisNumber: string | null = '430123456', options: ContractOptions = agencyManaged) {
  const contract = await createActiveContract(db(), options);
  if (ndisNumber) await db().insert(fundingDetails).values({ userId: contract.careSeekerId, ndisNumber }).onConflictDoNothing();
  const timesheet = await createTimesheet(db(), contract, { start, end });
  const { invoiceId } = await db().transaction((tx) => issueInvoiceForTimesheet(tx, { timesheetId: timesheet.id, now: new Date(), settings: { platformFeeBasisPoints: 900, paymentTermsDays: 7 } }));
  const [invoice] = await db().select().from(invoices).where(eq(invoices.id, invoiceId));
  return invoice!;
}

let nextRequestNumber = 5000;

/**
 * The NDIA's result for a request file, in the portal's layout (payments-ops.md): the request's
 * columns, then columns named with spaces, in the portal's own order.
 */
function resultFile(request: string, outcome: (reference: string, index: number) => { status: string; error?: string; paid?: string; capped?: string }): string {
  const [header, ...rows] = parseCsv(request);
  const reference = header!.indexOf('ClaimReference');
  const lines = [[...header!, 'Participant Name', 'PaidTotalAmount', 'Payment Request Number', 'Capped Price', 'Payment Request Status', 'Error Message'].join(',')];
  rows.forEach((row, index) => {
    const answer = outcome(row[reference]!, index);
    nextRequestNumber += 1;
    lines.push([...row, 'Helen Nguyen', answer.paid ?? '', `PR${nextRequestNumber}`, answer.capped ?? '', answer.status, answer.error ? `"${answer.error}"` : ''].join(','));
  });
  return lines.join('\r\n') + '\r\n';
}

/** The NDIA's remittance naming payment request numbers and what each was paid. */
function remittanceFile(rows: readonly (readonly [string | null, string])[], header = 'Payment Request Number,Paid Amount'): string {
  return [header, ...rows.map(([number, amount]) => `${number ?? ''},${amount}`)].join('\r\n') + '\r\n';
}

async function claimsOf(invoiceId: string) {
  return db().select().from(ndisClaimLines).where(eq(ndisClaimLines.invoiceId, invoiceId)).orderBy(ndisClaimLines.claimReference);
}

async function exportOne() {
  const exported = await call('POST', '/api/admin/ndis-claims', { token: admin });
  expect(exported.statusCode, exported.body).toBe(201);
  const [batch] = exportSchema.parse(exported.json()).batches;
  const file = (await call('GET', `/api/admin/ndis-claims/${batch!.id}/file`, { token: admin })).body;
  return { batch: batch!, file };
}

async function uploadResult(batchId: string, text: string) {
  const response = await call('POST', `/api/admin/ndis-claims/${batchId}/result`, { token: admin, payload: text, headers: { 'content-type': 'text/csv' } });
  expect(response.statusCode, response.body).toBe(200);
  return claimResultSummarySchema.parse(response.json());
}

async function importRemittanceFile(text: string) {
  const response = await call('POST', '/api/admin/ndis-claims/remittance', { token: admin, payload: text, headers: { 'content-type': 'text/csv' } });
  expect(response.statusCode, response.body).toBe(200);
  return remittanceImportSchema.parse(response.json());
}

async function invoiceMoney(invoice: { id: string; careSeekerId: string }) {
  const token = await sessionFor(db(), invoice.careSeekerId);
  const response = await call('GET', `/api/invoices/${invoice.id}/payments`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return invoicePaymentsSchema.parse(response.json());
}

async function overview() {
  const response = await call('GET', '/api/admin/ndis-claims', { token: admin });
  expect(response.statusCode, response.body).toBe(200);
  return claimsOverviewSchema.parse(response.json());
}

async function statusOf(invoiceId: string) {
  return (await db().select({ status: invoices.status }).from(invoices).where(eq(invoices.id, invoiceId)))[0]!.status;
}

describe('NDIA claims', () => {
  it('exports approved agency-managed invoices, pays invoices whose lines are paid, lists rejected lines and claims them again', async () => {
    // Friday 6 pm to 10 pm: two lines (daytime and evening items); Tuesday morning: one line.
    const twoLines = await agencyInvoice('2026-11-06T18:00', '2026-11-06T22:00');
    const oneLine = await agencyInvoice('2026-11-10T09:00', '2026-11-10T12:30');
    const noNumber = await agencyInvoice('2026-11-11T09:00', '2026-11-11T11:00', null);
    const privateInvoice = await agencyInvoice('2026-11-12T09:00', '2026-11-12T11:00', '430999999', { fundingType: 'PRIVATE' });

    const before = await overview();
    expect(before.unclaimed).toEqual({ invoiceCount: 2, lineCount: 3, totalCents: twoLines.totalCents + oneLine.totalCents });
    expect(before.skipped).toEqual([{ invoiceId: noNumber.id, invoiceNumber: 'INV-000001', clientName: noNumber.clientName, reason: NO_NDIS_NUMBER_REASON }]);

    const exported = await call('POST', '/api/admin/ndis-claims', { token: admin });
    expect(exported.statusCode, exported.body).toBe(201);
    const [batch] = exportSchema.parse(exported.json()).batches;
    expect(batch).toMatchObject({ rowCount: 3, totalCents: twoLines.totalCents + oneLine.totalCents, paidCount: 0, rejectedCount: 0, resultUploadedAt: null });
    expect(batch!.fileName).toMatch(/^TDL\d{6}0001\.csv$/);
    expect(batch!.fileName.length).toBeLessThanOrEqual(20);

    // Exporting marks the invoices claimed; the others are left alone.
    const marked = await db().select().from(invoices).where(inArray(invoices.id, [twoLines.id, oneLine.id, noNumber.id, privateInvoice.id]));
    const claimed = Object.fromEntries(marked.map((invoice) => [invoice.id, invoice.ndisClaimed]));
    expect(claimed).toEqual({ [twoLines.id]: true, [oneLine.id]: true, [noNumber.id]: false, [privateInvoice.id]: false });
    expect(marked.find((invoice) => invoice.id === twoLines.id)!.ndisClaimedAt).toBeInstanceOf(Date);

    // The file: the NDIA's header in order, one row per line, hours in Hours, GST code P2.
    const file = await call('GET', `/api/admin/ndis-claims/${batch!.id}/file`, { token: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${batch!.fileName}"`);
    expect(file.body.split('\r\n')[0]).toBe(NDIA_CLAIM_COLUMNS.join(','));
    const rows = parseCsv(file.body).slice(1).map((row) => Object.fromEntries(NDIA_CLAIM_COLUMNS.map((name, index) => [name, row[index]])));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ RegistrationNumber: '4050012345', NDISNumber: '430123456', SupportsDeliveredFrom: '2026-11-06', SupportsDeliveredTo: '2026-11-06', SupportNumber: '01_011_0107_1_1', Quantity: '', Hours: '2', UnitPrice: '70.00', GSTCode: 'P2', ClaimType: '', 'ABN of Support Provider': '51824753556' });
    expect(rows.map((row) => row.SupportNumber)).toEqual(['01_011_0107_1_1', '01_015_0107_1_1', '01_011_0107_1_1']);
    expect(rows[2]).toMatchObject({ Hours: '3.5', SupportsDeliveredFrom: '2026-11-10' });
    // A claim reference names the invoice and its line (issue 28), within the NDIA's 50 characters;
    // invoice numbers run per worker, so the invoice's id keeps two workers' INV-000001 apart.
    expect(rows.map((row) => row.ClaimReference!.split('-').slice(0, 3).join('-'))).toEqual(['INV-000001-L1', 'INV-000001-L2', 'INV-000001-L1']);
    for (const row of rows) expect(row.ClaimReference).toMatch(/^[A-Za-z0-9/_-]{1,50}$/);
    expect(new Set(rows.map((row) => row.ClaimReference)).size).toBe(3);

    // The NDIA accepts the two-line invoice and rejects the other; the result comes in the portal's layout.
    const result = resultFile(file.body, (_reference, index) => (index < 2 ? { status: 'SUCCESSFUL' } : { status: 'ERROR', error: 'Participant plan has insufficient funds, please check' }));
    const { payload, headers } = multipartBody({}, { bytes: Buffer.from(result), filename: 'result.csv', contentType: 'text/csv' });
    const uploaded = await call('POST', `/api/admin/ndis-claims/${batch!.id}/result`, { token: admin, payload, headers });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(claimResultSummarySchema.parse(uploaded.json())).toEqual({ acceptedLines: 2, shortPaidLines: 0, rejectedLines: 1, invoicesPaid: 0, errors: [] });

    // Accepted is not paid: the invoice waits for the cash, and the payout run in between pays nothing for it.
    const accepted = await claimsOf(twoLines.id);
    expect(accepted.map((claim) => [claim.status, claim.paymentRequestNumber])).toEqual([
      ['ACCEPTED', expect.stringMatching(/^PR\d+$/)],
      ['ACCEPTED', expect.stringMatching(/^PR\d+$/)],
    ]);
    expect(await statusOf(twoLines.id)).toBe('ISSUED');
    expect(await balanceOf(db(), 'NDIA_RECEIVABLE', { invoiceId: twoLines.id })).toBe(twoLines.totalCents);
    expect((await overview()).awaitingCash.map((line) => line.invoiceId)).toEqual([twoLines.id, twoLines.id]);
    for (const invoice of [twoLines, oneLine]) {
      await db().update(workerTaxDetails).set({ accountNumberEncrypted: await subject.app.fieldCipher.encrypt('11223344') }).where(eq(workerTaxDetails.workerId, invoice.workerId));
    }
    expect((await call('POST', '/api/admin/payout-runs', { token: admin })).statusCode).toBe(200);
    expect(await db().select().from(payoutItems).where(inArray(payoutItems.invoiceId, [twoLines.id, oneLine.id]))).toEqual([]);
    expect(await invoiceMoney(twoLines)).toMatchObject({ receivedCents: 0, outstandingCents: twoLines.totalCents });

    // The remittance brings the cash: the invoice is paid, once however often it is imported.
    const remittance = remittanceFile(accepted.map((claim) => [claim.paymentRequestNumber, (claim.amountCents / 100).toFixed(2)] as const));
    const imported = await importRemittanceFile(remittance);
    expect(imported).toMatchObject({ invoicesPaid: 1, unmatched: [] });
    expect(imported.matched.map((line) => [line.line, line.invoiceId, line.newlyRecorded])).toEqual([
      [2, twoLines.id, true],
      [3, twoLines.id, true],
    ]);
    expect(await statusOf(twoLines.id)).toBe('PAID');
    expect(await db().select({ channel: payments.channel, status: payments.status, amountCents: payments.amountCents }).from(payments).where(eq(payments.invoiceId, twoLines.id))).toEqual([
      { channel: 'NDIA', status: 'SUCCEEDED', amountCents: twoLines.totalCents },
    ]);
    expect(await balanceOf(db(), 'NDIA_RECEIVABLE', { invoiceId: twoLines.id })).toBe(0);
    expect(await invoiceMoney(twoLines)).toMatchObject({ receivedCents: twoLines.totalCents, outstandingCents: 0 });
    const bank = await balanceOf(db(), 'BANK');
    const again = await importRemittanceFile(remittance);
    expect(again).toMatchObject({ invoicesPaid: 0, unmatched: [] });
    expect(again.matched.map((line) => line.newlyRecorded)).toEqual([false, false]);
    expect(await balanceOf(db(), 'BANK')).toBe(bank);
    expect(await balanceOf(db(), 'NDIA_RECEIVABLE', { invoiceId: oneLine.id })).toBe(oneLine.totalCents);
    expect((await db().select().from(invoices).where(eq(invoices.id, oneLine.id)))[0]).toMatchObject({ status: 'ISSUED', ndisClaimed: true });
    expect((await checkLedger(db())).problems).toEqual([]);

    // The rejected line is listed with the NDIA's message, and waits to be claimed again.
    const afterResult = await overview();
    expect(afterResult.rejections).toEqual([expect.objectContaining({ invoiceId: oneLine.id, invoiceNumber: 'INV-000001', supportItem: '01_011_0107_1_1', amountCents: oneLine.totalCents, reason: 'Participant plan has insufficient funds, please check' })]);
    expect((await invoiceMoney(oneLine)).claimLines).toEqual([expect.objectContaining({ status: 'REJECTED', rejectionReason: 'Participant plan has insufficient funds, please check', paymentRequestNumber: expect.stringMatching(/^PR/) })]);
    expect(afterResult.unclaimed).toEqual({ invoiceCount: 1, lineCount: 1, totalCents: oneLine.totalCents });
    expect(afterResult.batches[0]).toMatchObject({ id: batch!.id, paidCount: 2, rejectedCount: 1, resultUploadedAt: expect.any(String) });

    // The same result again changes nothing.
    const sameAgain = await uploadResult(batch!.id, result);
    expect(sameAgain).toEqual({ acceptedLines: 0, shortPaidLines: 0, rejectedLines: 0, invoicesPaid: 0, errors: [] });

    // A later export claims the rejected line again, under a new reference, in the day's next file.
    const second = exportSchema.parse((await call('POST', '/api/admin/ndis-claims', { token: admin })).json()).batches;
    expect(second).toHaveLength(1);
    expect(second[0]!.fileName).toBe(batch!.fileName.replace('0001.csv', '0002.csv'));
    const secondFile = (await call('GET', `/api/admin/ndis-claims/${second[0]!.id}/file`, { token: admin })).body;
    const secondRows = parseCsv(secondFile).slice(1);
    expect(secondRows).toHaveLength(1);
    const [firstClaim] = await claimsOf(oneLine.id);
    expect(secondRows[0]![5]).toBe(firstClaim!.claimReference.replace(/-1$/, '-2'));
    expect(await uploadResult(second[0]!.id, resultFile(secondFile, () => ({ status: 'SUCCESSFUL', paid: (oneLine.totalCents / 100).toFixed(2) })))).toEqual({ acceptedLines: 1, shortPaidLines: 0, rejectedLines: 0, invoicesPaid: 0, errors: [] });
    expect((await overview()).rejections).toEqual([]);
    const secondClaim = (await claimsOf(oneLine.id)).find((claim) => claim.status === 'ACCEPTED')!;
    expect((await importRemittanceFile(remittanceFile([[secondClaim.paymentRequestNumber, (oneLine.totalCents / 100).toFixed(2)]], 'PaymentRequestNumber,PaidTotalAmount'))).invoicesPaid).toBe(1);
    expect((await checkLedger(db())).problems).toEqual([]);

    // Nothing left to claim.
    expect((await call('POST', '/api/admin/ndis-claims', { token: admin })).statusCode).toBe(400);

    // Only now has the NDIA's money come: the next payout run sends each worker their total less the fee.
    const run = await call('POST', '/api/admin/payout-runs', { token: admin });
    expect(run.statusCode, run.body).toBe(200);
    const items = await db().select().from(payoutItems).where(inArray(payoutItems.invoiceId, [twoLines.id, oneLine.id]));
    expect(items.map((item) => item.amountCents).sort()).toEqual([twoLines.totalCents - twoLines.platformFeeCents, oneLine.totalCents - oneLine.platformFeeCents].sort());
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('records what the NDIA actually paid: a capped line, a $0.00 line, and the operator resubmits, writes off or bills the difference', async () => {
    const capped = await agencyInvoice('2026-12-01T09:00', '2026-12-01T12:30');
    const nothing = await agencyInvoice('2026-12-02T09:00', '2026-12-02T11:00');
    const billable = await agencyInvoice('2026-12-03T09:00', '2026-12-03T11:00');
    await db().update(contracts).set({ ndisShortfallBillable: true }).where(eq(contracts.id, billable.contractId));
    const { batch, file } = await exportOne();
    const referenceOf = async (invoice: { id: string }) => (await claimsOf(invoice.id))[0]!.claimReference;
    const [cappedRef, nothingRef, billableRef] = [await referenceOf(capped), await referenceOf(nothing), await referenceOf(billable)];
    // 3.5 hours at $70.00 capped at $60.00: $210.00 of $245.00; $0.00 of $140.00; $100.00 of $140.00.
    const summary = await uploadResult(
      batch.id,
      resultFile(file, (reference) =>
        reference === cappedRef ? { status: 'SUCCESSFUL', paid: '210.00', capped: '60.00' } : reference === nothingRef ? { status: 'SUCCESSFUL', paid: '0.00' } : { status: 'successful', paid: '100' },
      ),
    );
    expect(summary).toEqual({ acceptedLines: 3, shortPaidLines: 3, rejectedLines: 0, invoicesPaid: 0, errors: [] });
    expect(billableRef).toBeDefined();

    // The capped line: marked short-paid with the reason; the invoice shows received and outstanding.
    const cappedMoney = await invoiceMoney(capped);
    expect(cappedMoney).toMatchObject({ receivedCents: 0, outstandingCents: 24_500 });
    expect(cappedMoney.claimLines).toEqual([
      expect.objectContaining({ status: 'ACCEPTED', claimedCents: 24_500, acceptedCents: 21_000, cashCents: null, shortPaid: true, shortCents: 3_500, shortReason: 'The NDIA paid $210.00 of $245.00 claimed: the price was capped at the limit of $60.00.' }),
    ]);
    const [cappedClaim] = await claimsOf(capped.id);
    await importRemittanceFile(remittanceFile([[cappedClaim!.paymentRequestNumber, '210.00']]));
    expect(await statusOf(capped.id)).toBe('ISSUED');
    expect(await invoiceMoney(capped)).toMatchObject({ receivedCents: 21_000, outstandingCents: 3_500 });
    // Not paid in full: the worker is not paid on money that never came.
    expect((await call('POST', '/api/admin/payout-runs', { token: admin })).statusCode).toBe(200);
    expect(await db().select().from(payoutItems).where(eq(payoutItems.invoiceId, capped.id))).toEqual([]);
    const shortPaid = (await overview()).shortPaid.map((line) => line.invoiceId);
    expect(shortPaid).toEqual(expect.arrayContaining([capped.id, nothing.id, billable.id]));

    const shortfall = (claimId: string, action: string) => call('POST', `/api/admin/ndis-claims/lines/${claimId}/shortfall`, { token: admin, payload: { action } });
    // The capped line's agreement does not allow billing the care seeker: the operator writes it off.
    expect((await shortfall(cappedClaim!.id, 'BILL_CARE_SEEKER')).json()).toMatchObject({ message: SHORTFALL_NOT_BILLABLE });
    expect((await shortfall(cappedClaim!.id, 'WRITE OFF')).statusCode).toBe(400);
    const writtenOff = await shortfall(cappedClaim!.id, 'WRITE_OFF');
    expect(writtenOff.statusCode, writtenOff.body).toBe(200);
    expect(invoiceClaimLineSchema.parse(writtenOff.json())).toMatchObject({ shortfallAction: 'WRITE_OFF', cashCents: 21_000 });
    expect((await shortfall(cappedClaim!.id, 'WRITE_OFF')).statusCode).toBe(200);
    expect((await shortfall(cappedClaim!.id, 'RESUBMIT')).statusCode).toBe(409);
    expect(await balanceOf(db(), 'NDIA_WRITE_OFF', { invoiceId: capped.id })).toBe(3_500);
    expect(await statusOf(capped.id)).toBe('PAID');
    expect(await invoiceMoney(capped)).toMatchObject({ receivedCents: 21_000, outstandingCents: 0 });

    // The $0.00 line: nothing comes, the line is short by all of it; the operator resubmits the difference in a later file.
    const [nothingClaim] = await claimsOf(nothing.id);
    expect(nothingClaim).toMatchObject({ status: 'PAID', paidCents: 0, cashCents: 0, shortReason: expect.stringContaining('The NDIA paid $0.00 of $140.00') });
    expect(await statusOf(nothing.id)).toBe('ISSUED');
    expect((await shortfall(nothingClaim!.id, 'RESUBMIT')).statusCode).toBe(200);
    expect((await overview()).unclaimed).toEqual({ invoiceCount: 1, lineCount: 1, totalCents: 14_000 });
    const resubmitted = await exportOne();
    const [row] = parseCsv(resubmitted.file).slice(1);
    expect([row![5], row![7], row![8]]).toEqual([nothingClaim!.claimReference.replace(/-1$/, '-2'), '2', '70.00']);
    await uploadResult(resubmitted.batch.id, resultFile(resubmitted.file, () => ({ status: 'SUCCESSFUL', paid: '140.00' })));
    const resubmission = (await claimsOf(nothing.id)).find((claim) => claim.shortfallOf === nothingClaim!.id)!;
    expect(await statusOf(nothing.id)).toBe('ISSUED');
    await importRemittanceFile(remittanceFile([[resubmission.paymentRequestNumber, '140.00']]));
    expect(await statusOf(nothing.id)).toBe('PAID');

    // Billed to the care seeker where the agreement allows: the deposit confirmed by hand, then the care seeker's payment.
    const [billableClaim] = await claimsOf(billable.id);
    const deposit = (body: object) => call('POST', `/api/admin/ndis-claims/lines/${billableClaim!.id}/cash`, { token: admin, payload: body });
    expect((await deposit({ amountCents: 10_000, receivedOn: '2026-12-04' })).statusCode).toBe(400);
    // Issue 29: a deposit dated in the future (the probe's 9999-12-31, or tomorrow in Sydney) or before 2020 is refused, and nothing recorded.
    for (const receivedOn of ['9999-12-31', plusDays(todayInZone(SYDNEY), 1), '2019-12-31']) {
      const outOfRange = await deposit({ amountCents: 10_000, receivedOn, reference: 'NDIA 10/12' });
      expect(outOfRange.statusCode, receivedOn).toBe(400);
      expect(outOfRange.json(), receivedOn).toMatchObject({ errors: { receivedOn: MONEY_DATE_RANGE_MESSAGE } });
    }
    expect((await claimsOf(billable.id))[0]?.cashCents ?? null).toBeNull();
    expect((await deposit({ amountCents: 10_000, receivedOn: '2026-12-04', reference: 'NDIA\u0000' })).statusCode).toBe(400);
    expect((await deposit({ from: 'CARE_SEEKER', amountCents: 4_000, receivedOn: '2026-12-04', reference: 'Gap' })).statusCode).toBe(409);
    const confirmed = await deposit({ amountCents: 10_000, receivedOn: '2026-12-04', reference: 'NDIA 10/12' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await deposit({ amountCents: 10_000, receivedOn: '2026-12-04', reference: 'NDIA 10/12' })).statusCode).toBe(200);
    expect((await deposit({ amountCents: 9_000, receivedOn: '2026-12-04', reference: 'NDIA 10/12' })).statusCode).toBe(409);
    expect((await shortfall(billableClaim!.id, 'BILL_CARE_SEEKER')).statusCode).toBe(200);
    expect(await balanceOf(db(), 'CARE_SEEKER_RECEIVABLE', { invoiceId: billable.id })).toBe(4_000);
    expect(await statusOf(billable.id)).toBe('ISSUED');
    expect((await overview()).awaitingCareSeeker).toEqual([expect.objectContaining({ id: billableClaim!.id, shortCents: 4_000, invoiceId: billable.id })]);
    expect((await deposit({ from: 'CARE_SEEKER', amountCents: 4_000, receivedOn: '2026-12-05', reference: 'Helen gap payment' })).statusCode).toBe(200);
    expect(await statusOf(billable.id)).toBe('PAID');
    expect((await overview()).awaitingCareSeeker).toEqual([]);
    expect(await invoiceMoney(billable)).toMatchObject({ receivedCents: 14_000, outstandingCents: 0 });
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('bills the difference to the care seeker once the agreement offered and signed through the API allows it', async () => {
    const seeker = await careSeekerWithSession(db());
    const worker = await workerWithSession(db());
    await setWorkerTax(db(), worker.user.id, false);
    const offered = await offerOk(
      call,
      seeker.token,
      offer(worker.user.id, { fundingType: 'NDIS_AGENCY_MANAGED', ndisRates: [{ lineItem: 'SELF_CARE', timeOfDay: 'WEEKDAY_DAYTIME', amount: 7000 }], ndisShortfallBillable: true }),
    );
    expect(offered.ndisShortfallBillable).toBe(true);
    const signed = await call('POST', `/api/contracts/${offered.id}/accept`, { token: worker.token, payload: { signatureName: 'Wren Walker', agreed: true } });
    expect(signed.statusCode, signed.body).toBe(200);
    await db().insert(fundingDetails).values({ userId: seeker.user.id, ndisNumber: '430123457' }).onConflictDoNothing();
    const [contract] = await db().select().from(contracts).where(eq(contracts.id, offered.id));
    // A weekday on or after the agreement's start: two hours at $70.00 on the weekday daytime item.
    let day = new Date(`${todayIn('NSW')}T00:00:00Z`);
    do day = new Date(day.getTime() + 86_400_000);
    while ([0, 6].includes(day.getUTCDay()));
    const date = day.toISOString().slice(0, 10);
    const timesheet = await createTimesheet(db(), contract!, { start: `${date}T09:00`, end: `${date}T11:00` });
    const { invoiceId } = await db().transaction((tx) => issueInvoiceForTimesheet(tx, { timesheetId: timesheet.id, now: new Date(), settings: { platformFeeBasisPoints: 900, paymentTermsDays: 7 } }));
    const { batch, file } = await exportOne();
    const [claim] = await claimsOf(invoiceId);
    expect(claim).toMatchObject({ amountCents: 14_000 });
    await uploadResult(batch.id, resultFile(file, (reference) => (reference === claim!.claimReference ? { status: 'SUCCESSFUL', paid: '110.00' } : { status: 'SUCCESSFUL' })));
    const billed = await call('POST', `/api/admin/ndis-claims/lines/${claim!.id}/shortfall`, { token: admin, payload: { action: 'BILL_CARE_SEEKER' } });
    expect(billed.statusCode, billed.body).toBe(200);
    expect(invoiceClaimLineSchema.parse(billed.json())).toMatchObject({ shortfallAction: 'BILL_CARE_SEEKER', shortCents: 3_000 });
    expect(await balanceOf(db(), 'CARE_SEEKER_RECEIVABLE', { invoiceId })).toBe(3_000);
    expect((await overview()).awaitingCareSeeker.map((line) => line.id)).toContain(claim!.id);
  });

  it('counts the good lines of a result and names each bad line by its line number', async () => {
    const invoice = await agencyInvoice('2026-12-08T09:00', '2026-12-08T11:00');
    const { batch, file } = await exportOne();
    const [header, good] = resultFile(file, () => ({ status: 'SUCCESSFUL' })).trimEnd().split('\r\n');
    const [claimed] = await claimsOf(invoice.id);
    const summary = await uploadResult(batch.id, [header, good!.replace('SUCCESSFUL', 'MAYBE'), good!.replace(claimed!.claimReference, 'NOT-OURS-9'), good].join('\r\n'));
    expect(summary).toEqual({
      acceptedLines: 1,
      shortPaidLines: 0,
      rejectedLines: 0,
      invoicesPaid: 0,
      errors: [
        { line: 2, message: 'Line 2: the status "MAYBE" is not SUCCESSFUL or ERROR.' },
        { line: 3, message: 'Line 3: the claim NOT-OURS-9 is not in this file.' },
      ],
    });
    const [claim] = await claimsOf(invoice.id);
    expect(claim!.status).toBe('ACCEPTED');

    // The remittance: matched lines, and lines it could not match with the reason and line number.
    const answer = await importRemittanceFile(remittanceFile([['PR-UNKNOWN', '10.00'], [claim!.paymentRequestNumber, 'ten'], [claim!.paymentRequestNumber, '99.00'], [claim!.paymentRequestNumber, '140.00']]));
    expect(answer.matched).toEqual([expect.objectContaining({ line: 5, invoiceId: invoice.id, amountCents: 14_000, newlyRecorded: true, invoiceNumber: 'INV-000001' })]);
    expect(answer.unmatched.map((line) => [line.line, line.reason])).toEqual([
      [2, 'Line 2: no accepted claim has the payment request number PR-UNKNOWN.'],
      [3, 'Line 3: the amount "ten" is not an amount.'],
      [4, expect.stringContaining('Line 4: the remittance pays $99.00')],
    ]);
    expect(await statusOf(invoice.id)).toBe('PAID');
    // A remittance without the columns it needs, or with nothing usable, is refused.
    for (const bad of ['ClaimReference,Paid Amount\r\nR,1\r\n', 'Payment Request Number,Amount\r\n,1\r\n', '', 'Payment Request Number,Amount\r\nPR\u0000,1\r\n']) {
      expect((await call('POST', '/api/admin/ndis-claims/remittance', { token: admin, payload: bad, headers: { 'content-type': 'text/csv' } })).statusCode).toBe(400);
    }
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('claims an agency-managed invoice with travel: kilometres on the provider travel item as TRAN, in dollars at $1.00', async () => {
    const contract = await createActiveContract(db(), agencyManaged);
    await db().insert(fundingDetails).values({ userId: contract.careSeekerId, ndisNumber: '430123456' }).onConflictDoNothing();
    const timesheet = await createTimesheet(db(), contract, { start: '2026-12-09T09:00', end: '2026-12-09T11:00', travelTenthKm: 125, expenses: [{ description: 'Parking', amountCents: 850 }] });
    const { invoiceId } = await db().transaction((tx) => issueInvoiceForTimesheet(tx, { timesheetId: timesheet.id, now: new Date(), settings: { platformFeeBasisPoints: 900, paymentTermsDays: 7 } }));
    const lines = await db().select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId)).orderBy(invoiceLines.position);
    expect(lines.map((line) => [line.kind, line.supportItemNumber, line.claimType, line.gstCode])).toEqual([
      ['SERVICE', '01_011_0107_1_1', null, 'P2'],
      ['TRAVEL', '01_799_0107_1_1', 'TRAN', 'P2'],
      ['EXPENSE', '01_799_0107_1_1', 'TRAN', 'P2'],
    ]);
    // An expense line issued before NDIS expenses were GST-free carries P5: the claim says what its line says.
    await db().update(invoiceLines).set({ gstCode: 'P5' }).where(eq(invoiceLines.id, lines[2]!.id));
    const { file } = await exportOne();
    const rows = parseCsv(file).slice(1).map((row) => Object.fromEntries(NDIA_CLAIM_COLUMNS.map((name, index) => [name, row[index]])));
    // 12.5 km at $0.99 is $12.38 (half-up): claimed as 12.38 units of $1.00; each row's GST code is its line's.
    expect(rows.map((row) => [row.SupportNumber, row.ClaimType, row.Quantity, row.Hours, row.UnitPrice, row.GSTCode])).toEqual([
      ['01_011_0107_1_1', '', '', '2', '70.00', 'P2'],
      ['01_799_0107_1_1', 'TRAN', '12.38', '', '1.00', 'P2'],
      ['01_799_0107_1_1', 'TRAN', '8.5', '', '1.00', 'P5'],
    ]);
  });

  it('refuses a file that is not a result file, or names claims of another file', async () => {
    await agencyInvoice('2026-11-17T09:00', '2026-11-17T11:00');
    const [batch] = exportSchema.parse((await call('POST', '/api/admin/ndis-claims', { token: admin })).json()).batches;
    const request = (await call('GET', `/api/admin/ndis-claims/${batch!.id}/file`, { token: admin })).body;
    const upload = (payload: string | Buffer) => call('POST', `/api/admin/ndis-claims/${batch!.id}/result`, { token: admin, payload, headers: { 'content-type': 'text/csv' } });

    const notResult = await upload(request);
    expect(notResult.statusCode).toBe(400);
    expect(notResult.json()).toMatchObject({ message: NOT_A_RESULT_FILE_MESSAGE, errors: { file: NOT_A_RESULT_FILE_MESSAGE } });
    const stranger = await upload('ClaimReference,PaymentRequestStatus\r\nsomeone-else-1,PAID\r\n');
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ message: expect.stringContaining('someone-else-1') });
    expect((await upload('ClaimReference,PaymentRequestStatus\r\nR\u0000,PAID\r\n')).statusCode).toBe(400);
    const missing = multipartBody({ note: 'no file' });
    expect((await call('POST', `/api/admin/ndis-claims/${batch!.id}/result`, { token: admin, ...missing })).statusCode).toBe(400);
    expect((await call('POST', `/api/admin/ndis-claims/${crypto.randomUUID()}/result`, { token: admin, payload: 'ClaimReference,PaymentRequestStatus\r\n', headers: { 'content-type': 'text/csv' } })).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/ndis-claims/${crypto.randomUUID()}/file`, { token: admin })).statusCode).toBe(404);
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('splits an export into files of at most the row limit, named in sequence for the day', async () => {
    const invoicesToClaim = [await agencyInvoice('2026-11-20T18:00', '2026-11-20T22:00'), await agencyInvoice('2026-11-24T09:00', '2026-11-24T10:00')];
    const [adminRow] = await db().select({ id: users.id }).from(users).where(eq(users.role, 'ADMIN')).limit(1);
    const { batches } = await exportClaims({ db: db(), fileStore: subject.app.fileStore, config: subject.config, maxRowsPerFile: 2 }, adminRow!.id, new Date('2027-03-01T01:00:00Z'));
    expect(batches.map((batch) => [batch.fileName, batch.rowCount]).sort()).toEqual([
      ['TDL2703010001.csv', 2],
      ['TDL2703010002.csv', 1],
    ]);
    for (const batch of batches) {
      const body = (await call('GET', `/api/admin/ndis-claims/${batch.id}/file`, { token: admin })).body;
      expect(body.split('\r\n')[0]).toBe(NDIA_CLAIM_COLUMNS.join(','));
      expect(parseCsv(body).slice(1)).toHaveLength(batch.rowCount);
    }
    const claimedLines = await db().select().from(ndisClaimLines).where(inArray(ndisClaimLines.invoiceId, invoicesToClaim.map((invoice) => invoice.id)));
    expect(claimedLines).toHaveLength(3);
  });

  it('is for administrators only', async () => {
    const worker = await sessionFor(db(), (await createWorker(db())).id);
    const careSeeker = await sessionFor(db(), (await createUser(db())).id);
    const id = crypto.randomUUID();
    for (const [method, url] of [
      ['GET', '/api/admin/ndis-claims'],
      ['POST', '/api/admin/ndis-claims'],
      ['GET', `/api/admin/ndis-claims/${id}/file`],
      ['POST', `/api/admin/ndis-claims/${id}/result`],
      ['POST', '/api/admin/ndis-claims/remittance'],
      ['POST', `/api/admin/ndis-claims/lines/${id}/cash`],
      ['POST', `/api/admin/ndis-claims/lines/${id}/shortfall`],
    ] as const) {
      expect((await call(method, url, { token: worker })).statusCode).toBe(403);
      expect((await call(method, url, { token: careSeeker })).statusCode).toBe(403);
      expect((await call(method, url)).statusCode).toBe(401);
    }
  });
});
