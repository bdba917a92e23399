import { and, eq } from 'drizzle-orm';
import type { ApprovalHold } from '@tendly/domain/api/timesheets';
import { recordAudit } from '../../platform/audit/audit-log';
import type { Db, DbExecutor, DbTransaction } from '../../platform/db/client';
import { timesheets } from '../../platform/db/schema/billing';
import { queueMail } from '../../platform/mail/outbox';
import { AppError } from '../../platform/errors';
import { intervalJobHandler, scheduleIntervalRun, type IntervalSchedule } from '../../platform/jobs/interval-job';
import type { JobHandlers } from '../../platform/jobs/job-worker';
import { billingSettingsOf } from '../../platform/billing/issue-invoice';
import type { Config } from '../../platform/config';
import { approvalHoldsOf } from './approval-holds';
import { jobReportEmailSite, jobReportNeedsApprovalEmail, type JobReportEmailConfig } from './job-report-emails';

type BillingConfig = Pick<Config, 'PLATFORM_FEE_BASIS_POINTS' | 'INVOICE_PAYMENT_TERMS_DAYS'>;
import { approveLocked, reportSummaryOf, type ApprovalDeps } from './job-reports-service';
import { expensesOf, findDueForAutoApproval, findTimesheetRow, lockTimesheet, type DueReport, type TimesheetRow } from './timesheets-repository';

/**
 * Automatic approval (issue 14; workflows.md: "after 7 days it is approved automatically", a
 * setting): a job report still SUBMITTED at its auto_approve_at is approved by the job queue, as
 * decider AUTO, and invoiced like any approval. The check runs every 15 minutes: each run's id is
 * made from its time slot, so every API process may ask for it and it is queued once, and each
 * run queues the next. Each report is approved in its own transaction, with its row locked, so a
 * care seeker deciding at the same moment and a second run are both safe: one decision, one invoice.
 *
 * A report that needs a person (issue 29, the domain's `approvalHolds`: hours well over the
 * booking, unbooked work, long travel, expenses) is never approved here: at its time the care
 * seeker is reminded by email why it waits, and its auto_approve_at is cleared, so it waits for
 * the care seeker's side (and is reminded of once).
 */
export const AUTO_APPROVE_JOB = 'job-reports.auto-approve';
export const AUTO_APPROVE_INTERVAL_MS = 15 * 60 * 1000;
/** Reports read at a time. */
const BATCH = 200;

const SCHEDULE: IntervalSchedule = { type: AUTO_APPROVE_JOB, intervalMs: AUTO_APPROVE_INTERVAL_MS };

export function scheduleAutoApprovals(db: DbExecutor, slot: Date): Promise<boolean> {
  return scheduleIntervalRun(db, SCHEDULE, slot);
}

/** At start-up: make sure the current slot's run is queued. */
export function scheduleCurrentAutoApprovals(db: DbExecutor, now: Date = new Date()): Promise<boolean> {
  return scheduleAutoApprovals(db, now);
}

export interface AutoApprovalOutcome {
  approved: number;
  /** Reports that wait for a person (their care seeker reminded instead). */
  held: string[];
  /** Reports that could not be invoiced (a 422: nothing to price them by); left for a person to decide. */
  unpriceable: string[];
}

/**
 * Approves every report due at `now`, in batches; a report that cannot be priced is skipped (and
 * named), not retried within the run, so it never holds up the others.
 */
export async function runAutoApprovals(db: Db, deps: ApprovalDeps, now: Date = new Date()): Promise<AutoApprovalOutcome> {
  const outcome: AutoApprovalOutcome = { approved: 0, held: [], unpriceable: [] };
  let after: DueReport | null = null;
  for (;;) {
    const due = await findDueForAutoApproval(db, now, BATCH, after);
    if (due.length === 0) return outcome;
    for (const report of due) {
      try {
        const decided = await decideDue(db, deps, report.id, now);
        if (decided === 'approved') outcome.approved += 1;
        if (decided === 'held') outcome.held.push(report.id);
      } catch (error) {
        if (error instanceof AppError && error.status === 422) outcome.unpriceable.push(report.id);
        else throw error;
      }
    }
    after = due[due.length - 1]!;
  }
}

function decideDue(db: Db, deps: ApprovalDeps, timesheetId: string, now: Date): Promise<'approved' | 'held' | 'untouched'> {
  return db.transaction(async (tx) => {
    const timesheet = await lockTimesheet(tx, timesheetId);
    // Decided (or due later, after a resubmission) since the list was read.
    if (!timesheet || timesheet.status !== 'SUBMITTED' || !timesheet.autoApproveAt || timesheet.autoApproveAt.getTime() > now.getTime()) return 'untouched';
    const row = await findTimesheetRow(tx, timesheetId);
    const holds = row ? approvalHoldsOf(row, await expensesOf(tx, [timesheetId])) : [];
    if (row && holds.length > 0) {
      await holdForPerson(tx, deps, row, holds, now);
      return 'held';
    }
    return (await approveLocked(tx, deps, timesheet, { by: 'AUTO', userId: null }, now)).approvedNow ? 'approved' : 'untouched';
  });
}

/** Leaves the report to the care seeker's side and reminds the care seeker why (their coordinators, for a managed client: the outbox). */
async function holdForPerson(tx: DbTransaction, deps: ApprovalDeps, row: TimesheetRow, holds: readonly ApprovalHold[], now: Date): Promise<void> {
  const { timesheet } = row;
  await tx
    .update(timesheets)
    .set({ autoApproveAt: null, updatedAt: now })
    .where(and(eq(timesheets.id, timesheet.id), eq(timesheets.status, 'SUBMITTED')));
  const messages = holds.map((hold) => hold.message);
  await queueMail(tx, jobReportNeedsApprovalEmail(deps.site, row.careSeeker, { ...reportSummaryOf(row), autoApproveAt: null, holds: messages }, messages));
  await recordAudit(tx, {
    actorUserId: null,
    subjectUserId: timesheet.careSeekerId,
    action: 'job_report.held_for_approval',
    detail: { holds: holds.map((hold) => hold.code) },
    targetType: 'timesheet',
    targetId: timesheet.id,
  });
}

export function autoApproveHandlers(ctx: { config: JobReportEmailConfig & BillingConfig }): JobHandlers {
  const deps: ApprovalDeps = { site: jobReportEmailSite(ctx.config), billing: billingSettingsOf(ctx.config) };
  return {
    [AUTO_APPROVE_JOB]: intervalJobHandler(SCHEDULE, async (slot, job) => {
      const outcome = await runAutoApprovals(job.db, deps);
      if (outcome.unpriceable.length > 0) job.logger.warn({ jobId: job.jobId, timesheetIds: outcome.unpriceable }, 'job reports due for automatic approval could not be priced');
      job.logger.info({ jobId: job.jobId, slot, approved: outcome.approved, held: outcome.held.length }, 'job reports approved automatically');
    }),
  };
}
