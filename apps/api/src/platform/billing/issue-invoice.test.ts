import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceSchema } from '@tendly/domain/api/invoices';
import { sydneyMidnightEdges } from '@tendly/domain/testing/sydney-midnight';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { isValidPaymentReference, paymentReferenceOf } from '@tendly/domain/payment-reference';
import { invoiceCounters, invoices } from '../db/schema/billing';
import { fundingDetails } from '../db/schema/payments';
import { AppError } from '../errors';
import { issueInvoiceForTimesheet, type BillingSettings } from './issue-invoice';
import { loadInvoice } from './load-invoice';
import { estimateOf, priceStoredTimesheet } from './price-timesheet';
import { plusDays } from '../../test-support/test-dates';
import { createActiveContract, createTimesheet } from './test-billing';

let database: TestDatabase;
const db = () => database.db;
const settings: BillingSettings = { platformFeeBasisPoints: 900, paymentTermsDays: 7 };
const now = new Date('2026-11-10T01:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase({ referenceData: true });
});

afterAll(async () => {
  await database?.dispose();
});

async function issue(timesheetId: string, at: Date = now) {
  return db().transaction((tx) => issueInvoiceForTimesheet(tx, { timesheetId, now: at, settings }));
}

async function issued(timesheetId: string) {
  const { invoiceId } = await issue(timesheetId);
  return invoiceSchema.parse(await loadInvoice(db(), invoiceId));
}

// Tuesday 3 November 2026 is an ordinary weekday in NSW (Melbourne Cup Day is Victoria's).
const tuesdayMorning = { start: '2026-11-03T09:00', end: '2026-11-03T12:30' };

describe('issueInvoiceForTimesheet', () => {
  it('prices the hours, travel and expenses, and records the fee on the hourly amount only', async () => {
    const contract = await createActiveContract(db());
    const timesheet = await createTimesheet(db(), contract, { ...tuesdayMorning, travelTenthKm: 125, travelNote: 'Home to the pool', expenses: [{ description: 'Parking', amountCents: 1550 }] });
    const invoice = await issued(timesheet.id);
    expect(invoice.lines.map((line) => [line.kind, line.timeBand, line.date, line.quantity, line.unit, line.unitPriceCents, line.amountCents, line.gstCode, line.gstCents])).toEqual([
      ['SERVICE', 'WEEKDAY_DAYTIME', '2026-11-03', 3.5, 'H', 6500, 22750, 'P5', 0],
      // 12.5 km × 99 c = $12.375, half-up to $12.38.
      ['TRAVEL', null, '2026-11-03', 12.5, 'KM', 99, 1238, 'P5', 0],
      ['EXPENSE', null, '2026-11-03', 1, 'E', 1550, 1550, 'P5', 0],
    ]);
    expect(invoice).toMatchObject({
      number: 'INV-000001',
      kind: 'INVOICE',
      status: 'ISSUED',
      subtotalCents: 25538,
      gstCents: 0,
      totalCents: 25538,
      hourlyCents: 22750,
      platformFeeBasisPoints: 900,
      // 9% of $227.50 is $20.475: half-up to $20.48. Never on travel, expenses or GST.
      platformFeeCents: 2048,
      workerReceivesCents: 25538 - 2048,
      periodStart: '2026-11-03',
      periodEnd: '2026-11-03',
      // Issued on 10 November in Sydney, due 7 days later.
      dueDate: '2026-11-17',
      clientName: 'Helen Nguyen',
      fundingType: 'PRIVATE',
      state: 'NSW',
      jobReportId: timesheet.id,
      worker: { firstName: 'Wren', lastName: 'Walker', abn: null, gstRegistered: false },
      careSeeker: { firstName: 'Helen', lastName: 'Nguyen' },
      hasFlaggedLines: false,
      creditNoteFor: null,
      creditedBy: null,
    });
  });

  it.each(sydneyMidnightEdges)('counts the payment terms from the day of issue in the client’s state, not in UTC (%s)', async (_edge, { at, sydneyDate }) => {
    const contract = await createActiveContract(db());
    const timesheet = await createTimesheet(db(), contract, tuesdayMorning);
    const { invoiceId } = await issue(timesheet.id, at);
    expect(invoiceSchema.parse(await loadInvoice(db(), invoiceId)).dueDate).toBe(plusDays(sydneyDate, settings.paymentTermsDays));
  });

  it('issues one invoice however often the hours are approved', { tags: ['drivers'] }, async () => {
    const contract = await createActiveContract(db());
    const timesheet = await createTimesheet(db(), contract, tuesdayMorning);
    const first = await issue(timesheet.id);
    const second = await issue(timesheet.id);
    expect(first.created).toBe(true);
    expect(second).toEqual({ invoiceId: first.invoiceId, created: false });
    const both = await Promise.all([issue(timesheet.id), issue(timesheet.id)]);
    expect(both.map((result) => result.invoiceId)).toEqual([first.invoiceId, first.invoiceId]);
    expect(await db().select().from(invoices).where(eq(invoices.timesheetId, timesheet.id))).toHaveLength(1);
  });

  it('keeps a credited invoice as the answer unless a new one is asked for', async () => {
    const contract = await createActiveContract(db());
    const timesheet = await createTimesheet(db(), contract, tuesdayMorning);
    const first = await issue(timesheet.id);
    await db().update(invoices).set({ status: 'CREDITED' }).where(eq(invoices.id, first.invoiceId));
    expect(await issue(timesheet.id)).toEqual({ invoiceId: first.invoiceId, created: false });
    const again = await db().transaction((tx) => issueInvoiceForTimesheet(tx, { timesheetId: timesheet.id, now, settings, reissueAfterCredit: true }));
    expect(again.created).toBe(true);
    expect((await loadInvoice(db(), again.invoiceId))?.number).toBe('INV-000002');
    expect(await issue(timesheet.id)).toEqual({ invoiceId: again.invoiceId, created: false });
  });

  it('numbers 50 invoices approved at once for one worker 1 to 50, without a gap or a repeat', { tags: ['drivers'] }, async () => {
    const contract = await createActiveContract(db());
    const sheets = [];
    for (let day = 0; day < 50; day += 1) {
      const date = new Date(Date.UTC(2026, 7, 3 + day)).toISOString().slice(0, 10);
      sheets.push(await createTimesheet(db(), contract, { start: `${date}T09:00`, end: `${date}T10:00` }));
    }
    const results = await Promise.all(sheets.map((sheet) => issue(sheet.id)));
    expect(results.every((result) => result.created)).toBe(true);
    const rows = await db().select({ number: invoices.number }).from(invoices).where(eq(invoices.workerId, contract.workerId));
    expect(rows.map((row) => row.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    const [counter] = await db().select().from(invoiceCounters).where(eq(invoiceCounters.workerId, contract.workerId));
    expect(counter).toMatchObject({ lastInvoiceNumber: 50, lastCreditNoteNumber: 0 });
  });

  it('gives a number back when the approval rolls back', async () => {
    const contract = await createActiveContract(db());
    const first = await createTimesheet(db(), contract, tuesdayMorning);
    await expect(
      db().transaction(async (tx) => {
        await issueInvoiceForTimesheet(tx, { timesheetId: first.id, now, settings });
        throw new Error('the approval failed after issuing');
      }),
    ).rejects.toThrow('the approval failed');
    const second = await createTimesheet(db(), contract, { start: '2026-11-04T09:00', end: '2026-11-04T10:00' });
    expect((await issued(second.id)).number).toBe('INV-000001');
  });

  it('adds GST at 10% to the taxable lines of a GST-registered worker only, on-charged expenses included', async () => {
    const contract = await createActiveContract(db(), { gstRegistered: true });
    const timesheet = await createTimesheet(db(), contract, { ...tuesdayMorning, travelTenthKm: 125, travelNote: 'Shops', expenses: [{ description: 'Parking', amountCents: 1550 }] });
    const invoice = await issued(timesheet.id);
    expect(invoice.lines.map((line) => [line.kind, line.gstCode, line.gstCents])).toEqual([
      ['SERVICE', 'P1', 2275],
      ['TRAVEL', 'P1', 124],
      // Issue 28: the parking the worker on-charges is part of their taxable supply (ATO GSTR 2000/37).
      ['EXPENSE', 'P1', 155],
    ]);
    expect(invoice).toMatchObject({ subtotalCents: 25538, gstCents: 2554, totalCents: 28092, hourlyCents: 22750, platformFeeCents: 2048 });
    expect(invoice.worker).toMatchObject({ abn: '51824753556', businessName: 'Wren Walker Care', gstRegistered: true });

    const notRegistered = await createActiveContract(db(), { gstRegistered: false });
    const plain = await issued((await createTimesheet(db(), notRegistered, tuesdayMorning)).id);
    expect(plain).toMatchObject({ gstCents: 0, totalCents: 22750 });
    expect(plain.lines[0]).toMatchObject({ gstCode: 'P5', gstCents: 0 });
  });

  it('charges no GST on a disbursement the registered worker paid as the client’s agent, and keeps it P2 on an NDIS invoice', async () => {
    const expenses = [
      { description: 'Parking', amountCents: 1550 },
      { description: 'Pharmacy item in the client’s name', amountCents: 2350, paidAsAgent: true },
    ];
    const contract = await createActiveContract(db(), { gstRegistered: true });
    const invoice = await issued((await createTimesheet(db(), contract, { ...tuesdayMorning, expenses })).id);
    // Issue 28: the parking is on-charged (taxed); the pharmacy item is a true disbursement (ATO GSTR 2000/37).
    expect(invoice.lines.map((line) => [line.kind, line.amountCents, line.gstCode, line.gstCents, line.disbursement])).toEqual([
      ['SERVICE', 22750, 'P1', 2275, false],
      ['EXPENSE', 1550, 'P1', 155, false],
      ['EXPENSE', 2350, 'P5', 0, true],
    ]);
    expect(invoice).toMatchObject({ subtotalCents: 26650, gstCents: 2430, totalCents: 29080, hourlyCents: 22750 });

    const ndisContract = await createActiveContract(db(), { gstRegistered: true, fundingType: 'NDIS_PLAN_MANAGED', ndisRates: [{ lineItem: 'SELF_CARE', timeOfDay: 'WEEKDAY_DAYTIME', amountCents: 7000 }] });
    const ndis = await issued((await createTimesheet(db(), ndisContract, { ...tuesdayMorning, expenses })).id);
    expect(ndis.lines.map((line) => [line.kind, line.gstCode, line.gstCents, line.disbursement])).toEqual([
      ['SERVICE', 'P2', 0, false],
      ['EXPENSE', 'P2', 0, false],
      ['EXPENSE', 'P2', 0, true],
    ]);

    const unregistered = await issued((await createTimesheet(db(), await createActiveContract(db(), { gstRegistered: false }), { ...tuesdayMorning, expenses })).id);
    expect(unregistered.lines.map((line) => [line.gstCode, line.gstCents])).toEqual([
      ['P5', 0],
      ['P5', 0],
      ['P5', 0],
    ]);
  });

  it('gives every invoice a payment reference unique across the platform, with a Luhn check digit', async () => {
    const first = await issued((await createTimesheet(db(), await createActiveContract(db()), tuesdayMorning)).id);
    const second = await issued((await createTimesheet(db(), await createActiveContract(db()), tuesdayMorning)).id);
    // Two workers' first invoices share a number, never a reference.
    expect([first.number, second.number]).toEqual(['INV-000001', 'INV-000001']);
    expect(first.paymentReference).toMatch(/^\d{7,}$/);
    expect(second.paymentReference).toMatch(/^\d{7,}$/);
    expect(second.paymentReference).not.toBe(first.paymentReference);
    // The database's check digit (payment_reference_of) is the one the domain checks typed references with.
    for (const reference of [first.paymentReference!, second.paymentReference!]) {
      expect(isValidPaymentReference(reference)).toBe(true);
      expect(reference).toBe(paymentReferenceOf(Number(reference.slice(0, -1))));
    }
    const rows = await db().select({ reference: invoices.paymentReference }).from(invoices).where(eq(invoices.kind, 'INVOICE'));
    expect(new Set(rows.map((row) => row.reference)).size).toBe(rows.length);
    expect(rows.every((row) => row.reference !== null)).toBe(true);
  });

  it('copies the participant’s NDIS number and the plan manager’s details onto a plan-managed invoice', async () => {
    const contract = await createActiveContract(db(), { fundingType: 'NDIS_PLAN_MANAGED', ndisRates: [{ lineItem: 'SELF_CARE', timeOfDay: 'WEEKDAY_DAYTIME', amountCents: 7000 }] });
    await db()
      .insert(fundingDetails)
      .values({ userId: contract.careSeekerId, ndisNumber: '430123456', planManagerName: 'Clear Plan Managers', planManagerEmail: 'accounts@clearplan.example', planManagerAbn: '12345678901' });
    const invoice = await issued((await createTimesheet(db(), contract, tuesdayMorning)).id);
    expect(invoice).toMatchObject({ participantNdisNumber: '430123456', funder: { name: 'Clear Plan Managers', email: 'accounts@clearplan.example', abn: '12345678901' } });
    // A private invoice carries neither.
    const plain = await issued((await createTimesheet(db(), await createActiveContract(db()), tuesdayMorning)).id);
    expect(plain).toMatchObject({ participantNdisNumber: null, funder: null });
  });

  it('claims an NDIS-funded client’s hours as support items, GST-free, capped at the price limit and flagged', async () => {
    const contract = await createActiveContract(db(), {
      fundingType: 'NDIS_PLAN_MANAGED',
      gstRegistered: true,
      saturdayRateCents: 11000,
      ndisRates: [{ lineItem: 'SELF_CARE', timeOfDay: 'WEEKDAY_DAYTIME', amountCents: 7000 }],
    });
    // Friday 6 November 2026, 6 pm to 10 pm: two hours of daytime at the NDIS rate, two of evening at the contract's.
    const friday = await issued((await createTimesheet(db(), contract, { start: '2026-11-06T18:00', end: '2026-11-06T22:00' })).id);
    expect(friday.lines.map((line) => [line.supportItem, line.timeBand, line.unitPriceCents, line.priceLimitCents, line.capped, line.flagged, line.gstCode])).toEqual([
      ['01_011_0107_1_1', 'WEEKDAY_DAYTIME', 7000, 7358, false, false, 'P2'],
      ['01_015_0107_1_1', 'WEEKDAY_EVENING', 7200, 8107, false, false, 'P2'],
    ]);
    expect(friday.gstCents).toBe(0);
    // Saturday at $110.00 is above the 2026-27 limit of $103.54: charged at the limit, flagged.
    const saturday = await issued((await createTimesheet(db(), contract, { start: '2026-11-07T09:00', end: '2026-11-07T11:00' })).id);
    expect(saturday.lines[0]).toMatchObject({ supportItem: '01_013_0107_1_1', unitPriceCents: 10354, priceLimitCents: 10354, capped: true, flagged: true, amountCents: 20708 });
    expect(saturday).toMatchObject({ hasFlaggedLines: true, totalCents: 20708, hourlyCents: 20708, platformFeeCents: 1864 });
  });

  it('prices a short-notice cancellation at the agreed share of the booked shift, claimed as CANC with its reason', async () => {
    const contract = await createActiveContract(db(), { cancellationChargePercent: 80, fundingType: 'NDIS_SELF_MANAGED', ndisRates: [{ lineItem: 'SELF_CARE', timeOfDay: 'WEEKDAY_DAYTIME', amountCents: 6500 }] });
    const cancelled = await createTimesheet(db(), contract, { ...tuesdayMorning, kind: 'CANCELLATION', cancellationReasonCode: 'NSDH', cancellationChargePercent: 80, travelTenthKm: 100, travelNote: 'Not travelled' });
    const invoice = await issued(cancelled.id);
    expect(invoice.lines).toHaveLength(1);
    // 80% of $65.00 is $52.00 an hour; 3.5 hours.
    expect(invoice.lines[0]).toMatchObject({ kind: 'CANCELLATION', supportItem: '01_011_0107_1_1', quantity: 3.5, unitPriceCents: 5200, amountCents: 18200, claimType: 'CANC', cancellationReason: 'NSDH', gstCode: 'P2' });
    expect(invoice).toMatchObject({ hourlyCents: 18200, platformFeeCents: 1638, totalCents: 18200 });
  });

  it('refuses with a 422 naming what cannot be priced, and writes nothing', async () => {
    const contract = await createActiveContract(db(), { fundingType: 'NDIS_AGENCY_MANAGED', ndisRates: [{ lineItem: 'COMMUNITY_ACCESS', timeOfDay: 'WEEKDAY_DAYTIME', amountCents: 6000 }] });
    const night = await createTimesheet(db(), contract, { start: '2026-11-04T02:00', end: '2026-11-04T03:00' });
    const failure = await issue(night.id).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ status: 422, message: 'The NDIS has no community access support item for weekday night.' });
    expect(await db().select().from(invoices).where(eq(invoices.workerId, contract.workerId))).toEqual([]);
    await expect(priceStoredTimesheet(db(), night)).rejects.toMatchObject({ status: 422 });
  });

  it('prices a job report before approval exactly as it will be invoiced', async () => {
    const contract = await createActiveContract(db(), { gstRegistered: true });
    const timesheet = await createTimesheet(db(), contract, { ...tuesdayMorning, status: 'SUBMITTED', travelTenthKm: 125, travelNote: 'Pool', expenses: [{ description: 'Parking', amountCents: 1550 }] });
    const estimate = estimateOf(await priceStoredTimesheet(db(), timesheet));
    const invoice = await issued(timesheet.id);
    expect(estimate).toMatchObject({ subtotalCents: invoice.subtotalCents, gstCents: invoice.gstCents, totalCents: invoice.totalCents });
    expect(estimate.lines.map((line) => [line.kind, line.quantity, line.unitPriceCents, line.amountCents])).toEqual(invoice.lines.map((line) => [line.kind, line.quantity, line.unitPriceCents, line.amountCents]));
  });

  it('invoices Melbourne Cup Day at the public holiday rate for a client in Melbourne only (the contract’s postcode)', async () => {
    // Public Holidays Act 1993 (Vic): Melbourne Cup Day (Tuesday 3 November 2026) is metropolitan Melbourne's holiday.
    const cupDay = { start: '2026-11-03T09:00', end: '2026-11-03T11:00' };
    const melbourne = await createActiveContract(db(), { state: 'VIC', postcode: '3150' });
    const ballarat = await createActiveContract(db(), { state: 'VIC', postcode: '3350' });
    const unknown = await createActiveContract(db(), { state: 'VIC', postcode: null });
    const inMelbourne = await createTimesheet(db(), melbourne, { ...cupDay, status: 'SUBMITTED' });
    expect(estimateOf(await priceStoredTimesheet(db(), inMelbourne)).lines.map((line) => [line.timeBand, line.unitPriceCents])).toEqual([['PUBLIC_HOLIDAY', 16000]]);
    const facts = (invoice: Awaited<ReturnType<typeof issued>>) => invoice.lines.map((line) => [line.timeBand, line.description, line.unitPriceCents, line.amountCents]);
    expect(facts(await issued((await createTimesheet(db(), melbourne, cupDay)).id))).toEqual([['PUBLIC_HOLIDAY', 'Care and support on Melbourne Cup', 16000, 32000]]);
    expect(facts(await issued((await createTimesheet(db(), ballarat, cupDay)).id))).toEqual([['WEEKDAY_DAYTIME', 'Care and support', 6500, 13000]]);
    // No postcode on the agreement: only the holidays of the whole state.
    expect(facts(await issued((await createTimesheet(db(), unknown, cupDay)).id))).toEqual([['WEEKDAY_DAYTIME', 'Care and support', 6500, 13000]]);
  });

  it('refuses hours that have not been approved', async () => {
    const contract = await createActiveContract(db());
    for (const status of ['DRAFT', 'REJECTED'] as const) {
      const timesheet = await createTimesheet(db(), contract, { ...tuesdayMorning, status });
      await expect(issue(timesheet.id)).rejects.toMatchObject({ status: 409, message: 'Only approved hours can be invoiced.' });
    }
  });
});
