import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { LinkSigner } from '../../platform/auth/signed-links';
import { JOB_REPORT_SUBMITTED_JOB, jobReportSubmittedPayloadSchema, type JobReportSubmittedPayload } from '../../platform/billing/job-report-submission';
import type { Db } from '../../platform/db/client';
import { timesheets } from '../../platform/db/schema/billing';
import type { JobHandlers } from '../../platform/jobs/job-worker';
import { queueMail } from '../../platform/mail/outbox';
import { notify } from '../../platform/notifications/notify';
import { jobReportEmailSite, jobReportToDecideEmail, nomineeApprovalEmail, type JobReportEmailConfig, type JobReportEmailSite } from './job-report-emails';
import { linkExpiry, signApprovalLink } from './job-report-links';
import { hoursSubmittedNotification } from './job-report-notifications';
import { approvalHoldsOf } from './approval-holds';
import { reportSummaryOf } from './job-reports-service';
import { expensesOf, findNominee, findTimesheetRow } from './timesheets-repository';

/**
 * Telling the care seeker's side that a report waits (issue 14): the care seeker by email, and the
 * nominee on their account with a signed link that approves without signing in. It runs on the job
 * queue after the submission commits (a worker's hours, or a short-notice cancellation made by
 * bookings), and only for the submission it was queued for: a report decided, or rejected and
 * submitted again, since then is left alone. The nominee's email is sent once per submission
 * (`nominee_emailed_at`), however often the job runs.
 */

export interface NoticeDeps {
  site: JobReportEmailSite;
  linkSigner: LinkSigner;
}

/** Sends the notices of one submission; answers whether it sent them. */
export async function sendJobReportSubmittedNotices(db: Db, deps: NoticeDeps, payload: JobReportSubmittedPayload, now = new Date()): Promise<boolean> {
  const submittedAt = new Date(payload.submittedAt);
  const row = await findTimesheetRow(db, payload.timesheetId);
  if (!row || row.timesheet.status !== 'SUBMITTED' || row.timesheet.submittedAt?.getTime() !== submittedAt.getTime()) return false;
  const nominee = await findNominee(db, row.timesheet.careSeekerId);
  const autoApproveAt = row.timesheet.autoApproveAt ?? now;
  // Signed before the transaction: the signing key may be read from the database the first time.
  const token = nominee ? await signApprovalLink(deps.linkSigner, { timesheetId: row.timesheet.id, submittedAt, expiresAt: linkExpiry(autoApproveAt), nomineeEmail: nominee.email }) : null;
  // A report that waits for a person says why, and not when it would be approved automatically (issue 29).
  const holds = approvalHoldsOf(row, await expensesOf(db, [row.timesheet.id])).map((hold) => hold.message);
  const summary = { ...reportSummaryOf(row), ...(holds.length > 0 ? { autoApproveAt: null, holds } : {}) };
  return db.transaction(async (tx) => {
    if (nominee && token) {
      // Once per submission: a repeat of this job finds the mark and sends nothing again.
      const [marked] = await tx
        .update(timesheets)
        .set({ nomineeEmailedAt: now })
        .where(
          and(
            eq(timesheets.id, row.timesheet.id),
            eq(timesheets.status, 'SUBMITTED'),
            eq(timesheets.submittedAt, submittedAt),
            or(isNull(timesheets.nomineeEmailedAt), lt(timesheets.nomineeEmailedAt, submittedAt)),
          ),
        )
        .returning({ id: timesheets.id });
      if (!marked) return false;
      await queueMail(tx, nomineeApprovalEmail(deps.site, nominee, summary, `${deps.site.publicUrl}/approve-hours?token=${encodeURIComponent(token)}`));
    }
    await queueMail(tx, jobReportToDecideEmail(deps.site, row.careSeeker, summary));
    await notify(tx, hoursSubmittedNotification(row.careSeeker.id, summary));
    return true;
  });
}

export function jobReportNoticeHandlers(ctx: { config: JobReportEmailConfig; linkSigner: LinkSigner }): JobHandlers {
  const deps = { site: jobReportEmailSite(ctx.config), linkSigner: ctx.linkSigner };
  return {
    async [JOB_REPORT_SUBMITTED_JOB](payload, job) {
      const sent = await sendJobReportSubmittedNotices(job.db, deps, jobReportSubmittedPayloadSchema.parse(payload));
      job.logger.info({ jobId: job.jobId, sent }, 'job report notices');
    },
  };
}
