import { routePath } from '@tendly/domain/routes';
import type { EmailCategory } from '@tendly/domain/api/notification-preferences';
import { formatShiftWhen } from '@tendly/domain/api/bookings';
import { formatLocalDate, instantToLocal } from '@tendly/domain/shift-time';
import type { Config } from '../../platform/config';
import type { MailMessage } from '../../platform/mail/mail-message';
import { emailSite, type EmailSite } from '../../platform/mail/email-site';
import { subjectEmail } from '../../platform/mail/subject-email';

/**
 * The emails of hours and job reports (issue 14): the care seeker (and their nominee, with a link
 * that approves without signing in) hears of each report to decide; the worker hears of each
 * decision.
 */
export type JobReportEmailSite = EmailSite;

export type JobReportEmailConfig = Pick<Config, 'BRAND_NAME' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE' | 'publicUrl'>;

export const jobReportEmailSite = emailSite;

export interface Recipient {
  email: string;
  firstName: string;
}

/** What an email says about the report: whose hours, for whom, when. */
export interface ReportSummary {
  /** The timesheet the report is, which the emails' buttons open. */
  timesheetId: string;
  kind: 'SHIFT' | 'CANCELLATION';
  workerName: string;
  careSeekerName: string;
  clientName: string;
  state: string;
  startLocal: string;
  endLocal: string;
  /** When the job queue approves it if nobody decides first; null once decided, or when it waits for a person. */
  autoApproveAt: Date | null;
  timeZone: string;
  /** Why it waits for a person and is never approved automatically (issue 29); empty when it may be. */
  holds?: readonly string[];
}

function email(site: JobReportEmailSite, to: { email: string; greeting: string; category: EmailCategory }, subject: string, paragraphs: string[], action: { label: string; url: string }): MailMessage {
  return subjectEmail(site, { to: to.email, category: to.category, subject, paragraphs: [`Hi ${to.greeting},`, ...paragraphs], action });
}

const when = (report: ReportSummary) => formatShiftWhen(report);

/** Issue 31 item 8: Job reports opened at this report (the page shows it first), through sign-in when needed. */
export function jobReportPath(timesheetId: string): string {
  return `${routePath('unapprovedInvoices')}?${new URLSearchParams({ report: timesheetId }).toString()}`;
}

/** The hours form opened on rejected hours, to fix and send again. */
export function fixHoursPath(timesheetId: string): string {
  return `${routePath('submitTimesheet')}?${new URLSearchParams({ timesheet: timesheetId }).toString()}`;
}

/**
 * Where a rejected report leads its worker: hours that can be fixed open in the hours form; a
 * cancellation charge shows on Job reports (issue 31, item 8). The email's and the notification's.
 */
export function rejectedReportPath(report: ReportSummary): string {
  return report.kind === 'SHIFT' ? fixHoursPath(report.timesheetId) : jobReportPath(report.timesheetId);
}

function jobReportUrl(site: JobReportEmailSite, timesheetId: string): string {
  return `${site.publicUrl}${jobReportPath(timesheetId)}`;
}
/** What a report is for, in words ("hours worked with Ann on Tue 3 Dec, 9:00 am to 11:00 am"): the emails' and the notifications'. */
export const what = (report: ReportSummary) =>
  report.kind === 'CANCELLATION' ? `a short-notice cancellation charge for the shift with ${report.clientName} on ${when(report)}` : `hours worked with ${report.clientName} on ${when(report)}`;

/** "Needs your approval: a; b." (issue 29). */
export function holdsSentence(holds: readonly string[]): string {
  return `${holds.join('; ')}.`;
}

function autoApproval(report: ReportSummary): string[] {
  if (report.holds?.length) return [`It will not be approved automatically, because it needs a person to check it: ${holdsSentence(report.holds)}`];
  if (!report.autoApproveAt) return [];
  const date = formatLocalDate(instantToLocal(report.autoApproveAt, report.timeZone));
  return [`If nobody approves or rejects it by ${date}, it will be approved automatically and invoiced.`];
}

/** To the care seeker: a report waits for them on Job reports. */
export function jobReportToDecideEmail(site: JobReportEmailSite, careSeeker: Recipient, report: ReportSummary): MailMessage {
  const cancellation = report.kind === 'CANCELLATION';
  const subject = cancellation ? `A cancellation charge from ${report.workerName} is waiting for approval` : `${report.workerName} submitted hours for approval`;
  const opening = cancellation
    ? `The shift with ${report.clientName} on ${when(report)} was cancelled at short notice, so ${report.workerName} may charge for it under the service agreement’s cancellation policy.`
    : `${report.workerName} sent ${what(report)}.`;
  return email(
    site,
    { email: careSeeker.email, greeting: careSeeker.firstName, category: 'HOURS' },
    subject,
    [opening, 'Please check it and approve it, or reject it with a reason.', ...autoApproval(report)],
    { label: 'Review the job report', url: jobReportUrl(site, report.timesheetId) },
  );
}

/** To the nominee on the account: the signed link approves without signing in. */
export function nomineeApprovalEmail(site: JobReportEmailSite, nominee: { name: string; email: string }, report: ReportSummary, approveUrl: string): MailMessage {
  return email(
    site,
    { email: nominee.email, greeting: nominee.name, category: 'EXTERNAL' },
    `Hours to approve for ${report.clientName}`,
    [
      `${report.careSeekerName} named you to approve hours on their ${site.brandName} account. ${report.workerName} sent ${what(report)}.`,
      'Open the link to see the details and approve them. You do not need to sign in. If something is wrong, do not approve: ask ' +
        `${report.careSeekerName} to reject it with a reason.`,
      ...autoApproval(report),
    ],
    { label: 'See and approve the hours', url: approveUrl },
  );
}

/**
 * To the care seeker (their coordinators, for a client without an email address of their own) when
 * a report's approval period ends and it waits for a person (issue 29): the job queue did not
 * approve it, and says why.
 */
export function jobReportNeedsApprovalEmail(site: JobReportEmailSite, careSeeker: Recipient, report: ReportSummary, holds: readonly string[]): MailMessage {
  return email(
    site,
    { email: careSeeker.email, greeting: careSeeker.firstName, category: 'HOURS' },
    `Hours from ${report.workerName} still need your approval`,
    [
      `${report.workerName} sent ${what(report)}, and nobody has approved or rejected it yet.`,
      `It has not been approved automatically, because it needs a person to check it: ${holdsSentence(holds)}`,
      'Please check it and approve it, or reject it with a reason. Until then it is not invoiced.',
    ],
    { label: 'Review the job report', url: jobReportUrl(site, report.timesheetId) },
  );
}

export function jobReportApprovedEmail(site: JobReportEmailSite, worker: Recipient, report: ReportSummary, invoice: { id: string; number: string }, automatically: boolean): MailMessage {
  const subject = automatically ? `Your job report for ${report.clientName} was approved automatically` : `Your job report for ${report.clientName} was approved`;
  return email(
    site,
    { email: worker.email, greeting: worker.firstName, category: 'HOURS' },
    subject,
    [
      automatically
        ? `Nobody decided on ${what(report)} within the approval period, so it was approved automatically.`
        : `${report.careSeekerName}’s side approved ${what(report)}.`,
      `Invoice ${invoice.number} has been issued for it.`,
    ],
    { label: 'See the invoice', url: `${site.publicUrl}${routePath('invoice', { invoiceId: invoice.id })}` },
  );
}

export function jobReportRejectedEmail(site: JobReportEmailSite, worker: Recipient, report: ReportSummary, reason: string, timesheetId: string): MailMessage {
  const paragraphs = [`${report.careSeekerName}’s side rejected ${what(report)}.`, `Their reason: ${reason}`];
  const canFix = report.kind === 'SHIFT';
  if (canFix) paragraphs.push('You can fix the hours and submit them again.');
  const action = { label: canFix ? 'Fix the hours' : 'See the job report', url: `${site.publicUrl}${rejectedReportPath({ ...report, timesheetId })}` };
  return email(site, { email: worker.email, greeting: worker.firstName, category: 'HOURS' }, `Your job report for ${report.clientName} was rejected`, paragraphs, action);
}
