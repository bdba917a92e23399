import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_TIME_ZONE, receivablesAgeingSchema, type ReceivablesAgeing } from '@tendly/domain/api/admin-money';
import { localToInstant } from '@tendly/domain/shift-time';
import { issueInvoiceForTimesheet } from '../../platform/billing/issue-invoice';
import { createActiveContract, createPaidInvoice, createTimesheet, type ContractOptions } from '../../platform/billing/test-billing';
import { checkLedger } from '../../platform/ledger/check-ledger';
import { balanceOf } from '../../platform/ledger/ledger';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createCoordinator, createUser, createWorker, requester, sessionFor } from '../auth/test-factories';

let subject: TestApp;
let call: ReturnType<typeof requester>;
const db = () => subject.database.db;
const ndisRates: ContractOptions['ndisRates'] = [{ lineItem: 'SELF_CARE', timeOfDay: 'WEEKDAY_DAYTIME', amountCents: 6500 }];

beforeAll(async () => {
  subject = await createTestApp({ database: { referenceData: true } });
  call = requester(subject.app);
});

afterAll(async () => {
  await subject?.close();
});

/** An invoice issued on 7-day terms and due `daysPastDue` days before today (negative: due later). */
async function openInvoice(daysPastDue: number, options: ContractOptions = {}) {
  const contract = await createActiveContract(db(), options);
  const timesheet = await createTimesheet(db(), contract, { start: '2026-11-03T09:00', end: '2026-11-03T12:30' });
  // Issued at noon in Sydney (the client is in NSW), whole days before today there: no clock change moves the date.
  const issuedOn = format(addDays(new TZDate(Date.now(), MONEY_TIME_ZONE), -(daysPastDue + 7)), 'yyyy-MM-dd');
  const issuedAt = localToInstant(`${issuedOn}T12:00`, MONEY_TIME_ZONE);
  const { invoiceId } = await db().transaction((tx) => issueInvoiceForTimesheet(tx, { timesheetId: timesheet.id, now: issuedAt, settings: { platformFeeBasisPoints: 900, paymentTermsDays: 7 } }));
  const [invoice] = await db().query.invoices.findMany({ where: (invoices, { eq }) => eq(invoices.id, invoiceId) });
  return invoice!;
}

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
