import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { INVOICE_NEEDS_APPROVED_HOURS } from '@tendly/domain/api/invoices';
import { dateOfDayNumber, dayNumberOf, localDateOf } from '@tendly/domain/pricing/local-clock';
import type { NdisCatalogue } from '@tendly/domain/pricing/ndis-catalogue';
import { platformFeeCents, type InvoiceLineDraft } from '@tendly/domain/pricing/price-job-report';
import { stateTimeZone } from '@tendly/domain/states';
import type { Config } from '../config';
import type { DbTransaction } from '../db/client';
import { users } from '../db/schema/accounts';
import { invoiceCounters, invoiceLines, invoices, timesheetExpenses, timesheets } from '../db/schema/billing';
import { contracts } from '../db/schema/engagements';
import { workerTaxDetails } from '../db/schema/onboarding';
import { conflict, notFound } from '../errors';
import { nextNumberUpsert } from './invoice-numbers';
import { ndisCatalogue } from './ndis-catalogue';
import { contractTermsColumns, termsFromRow } from './pricing-terms';
import { priceWithTerms, timesheetPricingColumns, timesheetToPrice } from './price-timesheet';

/** The settings an invoice is issued under (configuration, read once at start-up). */
export interface BillingSettings {
  /** The platform fee in basis points of the hourly amounts (900 is 9%). */
  readonly platformFeeBasisPoints: number;
  /** Days the care seeker has to pay: the due date is the issue date (in the client's state) plus these. */
  readonly paymentTermsDays: number;
}

export function billingSettingsOf(config: Pick<Config, 'PLATFORM_FEE_BASIS_POINTS' | 'INVOICE_PAYMENT_TERMS_DAYS'>): BillingSettings {
  return { platformFeeBasisPoints: config.PLATFORM_FEE_BASIS_POINTS, paymentTermsDays: config.INVOICE_PAYMENT_TERMS_DAYS };
}

export interface IssueInvoiceInput {
  readonly timesheetId: string;
  readonly now: Date;
  readonly settings: BillingSettings;
  /** The NDIS catalogue, when the caller has it (issuing many in a row); otherwise it is read. */
  readonly catalogue?: NdisCatalogue;
  /**
   * Whether a timesheet whose invoice was credited gets a new invoice. By default the credited
   * invoice is returned (created: false): approving again never invoices twice by accident.
   */
  readonly reissueAfterCredit?: boolean;
}

export interface IssuedInvoice {
  readonly invoiceId: string;
  /** False when the timesheet already had its invoice (approving twice issues one invoice). */
  readonly created: boolean;
}

/** `YYYY-MM-DD` a number of days after a local date. */
function addDays(localDate: string, days: number): string {
  return dateOfDayNumber(dayNumberOf(localDate) + days);
}

/** The local dates of the support covered: the first and last dates of the service lines. */
function periodOf(lines: readonly InvoiceLineDraft[], fallback: string): { periodStart: string; periodEnd: string } {
  const dates = lines.filter((line) => line.kind === 'SERVICE' || line.kind === 'CANCELLATION').map((line) => line.date ?? fallback);
  if (dates.length === 0) return { periodStart: fallback, periodEnd: fallback };
  dates.sort();
  return { periodStart: dates[0]!, periodEnd: dates.at(-1)! };
}

const invoiceWorkers = alias(users, 'invoice_worker');
const invoiceCareSeekers = alias(users, 'invoice_care_seeker');
const expensesSchema = z.array(z.object({ description: z.string(), amountCents: z.number().int() }));

/** A JSON column as the driver hands it over (parsed already, or text). */
function jsonValue(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

/**
 * Locks a timesheet's row and reads, in the same query, all its invoice needs: the contract's
 * terms, the worker's tax details, both parties' names and the expenses.
 */
async function lockInvoiceSource(tx: DbTransaction, timesheetId: string) {
  const [row] = await tx
    .select({
      timesheet: timesheetPricingColumns,
      ...contractTermsColumns,
      worker: { firstName: invoiceWorkers.firstName, lastName: invoiceWorkers.lastName },
      careSeeker: { firstName: invoiceCareSeekers.firstName, lastName: invoiceCareSeekers.lastName },
      expenses: sql<unknown>`coalesce((select json_agg(json_build_object('description', e.description, 'amountCents', e.amount_cents) order by e.position, e.id)
        from ${timesheetExpenses} e where e.timesheet_id = ${timesheets.id}), '[]'::json)`,
    })
    .from(timesheets)
    .innerJoin(contracts, eq(contracts.id, timesheets.contractId))
    .leftJoin(workerTaxDetails, eq(workerTaxDetails.workerId, contracts.workerId))
    .innerJoin(invoiceWorkers, eq(invoiceWorkers.id, timesheets.workerId))
    .innerJoin(invoiceCareSeekers, eq(invoiceCareSeekers.id, timesheets.careSeekerId))
    .where(eq(timesheets.id, timesheetId))
    .for('update', { of: timesheets });
  return row ?? null;
}

/**
 * Issues the invoice of an approved timesheet (issue 14), inside the caller's transaction (the
 * one that approves it, so both happen or neither does):
 * - idempotent: the timesheet's row is locked first, so of two approvals at once the second waits
 *   and then finds the first one's invoice (`invoices_timesheet_key` allows one live invoice);
 * - numbered per worker without gaps (`takeInvoiceNumber`);
 * - priced by the engine from the contract's terms, with the parties' names, ABN, GST
 *   registration, funding, state and zone copied in, so the invoice reads the same forever;
 * - the platform fee (a setting) of the hourly amounts recorded on it, half-up to the cent.
 * The timesheet must be SUBMITTED (being approved in this transaction) or APPROVED: 409 otherwise.
 * What cannot be priced is a 422 naming it, and nothing is written.
 */
export async function issueInvoiceForTimesheet(tx: DbTransaction, input: IssueInvoiceInput): Promise<IssuedInvoice> {
  const source = await lockInvoiceSource(tx, input.timesheetId);
  if (!source) throw notFound('Those hours do not exist.');
  const { timesheet } = source;

  // A statement of its own, after the lock: a second approval that waited for the first sees the
  // first one's invoice (a statement's snapshot is taken when it starts). By the contract's index
  // (invoices_contract_idx): the partial unique index on the timesheet covers live invoices only,
  // and this must see a credited one too.
  const [existing] = await tx
    .select({ id: invoices.id, status: invoices.status })
    .from(invoices)
    .where(and(eq(invoices.contractId, timesheet.contractId), eq(invoices.timesheetId, timesheet.id), eq(invoices.kind, 'INVOICE')))
    // The live one first (there is at most one), else the latest credited one.
    .orderBy(sql`${invoices.status} = 'CREDITED'`, desc(invoices.issuedAt))
    .limit(1);
  if (existing && (existing.status !== 'CREDITED' || !input.reissueAfterCredit)) return { invoiceId: existing.id, created: false };
  if (timesheet.status !== 'SUBMITTED' && timesheet.status !== 'APPROVED') throw conflict(INVOICE_NEEDS_APPROVED_HOURS);

  const terms = termsFromRow(source);
  const catalogue = terms.ndisFunded ? (input.catalogue ?? (await ndisCatalogue(tx))) : null;
  const priced = priceWithTerms(timesheetToPrice(timesheet, expensesSchema.parse(jsonValue(source.expenses))), terms, catalogue);
  const { worker, careSeeker } = source;

  const issuedOn = localDateOf(input.now.getTime(), stateTimeZone(timesheet.state));
  const { periodStart, periodEnd } = periodOf(priced.lines, localDateOf(timesheet.startsAt.getTime(), stateTimeZone(timesheet.state)));
  // One statement takes the worker's next number (locking their counter row until the transaction
  // ends, so as late as possible), inserts the invoice with it and inserts its lines.
  const counter = tx.$with('counter').as(nextNumberUpsert(tx, timesheet.workerId, 'INVOICE'));
  const inserted = tx.$with('inserted').as(
    tx
      .insert(invoices)
      .values({
        kind: 'INVOICE',
        // The upsert's RETURNING names the counter's column.
        number: sql`(select ${sql.identifier(invoiceCounters.lastInvoiceNumber.name)} from ${counter})`,
        status: 'ISSUED',
        workerId: timesheet.workerId,
        careSeekerId: timesheet.careSeekerId,
        contractId: timesheet.contractId,
        timesheetId: timesheet.id,
        workerFirstName: worker.firstName,
        workerLastName: worker.lastName,
        workerBusinessName: terms.workerBusinessName,
        workerAbn: terms.workerAbn,
        workerGstRegistered: terms.gstRegistered,
        careSeekerFirstName: careSeeker.firstName,
        careSeekerLastName: careSeeker.lastName,
        clientName: terms.clientName,
        fundingType: terms.fundingType,
        state: timesheet.state,
        mmmClass: terms.mmmClass,
        periodStart,
        periodEnd,
        subtotalCents: priced.subtotalCents,
        gstCents: priced.gstCents,
        totalCents: priced.totalCents,
        hourlyCents: priced.hourlyCents,
        platformFeeBasisPoints: input.settings.platformFeeBasisPoints,
        platformFeeCents: platformFeeCents(priced.hourlyCents, input.settings.platformFeeBasisPoints),
        issuedAt: input.now,
        dueDate: addDays(issuedOn, input.settings.paymentTermsDays),
      })
      .returning({ id: invoices.id }),
  );
  const lines = tx.$with('lines', { invoiceId: sql<string>`invoice_id` }).as(sql`
    insert into ${invoiceLines} (invoice_id, position, kind, description, date, time_band, minutes, quantity_hundredths, unit, unit_price_cents,
      amount_cents, gst_code, gst_cents, support_item_number, support_item_name, edition, price_limit_cents, capped, flagged, claim_type, cancellation_reason)
    select ${inserted.id}, line.*
    from ${inserted}, jsonb_to_recordset(${JSON.stringify(priced.lines.map(lineRecord))}::jsonb) as line(position smallint, kind invoice_line_kind,
      description text, date text, time_band text, minutes integer, quantity_hundredths integer, unit text, unit_price_cents integer,
      amount_cents integer, gst_code gst_code, gst_cents integer, support_item_number text, support_item_name text, edition text,
      price_limit_cents integer, capped boolean, flagged boolean, claim_type text, cancellation_reason text)
    returning invoice_id`);
  const [invoice] = await tx.with(counter, inserted, lines).select({ id: inserted.id }).from(inserted);
  if (!invoice) throw new Error('The invoice was not inserted');
  return { invoiceId: invoice.id, created: true };
}

/** A line as a row of `jsonb_to_recordset`, its keys the columns of invoice_lines. */
function lineRecord(line: InvoiceLineDraft, position: number) {
  return {
    position,
    kind: line.kind,
    description: line.description,
    date: line.date,
    time_band: line.timeBand,
    minutes: line.minutes,
    quantity_hundredths: line.quantityHundredths,
    unit: line.unit,
    unit_price_cents: line.unitPriceCents,
    amount_cents: line.amountCents,
    gst_code: line.gstCode,
    gst_cents: line.gstCents,
    support_item_number: line.supportItemNumber,
    support_item_name: line.supportItemName,
    edition: line.edition,
    price_limit_cents: line.priceLimitCents,
    capped: line.capped,
    flagged: line.flagged,
    claim_type: line.claimType,
    cancellation_reason: line.cancellationReason,
  };
}
