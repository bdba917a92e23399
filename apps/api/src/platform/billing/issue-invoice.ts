import { and, desc, eq, sql } from 'drizzle-orm';
import { INVOICE_NEEDS_APPROVED_HOURS } from '@tendly/domain/api/invoices';
import { isNdisFunded, type PayingForCareType } from '@tendly/domain/job-options';
import { localDateOf } from '@tendly/domain/pricing/local-clock';
import type { NdisCatalogue } from '@tendly/domain/pricing/ndis-catalogue';
import { platformFeeCents, type InvoiceLineDraft } from '@tendly/domain/pricing/price-job-report';
import { stateTimeZone } from '@tendly/domain/states';
import type { Config } from '../config';
import type { DbTransaction } from '../db/client';
import { invoices } from '../db/schema/billing';
import { fundingDetails } from '../db/schema/payments';
import { conflict, notFound } from '../errors';
import { postInvoiceIssued } from '../ledger/ledger';
import { queueInvoiceIssuedPayment } from '../payments/payment-jobs';
import { notify } from '../notifications/notify';
import { ndisCatalogue } from './ndis-catalogue';
import { invoiceIssuedNotification } from './invoice-notifications';
import { insertIssuedInvoice, lockInvoiceSource, type IssuedInvoiceValues } from './issue-statements';
import { priceWithTerms, timesheetToPrice } from './price-timesheet';
import { queueWalletCheck } from './wallet-check-job';
import { addDaysToDate } from '@tendly/domain/shift-time';

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

/** The local dates of the support covered: the first and last dates of the service lines. */
function periodOf(lines: readonly InvoiceLineDraft[], fallback: string): { periodStart: string; periodEnd: string } {
  const dates = lines.filter((line) => line.kind === 'SERVICE' || line.kind === 'CANCELLATION').map((line) => line.date ?? fallback);
  if (dates.length === 0) return { periodStart: fallback, periodEnd: fallback };
  dates.sort();
  return { periodStart: dates[0]!, periodEnd: dates.at(-1)! };
}

type FundingDetailsRow = typeof fundingDetails.$inferSelect;

/**
 * Who an invoice is addressed to besides the care seeker (issue 28; payments-ops.md "Invoices":
 * a plan manager needs the participant's NDIS number on it, and pays on their behalf): the
 * participant's NDIS number on NDIS-funded invoices, and the plan manager or the aged care
 * provider who pays, copied in when it is issued so the invoice reads the same forever.
 */
export function addresseesOf(fundingType: PayingForCareType, details: FundingDetailsRow | undefined): Pick<IssuedInvoiceValues, 'participantNdisNumber' | 'funder'> {
  const participantNdisNumber = isNdisFunded(fundingType) ? (details?.ndisNumber ?? null) : null;
  let funder: IssuedInvoiceValues['funder'] = null;
  if (details && fundingType === 'NDIS_PLAN_MANAGED') funder = { name: details.planManagerName, email: details.planManagerEmail, abn: details.planManagerAbn };
  if (details && (fundingType === 'HOME_CARE_PACKAGE' || fundingType === 'SUPPORT_AT_HOME')) funder = { name: details.agedCareProviderName, email: details.agedCareProviderEmail, abn: details.agedCareProviderAbn };
  if (funder && !funder.name && !funder.email && !funder.abn) funder = null;
  return { participantNdisNumber, funder };
}

/**
 * Issues the invoice of an approved timesheet (issue 14), inside the caller's transaction (the
 * one that approves it, so both happen or neither does):
 * - idempotent: the timesheet's row is locked first, so of two approvals at once the second waits
 *   and then finds the first one's invoice (`invoices_timesheet_key` allows one live invoice);
 * - numbered per worker without gaps (the counter upsert in `insertIssuedInvoice`);
 * - priced by the engine from the contract's terms, with the parties' names, ABN, GST
 *   registration, funding, state and zone copied in, so the invoice reads the same forever;
 * - the platform fee (a setting) of the hourly amounts recorded on it, half-up to the cent.
 * The timesheet must be SUBMITTED (being approved in this transaction) or APPROVED: 409 otherwise.
 * What cannot be priced is a 422 naming it, and nothing is written.
 */
export async function issueInvoiceForTimesheet(tx: DbTransaction, input: IssueInvoiceInput): Promise<IssuedInvoice> {
  const source = await lockInvoiceSource(tx, input.timesheetId);
  if (!source) throw notFound('Those hours do not exist.');
  const { timesheet, terms, worker, careSeeker } = source;

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
    .limit(1)
    .prepare('billing_find_timesheet_invoice')
    .execute();
  if (existing && (existing.status !== 'CREDITED' || !input.reissueAfterCredit)) return { invoiceId: existing.id, created: false };
  if (timesheet.status !== 'SUBMITTED' && timesheet.status !== 'APPROVED') throw conflict(INVOICE_NEEDS_APPROVED_HOURS);

  const catalogue = terms.ndisFunded ? (input.catalogue ?? (await ndisCatalogue(tx))) : null;
  const priced = priceWithTerms(timesheetToPrice(timesheet, source.expenses), terms, catalogue);

  const issuedOn = localDateOf(input.now.getTime(), stateTimeZone(timesheet.state));
  const [details] = await tx.select().from(fundingDetails).where(eq(fundingDetails.userId, timesheet.careSeekerId));
  const { periodStart, periodEnd } = periodOf(priced.lines, localDateOf(timesheet.startsAt.getTime(), stateTimeZone(timesheet.state)));
  const invoice = await insertIssuedInvoice(
    tx,
    {
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
      dueDate: addDaysToDate(issuedOn, input.settings.paymentTermsDays),
      ...addresseesOf(terms.fundingType, details),
    },
    priced.lines,
  );
  const feeCents = platformFeeCents(priced.hourlyCents, input.settings.platformFeeBasisPoints);
  // The ledger's journal in the same transaction: the payer owes the total, the worker is owed it less the fee.
  await postInvoiceIssued(
    tx,
    { id: invoice.id, kind: 'INVOICE', workerId: timesheet.workerId, careSeekerId: timesheet.careSeekerId, fundingType: terms.fundingType, totalCents: priced.totalCents, platformFeeCents: feeCents },
    input.now,
  );
  // Paying it (a card charge, or the PDF to the plan manager) runs after the approval commits.
  if (priced.totalCents > 0) await queueInvoiceIssuedPayment(tx, invoice.id);
  await notify(
    tx,
    invoiceIssuedNotification({
      id: invoice.id,
      number: invoice.number,
      workerId: timesheet.workerId,
      careSeekerId: timesheet.careSeekerId,
      totalCents: priced.totalCents,
      workerFirstName: worker.firstName,
      workerLastName: worker.lastName,
      workerBusinessName: terms.workerBusinessName,
      clientName: terms.clientName,
    }),
  );
  // The funding wallet's notices (80% spent, running out) look at the new spending once it is committed.
  await queueWalletCheck(tx, timesheet.careSeekerId);
  return { invoiceId: invoice.id, created: true };
}
