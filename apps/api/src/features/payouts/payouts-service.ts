import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { payoutRunListSchema, payoutStatusSchema, remittanceListQuerySchema, remittanceListSchema, Remittance } from '@tendly/domain/api/payments';
import { recordAudit } from '../../platform/audit/audit-log';
import type { RequestAuth } from '../../platform/auth/authenticate';
import type { Db } from '../../platform/db/client';
import { users } from '../../platform/db/schema/accounts';
import { workerTaxDetails } from '../../platform/db/schema/onboarding';
import { payoutHolds, payoutRuns, payouts } from '../../platform/db/schema/payments';
import { storedFiles } from '../../platform/db/schema/platform';
import { notFound } from '../../platform/errors';
import { loadRemittance, nextPayoutRunAt, payoutDateOf, payoutHoldReasons, presentRun, runPayouts, waitingInvoices, type PayoutContext, type PayoutRunSummary } from './payout-run';
import { renderRemittancePdf } from './remittance-pdf';

export const REMITTANCE_NOT_FOUND = 'That remittance does not exist, or it is not yours.';
export const PAYOUT_RUN_NOT_FOUND = 'That payout run does not exist.';
export const PAYOUT_FILE_NOT_READY = 'That payout run has no bank file yet.';

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
    .select({ payout: payouts, runDate: payoutRuns.runDate, invoiceCount: sql<number>`(select count(*)::int from payout_items where payout_items.payout_id = ${payouts.id})` })
    .from(payouts)
    .innerJoin(payoutRuns, eq(payoutRuns.id, payouts.runId))
    .where(and(eq(payouts.workerId, auth.user.id), before !== null ? lt(payouts.remittanceNumber, before) : undefined))
    .orderBy(desc(payouts.remittanceNumber))
    .limit(query.limit + 1);
  return {
    remittances: rows.slice(0, query.limit).map(({ payout, runDate, invoiceCount }) => ({
      id: payout.id,
      number: `REM-${String(payout.remittanceNumber).padStart(6, '0')}`,
      paidOn: runDate,
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
    { brandName: ctx.config.BRAND_NAME, platformAbn: ctx.config.PLATFORM_ABN, workerName: `${auth.user.firstName} ${auth.user.lastName}`.trim(), accountName: full?.accountName ?? '', remittance },
    new Date(),
  );
  return { bytes, fileName: `${remittance.number}.pdf` };
}

/** GET /worker/payout-status: whether the worker can be paid, why not, and what is waiting. */
export async function payoutStatus(ctx: PayoutContext, auth: RequestAuth, now: Date = new Date()): Promise<z.infer<typeof payoutStatusSchema>> {
  const [tax] = await ctx.db
    .select({ abn: workerTaxDetails.abn, bsb: workerTaxDetails.bsb, accountNumberEncrypted: workerTaxDetails.accountNumberEncrypted })
    .from(workerTaxDetails)
    .where(eq(workerTaxDetails.workerId, auth.user.id));
  const { reasons } = await payoutHoldReasons(ctx.fieldCipher, tax);
  const waiting = await waitingInvoices(ctx.db, auth.user.id);
  return {
    canBePaid: reasons.length === 0,
    reasons,
    waitingCents: waiting.reduce((sum, invoice) => sum + invoice.totalCents - invoice.feeCents, 0),
    nextRunAt: nextPayoutRunAt(now, ctx.config.PAYOUT_RUN_TIME).toISOString(),
  };
}

/** GET /admin/payout-runs: the last 60 runs and the workers held, with why. */
export async function listPayoutRuns(db: Db): Promise<z.infer<typeof payoutRunListSchema>> {
  const runs = await db.select().from(payoutRuns).orderBy(desc(payoutRuns.runDate)).limit(60);
  const held = await db
    .select({ workerId: payoutHolds.workerId, firstName: users.firstName, lastName: users.lastName, reason: payoutHolds.reason, heldCents: payoutHolds.heldCents })
    .from(payoutHolds)
    .innerJoin(users, eq(users.id, payoutHolds.workerId))
    .orderBy(desc(payoutHolds.heldCents));
  return {
    runs: runs.map(presentRun),
    held: held.map((row) => ({ workerId: row.workerId, workerName: `${row.firstName} ${row.lastName}`.trim(), reason: row.reason, heldCents: row.heldCents })),
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

/** GET /admin/payout-runs/{id}/aba: the run's direct entry file for the bank. */
export async function payoutRunFile(ctx: PayoutContext, runId: string): Promise<{ bytes: Buffer; fileName: string }> {
  const [row] = await ctx.db
    .select({ runDate: payoutRuns.runDate, storageKey: storedFiles.storageKey })
    .from(payoutRuns)
    .leftJoin(storedFiles, eq(storedFiles.id, payoutRuns.abaFileId))
    .where(eq(payoutRuns.id, runId));
  if (!row) throw notFound(PAYOUT_RUN_NOT_FOUND);
  const bytes = row.storageKey ? await ctx.fileStore.get(row.storageKey) : null;
  if (!bytes) throw notFound(PAYOUT_FILE_NOT_READY);
  return { bytes, fileName: `payouts-${row.runDate}.aba` };
}
