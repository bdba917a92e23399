import { and, asc, eq, inArray } from 'drizzle-orm';
import { formatInvoiceNumber, type Invoice, type InvoiceLine, type InvoiceSummary } from '@tendly/domain/api/invoices';
import { hundredthsToNumber } from '@tendly/domain/pricing/money';
import type { DbExecutor } from '../db/client';
import { invoiceLines, invoices } from '../db/schema/billing';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;

/** An invoice's link to its credit note, or a credit note's to its invoice. */
export interface InvoiceLink {
  readonly id: string;
  readonly number: string;
}

export interface InvoiceLinks {
  readonly creditNoteFor: InvoiceLink | null;
  readonly creditedBy: InvoiceLink | null;
}

type PricedLineFields = 'kind' | 'description' | 'date' | 'timeBand' | 'minutes' | 'unit' | 'unitPriceCents' | 'amountCents';

/**
 * What a line was priced at, as both an invoice and a job report's estimate show it: the quantity
 * is stored in hundredths and shown as a number.
 */
export function presentPricedLine(line: Pick<InvoiceLineRow, PricedLineFields | 'quantityHundredths'>): Pick<InvoiceLine, PricedLineFields | 'quantity'> {
  return {
    kind: line.kind,
    description: line.description,
    date: line.date,
    timeBand: line.timeBand,
    minutes: line.minutes,
    quantity: hundredthsToNumber(line.quantityHundredths),
    unit: line.unit,
    unitPriceCents: line.unitPriceCents,
    amountCents: line.amountCents,
  };
}

function presentLine(line: InvoiceLineRow): InvoiceLine {
  return {
    id: line.id,
    ...presentPricedLine(line),
    gstCode: line.gstCode,
    gstCents: line.gstCents,
    supportItem: line.supportItemNumber,
    supportItemName: line.supportItemName,
    edition: line.edition,
    priceLimitCents: line.priceLimitCents,
    capped: line.capped,
    flagged: line.flagged,
    claimType: line.claimType,
    cancellationReason: line.cancellationReason,
    disbursement: line.disbursement,
  };
}

/** An invoice without its lines, as lists show it (`invoiceSummarySchema`). */
export function presentInvoiceSummary(row: InvoiceRow, links: InvoiceLinks, hasFlaggedLines: boolean): InvoiceSummary {
  return {
    id: row.id,
    number: formatInvoiceNumber(row.kind, row.number),
    kind: row.kind,
    creditNoteFor: links.creditNoteFor,
    creditedBy: links.creditedBy,
    status: row.status,
    issuedAt: row.issuedAt.toISOString(),
    dueDate: row.dueDate,
    worker: {
      id: row.workerId,
      firstName: row.workerFirstName,
      lastName: row.workerLastName,
      businessName: row.workerBusinessName,
      abn: row.workerAbn,
      gstRegistered: row.workerGstRegistered,
    },
    careSeeker: { id: row.careSeekerId, firstName: row.careSeekerFirstName, lastName: row.careSeekerLastName },
    clientName: row.clientName,
    fundingType: row.fundingType,
    state: row.state,
    contractId: row.contractId,
    jobReportId: row.timesheetId,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    subtotalCents: row.subtotalCents,
    gstCents: row.gstCents,
    totalCents: row.totalCents,
    hourlyCents: row.hourlyCents,
    platformFeeBasisPoints: row.platformFeeBasisPoints,
    platformFeeCents: row.platformFeeCents,
    // The fee comes out of the worker's payout; the care seeker pays the total and nothing more.
    workerReceivesCents: row.totalCents - row.platformFeeCents,
    hasFlaggedLines,
    reason: row.reason,
    ndisClaimed: row.ndisClaimed,
    ndisClaimedAt: row.ndisClaimedAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    paymentReference: row.paymentReference,
    participantNdisNumber: row.participantNdisNumber,
    funder: row.funderName || row.funderEmail || row.funderAbn ? { name: row.funderName, email: row.funderEmail, abn: row.funderAbn } : null,
  };
}

/** An invoice with its lines, as `invoiceSchema` says. */
export function presentInvoice(row: InvoiceRow, lines: readonly InvoiceLineRow[], links: InvoiceLinks): Invoice {
  return { ...presentInvoiceSummary(row, links, lines.some((line) => line.flagged)), lines: lines.map(presentLine) };
}

/** The credit-note links of some invoices, by invoice id. */
export async function invoiceLinksOf(db: DbExecutor, rows: readonly InvoiceRow[]): Promise<Map<string, InvoiceLinks>> {
  const ids = rows.map((row) => row.id);
  const creditedIds = rows.map((row) => row.creditNoteForId).filter((id): id is string => id !== null);
  const [creditNotes, credited] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select({ id: invoices.id, kind: invoices.kind, number: invoices.number, forId: invoices.creditNoteForId })
          .from(invoices)
          .where(and(eq(invoices.kind, 'CREDIT_NOTE'), inArray(invoices.creditNoteForId, ids))),
    creditedIds.length === 0
      ? []
      : db.select({ id: invoices.id, kind: invoices.kind, number: invoices.number }).from(invoices).where(inArray(invoices.id, creditedIds)),
  ]);
  const link = (found: { id: string; kind: InvoiceRow['kind']; number: number } | undefined): InvoiceLink | null =>
    found ? { id: found.id, number: formatInvoiceNumber(found.kind, found.number) } : null;
  return new Map(
    rows.map((row) => [
      row.id,
      {
        creditedBy: link(creditNotes.find((note) => note.forId === row.id)),
        creditNoteFor: row.creditNoteForId ? link(credited.find((invoice) => invoice.id === row.creditNoteForId)) : null,
      },
    ]),
  );
}

/** Which of some invoices have a flagged line (to be reviewed). */
export async function invoicesWithFlaggedLines(db: DbExecutor, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ invoiceId: invoiceLines.invoiceId })
    .from(invoiceLines)
    .where(and(inArray(invoiceLines.invoiceId, [...ids]), eq(invoiceLines.flagged, true)));
  return new Set(rows.map((row) => row.invoiceId));
}

/** Invoice rows as list entries, with their links and flags. */
export async function presentInvoiceSummaries(db: DbExecutor, rows: readonly InvoiceRow[]): Promise<InvoiceSummary[]> {
  const [links, flagged] = await Promise.all([invoiceLinksOf(db, rows), invoicesWithFlaggedLines(db, rows.map((row) => row.id))]);
  return rows.map((row) => presentInvoiceSummary(row, links.get(row.id)!, flagged.has(row.id)));
}

/** One invoice or credit note with its lines, or null. Access is the caller's to check. */
export async function loadInvoice(db: DbExecutor, invoiceId: string): Promise<Invoice | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!row) return null;
  const [lines, links] = await Promise.all([
    db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId)).orderBy(asc(invoiceLines.position)),
    invoiceLinksOf(db, [row]),
  ]);
  return presentInvoice(row, lines, links.get(row.id)!);
}
