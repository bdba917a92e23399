import { z } from 'zod';
import type { DbExecutor } from '../db/client';
import { enqueueJob } from '../jobs/job-queue';

/**
 * What every job report shares once it is submitted (issue 14), whoever made it: the worker
 * submitting hours (features/timesheets) or a care seeker's short-notice cancellation
 * (cancellation-job-report.ts, run by bookings). Both live on this side of the feature line so
 * that the two agree on when the job queue approves a report and on how its care seeker (and
 * nominee) hear of it.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the job queue approves a report nobody has decided: submitted + JOB_REPORT_AUTO_APPROVE_DAYS (workflows.md, a setting). */
export function autoApproveAtFor(submittedAt: Date, autoApproveDays: number): Date {
  return new Date(submittedAt.getTime() + autoApproveDays * DAY_MS);
}

/**
 * The background job that tells the care seeker (and the nominee on their account, with a signed
 * approval link) that a report waits for them. The timesheets feature handles it.
 */
export const JOB_REPORT_SUBMITTED_JOB = 'job-reports.submitted';

export const jobReportSubmittedPayloadSchema = z.object({ timesheetId: z.uuid(), submittedAt: z.iso.datetime() });
export type JobReportSubmittedPayload = z.infer<typeof jobReportSubmittedPayloadSchema>;

/**
 * Queues the notice in the caller's transaction, so it goes only if the submission commits. It
 * names the submission (its time): a notice for a submission since replaced (the report was
 * rejected and submitted again) is dropped by the handler.
 */
export async function queueJobReportSubmitted(db: DbExecutor, timesheetId: string, submittedAt: Date): Promise<void> {
  const payload: JobReportSubmittedPayload = { timesheetId, submittedAt: submittedAt.toISOString() };
  await enqueueJob(db, { type: JOB_REPORT_SUBMITTED_JOB, payload });
}
