import type { CancellationReasonCode } from '@tendly/domain/api/bookings';
import type { JobReportDecider, TimesheetStatus } from '@tendly/domain/api/timesheets';
import type { PayingForCareType } from '@tendly/domain/job-options';
import type { NdisLineItemCode, NdisTimeBand, SupportLevel } from '@tendly/domain/ndis-line-items';
import { localToInstant } from '@tendly/domain/shift-time';
import { stateTimeZone, type StateCode } from '@tendly/domain/states';
import { createUser, createWorker } from '../../features/auth/test-factories';
import { eq } from 'drizzle-orm';
import type { FieldCipher } from '../crypto/field-cipher';
import type { Db, DbExecutor } from '../db/client';
import { invoices, timesheetExpenses, timesheets } from '../db/schema/billing';
import { postJournal, receivableAccountFor } from '../ledger/ledger';
import { issueInvoiceForTimesheet } from './issue-invoice';
import { contractNdisRates, contracts } from '../db/schema/engagements';
import { workerTaxDetails } from '../db/schema/onboarding';

/**
 * Small factories for billing tests: an active contract between a fresh worker and care seeker,
 * and timesheets under it, written straight to the tables (the hours API has its own tests).
 */

export interface ContractOptions {
  fundingType?: PayingForCareType;
  state?: StateCode;
  /** The client's postcode (Marrickville's unless told otherwise): the holidays of part of a state. */
  postcode?: string | null;
  mmmClass?: number | null;
  weekdayRateCents?: number;
  eveningRateCents?: number;
  overnightRateCents?: number | null;
  saturdayRateCents?: number;
  sundayRateCents?: number;
  publicHolidayRateCents?: number;
  travelPerKmCents?: number;
  cancellationChargePercent?: number;
  ndisRates?: { lineItem: NdisLineItemCode; level?: SupportLevel; timeOfDay: NdisTimeBand; amountCents: number; supportItemNumber?: string }[];
  /** Tax details on file for the worker: GST-registered or not; null for none. */
  gstRegistered?: boolean | null;
  workerId?: string;
  careSeekerId?: string;
}

export async function setWorkerTax(db: DbExecutor, workerId: string, gstRegistered: boolean) {
  await db
    .insert(workerTaxDetails)
    .values({
      workerId,
      abn: '51824753556',
      abnLegalName: 'Wren Walker Care',
      gstRegistered,
      superFundName: 'Test Super',
      superIdentifierType: 'USI',
      superIdentifier: 'TST0001AU',
      superMemberNumber: '123456',
      bankAccountName: 'Wren Walker',
      bsb: '062000',
      accountNumberEncrypted: 'not-a-real-ciphertext',
      accountNumberLastDigits: '678',
    })
    .onConflictDoUpdate({ target: workerTaxDetails.workerId, set: { gstRegistered } });
}

/** An ACTIVE contract (private, NSW, national prices unless told otherwise) with a new worker and care seeker. */
export async function createActiveContract(db: DbExecutor, options: ContractOptions = {}) {
  const workerId = options.workerId ?? (await createWorker(db, { user: { firstName: 'Wren', lastName: 'Walker' } })).id;
  const careSeekerId = options.careSeekerId ?? (await createUser(db, { firstName: 'Helen', lastName: 'Nguyen', state: options.state ?? 'NSW' })).id;
  if (options.gstRegistered !== null && options.gstRegistered !== undefined) await setWorkerTax(db, workerId, options.gstRegistered);
  const [contract] = await db
    .insert(contracts)
    .values({
      careSeekerId,
      workerId,
      status: 'ACTIVE',
      fundingType: options.fundingType ?? 'PRIVATE',
      clientName: 'Helen Nguyen',
      clientState: options.state ?? 'NSW',
      clientPostcode: options.postcode === undefined ? '2204' : options.postcode,
      clientMmmClass: options.mmmClass === undefined ? 1 : options.mmmClass,
      supportRequired: ['CTP'],
      weekdayRateCents: options.weekdayRateCents ?? 6500,
      eveningRateCents: options.eveningRateCents ?? 7200,
      overnightRateCents: options.overnightRateCents === undefined ? 8000 : options.overnightRateCents,
      saturdayRateCents: options.saturdayRateCents ?? 9000,
      sundayRateCents: options.sundayRateCents ?? 12000,
      publicHolidayRateCents: options.publicHolidayRateCents ?? 16000,
      travelPerKmCents: options.travelPerKmCents ?? 99,
      startDate: '2025-07-01',
      cancellationPolicy: 'Seven clear days’ notice.',
      cancellationChargePercent: options.cancellationChargePercent ?? 100,
      terminationPolicy: 'Two weeks’ notice.',
      emergencyContacts: [],
      signedName: 'Wren Walker',
      // The day before it starts, so that hours may be recorded from its first day.
      signedAt: new Date('2025-06-30T00:00:00Z'),
    })
    .returning();
  if (!contract) throw new Error('createActiveContract: no row');
  if (options.ndisRates?.length) {
    await db.insert(contractNdisRates).values(
      options.ndisRates.map((rate, position) => ({
        contractId: contract.id,
        lineItem: rate.lineItem,
        level: rate.level ?? 'ONE',
        timeOfDay: rate.timeOfDay,
        supportItemNumber: rate.supportItemNumber ?? '01_011_0107_1_1',
        edition: '2025-26',
        amountCents: rate.amountCents,
        position,
      })),
    );
  }
  return contract;
}

export interface TimesheetOptions {
  start: string;
  end: string;
  status?: TimesheetStatus;
  kind?: 'SHIFT' | 'CANCELLATION';
  breakMinutes?: number;
  travelTenthKm?: number;
  travelNote?: string;
  expenses?: { description: string; amountCents: number; paidAsAgent?: boolean }[];
  ndisLineItem?: NdisLineItemCode | null;
  ndisLevel?: SupportLevel | null;
  cancellationReasonCode?: CancellationReasonCode | null;
  cancellationChargePercent?: number | null;
  /** The booked shift the hours are for; null (unbooked work) unless told. */
  shiftId?: string | null;
  /** Who approved an APPROVED or REJECTED timesheet (the care seeker unless told). */
  decidedBy?: JobReportDecider;
}

type ContractRow = typeof contracts.$inferSelect;

/** A timesheet under a contract, APPROVED unless told otherwise; times are local to the contract's state. */
export async function createTimesheet(db: DbExecutor, contract: ContractRow, options: TimesheetOptions) {
  const zone = stateTimeZone(contract.clientState);
  const status = options.status ?? 'APPROVED';
  const [timesheet] = await db
    .insert(timesheets)
    .values({
      kind: options.kind ?? 'SHIFT',
      status,
      contractId: contract.id,
      workerId: contract.workerId,
      careSeekerId: contract.careSeekerId,
      createdByUserId: contract.workerId,
      startsAt: localToInstant(options.start, zone),
      endsAt: localToInstant(options.end, zone),
      timeZone: zone,
      state: contract.clientState,
      breakMinutes: options.breakMinutes ?? 0,
      travelTenthKm: options.travelTenthKm ?? 0,
      travelNote: options.travelNote ?? '',
      ndisLineItem: options.ndisLineItem ?? null,
      ndisLevel: options.ndisLevel ?? null,
      cancellationReasonCode: options.cancellationReasonCode ?? null,
      cancellationChargePercent: options.cancellationChargePercent ?? null,
      submittedAt: status === 'DRAFT' ? null : new Date(),
      decidedAt: status === 'APPROVED' || status === 'REJECTED' ? new Date() : null,
      decidedBy: status === 'APPROVED' || status === 'REJECTED' ? (options.decidedBy ?? 'CARE_SEEKER') : null,
      shiftId: options.shiftId ?? null,
    })
    .returning();
  if (!timesheet) throw new Error('createTimesheet: no row');
  if (options.expenses?.length) {
    await db.insert(timesheetExpenses).values(options.expenses.map((expense, position) => ({ timesheetId: timesheet.id, ...expense, position })));
  }
  return timesheet;
}

export interface BankDetailsOptions {
  accountNumber?: string;
  /** `''` for a worker without an ABN. */
  abn?: string;
}

/** Tax and super with a real (encrypted) account number, so that a payout run can pay the worker. */
export async function giveWorkerBankDetails(db: DbExecutor, cipher: FieldCipher, workerId: string, options: BankDetailsOptions = {}) {
  const accountNumber = options.accountNumber ?? '12345678';
  await db
    .insert(workerTaxDetails)
    .values({
      workerId,
      abn: options.abn ?? '51824753556',
      abnLegalName: 'Wren Walker Care',
      gstRegistered: false,
      superFundName: 'Test Super',
      superIdentifierType: 'USI',
      superIdentifier: 'TST0001AU',
      superMemberNumber: '123456',
      bankAccountName: 'Wren Walker',
      bsb: '033-001',
      accountNumberEncrypted: await cipher.encrypt(accountNumber),
      accountNumberLastDigits: accountNumber.slice(-3),
    })
    .onConflictDoNothing();
}

/** A PAID invoice for a worker: issued for some approved hours in November 2026 (on `day`), then paid by transfer into the bank (Dr BANK, Cr receivable). */
export async function createPaidInvoice(db: Db, workerId: string, day = 3) {
  const contract = await createActiveContract(db, { workerId });
  const date = `2026-11-${String(day).padStart(2, '0')}`;
  const timesheet = await createTimesheet(db, contract, { start: `${date}T09:00`, end: `${date}T12:30` });
  return db.transaction(async (tx) => {
    const { invoiceId } = await issueInvoiceForTimesheet(tx, { timesheetId: timesheet.id, now: new Date(), settings: { platformFeeBasisPoints: 900, paymentTermsDays: 7 } });
    const [invoice] = await tx.update(invoices).set({ status: 'PAID', paidAt: new Date() }).where(eq(invoices.id, invoiceId)).returning();
    await postJournal(tx, {
      kind: 'PAYMENT_RECEIVED',
      key: `test-payment:${invoiceId}`,
      invoiceId,
      lines: [
        { account: 'BANK', amountCents: invoice!.totalCents },
        { account: receivableAccountFor(invoice!.fundingType), partyId: invoice!.careSeekerId, invoiceId, amountCents: -invoice!.totalCents },
      ],
    });
    return invoice!;
  });
}
