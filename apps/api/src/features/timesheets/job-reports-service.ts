import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { fullName } from '@tendly/domain/format';
import type { Invoice } from '@tendly/domain/api/invoices';
import { JOB_REPORT_ALREADY_DECIDED, TIMESHEET_NOT_FOUND, timesheetMove, type JobReportDecider, type Timesheet, type timesheetListQuerySchema } from '@tendly/domain/api/timesheets';
import { instantToLocal } from '@tendly/domain/shift-time';
import { recordAudit } from '../../platform/audit/audit-log';
import { actingPersonId, type RequestAuth } from '../../platform/auth/authenticate';
import type { LinkSigner } from '../../platform/auth/signed-links';
import { issueInvoiceForTimesheet, type BillingSettings } from '../../platform/billing/issue-invoice';
import { loadInvoice } from '../../platform/billing/load-invoice';
import type { Db, DbExecutor, DbTransaction } from '../../platform/db/client';
import { timesheets } from '../../platform/db/schema/billing';
import { AppError, conflict, notFound } from '../../platform/errors';
import { queueMail } from '../../platform/mail/outbox';
import { notify } from '../../platform/notifications/notify';
import { jobReportApprovedEmail, jobReportRejectedEmail, type JobReportEmailSite, type ReportSummary } from './job-report-emails';
import { hoursApprovedNotification, hoursRejectedNotification } from './job-report-notifications';
import { LINK_NOMINEE_CHANGED, LINK_NOT_VALID, LINK_REPLACED, nomineeFingerprint, readApprovalLink } from './job-report-links';
import { presentTimesheetRows } from './present-timesheets';
import type { TimesheetViewer } from './timesheet-policies';
import { findNominee, findTimesheetRow, invoicesOfTimesheets, listTimesheetPage, lockTimesheet, type TimesheetRecord, type TimesheetRow } from './timesheets-repository';

/**
 * Job reports (issue 14): submitted hours (or a short-notice cancellation) that the care seeker,
 * a coordinator acting for them, their nominee by the emailed link, or the job queue approves —
 * which issues the invoice in the same transaction — or that the care seeker's side rejects with a
 * reason, back to the worker. Every decision locks the report's row first, so two decisions at
 * once are one decision and one repeat: approving twice answers the one invoice.
 */

type ListQuery = z.output<typeof timesheetListQuerySchema>;

export interface JobReportsContext {
  db: Db;
  site: JobReportEmailSite;
  linkSigner: LinkSigner;
  billing: BillingSettings;
}

/** What approving needs besides the report: where emails link to, and the settings invoices are issued under. */
export type ApprovalDeps = Pick<JobReportsContext, 'site' | 'billing'>;

export interface Decider {
  by: JobReportDecider;
  /** The person who decided (the coordinator behind an alias session); null for the nominee and the job queue. */
  userId: string | null;
}

export function reportSummaryOf(row: TimesheetRow): ReportSummary {
  const { timesheet } = row;
  return {
    timesheetId: timesheet.id,
    kind: timesheet.kind,
    workerName: fullName(row.worker),
    careSeekerName: fullName(row.careSeeker),
    clientName: row.clientName,
    state: timesheet.state,
    startLocal: instantToLocal(timesheet.startsAt, timesheet.timeZone),
    endLocal: instantToLocal(timesheet.endsAt, timesheet.timeZone),
    autoApproveAt: timesheet.status === 'SUBMITTED' ? timesheet.autoApproveAt : null,
    timeZone: timesheet.timeZone,
  };
}

/** The decider of a signed-in person: the care seeker, or the coordinator acting for them. */
export function deciderOf(auth: RequestAuth): Decider {
  return { by: auth.actor ? 'COORDINATOR' : 'CARE_SEEKER', userId: actingPersonId(auth) };
}

/** The invoice an approved report already has (its newest), if any. */
async function invoiceOf(tx: DbExecutor, timesheetId: string): Promise<string | null> {
  return (await invoicesOfTimesheets(tx, [timesheetId])).get(timesheetId) ?? null;
}

/**
 * Approves a report whose row the caller has locked, and issues its invoice in the caller's
 * transaction; a report approved already answers its invoice (approving twice is one invoice),
 * a rejected one is a 409. `approvedNow` says whether this call made the decision.
 */
export async function approveLocked(
  tx: DbTransaction,
  deps: ApprovalDeps,
  timesheet: TimesheetRecord,
  decider: Decider,
  now: Date,
): Promise<{ invoiceId: string; approvedNow: boolean }> {
  if (timesheet.status === 'APPROVED') {
    const existing = await invoiceOf(tx, timesheet.id);
    if (existing) return { invoiceId: existing, approvedNow: false };
    return { invoiceId: (await issueInvoiceForTimesheet(tx, { timesheetId: timesheet.id, now, settings: deps.billing })).invoiceId, approvedNow: false };
  }
  const to = timesheetMove(timesheet.status, 'approve');
  if (!to) throw conflict(JOB_REPORT_ALREADY_DECIDED);
  await tx
    .update(timesheets)
    .set({ status: to, decidedAt: now, decidedBy: decider.by, decidedByUserId: decider.userId, rejectionReason: null, updatedAt: now })
    .where(and(eq(timesheets.id, timesheet.id), eq(timesheets.status, timesheet.status)));
  const { invoiceId } = await issueInvoiceForTimesheet(tx, { timesheetId: timesheet.id, now, settings: deps.billing });
  await recordAudit(tx, {
    actorUserId: decider.userId,
    subjectUserId: timesheet.careSeekerId,
    action: 'job_report.approved',
    detail: { decidedBy: decider.by, invoiceId },
    targetType: 'timesheet',
    targetId: timesheet.id,
  });
  const row = await findTimesheetRow(tx, timesheet.id);
  const invoice = await loadInvoice(tx, invoiceId);
  if (row && invoice) {
    await queueMail(tx, jobReportApprovedEmail(deps.site, row.worker, reportSummaryOf(row), { id: invoiceId, number: invoice.number }, decider.by === 'AUTO'));
    await notify(tx, hoursApprovedNotification(row.worker.id, reportSummaryOf(row), { id: invoiceId, number: invoice.number }));
  }
  return { invoiceId, approvedNow: true };
}

/** The invoice an approval answers with. */
async function invoiceAnswer(db: DbExecutor, invoiceId: string): Promise<{ invoice: Invoice }> {
  const invoice = await loadInvoice(db, invoiceId);
  if (!invoice) throw new Error(`The invoice ${invoiceId} of an approval could not be read`);
  return { invoice };
}

/** Locks a report for the care seeker's side: their own, submitted at some point (a draft is not theirs to see). */
async function lockForCareSeeker(tx: DbExecutor, careSeekerId: string, timesheetId: string): Promise<TimesheetRecord> {
  const timesheet = await lockTimesheet(tx, timesheetId);
  if (!timesheet || timesheet.careSeekerId !== careSeekerId || timesheet.status === 'DRAFT') throw notFound(TIMESHEET_NOT_FOUND);
  return timesheet;
}

/** POST /api/job-reports/{id}/approve: the care seeker or a coordinator acting for them. */
export async function approveJobReport(ctx: JobReportsContext, auth: RequestAuth, timesheetId: string, now = new Date()): Promise<{ invoice: Invoice }> {
  const invoiceId = await ctx.db.transaction(async (tx) => {
    const timesheet = await lockForCareSeeker(tx, auth.user.id, timesheetId);
    return (await approveLocked(tx, ctx, timesheet, deciderOf(auth), now)).invoiceId;
  });
  return invoiceAnswer(ctx.db, invoiceId);
}

/** POST /api/job-reports/{id}/reject: back to the worker with the reason. */
export async function rejectJobReport(ctx: JobReportsContext, auth: RequestAuth, timesheetId: string, reason: string, now = new Date()): Promise<Timesheet> {
  await ctx.db.transaction(async (tx) => {
    const timesheet = await lockForCareSeeker(tx, auth.user.id, timesheetId);
    const to = timesheetMove(timesheet.status, 'reject');
    if (!to) throw conflict(JOB_REPORT_ALREADY_DECIDED);
    const decider = deciderOf(auth);
    await tx
      .update(timesheets)
      .set({ status: to, decidedAt: now, decidedBy: decider.by, decidedByUserId: decider.userId, rejectionReason: reason, updatedAt: now })
      .where(and(eq(timesheets.id, timesheet.id), eq(timesheets.status, timesheet.status)));
    await recordAudit(tx, {
      actorUserId: decider.userId,
      subjectUserId: timesheet.careSeekerId,
      action: 'job_report.rejected',
      detail: { decidedBy: decider.by },
      targetType: 'timesheet',
      targetId: timesheet.id,
    });
    const row = await findTimesheetRow(tx, timesheet.id);
    if (row) {
      await queueMail(tx, jobReportRejectedEmail(ctx.site, row.worker, reportSummaryOf(row), reason, timesheet.id));
      await notify(tx, hoursRejectedNotification(row.worker.id, reportSummaryOf(row), reason));
    }
  });
  const row = await findTimesheetRow(ctx.db, timesheetId);
  if (!row) throw notFound(TIMESHEET_NOT_FOUND);
  const [presented] = await presentTimesheetRows(ctx.db, [row], { kind: 'person', userId: auth.user.id });
  return presented!;
}

/** GET /api/job-reports: each side's job reports (never drafts), newest submitted first. */
export async function listJobReports(ctx: JobReportsContext, auth: RequestAuth, query: ListQuery): Promise<{ timesheets: Timesheet[]; allLoaded: boolean }> {
  const side = { role: auth.user.role === 'CR' ? ('CR' as const) : ('CS' as const), userId: auth.user.id };
  if (query.status === 'DRAFT') return { timesheets: [], allLoaded: true };
  const { rows, allLoaded } = await listTimesheetPage(ctx.db, side, {
    status: query.status,
    excludeDrafts: true,
    before: query.before ? new Date(query.before) : undefined,
    limit: query.limit,
  });
  return { timesheets: await presentTimesheetRows(ctx.db, rows, { kind: 'person', userId: auth.user.id }), allLoaded };
}

/**
 * The report a nominee's link names, once the link is ours, in date, for this submission and for
 * the account's nominee now. Any failure says why the link cannot be used (404 or 410).
 */
async function reportOfLink(db: DbExecutor, signer: LinkSigner, token: string, now: Date): Promise<TimesheetRow> {
  const link = await readApprovalLink(signer, token, now);
  const row = await findTimesheetRow(db, link.timesheetId);
  if (!row || row.timesheet.status === 'DRAFT') throw notFound(LINK_NOT_VALID);
  if (row.timesheet.submittedAt?.getTime() !== link.submittedAtMs) throw new AppError(410, LINK_REPLACED, { code: 'LINK_EXPIRED' });
  const nominee = await findNominee(db, row.timesheet.careSeekerId);
  if (!nominee || nomineeFingerprint(nominee.email) !== link.fingerprint) throw new AppError(410, LINK_NOMINEE_CHANGED, { code: 'LINK_EXPIRED' });
  return row;
}

const nomineeViewer: TimesheetViewer = { kind: 'nominee' };

/** GET /api/job-reports/by-link?token=: what the nominee is asked to approve. */
export async function jobReportByLink(ctx: JobReportsContext, token: string, now = new Date()): Promise<Timesheet> {
  const row = await reportOfLink(ctx.db, ctx.linkSigner, token, now);
  const [presented] = await presentTimesheetRows(ctx.db, [row], nomineeViewer);
  return presented!;
}

/** POST /api/job-reports/approve-by-link: the nominee approves without signing in (twice is the one invoice). */
export async function approveJobReportByLink(ctx: JobReportsContext, token: string, now = new Date()): Promise<{ invoice: Invoice }> {
  const row = await reportOfLink(ctx.db, ctx.linkSigner, token, now);
  const invoiceId = await ctx.db.transaction(async (tx) => {
    const timesheet = await lockTimesheet(tx, row.timesheet.id);
    // Submitted again while the link was being checked: the link was for the earlier submission.
    if (!timesheet || timesheet.submittedAt?.getTime() !== row.timesheet.submittedAt?.getTime()) throw new AppError(410, LINK_REPLACED, { code: 'LINK_EXPIRED' });
    return (await approveLocked(tx, ctx, timesheet, { by: 'NOMINEE', userId: null }, now)).invoiceId;
  });
  return invoiceAnswer(ctx.db, invoiceId);
}
