import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { and, asc, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { formatInvoiceNumber } from '@tendly/domain/api/invoices';
import type { claimBatchSchema, claimResultSummarySchema, claimsOverviewSchema } from '@tendly/domain/api/payments';
import { buildNdiaClaimFiles, NdiaClaimError, ndiaClaimFileName, parseNdiaResultFile, type NdiaClaimRow } from '@tendly/domain/payments/ndia-claims';
import { cancellationReasonCodes, type CancellationReasonCode } from '@tendly/domain/api/bookings';
import type { Config } from '../../platform/config';
import type { Db, DbTransaction } from '../../platform/db/client';
import { invoiceLines, invoices } from '../../platform/db/schema/billing';
import { fundingDetails, ndisClaimBatches, ndisClaimLines, payments } from '../../platform/db/schema/payments';
import { storedFiles } from '../../platform/db/schema/platform';
import { badRequest, notFound } from '../../platform/errors';
import type { FileStore } from '../../platform/files/file-store';
import { postJournal } from '../../platform/ledger/ledger';
import { invoicePaidNotification } from '../../platform/billing/invoice-notifications';
import { notify } from '../../platform/notifications/notify';
import { recordAudit } from '../../platform/audit/audit-log';

/**
 * NDIA bulk payment requests (issue 15; ndis.md "NDIA bulk payment request file"; spec section 4
 * "marking as claimed"). Agency-managed invoices are claimed from the NDIA, one file row per
 * invoice line: an administrator exports every approved, unclaimed line into files of at most
 * 5,000 rows (which marks the invoices claimed), uploads them to the NDIA, and uploads the NDIA's
 * result here. Paid lines pay their invoice once every line is paid (PAYMENT_RECEIVED: Dr BANK,
 * Cr NDIA_RECEIVABLE); a rejected line is listed with the NDIA's reason and goes into the next
 * export again.
 */

export const CLAIM_BATCH_NOT_FOUND = 'That claim file does not exist.';
export const NO_NDIS_NUMBER_REASON = 'The participant has no NDIS number in their provider details.';
export const NO_SUPPORT_ITEM_REASON = 'A line has no NDIS support item.';
export const NOTHING_TO_CLAIM = 'There is nothing to claim: every approved agency-managed invoice has been claimed.';

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

interface ClaimableLine {
  lineId: string;
  invoiceId: string;
  invoiceNumber: number;
  clientName: string;
  workerAbn: string | null;
  periodStart: string | null;
  date: string | null;
  unit: 'H' | 'E' | 'KM';
  quantityHundredths: number;
  unitPriceCents: number;
  amountCents: number;
  supportItemNumber: string | null;
  claimType: 'CANC' | null;
  cancellationReason: string | null;
  ndisNumber: string | null;
  /** Claims of the line made before (all rejected): the next claim's reference counts on from them. */
  earlierClaims: number;
}

/**
 * Lines waiting to be claimed: of approved (issued, unpaid) agency-managed invoices, each line
 * worth something that has no claim in progress or paid: never claimed, or rejected last time.
 */
async function claimableLines(db: Db | DbTransaction): Promise<ClaimableLine[]> {
  const rows = await db
    .select({
      lineId: invoiceLines.id,
      invoiceId: invoices.id,
      invoiceNumber: invoices.number,
      clientName: invoices.clientName,
      workerAbn: invoices.workerAbn,
      periodStart: invoices.periodStart,
      date: invoiceLines.date,
      unit: invoiceLines.unit,
      quantityHundredths: invoiceLines.quantityHundredths,
      unitPriceCents: invoiceLines.unitPriceCents,
      amountCents: invoiceLines.amountCents,
      supportItemNumber: invoiceLines.supportItemNumber,
      claimType: invoiceLines.claimType,
      cancellationReason: invoiceLines.cancellationReason,
      ndisNumber: fundingDetails.ndisNumber,
      earlierClaims: sql<number>`(select count(*)::int from ndis_claim_lines c where c.invoice_line_id = ${invoiceLines.id})`,
    })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .leftJoin(fundingDetails, eq(fundingDetails.userId, invoices.careSeekerId))
    .where(
      and(
        eq(invoices.kind, 'INVOICE'),
        eq(invoices.status, 'ISSUED'),
        eq(invoices.fundingType, 'NDIS_AGENCY_MANAGED'),
        sql`${invoices.totalCents} > 0`,
        sql`${invoiceLines.amountCents} > 0`,
        sql`not exists (select 1 from ndis_claim_lines c where c.invoice_line_id = ${invoiceLines.id} and c.status <> 'REJECTED')`,
      ),
    )
    .orderBy(asc(invoices.issuedAt), asc(invoices.id), asc(invoiceLines.position));
  return rows.map((row) => ({ ...row, earlierClaims: Number(row.earlierClaims) }));
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

function toRow(line: ClaimableLine): NdiaClaimRow {
  const day = line.date ?? line.periodStart!;
  const reason = line.cancellationReason && (cancellationReasonCodes as readonly string[]).includes(line.cancellationReason) ? (line.cancellationReason as CancellationReasonCode) : null;
  return {
    ndisNumber: line.ndisNumber!,
    deliveredFrom: day,
    deliveredTo: day,
    supportNumber: line.supportItemNumber!,
    claimReference: `${line.lineId}-${line.earlierClaims + 1}`,
    unit: line.unit,
    quantityHundredths: line.quantityHundredths,
    unitPriceCents: line.unitPriceCents,
    claimType: line.claimType,
    cancellationReason: reason,
    providerAbn: line.workerAbn,
  };
}

async function batchesWithCounts(db: Db, ids?: string[]): Promise<ClaimBatch[]> {
  const rows = await db
    // Written out in full: drizzle leaves a lone table's columns unqualified in the select list.
    .select({
      batch: ndisClaimBatches,
      paidCount: sql<number>`(select count(*)::int from ndis_claim_lines l where l.batch_id = "ndis_claim_batches"."id" and l.status = 'PAID')`,
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

/** GET /admin/ndis-claims: what is waiting, what cannot be claimed and why, the files, and rejected lines. */
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
  // Rejected lines not claimed again since (a later claim of the line is in progress or paid).
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
        sql`not exists (select 1 from ndis_claim_lines later where later.invoice_line_id = ${ndisClaimLines.invoiceLineId} and later.status <> 'REJECTED')`,
      ),
    )
    .orderBy(desc(ndisClaimLines.updatedAt))
    .limit(500);
  return {
    unclaimed,
    skipped,
    batches: await batchesWithCounts(db),
    rejections: rejections.map((row) => ({ ...row, invoiceNumber: formatInvoiceNumber('INVOICE', row.invoiceNumber), reason: row.reason ?? '' })),
  };
}

/**
 * POST /admin/ndis-claims: every claimable line into claim files (5,000 rows each), named
 * TDL<YYMMDD><sequence>.csv, and the invoices marked claimed. One export at a time (a lock), so
 * two administrators pressing together do not claim a line twice or clash on a file name.
 */
export async function exportClaims(ctx: ClaimsContext, adminId: string, now: Date = new Date()): Promise<{ batches: ClaimBatch[] }> {
  const exportDate = format(new TZDate(now.getTime(), CLAIM_TIME_ZONE), 'yyyy-MM-dd');
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
      const lineOf = new Map(lines.map((line) => [`${line.lineId}-${line.earlierClaims + 1}`, line]));
      const files = buildNdiaClaimFiles(
        lines.map(toRow),
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
        const claimLines = file.rows.map((row) => lineOf.get(row.claimReference)!);
        const [batch] = await tx
          .insert(ndisClaimBatches)
          .values({
            fileName: file.fileName,
            fileId: stored!.id,
            rowCount: file.rows.length,
            totalCents: claimLines.reduce((sum, line) => sum + line.amountCents, 0),
            createdBy: adminId,
            createdAt: now,
          })
          .returning({ id: ndisClaimBatches.id });
        for (let start = 0; start < claimLines.length; start += 1_000) {
          await tx.insert(ndisClaimLines).values(
            claimLines.slice(start, start + 1_000).map((line) => ({
              batchId: batch!.id,
              invoiceId: line.invoiceId,
              invoiceLineId: line.lineId,
              claimReference: `${line.lineId}-${line.earlierClaims + 1}`,
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

/**
 * POST /admin/ndis-claims/{id}/result: the NDIA's answer for a file. Each row's line is marked
 * PAID or REJECTED (a line already answered keeps its answer, so uploading the same result twice
 * changes nothing); an invoice whose every line is paid becomes PAID with its journal.
 */
export async function recordClaimResult(ctx: ClaimsContext, adminId: string, batchId: string, text: string, now: Date = new Date()): Promise<z.infer<typeof claimResultSummarySchema>> {
  let results;
  try {
    results = parseNdiaResultFile(text);
  } catch (error) {
    if (error instanceof NdiaClaimError) throw badRequest(error.message, { file: error.message });
    throw error;
  }
  return ctx.db.transaction(async (tx) => {
    const [batch] = await tx.select({ id: ndisClaimBatches.id }).from(ndisClaimBatches).where(eq(ndisClaimBatches.id, batchId)).for('update');
    if (!batch) throw notFound(CLAIM_BATCH_NOT_FOUND);
    const lines = await tx.select().from(ndisClaimLines).where(eq(ndisClaimLines.batchId, batchId));
    const byReference = new Map(lines.map((line) => [line.claimReference, line]));
    const unknown = results.filter((result) => !byReference.has(result.claimReference));
    if (unknown.length > 0) {
      const message = `The result names claims that are not in this file: ${unknown.slice(0, 5).map((result) => result.claimReference).join(', ')}${unknown.length > 5 ? ', ...' : ''}`;
      throw badRequest(message, { file: message });
    }
    let paidLines = 0;
    let rejectedLines = 0;
    const touched = new Set<string>();
    for (const result of results) {
      const line = byReference.get(result.claimReference)!;
      const [updated] = await tx
        .update(ndisClaimLines)
        .set(
          result.outcome === 'PAID'
            ? { status: 'PAID', paidCents: result.paidCents ?? line.amountCents, updatedAt: now }
            : { status: 'REJECTED', rejectionReason: (result.errorMessage ?? '').slice(0, 1_000), updatedAt: now },
        )
        .where(and(eq(ndisClaimLines.id, line.id), eq(ndisClaimLines.status, 'SUBMITTED')))
        .returning({ id: ndisClaimLines.id });
      if (!updated) continue;
      if (result.outcome === 'PAID') paidLines += 1;
      else rejectedLines += 1;
      touched.add(line.invoiceId);
    }
    let invoicesPaid = 0;
    for (const invoiceId of touched) if (await payInvoiceIfClaimed(tx, invoiceId, now)) invoicesPaid += 1;
    await tx.update(ndisClaimBatches).set({ resultUploadedAt: now }).where(eq(ndisClaimBatches.id, batchId));
    await recordAudit(tx, { actorUserId: adminId, subjectUserId: null, action: 'ndis_claims.result_recorded', detail: { batchId, paidLines, rejectedLines, invoicesPaid } });
    return { paidLines, rejectedLines, invoicesPaid };
  });
}

/** An invoice whose every claimable line has a paid claim is PAID by the NDIA: Dr BANK, Cr NDIA_RECEIVABLE. */
async function payInvoiceIfClaimed(tx: DbTransaction, invoiceId: string, now: Date): Promise<boolean> {
  const [open] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(invoiceLines)
    .where(
      and(
        eq(invoiceLines.invoiceId, invoiceId),
        sql`${invoiceLines.amountCents} > 0`,
        sql`not exists (select 1 from ndis_claim_lines c where c.invoice_line_id = ${invoiceLines.id} and c.status = 'PAID')`,
      ),
    );
  if (Number(open?.count ?? 0) > 0) return false;
  const [invoice] = await tx
    .update(invoices)
    .set({ status: 'PAID', paidAt: now })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'ISSUED')))
    .returning();
  if (!invoice) return false;
  await notify(tx, invoicePaidNotification(invoice));
  await tx.insert(payments).values({
    invoiceId,
    careSeekerId: invoice.careSeekerId,
    channel: 'NDIA',
    status: 'SUCCEEDED',
    amountCents: invoice.totalCents,
    idempotencyKey: `ndia-paid:${invoiceId}`,
    reference: 'NDIA bulk payment',
    receivedOn: format(new TZDate(now.getTime(), CLAIM_TIME_ZONE), 'yyyy-MM-dd'),
  });
  await postJournal(tx, {
    kind: 'PAYMENT_RECEIVED',
    key: `ndia-paid:${invoiceId}`,
    invoiceId,
    postedAt: now,
    lines: [
      { account: 'BANK', invoiceId, amountCents: invoice.totalCents },
      { account: 'NDIA_RECEIVABLE', partyId: invoice.careSeekerId, invoiceId, amountCents: -invoice.totalCents },
    ],
  });
  return true;
}
