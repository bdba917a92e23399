import type { z } from 'zod';
import {
  CREDIT_NOTE_NOT_CREDITABLE,
  formatInvoiceNumber,
  INVOICE_NOT_FOUND,
  invoiceNotCreditableMessage,
  ONLY_ISSUER_CREDITS,
  type creditNoteRequestSchema,
  type Invoice,
  type invoiceListQuerySchema,
  type invoiceListSchema,
  type invoiceOverviewSchema,
  type platformFeeListQuerySchema,
  type platformFeeListSchema,
} from '@tendly/domain/api/invoices';
import { postInvoiceIssued } from '../../platform/ledger/ledger';
import { instantToLocalDate } from '@tendly/domain/shift-time';
import { stateTimeZone } from '@tendly/domain/states';
import { actingPersonId, type RequestAuth } from '../../platform/auth/authenticate';
import { recordAudit } from '../../platform/audit/audit-log';
import { takeInvoiceNumber } from '../../platform/billing/invoice-numbers';
import { loadInvoice, presentInvoice, presentInvoiceSummaries, invoiceLinksOf, type InvoiceRow } from '../../platform/billing/load-invoice';
import { ndisCatalogue } from '../../platform/billing/ndis-catalogue';
import { priceStoredTimesheet } from '../../platform/billing/price-timesheet';
import { loadContractPricingTerms, type ContractPricingTerms } from '../../platform/billing/pricing-terms';
import type { Db, DbExecutor } from '../../platform/db/client';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors';
import { assertNoChargeUnderWay, refundCreditedInvoice } from '../../platform/payments/refunds';
import { canCreditInvoice, canViewInvoice, listSideOf } from './invoice-policy';
import { insertCreditNote, invoiceLinesOf, invoiceListFilter, invoicesOf, invoiceTotals, pageOfInvoices, submittedTimesheetsOf } from './invoices-repository';
import { invoiceRowById, lockInvoiceRow } from '../../platform/payments/invoice-rows';

type ListQuery = z.output<typeof invoiceListQuerySchema>;

/** The side whose lists a person reads; the access rules let only workers and care seekers in. */
function sideOf(auth: RequestAuth) {
  const side = listSideOf(auth.viewer.role);
  if (!side) throw forbidden('Only workers and care seekers have invoices.');
  return side;
}

/** GET /api/invoices: a worker's issued invoices, or a care seeker's received ones, newest first. */
export async function listInvoices(db: DbExecutor, auth: RequestAuth, query: ListQuery): Promise<z.infer<typeof invoiceListSchema>> {
  const where = invoiceListFilter(sideOf(auth), auth.user.id, query.status);
  const page = await pageOfInvoices(db, where, query.before ? new Date(query.before) : undefined, query.limit);
  return { invoices: await presentInvoiceSummaries(db, page.rows), allLoaded: page.allLoaded };
}

/** The invoice row if the person is one of its parties; 404 otherwise, so that ids reveal nothing. */
export async function invoiceRowForViewer(db: DbExecutor, auth: RequestAuth, invoiceId: string): Promise<InvoiceRow> {
  const row = await invoiceRowById(db, invoiceId);
  if (!row || !canViewInvoice(auth.user.id, row)) throw notFound(INVOICE_NOT_FOUND);
  return row;
}

/** GET /api/invoices/{id}: one invoice or credit note with its lines, for its parties. */
export async function invoiceForViewer(db: DbExecutor, auth: RequestAuth, invoiceId: string): Promise<Invoice> {
  const row = await invoiceRowForViewer(db, auth, invoiceId);
  const [lines, links] = await Promise.all([invoiceLinesOf(db, row.id), invoiceLinksOf(db, [row])]);
  return presentInvoice(row, lines, links.get(row.id)!);
}

export interface CreditInput {
  auth: RequestAuth;
  invoiceId: string;
  body: z.output<typeof creditNoteRequestSchema>;
  ip: string;
  now: Date;
}

/**
 * POST /api/invoices/{id}/credit-note: the worker who issued an invoice credits it in full
 * (issue 14: an issued invoice never changes; a correction is a credit note that references it).
 * One transaction: the invoice is locked, the credit note takes the worker's next credit note
 * number (without gaps), copies the invoice, and the invoice becomes CREDITED.
 */
export async function creditInvoice(db: Db, input: CreditInput): Promise<Invoice> {
  const noteId = await db.transaction(async (tx) => {
    const invoice = await lockInvoiceRow(tx, input.invoiceId);
    if (!invoice || !canViewInvoice(input.auth.user.id, invoice)) throw notFound(INVOICE_NOT_FOUND);
    if (!canCreditInvoice(input.auth.user.id, invoice)) throw forbidden(ONLY_ISSUER_CREDITS);
    if (invoice.kind === 'CREDIT_NOTE') throw conflict(CREDIT_NOTE_NOT_CREDITABLE);
    // Issue 15: a paid invoice is credited too, its money going back the way it came, unless paid out.
    if (invoice.status !== 'ISSUED' && invoice.status !== 'PAID') throw conflict(invoiceNotCreditableMessage(invoice.status));
    await assertNoChargeUnderWay(tx, invoice.id);
    const number = await takeInvoiceNumber(tx, invoice.workerId, 'CREDIT_NOTE');
    const issuedOn = instantToLocalDate(input.now, stateTimeZone(invoice.state));
    const id = await insertCreditNote(tx, invoice, { number, reason: input.body.reason, issuedAt: input.now, issuedOn });
    await postInvoiceIssued(
      tx,
      { id, kind: 'CREDIT_NOTE', creditNoteForId: invoice.id, workerId: invoice.workerId, careSeekerId: invoice.careSeekerId, fundingType: invoice.fundingType, totalCents: invoice.totalCents, platformFeeCents: invoice.platformFeeCents },
      input.now,
    );
    if (invoice.status === 'PAID') await refundCreditedInvoice(tx, invoice, id, input.now);
    await recordAudit(tx, {
      actorUserId: actingPersonId(input.auth),
      subjectUserId: invoice.workerId,
      action: 'invoice.credited',
      detail: { invoice: formatInvoiceNumber('INVOICE', invoice.number), creditNote: formatInvoiceNumber('CREDIT_NOTE', number), totalCents: invoice.totalCents },
      ip: input.ip,
      targetType: 'invoice',
      targetId: invoice.id,
    });
    return id;
  });
  return (await loadInvoice(db, noteId))!;
}

/**
 * GET /api/invoices/overview: the care seeker's /invoices-and-hours. Hours awaiting approval are
 * totalled at the price they will be invoiced at; a report that cannot be priced is counted but
 * adds nothing to the total (its page says why).
 */
export async function invoiceOverview(db: DbExecutor, auth: RequestAuth): Promise<z.infer<typeof invoiceOverviewSchema>> {
  const [submitted, unpaid, paid] = await Promise.all([submittedTimesheetsOf(db, auth.user.id), invoiceTotals(db, auth.user.id, 'ISSUED'), invoiceTotals(db, auth.user.id, 'PAID')]);
  const terms = new Map<string, Promise<ContractPricingTerms | null>>();
  const catalogue = submitted.length > 0 ? await ndisCatalogue(db) : undefined;
  let awaitingCents = 0;
  for (const timesheet of submitted) {
    let contractTerms = terms.get(timesheet.contractId);
    if (!contractTerms) {
      contractTerms = loadContractPricingTerms(db, timesheet.contractId);
      terms.set(timesheet.contractId, contractTerms);
    }
    const loaded = await contractTerms;
    if (!loaded) continue;
    try {
      awaitingCents += (await priceStoredTimesheet(db, timesheet, { terms: loaded, ...(catalogue ? { catalogue } : {}) })).totalCents;
    } catch (error) {
      if (!(error instanceof AppError && error.status === 422)) throw error;
    }
  }
  return { awaitingApproval: { count: submitted.length, totalCents: awaitingCents }, unpaid, paid };
}

type FeeQuery = z.output<typeof platformFeeListQuerySchema>;

/** GET /api/platform-fees: the fee taken on each invoice, newest first (a credit note gives its fee back). */
export async function listPlatformFees(db: DbExecutor, auth: RequestAuth, query: FeeQuery, basisPoints: number): Promise<z.infer<typeof platformFeeListSchema>> {
  const page = await pageOfInvoices(db, invoicesOf(sideOf(auth), auth.user.id), query.before ? new Date(query.before) : undefined, query.limit);
  return {
    basisPoints,
    fees: page.rows.map((row) => ({
      invoiceId: row.id,
      number: formatInvoiceNumber(row.kind, row.number),
      issuedAt: row.issuedAt.toISOString(),
      clientName: row.clientName,
      workerName: `${row.workerFirstName} ${row.workerLastName}`.trim(),
      hourlyCents: row.hourlyCents,
      platformFeeCents: row.platformFeeCents,
      kind: row.kind,
    })),
    allLoaded: page.allLoaded,
  };
}
