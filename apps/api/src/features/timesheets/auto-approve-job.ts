import { z } from 'zod';
import type { Db, DbExecutor } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { enqueueJobOnce } from '../../platform/jobs/job-queue';
import type { JobHandlers } from '../../platform/jobs/job-worker';
import { billingSettingsOf } from '../../platform/billing/issue-invoice';
import type { Config } from '../../platform/config';
import { jobReportEmailSite, type JobReportEmailConfig } from './job-report-emails';

type BillingConfig = Pick<Config, 'PLATFORM_FEE_BASIS_POINTS' | 'INVOICE_PAYMENT_TERMS_DAYS'>;
import { approveLocked, type ApprovalDeps } from './job-reports-service';
import { findDueForAutoApproval, lockTimesheet, type DueReport } from './timesheets-repository';

/**
 * Automatic approval (issue 14; workflows.md: "after 7 days it is approved automatically", a
 * setting): a job report still SUBMITTED at its auto_approve_at is approved by the job queue, as
 * decider AUTO, and invoiced like any approval. The check runs every 15 minutes: each run's id is
 * made from its time slot, so every API process may ask for it and it is queued once, and each
 * run queues the next. Each report is approved in its own transaction, with its row locked, so a
 * care seeker deciding at the same moment and a second run are both safe: one decision, one invoice.
 */
export const AUTO_APPROVE_JOB = 'job-reports.auto-approve';
export const AUTO_APPROVE_INTERVAL_MS = 15 * 60 * 1000;
/** Reports read at a time. */
const BATCH = 200;

const payloadSchema = z.object({ slot: z.iso.datetime() });

function slotOf(time: Date): Date {
  return new Date(Math.floor(time.getTime() / AUTO_APPROVE_INTERVAL_MS) * AUTO_APPROVE_INTERVAL_MS);
}

export function scheduleAutoApprovals(db: DbExecutor, slot: Date): Promise<boolean> {
  const iso = slotOf(slot).toISOString();
  return enqueueJobOnce(db, `${AUTO_APPROVE_JOB}:${iso}`, { type: AUTO_APPROVE_JOB, payload: { slot: iso }, runAt: new Date(iso) });
}

/** At start-up: make sure the current slot's run is queued. */
export function scheduleCurrentAutoApprovals(db: DbExecutor, now: Date = new Date()): Promise<boolean> {
  return scheduleAutoApprovals(db, now);
}

export interface AutoApprovalOutcome {
  approved: number;
  /** Reports that could not be invoiced (a 422: nothing to price them by); left for a person to decide. */
  unpriceable: string[];
}

/**
 * Approves every report due at `now`, in batches; a report that cannot be priced is skipped (and
 * named), not retried within the run, so it never holds up the others.
 */
export async function runAutoApprovals(db: Db, deps: ApprovalDeps, now: Date = new Date()): Promise<AutoApprovalOutcome> {
  const outcome: AutoApprovalOutcome = { approved: 0, unpriceable: [] };
  let after: DueReport | null = null;
  for (;;) {
    const due = await findDueForAutoApproval(db, now, BATCH, after);
    if (due.length === 0) return outcome;
    for (const report of due) {
      try {
        if (await approveDue(db, deps, report.id, now)) outcome.approved += 1;
      } catch (error) {
        if (error instanceof AppError && error.status === 422) outcome.unpriceable.push(report.id);
        else throw error;
      }
    }
    after = due[due.length - 1]!;
  }
}

function approveDue(db: Db, deps: ApprovalDeps, timesheetId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const timesheet = await lockTimesheet(tx, timesheetId);
    // Decided (or due later, after a resubmission) since the list was read.
    if (!timesheet || timesheet.status !== 'SUBMITTED' || !timesheet.autoApproveAt || timesheet.autoApproveAt.getTime() > now.getTime()) return false;
    return (await approveLocked(tx, deps, timesheet, { by: 'AUTO', userId: null }, now)).approvedNow;
  });
}

export function autoApproveHandlers(ctx: { config: JobReportEmailConfig & BillingConfig }): JobHandlers {
  const deps: ApprovalDeps = { site: jobReportEmailSite(ctx.config), billing: billingSettingsOf(ctx.config) };
  return {
    async [AUTO_APPROVE_JOB](payload, job) {
      const { slot } = payloadSchema.parse(payload);
      // The next run first: a run that keeps failing must not stop the ones after it. A late run
      // (the server was down) schedules from now, not from a slot long past.
      const next = Math.max(new Date(slot).getTime() + AUTO_APPROVE_INTERVAL_MS, slotOf(new Date()).getTime() + AUTO_APPROVE_INTERVAL_MS);
      await scheduleAutoApprovals(job.db, new Date(next));
      const outcome = await runAutoApprovals(job.db, deps);
      if (outcome.unpriceable.length > 0) job.logger.warn({ jobId: job.jobId, timesheetIds: outcome.unpriceable }, 'job reports due for automatic approval could not be priced');
      job.logger.info({ jobId: job.jobId, slot, approved: outcome.approved }, 'job reports approved automatically');
    },
  };
}
