import { asc, eq } from 'drizzle-orm';
import type { Timesheet } from '@tendly/domain/api/timesheets';
import type { NdisCatalogue } from '@tendly/domain/pricing/ndis-catalogue';
import { priceJobReport, type JobReportToPrice, type PricedJobReport } from '@tendly/domain/pricing/price-job-report';
import { PricingError } from '@tendly/domain/pricing/price-shift';
import type { DbExecutor } from '../db/client';
import { timesheetExpenses, timesheets } from '../db/schema/billing';
import { AppError } from '../errors';
import { ndisCatalogue } from './ndis-catalogue';
import { presentPricedLine } from './load-invoice';
import { loadContractPricingTerms, type ContractPricingTerms } from './pricing-terms';

/** A timesheet (hours or a short-notice cancellation) to price: the engine's input and its contract. */
export interface TimesheetToPrice extends JobReportToPrice {
  readonly contractId: string;
}

/** The lines and totals a timesheet is (or will be) invoiced at. */
export type PricedTimesheet = PricedJobReport;

export interface PricingOptions {
  /** The contract's terms, when the caller has them already (a list of one contract's hours). */
  readonly terms?: ContractPricingTerms;
  /** The NDIS catalogue, when the caller has it already (many invoices in one transaction). */
  readonly catalogue?: NdisCatalogue;
}

export const UNPRICEABLE_CODE = 'UNPROCESSABLE';
export const CONTRACT_GONE_MESSAGE = 'The service agreement these hours belong to no longer exists.';

/** What cannot be priced, as the API answers it: a 422 whose message names what. */
export function unpriceable(message: string): AppError {
  return new AppError(422, message, { code: UNPRICEABLE_CODE });
}

/**
 * Runs the engine and turns its refusals into 422s; anything else is a bug and stays one. The
 * client's postcode comes from the contract (copied in at the offer, as the timesheet's state
 * was), unless the caller gives one: it decides the holidays kept in part of a state only.
 */
export function priceWithTerms(input: JobReportToPrice, terms: ContractPricingTerms, catalogue: NdisCatalogue | null): PricedTimesheet {
  try {
    return priceJobReport({ ...input, postcode: input.postcode ?? terms.postcode }, terms, catalogue);
  } catch (error) {
    if (error instanceof PricingError) throw unpriceable(error.message);
    throw error;
  }
}

/**
 * Prices a timesheet from its contract's terms (issue 14): service lines per band and local date
 * at the contract's rates (NDIS items and price limits for an NDIS-funded client), travel, expenses
 * at cost, GST per line. An AppError 422 names what cannot be priced.
 */
export async function priceTimesheet(db: DbExecutor, input: TimesheetToPrice, options: PricingOptions = {}): Promise<PricedTimesheet> {
  const terms = options.terms ?? (await loadContractPricingTerms(db, input.contractId));
  if (!terms) throw unpriceable(CONTRACT_GONE_MESSAGE);
  const catalogue = terms.ndisFunded ? (options.catalogue ?? (await ndisCatalogue(db))) : null;
  return priceWithTerms(input, terms, catalogue);
}

type TimesheetRow = typeof timesheets.$inferSelect;

/** The columns of a timesheet the engine reads. */
export const timesheetPricingColumns = {
  id: timesheets.id,
  kind: timesheets.kind,
  status: timesheets.status,
  contractId: timesheets.contractId,
  workerId: timesheets.workerId,
  careSeekerId: timesheets.careSeekerId,
  startsAt: timesheets.startsAt,
  endsAt: timesheets.endsAt,
  state: timesheets.state,
  breakMinutes: timesheets.breakMinutes,
  travelTenthKm: timesheets.travelTenthKm,
  travelNote: timesheets.travelNote,
  ndisLineItem: timesheets.ndisLineItem,
  ndisLevel: timesheets.ndisLevel,
  cancellationReasonCode: timesheets.cancellationReasonCode,
  cancellationChargePercent: timesheets.cancellationChargePercent,
};
export type TimesheetPricingRow = Pick<TimesheetRow, keyof typeof timesheetPricingColumns>;
type ExpenseRow = Pick<typeof timesheetExpenses.$inferSelect, 'description' | 'amountCents' | 'paidAsAgent'>;

/** A stored timesheet and its expenses as the engine takes them. */
export function timesheetToPrice(row: TimesheetPricingRow, expenses: readonly ExpenseRow[]): TimesheetToPrice {
  return {
    contractId: row.contractId,
    kind: row.kind,
    startsAtMs: row.startsAt.getTime(),
    endsAtMs: row.endsAt.getTime(),
    state: row.state,
    breakMinutes: row.breakMinutes,
    travelTenthKm: row.travelTenthKm,
    travelNote: row.travelNote,
    expenses: expenses.map((expense) => ({ description: expense.description, amountCents: expense.amountCents, paidAsAgent: expense.paidAsAgent })),
    ndisLineItem: row.ndisLineItem,
    ndisLevel: row.ndisLevel,
    cancellationReasonCode: row.cancellationReasonCode,
    cancellationChargePercent: row.cancellationChargePercent,
  };
}

/** The expenses of a timesheet, in the order they were entered. */
export function timesheetExpensesOf(db: DbExecutor, timesheetId: string): Promise<ExpenseRow[]> {
  return db
    .select({ description: timesheetExpenses.description, amountCents: timesheetExpenses.amountCents, paidAsAgent: timesheetExpenses.paidAsAgent })
    .from(timesheetExpenses)
    .where(eq(timesheetExpenses.timesheetId, timesheetId))
    .orderBy(asc(timesheetExpenses.position), asc(timesheetExpenses.id));
}

/** A stored timesheet priced as it stands (a job report's estimate, the overview's hours awaiting approval). */
export async function priceStoredTimesheet(db: DbExecutor, row: TimesheetPricingRow, options: PricingOptions = {}): Promise<PricedTimesheet> {
  return priceTimesheet(db, timesheetToPrice(row, await timesheetExpensesOf(db, row.id)), options);
}

/** A priced timesheet as a job report shows it (`timesheetSchema.estimate`): the lines it will be invoiced with. */
export function estimateOf(priced: PricedTimesheet): NonNullable<Timesheet['estimate']> {
  return {
    lines: priced.lines.map((line) => ({
      ...presentPricedLine(line),
      supportItem: line.supportItemNumber,
      flagged: line.flagged,
    })),
    subtotalCents: priced.subtotalCents,
    gstCents: priced.gstCents,
    totalCents: priced.totalCents,
  };
}
