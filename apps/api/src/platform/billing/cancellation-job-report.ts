import { asc, eq } from 'drizzle-orm';
import { isNdisFunded } from '@tendly/domain/job-options';
import { recordAudit } from '../audit/audit-log';
import type { DbExecutor } from '../db/client';
import { timesheets } from '../db/schema/billing';
import { contractNdisRates, contracts, shifts } from '../db/schema/engagements';
import { autoApproveAtFor, queueJobReportSubmitted } from './job-report-submission';

/**
 * A short-notice cancellation becomes a job report (issue 14; ndis.md "Cancellations"): when the
 * care seeker's side cancels a shift with less than 7 clear days' notice, or marks a no-show, the
 * worker may charge the contract's cancellation share of the booked shift. The report is made
 * SUBMITTED, in the cancellation's own transaction, for the care seeker (or nominee) to approve
 * like any other; the billing core prices it at the share with claim type CANC and the reason.
 *
 * Called by bookings (features may not import each other). A shift has at most one timesheet, so
 * a second call for the same shift makes nothing.
 */

/** ndis.md: a cancellation is claimed with a reason code; NSDO ("other") when the care seeker gave none from the list. */
export const DEFAULT_CANCELLATION_REASON_CODE = 'NSDO' as const;

export interface CancellationJobReportInput {
  shiftId: string;
  /** When the shift was cancelled: the report's submission time. */
  now: Date;
  autoApproveDays: number;
}

/**
 * Makes the CANCELLATION job report for a shift cancelled chargeably (the care seeker's side at
 * short notice, or a client no-show recorded by either side), and returns its id; null when there
 * is nothing to charge (enough notice, the worker's own cancellation, a 0% cancellation charge)
 * or the shift already has a timesheet. Run inside the transaction that cancelled the shift.
 */
export async function createCancellationJobReport(tx: DbExecutor, input: CancellationJobReportInput): Promise<string | null> {
  const [row] = await tx
    .select({ shift: shifts, contract: contracts })
    .from(shifts)
    .innerJoin(contracts, eq(contracts.id, shifts.contractId))
    .where(eq(shifts.id, input.shiftId));
  if (!row) return null;
  const { shift, contract } = row;
  // `shortNotice` is set only when the cancellation is chargeable (isChargeableCancellation).
  if (shift.status !== 'CANCELLED' || !shift.shortNotice) return null;
  if (contract.cancellationChargePercent <= 0) return null;

  // The support item claimed: the agreement's first NDIS rate that may be claimed as a
  // cancellation (ndis.md: transport and travel items cannot be).
  let ndis: { lineItem: (typeof contractNdisRates.$inferSelect)['lineItem']; level: (typeof contractNdisRates.$inferSelect)['level'] } | null = null;
  if (isNdisFunded(contract.fundingType)) {
    const rates = await tx
      .select({ lineItem: contractNdisRates.lineItem, level: contractNdisRates.level })
      .from(contractNdisRates)
      .where(eq(contractNdisRates.contractId, contract.id))
      .orderBy(asc(contractNdisRates.position));
    ndis = rates.find((rate) => rate.lineItem !== 'TRANSPORT') ?? null;
  }

  const inserted = await tx
    .insert(timesheets)
    .values({
      kind: 'CANCELLATION',
      status: 'SUBMITTED',
      contractId: contract.id,
      shiftId: shift.id,
      workerId: shift.workerId,
      careSeekerId: shift.careSeekerId,
      createdByUserId: shift.cancelledByUserId,
      startsAt: shift.startsAt,
      endsAt: shift.endsAt,
      timeZone: shift.timeZone,
      state: contract.clientState,
      ndisLineItem: ndis?.lineItem ?? null,
      ndisLevel: ndis?.level ?? null,
      cancellationReasonCode: shift.cancellationReasonCode ?? DEFAULT_CANCELLATION_REASON_CODE,
      cancellationReason: shift.cancellationReason ?? '',
      cancellationChargePercent: contract.cancellationChargePercent,
      submittedAt: input.now,
      submittedByUserId: shift.cancelledByUserId,
      autoApproveAt: autoApproveAtFor(input.now, input.autoApproveDays),
      createdAt: input.now,
      updatedAt: input.now,
    })
    // One timesheet per shift (timesheets_shift_key): hours already recorded for a shift later
    // marked a no-show, or a second call, make nothing.
    .onConflictDoNothing()
    .returning({ id: timesheets.id });
  const created = inserted[0];
  if (!created) return null;
  await recordAudit(tx, {
    actorUserId: shift.cancelledByUserId,
    subjectUserId: shift.careSeekerId,
    action: 'job_report.cancellation_created',
    detail: { shiftId: shift.id, chargePercent: contract.cancellationChargePercent, noShow: shift.noShow },
    targetType: 'timesheet',
    targetId: created.id,
  });
  await queueJobReportSubmitted(tx, created.id, input.now);
  return created.id;
}
