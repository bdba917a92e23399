import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  LODGEMENT_REFERENCE_CHECK_MESSAGE,
  LODGEMENT_REFERENCE_MESSAGE,
  PAYOUT_RETURNED_REASON,
  type PayoutBatch,
  type payoutReturnRequestSchema,
  type payoutRunListSchema,
  type payoutStatusSchema,
  type remittanceListQuerySchema,
  type remittanceListSchema,
  type Remittance,
  type ReturnedPayout,
} from '@tendly/domain/api/payments';
import { formatCents, fullName } from '@tendly/domain/format';
import { formatLodgementReference, parseLodgementReference } from '@tendly/domain/payments/lodgement-reference';
import { recordAudit } from '../../platform/audit/audit-log';
import type { RequestAuth } from '../../platform/auth/authenticate';
import type { Db } from '../../platform/db/client';
import { users } from '../../platform/db/schema/accounts';
import { workerTaxDetails } from '../../platform/db/schema/onboarding';
import { payoutBatches, payoutHolds, payoutItems, payoutRuns, payouts } from '../../platform/db/schema/payments';
import { storedFiles } from '../../platform/db/schema/platform';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { postJournal } from '../../platform/ledger/ledger';
import { renderEmail } from '../../platform/mail/email-layout';
import { queueMail } from '../../platform/mail/outbox';
import { notify } from '../../platform/notifications/notify';
import {
  BOOKING_LOCK,
  loadRemittance,
  nextPayoutRunAt,
  payoutDateOf,
  payoutDetailColumns,
  payoutHoldReasons,
  presentRun,
  runPayouts,
  sha256Of,
  waitingInvoices,
  workersWithUnchangedReturnedDetails,
  type PayoutContext,
  type PayoutRunSummary,
} from './payout-run';
import { renderRemittancePdf } from './remittance-pdf';
import { emailLayoutOf } from '../../platform/mail/email-site';

export const REMITTANCE_NOT_FOUND = 'That remittance does not exist, or it is not yours.';
export const PAYOUT_RUN_NOT_FOUND = 'That payout run does not exist.';
export const PAYOUT_BATCH_NOT_FOUND = 'That bank file does not exist.';
export const PAYOUT_NOT_FOUND_BY_REFERENCE = 'No payout has that lodgement reference. Check it against the bank’s return report.';

type RemittanceList = z.infer<typeof remittanceListSchema>;
type RemittanceListQuery = z.output<typeof remittanceListQuerySchema>;

/** `REM-000012` (or `12`) → 12; anything else → null. */
function remittanceNumberOf(text: string | undefined): number | null {
  const match = text ? /^(?:REM-)?(\d{1,9})$/.exec(text.trim()) : null;
  return match ? Number(match[1]) : null;
}

/** GET /remittances: the worker's own, newest first; `before` is the last one's number. */
export async function listRemittances(db: Db, auth: RequestAuth, query: RemittanceListQuery): Promise<RemittanceList> {
  const before = remittanceNumberOf(query.before);
  const rows = await db
    .select({
      payout: payouts,
      runDate: payoutRuns.runDate,
      processingDate: payoutBatches.processingDate,
      invoiceCount: sql<number>`(select count(*)::int from payout_items where payout_items.payout_id = ${payouts.id})`,
    })
    .from(payouts)
    .innerJoin(payoutRuns, eq(payoutRuns.id, payouts.runId))
    .leftJoin(payoutBatches, eq(payoutBatches.id, payouts.batchId))
    .where(and(eq(payouts.workerId, auth.user.id), before !== null ? lt(payouts.remittanceNumber, before) : undefined))
    .orderBy(desc(payouts.remittanceNumber))
    .limit(query.limit + 1);
  return {
    remittances: rows.slice(0, query.limit).map(({ payout, runDate, processingDate, invoiceCount }) => ({
      id: payout.id,
      number: `REM-${String(payout.remittanceNumber).padStart(6, '0')}`,
      paidOn: processingDate ?? runDate,
      lodgementReference: formatLodgementReference(payout.lodgementNumber),
      grossCents: payout.grossCents,
      feeCents: payout.feeCents,
      amountCents: payout.amountCents,
      invoiceCount: Number(invoiceCount),
      bsb: payout.bsb,
      accountLast3: payout.accountLast3,
    })),
    allLoaded: rows.length <= query.limit,
  };
}

/** One remittance for the worker it paid; anyone else is told it does not exist. */
export async function remittanceForWorker(db: Db, auth: RequestAuth, id: string): Promise<Remittance> {
  const remittance = await loadRemittance(db, id);
  if (!remittance || remittance.workerId !== auth.user.id) throw notFound(REMITTANCE_NOT_FOUND);
  const { workerId: _worker, accountName: _account, ...shown } = remittance;
  return shown;
}

/** The remittance PDF as it was emailed; made again if the stored one is gone. */
export async function remittancePdf(ctx: PayoutContext, auth: RequestAuth, id: string): Promise<{ bytes: Buffer; fileName: string }> {
  const remittance = await remittanceForWorker(ctx.db, auth, id);
  const [row] = await ctx.db
    .select({ storageKey: storedFiles.storageKey })
    .from(payouts)
    .innerJoin(storedFiles, eq(storedFiles.id, payouts.remittanceFileId))
    .where(eq(payouts.id, id));
  const stored = row ? await ctx.fileStore.get(row.storageKey) : null;
  if (stored) return { bytes: stored, fileName: `${remittance.number}.pdf` };
  const full = await loadRemittance(ctx.db, id);
  const bytes = await renderRemittancePdf(
    { brandName: ctx.config.BRAND_NAME, platformAbn: ctx.config.PLATFORM_ABN, workerName: fullName(auth.user), accountName: full?.accountName ?? '', remittance },
    new Date(),
  );
  return { bytes, fileName: `${remittance.number}.pdf` };
}

/** GET /worker/payout-status: whether the worker can be paid, why not, and what is waiting. */
export async function payoutStatus(ctx: PayoutContext, auth: RequestAuth, now: Date = new Date()): Promise<z.infer<typeof payoutStatusSchema>> {
  const [tax] = await ctx.db
    .select(payoutDetailColumns)
    .from(workerTaxDetails)
    .where(eq(workerTaxDetails.workerId, auth.user.id));
  const { reasons } = await payoutHoldReasons(ctx.fieldCipher, tax);
  const returned = tax ? await workersWithUnchangedReturnedDetails(ctx.db, ctx.fieldCipher, [auth.user.id], new Map([[auth.user.id, tax]])) : new Set<string>();
  if (returned.has(auth.user.id)) reasons.unshift(PAYOUT_RETURNED_REASON);
  const waiting = await waitingInvoices(ctx.db, auth.user.id);
  return {
    canBePaid: reasons.length === 0,
    reasons,
    waitingCents: waiting.reduce((sum, invoice) => sum + invoice.totalCents - invoice.feeCents, 0),
    nextRunAt: nextPayoutRunAt(now, ctx.config.PAYOUT_RUN_TIME).toISOString(),
  };
}

const lodgers = alias(users, 'lodgers');

/** The batches as the administrator sees them, newest first. */
async function listBatches(db: Db, batchId?: string): Promise<PayoutBatch[]> {
  const rows = await db
    .select({
      batch: payoutBatches,
      runDate: payoutRuns.runDate,
      lodgerFirst: lodgers.firstName,
      lodgerLast: lodgers.lastName,
      returnedCount: sql<number>`(select count(*)::int from payouts returned where returned.batch_id = ${payoutBatches.id} and returned.status = 'RETURNED')`,
    })
    .from(payoutBatches)
    .innerJoin(payoutRuns, eq(payoutRuns.id, payoutBatches.runId))
    .leftJoin(lodgers, eq(lodgers.id, payoutBatches.lodgedBy))
    .where(batchId ? eq(payoutBatches.id, batchId) : undefined)
    .orderBy(desc(payoutBatches.number))
    .limit(60);
  return rows.map(({ batch, runDate, lodgerFirst, lodgerLast, returnedCount }) => ({
    id: batch.id,
    number: batch.number,
    runDate,
    processingDate: batch.processingDate,
    fileName: batch.fileName,
    payoutCount: batch.payoutCount,
    totalCents: batch.totalCents,
    createdAt: batch.createdAt.toISOString(),
    lodgedAt: batch.lodgedAt?.toISOString() ?? null,
    lodgedByName: lodgerFirst === null ? null : `${lodgerFirst} ${lodgerLast ?? ''}`.trim(),
    returnedCount: Number(returnedCount),
  }));
}

const repaidSql = sql<boolean>`not exists (select 1 from payout_items returned_item where returned_item.payout_id = ${payouts.id}
  and not exists (select 1 from payout_items again where again.invoice_id = returned_item.invoice_id and again.returned_at is null))`;

async function listReturned(db: Db, payoutId?: string): Promise<ReturnedPayout[]> {
  const rows = await db
    .select({ payout: payouts, firstName: users.firstName, lastName: users.lastName, batchNumber: payoutBatches.number, repaid: repaidSql })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.workerId))
    .leftJoin(payoutBatches, eq(payoutBatches.id, payouts.batchId))
    .where(payoutId ? eq(payouts.id, payoutId) : eq(payouts.status, 'RETURNED'))
    .orderBy(desc(payouts.returnedAt))
    .limit(50);
  return rows.map(({ payout, firstName, lastName, batchNumber, repaid }) => ({
    id: payout.id,
    lodgementReference: formatLodgementReference(payout.lodgementNumber),
    workerId: payout.workerId,
    workerName: `${firstName} ${lastName}`.trim(),
    amountCents: payout.amountCents,
    batchNumber,
    returnedAt: payout.returnedAt!.toISOString(),
    returnReason: payout.returnReason ?? '',
    repaid: Boolean(repaid),
  }));
}

/** GET /admin/payout-runs: the last 60 runs and batches, the payments returned, and the workers held, with why. */
export async function listPayoutRuns(db: Db): Promise<z.infer<typeof payoutRunListSchema>> {
  const runs = await db.select().from(payoutRuns).orderBy(desc(payoutRuns.runDate)).limit(60);
  const held = await db
    .select({ workerId: payoutHolds.workerId, firstName: users.firstName, lastName: users.lastName, reason: payoutHolds.reason, heldCents: payoutHolds.heldCents })
    .from(payoutHolds)
    .innerJoin(users, eq(users.id, payoutHolds.workerId))
    .orderBy(desc(payoutHolds.heldCents));
  return {
    runs: runs.map(presentRun),
    batches: await listBatches(db),
    returned: await listReturned(db),
    held: held.map((row) => ({ workerId: row.workerId, workerName: fullName(row), reason: row.reason, heldCents: row.heldCents })),
  };
}

/** POST /admin/payout-runs: today's run (Sydney), now, recorded in the audit log with who asked. */
export async function runPayoutsNow(ctx: PayoutContext, adminId: string, now: Date = new Date()): Promise<PayoutRunSummary> {
  const outcome = await runPayouts(ctx, { runDate: payoutDateOf(now), now });
  await recordAudit(ctx.db, {
    actorUserId: adminId,
    subjectUserId: null,
    action: 'payout_run.run_now',
    detail: { runDate: outcome.run.runDate, paid: outcome.paid, held: outcome.held },
    targetType: 'payout_run',
    targetId: outcome.run.id,
  });
  return outcome.run;
}

/**
 * GET /admin/payout-batches/{id}/aba: the batch's direct entry file, the bytes booked with it and
 * never written again (payments-ops.md: keep a sent file's bytes). They are checked against the
 * SHA-256 recorded at booking, so a file changed in the store is refused rather than lodged.
 * Each download is in the audit log.
 */
export async function payoutBatchFile(ctx: PayoutContext, adminId: string, batchId: string): Promise<{ bytes: Buffer; fileName: string }> {
  const [row] = await ctx.db
    .select({ batch: payoutBatches, storageKey: storedFiles.storageKey })
    .from(payoutBatches)
    .innerJoin(storedFiles, eq(storedFiles.id, payoutBatches.fileId))
    .where(eq(payoutBatches.id, batchId));
  if (!row) throw notFound(PAYOUT_BATCH_NOT_FOUND);
  const bytes = await ctx.fileStore.get(row.storageKey);
  if (!bytes) throw conflict(`The bank file of batch ${row.batch.number} is missing from the file store. Do not lodge another file for it: tell the developers.`);
  const hash = sha256Of(bytes);
  if (row.batch.sha256 === null) {
    // A run's file from before batches: the first download records what every later one must match.
    await ctx.db.update(payoutBatches).set({ sha256: hash }).where(and(eq(payoutBatches.id, batchId), sql`${payoutBatches.sha256} is null`));
  } else if (row.batch.sha256 !== hash) {
    throw conflict(`The bank file of batch ${row.batch.number} is not the file that was booked. Do not lodge it: tell the developers.`);
  }
  await recordAudit(ctx.db, { actorUserId: adminId, subjectUserId: null, action: 'payout_batch.downloaded', detail: { number: row.batch.number, fileName: row.batch.fileName, sha256: hash }, targetType: 'payout_batch', targetId: batchId });
  return { bytes, fileName: row.batch.fileName };
}

/**
 * POST /admin/payout-batches/{id}/lodged: the administrator sent the file to the bank. Who and when
 * are kept from the first time; marking it again answers the batch as it is.
 */
export async function markBatchLodged(ctx: PayoutContext, adminId: string, batchId: string, now: Date = new Date()): Promise<PayoutBatch> {
  await ctx.db.transaction(async (tx) => {
    const [marked] = await tx
      .update(payoutBatches)
      .set({ lodgedAt: now, lodgedBy: adminId })
      .where(and(eq(payoutBatches.id, batchId), sql`${payoutBatches.lodgedAt} is null`))
      .returning({ number: payoutBatches.number, fileName: payoutBatches.fileName, sha256: payoutBatches.sha256 });
    if (marked) {
      await recordAudit(tx, { actorUserId: adminId, subjectUserId: null, action: 'payout_batch.lodged', detail: marked, targetType: 'payout_batch', targetId: batchId });
    }
  });
  const [batch] = await listBatches(ctx.db, batchId);
  if (!batch) throw notFound(PAYOUT_BATCH_NOT_FOUND);
  return batch;
}

type PayoutReturnRequest = z.output<typeof payoutReturnRequestSchema>;

/**
 * POST /admin/payout-returns: a payment the bank sent back (payments-ops.md: account closed, wrong
 * number, name mismatch), found by the lodgement reference the bank's return report quotes. In one
 * transaction: the payout is RETURNED with the bank's reason, its invoices wait to be paid again,
 * the PAYOUT_RETURNED journal puts the money back to what is owed to the worker (Dr BANK, Cr
 * WORKER_PAYABLE per invoice), the worker is held and emailed to check their bank details. The
 * next run pays them again once those details change.
 */
export async function recordPayoutReturn(ctx: PayoutContext, adminId: string, input: PayoutReturnRequest, now: Date = new Date()): Promise<ReturnedPayout> {
  const parsed = parseLodgementReference(input.lodgementReference);
  if (!parsed.ok) {
    const message = parsed.reason === 'check-digit' ? LODGEMENT_REFERENCE_CHECK_MESSAGE : LODGEMENT_REFERENCE_MESSAGE;
    throw badRequest(message, { lodgementReference: message });
  }
  const reference = formatLodgementReference(parsed.number);
  const payoutId = await ctx.db.transaction(async (tx) => {
    // After any run booking now, and before the next: a run never pays the refused account again.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${BOOKING_LOCK}))`);
    const [found] = await tx
      .select({ payout: payouts, lodgedAt: payoutBatches.lodgedAt, email: users.email, firstName: users.firstName })
      .from(payouts)
      .innerJoin(users, eq(users.id, payouts.workerId))
      .leftJoin(payoutBatches, eq(payoutBatches.id, payouts.batchId))
      .where(eq(payouts.lodgementNumber, parsed.number))
      .for('update', { of: payouts });
    if (!found) throw notFound(PAYOUT_NOT_FOUND_BY_REFERENCE);
    const { payout } = found;
    if (payout.status === 'RETURNED') throw conflict(`Payout ${reference} was already recorded as returned on ${payout.returnedAt!.toISOString().slice(0, 10)}.`);
    if (!found.lodgedAt) throw conflict(`Payout ${reference} is in a bank file that has not been marked lodged. Only a lodged payment can come back from the bank.`);

    await tx.update(payouts).set({ status: 'RETURNED', returnedAt: now, returnedBy: adminId, returnReason: input.reason }).where(eq(payouts.id, payout.id));
    const items = await tx.update(payoutItems).set({ returnedAt: now }).where(eq(payoutItems.payoutId, payout.id)).returning({ invoiceId: payoutItems.invoiceId, amountCents: payoutItems.amountCents });
    await postJournal(tx, {
      kind: 'PAYOUT_RETURNED',
      key: `payout-returned:${payout.id}`,
      memo: `${reference} returned: ${input.reason}`,
      postedAt: now,
      lines: [
        { account: 'BANK', amountCents: payout.amountCents },
        ...items.map((item) => ({ account: 'WORKER_PAYABLE' as const, partyId: payout.workerId, invoiceId: item.invoiceId, amountCents: -item.amountCents })),
      ],
    });
    await tx
      .insert(payoutHolds)
      .values({ workerId: payout.workerId, reason: PAYOUT_RETURNED_REASON, heldCents: payout.amountCents, updatedAt: now })
      .onConflictDoUpdate({ target: payoutHolds.workerId, set: { reason: PAYOUT_RETURNED_REASON, heldCents: sql`${payoutHolds.heldCents} + ${payout.amountCents}`, updatedAt: now } });

    const site = ctx.config.publicUrl.replace(/\/+$/, '');
    const amount = formatCents(payout.amountCents);
    const { html, text } = renderEmail({
      ...emailLayoutOf(ctx.config),
      preheader: `Your bank sent back our payment of ${amount}. Check your bank details.`,
      heading: `Your bank sent back ${amount}`,
      paragraphs: [
        `Hi ${found.firstName},`,
        `We paid ${amount} to your account ending ${payout.accountLast3} (BSB ${payout.bsb}) with the reference ${reference}, and your bank sent it back. The bank's reason: ${input.reason}.`,
        'The money is still yours. Check your bank details in Tax and super and change them to an account that can take the payment. We pay you again in the next payout run after you change them.',
      ],
      action: { label: 'Check your bank details', url: `${site}/tax-and-super` },
    });
    // Sent whatever the worker chose for payout emails: they cannot be paid until they act on it.
    await queueMail(tx, { to: found.email, category: 'ACCOUNT', subject: `Your bank sent back our payment of ${amount}`, html, text });
    await notify(tx, {
      userId: payout.workerId,
      kind: 'PAYOUT_RETURNED',
      title: `Your bank sent back ${amount}`,
      body: `Payment ${reference} came back (${input.reason}). Check your bank details in Tax and super: we pay you again once you change them.`,
      link: '/tax-and-super',
    });
    await recordAudit(tx, {
      actorUserId: adminId,
      subjectUserId: payout.workerId,
      action: 'payout.returned',
      detail: { lodgementReference: reference, amountCents: payout.amountCents, reason: input.reason },
      targetType: 'payout',
      targetId: payout.id,
    });
    return payout.id;
  });
  const [returned] = await listReturned(ctx.db, payoutId);
  return returned!;
}
