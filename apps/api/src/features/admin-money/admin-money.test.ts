import { describe, expect, it } from 'vitest';
import { moneySummarySchema, MONEY_TIME_ZONE, receivablesAgeingSchema, type ReceivablesAgeing } from '@tendly/domain/api/admin-money';
import { parseCsv } from '@tendly/domain/payments/ndia-claims';
import { formatLodgementReference } from '@tendly/domain/payments/lodgement-reference';
import { eq } from 'drizzle-orm';
import { addDaysToDate, instantToLocalDate, localToInstant } from '@tendly/domain/shift-time';
import { issueInvoiceForTimesheet } from '../../platform/billing/issue-invoice';
import { createActiveContract, createPaidInvoice, createTimesheet, giveWorkerBankDetails, type ContractOptions } from '../../platform/billing/test-billing';
import { fundingDetails, ndisClaimLines, payoutBatches, payouts } from '../../platform/db/schema/payments';
import { checkLedger } from '../../platform/ledger/check-ledger';
import { balanceOf } from '../../platform/ledger/ledger';
import { useTestApp } from '../../test-support/test-app';
import { createCoordinator, createUser, createWorker, sessionFor } from '../auth/test-factories';
import { runPayouts } from '../payouts/payout-run';

const { subject, call, db } = useTestApp({ database: { referenceData: true } });
const ndisRates: ContractOptions['ndisRates'] = [{ lineItem: 'SELF_CARE', timeOfDay: 'WEEKDAY_DAYTIME', amountCents: 6500 }];

/** An invoice issued on 7-day terms and due `daysPastDue` days before today (negative: due later). */
async function openInvoice(daysPastDue: number, options: ContractOptions = {}) {
  const contract = await createActiveContract(db(), options);
  const timesheet = await createTimesheet(db(), contract, { start: '2026-11-03T09:00', end: '2026-11-03T12:30' });
  // Issued at noon in Sydney (the client is in NSW), whole days before today there: no clock change moves the date.
  const issuedOn = addDaysToDate(instantToLocalDate(new Date(), MONEY_TIME_ZONE), -(daysPastDue + 7));
  const issuedAt = localToInstant(`${issuedOn}T12:00`, MONEY_TIME_ZONE);
  const { invoiceId } = await db().transaction((tx) => issueInvoiceForTimesheet(tx, { timesheetId: timesheet.id, now: issuedAt, settings: { platformFeeBasisPoints: 900, paymentTermsDays: 7 } }));
  const [invoice] = await db().query.invoices.findMany({ where: (invoices, { eq }) => eq(invoices.id, invoiceId) });
  return invoice!;
}

type Invoice = Awaited<ReturnType<typeof openInvoice>>;

async function adminToken() {
  return sessionFor(db(), (await createUser(db(), { role: 'ADMIN' })).id);
}

describe('GET /api/admin/money/receivables', () => {
  it('is for administrators only', async () => {
    const url = '/api/admin/money/receivables';
    expect((await call('GET', url)).statusCode).toBe(401);
    const worker = await createWorker(db());
    const careSeeker = await createUser(db());
    const coordinator = await createCoordinator(db());
    for (const person of [worker, careSeeker, coordinator]) expect((await call('GET', url, { token: await sessionFor(db(), person.id) })).statusCode).toBe(403);
    const response = await call('GET', url, { token: await adminToken() });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    // Nothing owed yet: four payers, every figure zero, and the ledger ties.
    const empty = receivablesAgeingSchema.parse(response.json());
    expect(empty.rows.map((row) => [row.payerType, row.totalCents])).toEqual([
      ['CARE_SEEKER', 0],
      ['PLAN_MANAGER', 0],
      ['AGED_CARE_PROVIDER', 0],
      ['NDIA', 0],
    ]);
    expect(empty.ledger.differenceCents).toBe(0);
  });

  it('ages open invoices by payer from their due dates, leaves paid ones out, and ties to the ledger’s receivables', async () => {
    const careSeekerNotDue = await openInvoice(-7);
    const careSeeker30 = await openInvoice(30);
    const careSeeker31 = await openInvoice(31);
    const planManager75 = await openInvoice(75, { fundingType: 'NDIS_PLAN_MANAGED', ndisRates });
    const homeCare120 = await openInvoice(120, { fundingType: 'HOME_CARE_PACKAGE' });
    const supportAtHome61 = await openInvoice(61, { fundingType: 'SUPPORT_AT_HOME' });
    const ndia10 = await openInvoice(10, { fundingType: 'NDIS_AGENCY_MANAGED', ndisRates });
    // Paid: owed by nobody.
    await createPaidInvoice(db(), (await createWorker(db())).id, 4);

    const response = await call('GET', '/api/admin/money/receivables', { token: await adminToken() });
    expect(response.statusCode, response.body).toBe(200);
    const ageing: ReceivablesAgeing = receivablesAgeingSchema.parse(response.json());
    const row = (payerType: string) => ageing.rows.find((candidate) => candidate.payerType === payerType)!;
    expect(row('CARE_SEEKER')).toEqual({
      payerType: 'CARE_SEEKER',
      invoiceCount: 3,
      buckets: { DAYS_0_30: careSeekerNotDue.totalCents + careSeeker30.totalCents, DAYS_31_60: careSeeker31.totalCents, DAYS_61_90: 0, DAYS_OVER_90: 0 },
      totalCents: careSeekerNotDue.totalCents + careSeeker30.totalCents + careSeeker31.totalCents,
    });
    expect(row('PLAN_MANAGER')).toMatchObject({ invoiceCount: 1, buckets: { DAYS_0_30: 0, DAYS_31_60: 0, DAYS_61_90: planManager75.totalCents, DAYS_OVER_90: 0 } });
    expect(row('AGED_CARE_PROVIDER')).toMatchObject({ invoiceCount: 2, buckets: { DAYS_0_30: 0, DAYS_31_60: 0, DAYS_61_90: supportAtHome61.totalCents, DAYS_OVER_90: homeCare120.totalCents } });
    expect(row('NDIA')).toMatchObject({ invoiceCount: 1, buckets: { DAYS_0_30: ndia10.totalCents, DAYS_31_60: 0, DAYS_61_90: 0, DAYS_OVER_90: 0 } });
    expect(ageing.totals.invoiceCount).toBe(7);
    expect(ageing.totals.totalCents).toBe(ageing.rows.reduce((sum, candidate) => sum + candidate.totalCents, 0));
    for (const bucket of ['DAYS_0_30', 'DAYS_31_60', 'DAYS_61_90', 'DAYS_OVER_90'] as const) {
      expect(ageing.totals.buckets[bucket]).toBe(ageing.rows.reduce((sum, candidate) => sum + candidate.buckets[bucket], 0));
    }

    // The tie: each payer's totals are the ledger's balance of its receivable account.
    const care = await balanceOf(db(), 'CARE_SEEKER_RECEIVABLE');
    const funder = await balanceOf(db(), 'FUNDER_RECEIVABLE');
    const ndia = await balanceOf(db(), 'NDIA_RECEIVABLE');
    expect(row('CARE_SEEKER').totalCents).toBe(care);
    expect(row('PLAN_MANAGER').totalCents + row('AGED_CARE_PROVIDER').totalCents).toBe(funder);
    expect(row('NDIA').totalCents).toBe(ndia);
    expect(ageing.totals.totalCents).toBe(care + funder + ndia);
    expect(ageing.ledger).toEqual({
      accounts: [
        { account: 'CARE_SEEKER_RECEIVABLE', balanceCents: care, tableCents: care, differenceCents: 0 },
        { account: 'FUNDER_RECEIVABLE', balanceCents: funder, tableCents: funder, differenceCents: 0 },
        { account: 'NDIA_RECEIVABLE', balanceCents: ndia, tableCents: ndia, differenceCents: 0 },
      ],
      balanceCents: care + funder + ndia,
      differenceCents: 0,
    });
    expect((await checkLedger(db())).problems).toEqual([]);
  });
});

/** The NDIA's answer to a claim file in the portal's layout: the request's columns, then the portal's own. */
function portalResult(request: string, outcome: (index: number) => { status: string; paid?: string; error?: string }): string {
  const [header, ...rows] = parseCsv(request);
  const lines = [[...header!, 'Participant Name', 'PaidTotalAmount', 'Payment Request Number', 'Capped Price', 'Payment Request Status', 'Error Message'].join(',')];
  rows.forEach((row, index) => {
    const answer = outcome(index);
    lines.push([...row, 'Helen Nguyen', answer.paid ?? '', `PR${9100 + index}`, '', answer.status, answer.error ?? ''].join(','));
  });
  return lines.join('\r\n') + '\r\n';
}

async function summary(token: string) {
  const response = await call('GET', '/api/admin/money/summary', { token });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return moneySummarySchema.parse(response.json());
}

describe('GET /api/admin/money/summary', () => {
  it('is for administrators only', async () => {
    const url = '/api/admin/money/summary';
    expect((await call('GET', url)).statusCode).toBe(401);
    for (const person of [await createWorker(db()), await createUser(db()), await createCoordinator(db())]) {
      expect((await call('GET', url, { token: await sessionFor(db(), person.id) })).statusCode).toBe(403);
    }
    expect((await call('GET', url, { token: await adminToken() })).statusCode).toBe(200);
  });

  it('counts the NDIA’s claims in each state and the bank files by state, each tied to the ledger', async () => {
    const admin = await adminToken();
    const before = await summary(admin);
    const claimed: Invoice[] = [];
    for (let index = 0; index < 4; index += 1) {
      const invoice = await openInvoice(2, { fundingType: 'NDIS_AGENCY_MANAGED', gstRegistered: false, ndisRates });
      await db().insert(fundingDetails).values({ userId: invoice.careSeekerId, ndisNumber: '430123456' }).onConflictDoNothing();
      claimed.push(invoice);
    }
    const [accepted, rejected, shortPaid, paid] = claimed as [Invoice, Invoice, Invoice, Invoice];
    const waiting = await summary(admin);
    expect(waiting.ndia.waitingToClaim).toEqual({ count: before.ndia.waitingToClaim.count + 4, totalCents: before.ndia.waitingToClaim.totalCents + claimed.reduce((sum, invoice) => sum + invoice.totalCents, 0) });
    expect(waiting.ndia.ledger.differenceCents).toBe(0);

    // Exported: four lines await the NDIA's result.
    const exported = await call('POST', '/api/admin/ndis-claims', { token: admin });
    expect(exported.statusCode, exported.body).toBe(201);
    const batchId = (exported.json() as { batches: { id: string }[] }).batches[0]!.id;
    const sent = await summary(admin);
    expect(sent.ndia.waitingToClaim).toEqual(before.ndia.waitingToClaim);
    expect(sent.ndia.awaitingResult).toEqual({ count: before.ndia.awaitingResult.count + 4, totalCents: before.ndia.awaitingResult.totalCents + claimed.reduce((sum, invoice) => sum + invoice.totalCents, 0) });
    expect(sent.ndia.ledger.differenceCents).toBe(0);

    // The result: accepted, rejected, short-paid by $10.00, accepted; then the cash for the last.
    const file = (await call('GET', `/api/admin/ndis-claims/${batchId}/file`, { token: admin })).body;
    const rows = parseCsv(file).slice(1);
    const reference = parseCsv(file)[0]!.indexOf('ClaimReference');
    expect(rows).toHaveLength(4);
    const claimLines = await db().select().from(ndisClaimLines).where(eq(ndisClaimLines.batchId, batchId));
    const invoiceIdOf = (claimReference: string) => claimLines.find((line) => line.claimReference === claimReference)!.invoiceId;
    const outcome = (index: number) => {
      const invoiceId = invoiceIdOf(rows[index]![reference]!);
      const invoice = claimed.find((candidate) => candidate.id === invoiceId)!;
      if (invoice === rejected) return { status: 'ERROR', error: 'Participant plan has insufficient funds' };
      if (invoice === shortPaid) return { status: 'SUCCESSFUL', paid: ((invoice.totalCents - 1000) / 100).toFixed(2) };
      return { status: 'SUCCESSFUL', paid: (invoice.totalCents / 100).toFixed(2) };
    };
    const result = await call('POST', `/api/admin/ndis-claims/${batchId}/result`, { token: admin, payload: portalResult(file, outcome), headers: { 'content-type': 'text/csv' } });
    expect(result.statusCode, result.body).toBe(200);
    const paidLine = (await db().select().from(ndisClaimLines).where(eq(ndisClaimLines.invoiceId, paid.id)))[0]!;
    const remittance = await call('POST', '/api/admin/ndis-claims/remittance', { token: admin, payload: `Payment Request Number,Paid Amount\r\n${paidLine.paymentRequestNumber},${(paid.totalCents / 100).toFixed(2)}\r\n`, headers: { 'content-type': 'text/csv' } });
    expect(remittance.statusCode, remittance.body).toBe(200);

    const answered = await summary(admin);
    expect(answered.ndia.awaitingResult).toEqual(before.ndia.awaitingResult);
    expect(answered.ndia.rejected).toEqual({ count: before.ndia.rejected.count + 1, totalCents: before.ndia.rejected.totalCents + rejected.totalCents });
    expect(answered.ndia.acceptedAwaitingCash).toEqual({ count: before.ndia.acceptedAwaitingCash.count + 2, totalCents: before.ndia.acceptedAwaitingCash.totalCents + accepted.totalCents + shortPaid.totalCents - 1000 });
    expect(answered.ndia.shortPaid).toEqual({ count: before.ndia.shortPaid.count + 1, totalCents: before.ndia.shortPaid.totalCents + 1000 });
    // What the claims say the NDIA owes is its receivable in the ledger: the paid invoice has left both.
    expect(answered.ndia.ledger).toEqual({ balanceCents: await balanceOf(db(), 'NDIA_RECEIVABLE'), claimsCents: await balanceOf(db(), 'NDIA_RECEIVABLE'), differenceCents: 0 });
    expect(answered.ndia.ledger.balanceCents - waiting.ndia.ledger.balanceCents).toBe(-paid.totalCents);

    // Payouts: one run books a file (pending); lodged; one payout of it comes back.
    const workers = [await createWorker(db()), await createWorker(db())];
    for (const [index, worker] of workers.entries()) {
      await giveWorkerBankDetails(db(), subject.app.fieldCipher, worker.id, { accountNumber: `4242424${index}` });
      await createPaidInvoice(db(), worker.id, 5 + index);
    }
    const { run } = await runPayouts({ db: db(), fileStore: subject.app.fileStore, fieldCipher: subject.app.fieldCipher, config: subject.config }, { runDate: '2027-03-02' });
    const [batch] = await db().select().from(payoutBatches).where(eq(payoutBatches.runId, run.id));
    const booked = await summary(admin);
    expect(booked.payouts.pending).toEqual({ count: before.payouts.pending.count + 1, payoutCount: before.payouts.pending.payoutCount + batch!.payoutCount, totalCents: before.payouts.pending.totalCents + batch!.totalCents });
    expect(booked.payouts.lodged).toEqual(before.payouts.lodged);
    expect(booked.payouts.ledger.differenceCents).toBe(0);
    expect(booked.payouts.ledger.sentCents - before.payouts.ledger.sentCents).toBe(batch!.totalCents);

    expect((await call('POST', `/api/admin/payout-batches/${batch!.id}/lodged`, { token: admin })).statusCode).toBe(200);
    const [payout] = await db().select().from(payouts).where(eq(payouts.workerId, workers[0]!.id));
    const returned = await call('POST', '/api/admin/payout-returns', { token: admin, payload: { lodgementReference: formatLodgementReference(payout!.lodgementNumber), reason: 'Account closed' } });
    expect(returned.statusCode, returned.body).toBe(200);
    const after = await summary(admin);
    expect(after.payouts.pending).toEqual(before.payouts.pending);
    // A lodged file keeps its total: the returned payment is counted on its own.
    expect(after.payouts.lodged).toEqual({ count: before.payouts.lodged.count + 1, payoutCount: before.payouts.lodged.payoutCount + batch!.payoutCount, totalCents: before.payouts.lodged.totalCents + batch!.totalCents });
    expect(after.payouts.returned).toEqual({ count: before.payouts.returned.count + 1, totalCents: before.payouts.returned.totalCents + payout!.amountCents });
    expect(after.payouts.ledger).toMatchObject({ returnedCents: after.payouts.returned.totalCents, returnedPayoutsCents: after.payouts.returned.totalCents, differenceCents: 0 });
    expect((await checkLedger(db())).problems).toEqual([]);
  });
});
