import { instantToLocalDate, localToInstant } from '@tendly/domain/shift-time';
import { and, asc, desc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { formatInvoiceNumber, type GstCode, type InvoiceLineKind } from '@tendly/domain/api/invoices';
import type {
  adminClaimLineSchema,
  claimBatchSchema,
  claimResultSummarySchema,
  claimsOverviewSchema,
  confirmDepositRequestSchema,
  remittanceImportSchema,
  ShortfallAction,
} from '@tendly/domain/api/payments';
import { formatCents } from '@tendly/domain/format';
import {
  buildNdiaClaimFiles,
  isValidClaimReference,
  NdiaClaimError,
  ndiaClaimFileName,
  parseNdiaRemittance,
  parseNdiaResultFile,
  type CsvLineError,
  type NdiaClaimRow,
  type NdiaClaimType,
} from '@tendly/domain/payments/ndia-claims';
import { amountCents as amountOf } from '@tendly/domain/pricing/money';
import { cancellationReasonCodes, type CancellationReasonCode } from '@tendly/domain/api/bookings';
import type { Config } from '../../platform/config';
import type { Db, DbTransaction } from '../../platform/db/client';
import { invoiceLines, invoices } from '../../platform/db/schema/billing';
import { contracts } from '../../platform/db/schema/engagements';
import { fundingDetails, ndisClaimBatches, ndisClaimLines } from '../../platform/db/schema/payments';
import { storedFiles } from '../../platform/db/schema/platform';
import { type AppError, badRequest, conflict, notFound } from '../../platform/errors';
import type { FileStore } from '../../platform/files/file-store';
import { postJournal } from '../../platform/ledger/ledger';
import { presentClaimLine, settleNdisInvoiceIfDone } from '../../platform/billing/ndis-claim-state';
import { recordAudit } from '../../platform/audit/audit-log';

/**
 * NDIA bulk payment requests (issue 15; issue 28; ndis.md "NDIA bulk payment request file";
 * payments-ops.md "NDIA bulk payment results"). Agency-managed invoices are claimed from the NDIA,
 * one file row per invoice line: an administrator exports every approved, unclaimed line into
 * files of at most 5,000 rows (which marks the invoices claimed), uploads them to the NDIA, and
 * uploads the NDIA's result here. A SUCCESSFUL line is accepted, not paid: the cash comes days
 * later with the NDIA's remittance (or a deposit confirmed by hand), each line's cash posted as
 * PAYMENT_RECEIVED (Dr BANK, Cr NDIA_RECEIVABLE). A line paid less than claimed is short-paid, with
 * the reason; the operator resubmits the difference, writes it off or bills it to the care seeker.
 * The invoice is paid, and so payable to the worker, only when nothing is owed on it
 * (settleNdisInvoiceIfDone). A rejected line is listed with the NDIA's reason and goes into the
 * next export again, under a new claim reference.
 */

export const CLAIM_BATCH_NOT_FOUND = 'That claim file does not exist.';
export const CLAIM_LINE_NOT_FOUND = 'That claim line does not exist.';
export const NO_NDIS_NUMBER_REASON = 'The participant has no NDIS number in their provider details.';
export const NO_SUPPORT_ITEM_REASON = 'A line has no NDIS support item.';
export const NOTHING_TO_CLAIM = 'There is nothing to claim: every approved agency-managed invoice has been claimed.';
export const NOT_SHORT_PAID = 'This line was not paid less than claimed: there is no difference to act on.';
export const SHORTFALL_ALREADY_DECIDED = 'What to do with this difference has already been decided.';
export const SHORTFALL_NOT_BILLABLE = 'The service agreement does not let the care seeker be billed for what the NDIA does not pay. Resubmit the difference or write it off.';
export const SHORTFALL_NOT_RESUBMITTABLE = 'The difference cannot be claimed as the same hours at a whole-cent unit price. Write it off, or bill it to the care seeker where the agreement allows.';
export const CLAIM_NOT_ACCEPTED = 'The NDIA has not accepted this line: there is no cash to confirm.';
export const CASH_MORE_THAN_CLAIMED = 'The amount received is more than was claimed for this line.';
export const CASH_ALREADY_RECORDED = 'Cash for this line has already been recorded with another amount.';
export const NOT_BILLED_TO_CARE_SEEKER = 'This difference was not billed to the care seeker.';
export const NO_LINE_COULD_BE_READ = 'No line of the file could be used.';

const CLAIM_TIME_ZONE = 'Australia/Sydney';

export interface ClaimsContext {
  db: Db;
  fileStore: FileStore;
  config: Pick<Config, 'NDIS_REGISTRATION_NUMBER' | 'NDIS_CLAIM_DATE_FORMAT' | 'NDIS_CLAIM_HOURS_FORMAT'>;
  /** The NDIA's 5,000 unless a test asks for fewer, to see an export split without 5,001 lines. */
  maxRowsPerFile?: number;
}

type ClaimBatch = z.infer<typeof claimBatchSchema>;
type ClaimsOverview = z.infer<typeof claimsOverviewSchema>;
type ClaimResultSummary = z.infer<typeof claimResultSummarySchema>;
type ClaimLineRow = typeof ndisClaimLines.$inferSelect;

interface ClaimableLine {
  lineId: string;
  invoiceId: string;
  invoiceNumber: number;
  position: number;
  kind: InvoiceLineKind;
  clientName: string;
  workerAbn: string | null;
  periodStart: string | null;
  date: string | null;
  unit: 'H' | 'E' | 'KM';
  quantityHundredths: number;
  unitPriceCents: number;
  /** What this claim asks for: the line's amount, or the short-paid difference it claims again. */
  amountCents: number;
  gstCode: GstCode;
  supportItemNumber: string | null;
  claimType: NdiaClaimType | null;
  cancellationReason: string | null;
  ndisNumber: string | null;
  /** Claims of the line made before: the next claim's reference counts on from them. */
  earlierClaims: number;
  /** The short-paid claim whose difference this claims again; null for the line's own claim. */
  shortfallOf: string | null;
}

/**
 * A claim reference a person can find the invoice by (issue 28; ndis.md: unique per row, at most
 * 50 of letters, digits, `/`, `_`, `-`): the invoice number and line, the invoice's id in base 36
 * (invoice numbers run per worker, so the number alone is not unique), and the claim's count.
 * `INV-000012-L2-<25 characters>-1` is at most 45 characters up to line 999 and claim 99.
 */
export function claimReferenceOf(invoiceNumber: number, invoiceId: string, position: number, attempt: number): string {
  const id = BigInt(`0x${invoiceId.replaceAll('-', '')}`).toString(36);
  const reference = `${formatInvoiceNumber('INVOICE', invoiceNumber)}-L${position + 1}-${id}-${attempt}`;
  if (!isValidClaimReference(reference)) throw new NdiaClaimError(`Not a claim reference: ${reference}`);
  return reference;
}

const claimableColumns = {
  lineId: invoiceLines.id,
  invoiceId: invoices.id,
  invoiceNumber: invoices.number,
  position: invoiceLines.position,
  kind: invoiceLines.kind,
  clientName: invoices.clientName,
  workerAbn: invoices.workerAbn,
  periodStart: invoices.periodStart,
  date: invoiceLines.date,
  unit: invoiceLines.unit,
  quantityHundredths: invoiceLines.quantityHundredths,
  unitPriceCents: invoiceLines.unitPriceCents,
  amountCents: invoiceLines.amountCents,
  gstCode: invoiceLines.gstCode,
  supportItemNumber: invoiceLines.supportItemNumber,
  claimType: invoiceLines.claimType,
  cancellationReason: invoiceLines.cancellationReason,
  ndisNumber: fundingDetails.ndisNumber,
  earlierClaims: sql<number>`(select count(*)::int from ndis_claim_lines c where c.invoice_line_id = ${invoiceLines.id})`,
};

/**
 * Claims waiting to be made: of approved (issued, unpaid) agency-managed invoices, each line worth
 * something that has no claim in progress or paid (never claimed, or rejected last time), and each
 * short-paid difference the operator chose to resubmit that has no claim in progress or paid.
 */
async function claimableLines(db: Db | DbTransaction): Promise<ClaimableLine[]> {
  const open = and(eq(invoices.kind, 'INVOICE'), eq(invoices.status, 'ISSUED'), eq(invoices.fundingType, 'NDIS_AGENCY_MANAGED'), sql`${invoices.totalCents} > 0`);
  const lines = await db
    .select(claimableColumns)
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .leftJoin(fundingDetails, eq(fundingDetails.userId, invoices.careSeekerId))
    .where(
      and(
        open,
        sql`${invoiceLines.amountCents} > 0`,
        sql`not exists (select 1 from ndis_claim_lines c where c.invoice_line_id = ${invoiceLines.id} and c.shortfall_of is null and c.status <> 'REJECTED')`,
      ),
    )
    .orderBy(asc(invoices.issuedAt), asc(invoices.id), asc(invoiceLines.position));
  const differences = await db
    .select({ ...claimableColumns, shortfallOf: ndisClaimLines.id, claimed: ndisClaimLines.amountCents, settled: sql<number>`coalesce(${ndisClaimLines.cashCents}, ${ndisClaimLines.paidCents})` })
    .from(ndisClaimLines)
    .innerJoin(invoiceLines, eq(invoiceLines.id, ndisClaimLines.invoiceLineId))
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .leftJoin(fundingDetails, eq(fundingDetails.userId, invoices.careSeekerId))
    .where(
      and(
        open,
        eq(ndisClaimLines.shortfallAction, 'RESUBMIT'),
        inArray(ndisClaimLines.status, ['ACCEPTED', 'PAID']),
        sql`not exists (select 1 from ndis_claim_lines again where again.shortfall_of = ${ndisClaimLines.id} and again.status <> 'REJECTED')`,
      ),
    )
    .orderBy(asc(invoices.issuedAt), asc(invoices.id), asc(invoiceLines.position));
  return [
    ...lines.map((row) => ({ ...row, earlierClaims: Number(row.earlierClaims), shortfallOf: null })),
    ...differences.map(({ claimed, settled, ...row }) => ({ ...row, amountCents: claimed - Number(settled), earlierClaims: Number(row.earlierClaims) })),
  ];
}

/** Why an invoice cannot be claimed yet, or null. */
function skipReason(lines: ClaimableLine[]): string | null {
  if (lines.some((line) => !line.ndisNumber || !/^\d{9}$/.test(line.ndisNumber))) return NO_NDIS_NUMBER_REASON;
  if (lines.some((line) => !line.supportItemNumber)) return NO_SUPPORT_ITEM_REASON;
  return null;
}

function byInvoice(lines: ClaimableLine[]): Map<string, ClaimableLine[]> {
  const grouped = new Map<string, ClaimableLine[]>();
  for (const line of lines) {
    const list = grouped.get(line.invoiceId);
    if (list) list.push(line);
    else grouped.set(line.invoiceId, [line]);
  }
  return grouped;
}

/**
 * The unit price that claims `amount` for the line's quantity, or null when no whole-cent price
 * does (a short-paid difference claimed again keeps the line's hours: ndis.md "Hours for hourly items").
 */
function unitPriceFor(quantityHundredths: number, amount: number): number | null {
  if (quantityHundredths <= 0) return null;
  const price = Math.round((amount * 100) / quantityHundredths);
  return amountOf(quantityHundredths, price) === amount ? price : null;
}

/**
 * Provider travel and on-charged costs (kind TRAVEL or EXPENSE) are claimed on the non-labour
 * travel item with claim type TRAN, the dollar amount as the quantity at a unit price of $1.00
 * (ndis.md "Travel": "$1 unit" items; payments-ops.md "Claim types").
 */
function isDollarUnitClaim(line: Pick<ClaimableLine, 'kind'>): boolean {
  return line.kind === 'TRAVEL' || line.kind === 'EXPENSE';
}

function toRow(line: ClaimableLine): NdiaClaimRow {
  const day = line.date ?? line.periodStart!;
  const reason = line.cancellationReason && (cancellationReasonCodes as readonly string[]).includes(line.cancellationReason) ? (line.cancellationReason as CancellationReasonCode) : null;
  const dollars = isDollarUnitClaim(line);
  const unitPriceCents = dollars ? 100 : line.shortfallOf ? unitPriceFor(line.quantityHundredths, line.amountCents) : line.unitPriceCents;
  if (unitPriceCents === null) throw new NdiaClaimError(SHORTFALL_NOT_RESUBMITTABLE);
  return {
    ndisNumber: line.ndisNumber!,
    deliveredFrom: day,
    deliveredTo: day,
    supportNumber: line.supportItemNumber!,
    claimReference: claimReferenceOf(line.invoiceNumber, line.invoiceId, line.position, line.earlierClaims + 1),
    unit: dollars ? 'E' : line.unit,
    quantityHundredths: dollars ? line.amountCents : line.quantityHundredths,
    unitPriceCents,
    claimType: dollars ? 'TRAN' : line.claimType,
    cancellationReason: reason,
    providerAbn: line.workerAbn,
    gstCode: line.gstCode,
  };
}

async function batchesWithCounts(db: Db, ids?: string[]): Promise<ClaimBatch[]> {
  const rows = await db
    // Written out in full: drizzle leaves a lone table's columns unqualified in the select list.
    .select({
      batch: ndisClaimBatches,
      paidCount: sql<number>`(select count(*)::int from ndis_claim_lines l where l.batch_id = "ndis_claim_batches"."id" and l.status in ('ACCEPTED', 'PAID'))`,
      rejectedCount: sql<number>`(select count(*)::int from ndis_claim_lines l where l.batch_id = "ndis_claim_batches"."id" and l.status = 'REJECTED')`,
    })
    .from(ndisClaimBatches)
    .where(ids ? inArray(ndisClaimBatches.id, ids) : undefined)
    .orderBy(desc(ndisClaimBatches.createdAt), desc(ndisClaimBatches.fileName))
    .limit(ids ? ids.length : 100);
  return rows.map(({ batch, paidCount, rejectedCount }) => ({
    id: batch.id,
    fileName: batch.fileName,
    rowCount: batch.rowCount,
    totalCents: batch.totalCents,
    createdAt: batch.createdAt.toISOString(),
    resultUploadedAt: batch.resultUploadedAt?.toISOString() ?? null,
    paidCount: Number(paidCount),
    rejectedCount: Number(rejectedCount),
  }));
}

/** Claim lines with their invoices, for the admin's lists. */
async function adminClaimLines(db: Db, where: ReturnType<typeof and>): Promise<z.infer<typeof adminClaimLineSchema>[]> {
  const rows = await db
    .select({ claim: ndisClaimLines, position: invoiceLines.position, supportItem: invoiceLines.supportItemNumber, invoiceNumber: invoices.number, clientName: invoices.clientName })
    .from(ndisClaimLines)
    .innerJoin(invoices, eq(invoices.id, ndisClaimLines.invoiceId))
    .innerJoin(invoiceLines, eq(invoiceLines.id, ndisClaimLines.invoiceLineId))
    .where(where)
    .orderBy(desc(ndisClaimLines.updatedAt))
    .limit(500);
  return rows.map((row) => ({
    ...presentClaimLine(row.claim, row.position),
    invoiceId: row.claim.invoiceId,
    invoiceNumber: formatInvoiceNumber('INVOICE', row.invoiceNumber),
    clientName: row.clientName,
    supportItem: row.supportItem,
  }));
}

/** GET /admin/ndis-claims: what is waiting, what cannot be claimed and why, the files, rejected, short-paid and unpaid accepted lines. */
export async function claimsOverview(db: Db): Promise<ClaimsOverview> {
  const lines = await claimableLines(db);
  const unclaimed = { invoiceCount: 0, lineCount: 0, totalCents: 0 };
  const skipped: ClaimsOverview['skipped'] = [];
  for (const [invoiceId, invoiceLinesOf] of byInvoice(lines)) {
    const reason = skipReason(invoiceLinesOf);
    const first = invoiceLinesOf[0]!;
    if (reason) {
      skipped.push({ invoiceId, invoiceNumber: formatInvoiceNumber('INVOICE', first.invoiceNumber), clientName: first.clientName, reason });
      continue;
    }
    unclaimed.invoiceCount += 1;
    unclaimed.lineCount += invoiceLinesOf.length;
    unclaimed.totalCents += invoiceLinesOf.reduce((sum, line) => sum + line.amountCents, 0);
  }
  // Rejected lines not claimed again since (a later claim of the line, or of the difference, is in progress or paid).
  const rejections = await db
    .select({
      lineId: ndisClaimLines.id,
      claimReference: ndisClaimLines.claimReference,
      invoiceId: ndisClaimLines.invoiceId,
      invoiceNumber: invoices.number,
      clientName: invoices.clientName,
      supportItem: invoiceLines.supportItemNumber,
      amountCents: ndisClaimLines.amountCents,
      reason: ndisClaimLines.rejectionReason,
    })
    .from(ndisClaimLines)
    .innerJoin(invoices, eq(invoices.id, ndisClaimLines.invoiceId))
    .innerJoin(invoiceLines, eq(invoiceLines.id, ndisClaimLines.invoiceLineId))
    .where(
      and(
        eq(ndisClaimLines.status, 'REJECTED'),
        sql`not exists (select 1 from ndis_claim_lines later where later.invoice_line_id = ${ndisClaimLines.invoiceLineId} and later.status <> 'REJECTED' and later.shortfall_of is not distinct from ${ndisClaimLines.shortfallOf})`,
      ),
    )
    .orderBy(desc(ndisClaimLines.updatedAt))
    .limit(500);
  const [awaitingCash, shortPaid, awaitingCareSeeker] = await Promise.all([
    adminClaimLines(db, and(eq(ndisClaimLines.status, 'ACCEPTED'))),
    adminClaimLines(db, and(inArray(ndisClaimLines.status, ['ACCEPTED', 'PAID']), isNull(ndisClaimLines.shortfallAction), sql`coalesce(${ndisClaimLines.cashCents}, ${ndisClaimLines.paidCents}) < ${ndisClaimLines.amountCents}`)),
    // Billed to the care seeker and not yet paid: confirmDeposit posts `ndia-shortfall-paid:{claim}` when their money arrives.
    adminClaimLines(db, and(eq(ndisClaimLines.shortfallAction, 'BILL_CARE_SEEKER'), sql`not exists (select 1 from ledger_journals paid where paid.idempotency_key = 'ndia-shortfall-paid:' || ${ndisClaimLines.id}::text)`)),
  ]);
  return {
    unclaimed,
    skipped,
    batches: await batchesWithCounts(db),
    rejections: rejections.map((row) => ({ ...row, invoiceNumber: formatInvoiceNumber('INVOICE', row.invoiceNumber), reason: row.reason ?? '' })),
    awaitingCash,
    shortPaid,
    awaitingCareSeeker,
  };
}

/**
 * POST /admin/ndis-claims: every claimable line into claim files (5,000 rows each), named
 * TDL<YYMMDD><sequence>.csv, and the invoices marked claimed. One export at a time (a lock), so
 * two administrators pressing together do not claim a line twice or clash on a file name.
 */
export async function exportClaims(ctx: ClaimsContext, adminId: string, now: Date = new Date()): Promise<{ batches: ClaimBatch[] }> {
  const exportDate = instantToLocalDate(now, CLAIM_TIME_ZONE);
  const written: string[] = [];
  const batchIds = await ctx.db
    .transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ndis-claims-export'))`);
      const lines = [...byInvoice(await claimableLines(tx)).values()].filter((group) => skipReason(group) === null).flat();
      if (lines.length === 0) throw badRequest(NOTHING_TO_CLAIM);
      const prefix = ndiaClaimFileName(exportDate, 1).slice(0, 9);
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(ndisClaimBatches)
        .where(like(ndisClaimBatches.fileName, `${prefix}%`));
      const rows = lines.map(toRow);
      const lineOf = new Map(rows.map((row, index) => [row.claimReference, lines[index]!]));
      const files = buildNdiaClaimFiles(
        rows,
        { registrationNumber: ctx.config.NDIS_REGISTRATION_NUMBER, dateFormat: ctx.config.NDIS_CLAIM_DATE_FORMAT, hoursFormat: ctx.config.NDIS_CLAIM_HOURS_FORMAT },
        { exportDate, firstSequence: Number(count) + 1 },
        ctx.maxRowsPerFile,
      );
      const ids: string[] = [];
      for (const file of files) {
        const bytes = Buffer.from(file.content, 'utf8');
        const key = `ndis-claims/${file.fileName.toLowerCase()}`;
        await ctx.fileStore.put(key, bytes, 'text/csv');
        written.push(key);
        const [stored] = await tx
          .insert(storedFiles)
          .values({ ownerUserId: null, purpose: 'NDIS_CLAIM_FILE', storageKey: key, contentType: 'text/csv', byteSize: bytes.length, originalName: file.fileName })
          .returning({ id: storedFiles.id });
        const claimRows = file.rows.map((row) => ({ row, line: lineOf.get(row.claimReference)! }));
        const [batch] = await tx
          .insert(ndisClaimBatches)
          .values({
            fileName: file.fileName,
            fileId: stored!.id,
            rowCount: file.rows.length,
            totalCents: claimRows.reduce((sum, { line }) => sum + line.amountCents, 0),
            createdBy: adminId,
            createdAt: now,
          })
          .returning({ id: ndisClaimBatches.id });
        for (let start = 0; start < claimRows.length; start += 1_000) {
          await tx.insert(ndisClaimLines).values(
            claimRows.slice(start, start + 1_000).map(({ row, line }) => ({
              batchId: batch!.id,
              invoiceId: line.invoiceId,
              invoiceLineId: line.lineId,
              shortfallOf: line.shortfallOf,
              claimReference: row.claimReference,
              amountCents: line.amountCents,
            })),
          );
        }
        ids.push(batch!.id);
      }
      const invoiceIds = [...new Set(lines.map((line) => line.invoiceId))];
      for (let start = 0; start < invoiceIds.length; start += 1_000) {
        await tx
          .update(invoices)
          .set({ ndisClaimed: true, ndisClaimedAt: now })
          .where(and(inArray(invoices.id, invoiceIds.slice(start, start + 1_000)), eq(invoices.ndisClaimed, false)));
      }
      await recordAudit(tx, { actorUserId: adminId, subjectUserId: null, action: 'ndis_claims.exported', detail: { files: files.map((file) => file.fileName), rows: lines.length } });
      return ids;
    })
    .catch(async (error: unknown) => {
      // The files of an export that did not commit are nobody's: remove them.
      await Promise.all(written.map((key) => ctx.fileStore.delete(key).catch(() => undefined)));
      if (error instanceof NdiaClaimError) throw badRequest(error.message);
      throw error;
    });
  return { batches: await batchesWithCounts(ctx.db, batchIds) };
}

/** GET /admin/ndis-claims/{id}/file: the claim file as exported. */
export async function claimFile(ctx: ClaimsContext, batchId: string): Promise<{ bytes: Buffer; fileName: string }> {
  const [row] = await ctx.db
    .select({ fileName: ndisClaimBatches.fileName, storageKey: storedFiles.storageKey })
    .from(ndisClaimBatches)
    .leftJoin(storedFiles, eq(storedFiles.id, ndisClaimBatches.fileId))
    .where(eq(ndisClaimBatches.id, batchId));
  const bytes = row?.storageKey ? await ctx.fileStore.get(row.storageKey) : null;
  if (!row || !bytes) throw notFound(CLAIM_BATCH_NOT_FOUND);
  return { bytes, fileName: row.fileName };
}

/** Why a line was paid less than claimed, in words (payments-ops.md: capped at the price limit, or the plan's funds ran short). */
function shortReasonOf(claimed: number, paid: number, cappedPriceCents: number | null, unitPriceCents: number): string {
  const paidText = `The NDIA paid ${formatCents(paid)} of ${formatCents(claimed)} claimed`;
  if (cappedPriceCents !== null && cappedPriceCents < unitPriceCents) return `${paidText}: the price was capped at the limit of ${formatCents(cappedPriceCents)}.`;
  if (paid === 0) return `${paidText}: nothing was paid, for example because the plan has no funds left for this support.`;
  return `${paidText}: part of the claim, for example because the plan's funds ran short.`;
}

/** A file-level refusal when nothing in the file could be used, naming the lines. */
function nothingUsable(errors: readonly CsvLineError[]): AppError {
  const shown = errors.slice(0, 5).map((error) => error.message);
  const message = `${NO_LINE_COULD_BE_READ} ${shown.join(' ')}${errors.length > 5 ? ` And ${errors.length - 5} more.` : ''}`;
  return badRequest(message, { file: message });
}

/**
 * POST /admin/ndis-claims/{id}/result: the NDIA's answer for a file. Each readable row's claim is
 * marked ACCEPTED (with what the NDIA will pay, short-paid when less than claimed) or REJECTED; a
 * line already answered keeps its answer, so uploading the same result twice changes nothing. A
 * row that cannot be read, or names a claim not in this file, is listed by line number; the other
 * rows still count. A line accepted at $0.00 has no cash to wait for: it is settled at once.
 */
export async function recordClaimResult(ctx: ClaimsContext, adminId: string, batchId: string, text: string, now: Date = new Date()): Promise<ClaimResultSummary> {
  let parsed;
  try {
    parsed = parseNdiaResultFile(text);
  } catch (error) {
    if (error instanceof NdiaClaimError) throw badRequest(error.message, { file: error.message });
    throw error;
  }
  return ctx.db.transaction(async (tx) => {
    const [batch] = await tx.select({ id: ndisClaimBatches.id }).from(ndisClaimBatches).where(eq(ndisClaimBatches.id, batchId)).for('update');
    if (!batch) throw notFound(CLAIM_BATCH_NOT_FOUND);
    const lines = await tx
      .select({ claim: ndisClaimLines, unitPriceCents: invoiceLines.unitPriceCents, kind: invoiceLines.kind })
      .from(ndisClaimLines)
      .innerJoin(invoiceLines, eq(invoiceLines.id, ndisClaimLines.invoiceLineId))
      .where(eq(ndisClaimLines.batchId, batchId));
    const byReference = new Map(lines.map((line) => [line.claim.claimReference, line]));
    const errors: CsvLineError[] = [...parsed.errors];
    const usable = parsed.rows.filter((result) => {
      const line = byReference.get(result.claimReference);
      if (!line) errors.push({ line: result.line, message: `Line ${result.line}: the claim ${result.claimReference} is not in this file.` });
      else if (result.paidCents !== null && result.paidCents > line.claim.amountCents) {
        errors.push({ line: result.line, message: `Line ${result.line}: the NDIA paid ${formatCents(result.paidCents)}, more than the ${formatCents(line.claim.amountCents)} claimed.` });
      } else return true;
      return false;
    });
    errors.sort((a, b) => a.line - b.line);
    if (usable.length === 0 && errors.length > 0) throw nothingUsable(errors);
    let acceptedLines = 0;
    let shortPaidLines = 0;
    let rejectedLines = 0;
    const touched = new Set<string>();
    for (const result of usable) {
      const { claim, unitPriceCents, kind } = byReference.get(result.claimReference)!;
      let values: Partial<ClaimLineRow>;
      if (result.outcome === 'ACCEPTED') {
        const paid = result.paidCents ?? claim.amountCents;
        const claimedUnitPrice = isDollarUnitClaim({ kind }) ? 100 : unitPriceCents;
        values = {
          status: paid === 0 ? 'PAID' : 'ACCEPTED',
          paidCents: paid,
          paymentRequestNumber: result.paymentRequestNumber,
          cappedPriceCents: result.cappedPriceCents,
          shortReason: paid < claim.amountCents ? shortReasonOf(claim.amountCents, paid, result.cappedPriceCents, claimedUnitPrice) : null,
          acceptedAt: now,
          // Nothing will come for a line accepted at $0.00: its cash is complete as it is.
          ...(paid === 0 ? { cashCents: 0, cashReceivedAt: now, cashReference: 'Paid $0.00 by the NDIA' } : {}),
          updatedAt: now,
        };
      } else {
        values = { status: 'REJECTED', paymentRequestNumber: result.paymentRequestNumber, rejectionReason: (result.errorMessage ?? '').slice(0, 1_000), updatedAt: now };
      }
      const [updated] = await tx
        .update(ndisClaimLines)
        .set(values)
        .where(and(eq(ndisClaimLines.id, claim.id), eq(ndisClaimLines.status, 'SUBMITTED')))
        .returning({ id: ndisClaimLines.id });
      if (!updated) continue;
      if (result.outcome === 'ACCEPTED') {
        acceptedLines += 1;
        if ((values.paidCents ?? 0) < claim.amountCents) shortPaidLines += 1;
      } else rejectedLines += 1;
      touched.add(claim.invoiceId);
    }
    let invoicesPaid = 0;
    for (const invoiceId of touched) if (await settleNdisInvoiceIfDone(tx, invoiceId, now)) invoicesPaid += 1;
    await tx.update(ndisClaimBatches).set({ resultUploadedAt: now }).where(eq(ndisClaimBatches.id, batchId));
    await recordAudit(tx, { actorUserId: adminId, subjectUserId: null, action: 'ndis_claims.result_recorded', detail: { batchId, acceptedLines, shortPaidLines, rejectedLines, invoicesPaid, errors: errors.length } });
    return { acceptedLines, shortPaidLines, rejectedLines, invoicesPaid, errors };
  });
}

/**
 * The NDIA's cash for an accepted claim: the line is PAID with what arrived, and the journal
 * (PAYMENT_RECEIVED, Dr BANK, Cr NDIA_RECEIVABLE) is keyed by the claim, so it is posted once.
 * Returns false when the line already had its cash.
 */
async function receiveNdiaCash(tx: DbTransaction, claim: ClaimLineRow, cashCents: number, reference: string, receivedAt: Date, now: Date): Promise<boolean> {
  const [updated] = await tx
    .update(ndisClaimLines)
    .set({ status: 'PAID', cashCents, cashReceivedAt: receivedAt, cashReference: reference.slice(0, 200), updatedAt: now })
    .where(and(eq(ndisClaimLines.id, claim.id), eq(ndisClaimLines.status, 'ACCEPTED')))
    .returning({ invoiceId: ndisClaimLines.invoiceId });
  if (!updated) return false;
  const [invoice] = await tx.select({ careSeekerId: invoices.careSeekerId }).from(invoices).where(eq(invoices.id, updated.invoiceId));
  if (cashCents > 0) {
    await postJournal(tx, {
      kind: 'PAYMENT_RECEIVED',
      key: `ndia-cash:${claim.id}`,
      invoiceId: claim.invoiceId,
      postedAt: now,
      memo: reference.slice(0, 200),
      lines: [
        { account: 'BANK', invoiceId: claim.invoiceId, amountCents: cashCents },
        { account: 'NDIA_RECEIVABLE', partyId: invoice!.careSeekerId, invoiceId: claim.invoiceId, amountCents: -cashCents },
      ],
    });
  }
  return true;
}

type RemittanceImport = z.infer<typeof remittanceImportSchema>;

/**
 * POST /admin/ndis-claims/remittance: the NDIA's remittance (a CSV naming payment request numbers
 * and the amount paid on each). Each line is matched to accepted claims by the payment request
 * number (and the claim reference where the remittance gives it); the cash is recorded once, so
 * importing the same remittance again records nothing new. Lines that match nothing, or pay an
 * amount other than the NDIA accepted, are listed with the reason and left for the admin.
 */
export async function importRemittance(ctx: ClaimsContext, adminId: string, text: string, now: Date = new Date()): Promise<RemittanceImport> {
  let parsed;
  try {
    parsed = parseNdiaRemittance(text);
  } catch (error) {
    if (error instanceof NdiaClaimError) throw badRequest(error.message, { file: error.message });
    throw error;
  }
  if (parsed.rows.length === 0 && parsed.errors.length > 0) throw nothingUsable(parsed.errors);
  return ctx.db.transaction(async (tx) => {
    // One import at a time: two admins importing the same remittance together record it once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ndis-claims-remittance'))`);
    const unmatched: RemittanceImport['unmatched'] = parsed.errors.map((error) => ({ line: error.line, paymentRequestNumber: null, amountCents: null, reason: error.message }));
    const matched: RemittanceImport['matched'] = [];
    const touched = new Set<string>();
    const numbers = [...new Set(parsed.rows.map((row) => row.paymentRequestNumber))];
    const claims = numbers.length === 0 ? [] : await tx
      .select({ claim: ndisClaimLines, invoiceNumber: invoices.number })
      .from(ndisClaimLines)
      .innerJoin(invoices, eq(invoices.id, ndisClaimLines.invoiceId))
      .where(inArray(ndisClaimLines.paymentRequestNumber, numbers));
    for (const row of parsed.rows) {
      const candidates = claims.filter(({ claim }) => claim.paymentRequestNumber === row.paymentRequestNumber && (row.claimReference === null || claim.claimReference === row.claimReference));
      const miss = (reason: string) => unmatched.push({ line: row.line, paymentRequestNumber: row.paymentRequestNumber, amountCents: row.amountCents, reason: `Line ${row.line}: ${reason}` });
      if (candidates.length === 0) {
        miss(`no accepted claim has the payment request number ${row.paymentRequestNumber}${row.claimReference ? ` and the claim reference ${row.claimReference}` : ''}.`);
        continue;
      }
      if (candidates.length > 1) {
        miss(`several claims have the payment request number ${row.paymentRequestNumber}: give the ClaimReference column.`);
        continue;
      }
      const { claim, invoiceNumber } = candidates[0]!;
      const entry = { line: row.line, paymentRequestNumber: row.paymentRequestNumber, claimReference: claim.claimReference, invoiceId: claim.invoiceId, invoiceNumber: formatInvoiceNumber('INVOICE', invoiceNumber), amountCents: row.amountCents };
      if (claim.status === 'PAID') {
        if (claim.cashCents === row.amountCents) matched.push({ ...entry, newlyRecorded: false });
        else miss(`the cash for ${claim.claimReference} was already recorded as ${formatCents(claim.cashCents ?? 0)}, not ${formatCents(row.amountCents)}.`);
        continue;
      }
      if (claim.status !== 'ACCEPTED') {
        miss(`the claim ${claim.claimReference} is ${claim.status === 'REJECTED' ? 'rejected' : 'not yet accepted'}: upload its result file first.`);
        continue;
      }
      if (row.amountCents !== claim.paidCents) {
        miss(`the remittance pays ${formatCents(row.amountCents)} for ${claim.claimReference}, but the NDIA accepted ${formatCents(claim.paidCents ?? 0)}. Confirm the deposit by hand once it is checked.`);
        continue;
      }
      const recorded = await receiveNdiaCash(tx, claim, row.amountCents, `NDIA remittance, payment request ${row.paymentRequestNumber}`, now, now);
      // Two lines of one remittance naming the same claim record it once.
      claim.status = 'PAID';
      claim.cashCents = row.amountCents;
      matched.push({ ...entry, newlyRecorded: recorded });
      if (recorded) touched.add(claim.invoiceId);
    }
    let invoicesPaid = 0;
    for (const invoiceId of touched) if (await settleNdisInvoiceIfDone(tx, invoiceId, now)) invoicesPaid += 1;
    unmatched.sort((a, b) => a.line - b.line);
    await recordAudit(tx, { actorUserId: adminId, subjectUserId: null, action: 'ndis_claims.remittance_imported', detail: { matched: matched.length, recorded: matched.filter((entry) => entry.newlyRecorded).length, unmatched: unmatched.length, invoicesPaid } });
    return { matched, unmatched, invoicesPaid };
  });
}

async function lockedClaim(tx: DbTransaction, claimId: string) {
  const [row] = await tx
    .select({ claim: ndisClaimLines, careSeekerId: invoices.careSeekerId, contractId: invoices.contractId, quantityHundredths: invoiceLines.quantityHundredths, kind: invoiceLines.kind })
    .from(ndisClaimLines)
    .innerJoin(invoices, eq(invoices.id, ndisClaimLines.invoiceId))
    .innerJoin(invoiceLines, eq(invoiceLines.id, ndisClaimLines.invoiceLineId))
    .where(eq(ndisClaimLines.id, claimId))
    .for('update', { of: ndisClaimLines });
  if (!row) throw notFound(CLAIM_LINE_NOT_FOUND);
  return row;
}

/** What the NDIA did not pay on a claim: the amount claimed less its cash (or, before the cash, what it accepted). */
function shortfallOf(claim: ClaimLineRow): number {
  if (claim.status !== 'ACCEPTED' && claim.status !== 'PAID') return 0;
  return claim.amountCents - (claim.cashCents ?? claim.paidCents ?? claim.amountCents);
}

async function presentLockedClaim(tx: DbTransaction, claimId: string) {
  const [row] = await tx.select({ claim: ndisClaimLines, position: invoiceLines.position }).from(ndisClaimLines).innerJoin(invoiceLines, eq(invoiceLines.id, ndisClaimLines.invoiceLineId)).where(eq(ndisClaimLines.id, claimId));
  return presentClaimLine(row!.claim, row!.position);
}

/**
 * POST /admin/ndis-claims/lines/{id}/cash: a deposit confirmed by hand. From the NDIA: the cash of
 * an accepted claim (what arrived may be less than accepted; then the rest is short). From the
 * care seeker: their payment of a difference billed to them (Dr BANK, Cr CARE_SEEKER_RECEIVABLE).
 * A repeat with the same amount answers as the first did.
 */
export async function confirmDeposit(ctx: ClaimsContext, adminId: string, claimId: string, input: z.output<typeof confirmDepositRequestSchema>, now: Date = new Date()) {
  return ctx.db.transaction(async (tx) => {
    const { claim, careSeekerId } = await lockedClaim(tx, claimId);
    const receivedAt = localToInstant(`${input.receivedOn}T12:00`, CLAIM_TIME_ZONE);
    if (input.from === 'CARE_SEEKER') {
      if (claim.shortfallAction !== 'BILL_CARE_SEEKER') throw conflict(NOT_BILLED_TO_CARE_SEEKER);
      const owed = shortfallOf(claim);
      if (input.amountCents !== owed) throw badRequest(`The care seeker was billed ${formatCents(owed)} for this line: record that amount.`, { amountCents: `Enter ${formatCents(owed)}` });
      await postJournal(tx, {
        kind: 'PAYMENT_RECEIVED',
        key: `ndia-shortfall-paid:${claim.id}`,
        invoiceId: claim.invoiceId,
        postedAt: now,
        memo: input.reference,
        lines: [
          { account: 'BANK', invoiceId: claim.invoiceId, amountCents: owed },
          { account: 'CARE_SEEKER_RECEIVABLE', partyId: careSeekerId, invoiceId: claim.invoiceId, amountCents: -owed },
        ],
      });
    } else {
      if (claim.status === 'PAID') {
        if (claim.cashCents !== input.amountCents) throw conflict(CASH_ALREADY_RECORDED);
      } else {
        if (claim.status !== 'ACCEPTED') throw conflict(CLAIM_NOT_ACCEPTED);
        if (input.amountCents > claim.amountCents) throw badRequest(CASH_MORE_THAN_CLAIMED, { amountCents: CASH_MORE_THAN_CLAIMED });
        if (claim.shortfallAction && input.amountCents !== claim.paidCents) throw conflict(`The difference was already acted on for ${formatCents(claim.paidCents ?? 0)} accepted: record that amount.`);
        if (input.amountCents < (claim.paidCents ?? claim.amountCents)) {
          await tx
            .update(ndisClaimLines)
            .set({ shortReason: `The NDIA paid ${formatCents(input.amountCents)} of ${formatCents(claim.amountCents)} claimed (the deposit confirmed by hand).` })
            .where(eq(ndisClaimLines.id, claim.id));
        }
        await receiveNdiaCash(tx, claim, input.amountCents, `Deposit confirmed by hand: ${input.reference}`, receivedAt, now);
      }
    }
    await settleNdisInvoiceIfDone(tx, claim.invoiceId, now);
    await recordAudit(tx, { actorUserId: adminId, subjectUserId: null, action: 'ndis_claims.deposit_confirmed', detail: { claimId, from: input.from, amountCents: input.amountCents, reference: input.reference } });
    return presentLockedClaim(tx, claimId);
  });
}

/** What a shortfall given up on posts: the NDIA's receivable moves to a write-off, or to the care seeker. */
const shortfallJournals = {
  WRITE_OFF: { kind: 'WRITE_OFF', keyPrefix: 'ndia-write-off', debit: 'NDIA_WRITE_OFF' },
  BILL_CARE_SEEKER: { kind: 'RECEIVABLE_TRANSFERRED', keyPrefix: 'ndia-shortfall-billed', debit: 'CARE_SEEKER_RECEIVABLE' },
} as const;

/**
 * POST /admin/ndis-claims/lines/{id}/shortfall: what the NDIA did not pay on a claim (payments-ops.md):
 * - RESUBMIT: the difference goes into the next export as a claim of its own;
 * - WRITE_OFF: given up, Dr NDIA_WRITE_OFF, Cr NDIA_RECEIVABLE;
 * - BILL_CARE_SEEKER (only where the service agreement allows it): the care seeker owes it instead,
 *   Dr CARE_SEEKER_RECEIVABLE, Cr NDIA_RECEIVABLE.
 * The same action again answers as the first did; another action once one is chosen is a 409.
 */
export async function actOnShortfall(ctx: ClaimsContext, adminId: string, claimId: string, action: ShortfallAction, now: Date = new Date()) {
  return ctx.db.transaction(async (tx) => {
    const { claim, careSeekerId, contractId, quantityHundredths, kind } = await lockedClaim(tx, claimId);
    if (claim.shortfallAction === action) return presentLockedClaim(tx, claimId);
    if (claim.shortfallAction) throw conflict(SHORTFALL_ALREADY_DECIDED);
    const short = shortfallOf(claim);
    if (short <= 0) throw conflict(NOT_SHORT_PAID);
    if (action === 'RESUBMIT' && !isDollarUnitClaim({ kind }) && unitPriceFor(quantityHundredths, short) === null) throw conflict(SHORTFALL_NOT_RESUBMITTABLE);
    if (action === 'BILL_CARE_SEEKER') {
      const [contract] = await tx.select({ billable: contracts.ndisShortfallBillable }).from(contracts).where(eq(contracts.id, contractId));
      if (!contract?.billable) throw conflict(SHORTFALL_NOT_BILLABLE);
    }
    await tx.update(ndisClaimLines).set({ shortfallAction: action, shortfallActionAt: now, shortfallActionBy: adminId, updatedAt: now }).where(eq(ndisClaimLines.id, claim.id));
    const journal = action === 'RESUBMIT' ? null : shortfallJournals[action];
    if (journal) {
      await postJournal(tx, {
        kind: journal.kind,
        key: `${journal.keyPrefix}:${claim.id}`,
        invoiceId: claim.invoiceId,
        postedAt: now,
        memo: claim.shortReason ?? undefined,
        lines: [
          { account: journal.debit, partyId: journal.debit === 'CARE_SEEKER_RECEIVABLE' ? careSeekerId : null, invoiceId: claim.invoiceId, amountCents: short },
          { account: 'NDIA_RECEIVABLE', partyId: careSeekerId, invoiceId: claim.invoiceId, amountCents: -short },
        ],
      });
    }
    await settleNdisInvoiceIfDone(tx, claim.invoiceId, now);
    await recordAudit(tx, { actorUserId: adminId, subjectUserId: null, action: 'ndis_claims.shortfall', detail: { claimId, action, shortCents: short } });
    return presentLockedClaim(tx, claimId);
  });
}
