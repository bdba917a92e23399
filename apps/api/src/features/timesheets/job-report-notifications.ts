import type { NewNotification } from '../../platform/notifications/notify';
import { routePath } from '@tendly/domain/routes';
import { jobReportPath, rejectedReportPath, what, type ReportSummary } from './job-report-emails';

/**
 * The in-app notifications of a job report (issue 17), beside its emails: the care seeker hears
 * that hours wait for them, the worker hears of the decision. Each links where its email's button
 * does: the report itself, its invoice, or the hours form to fix rejected hours (issue 31, item 8).
 */
export function hoursSubmittedNotification(careSeekerId: string, report: ReportSummary): NewNotification {
  const cancellation = report.kind === 'CANCELLATION';
  return {
    userId: careSeekerId,
    kind: 'HOURS_SUBMITTED',
    title: cancellation ? `A cancellation charge from ${report.workerName} is waiting for approval` : `${report.workerName} submitted hours for approval`,
    body: `${report.workerName} sent ${what(report)}. Approve it, or reject it with a reason.`,
    link: jobReportPath(report.timesheetId),
  };
}

export function hoursApprovedNotification(workerId: string, report: ReportSummary, invoice: { id: string; number: string }): NewNotification {
  return {
    userId: workerId,
    kind: 'HOURS_APPROVED',
    title: `Your job report for ${report.clientName} was approved`,
    body: `Your ${what(report)} was approved, and invoice ${invoice.number} was issued.`,
    link: routePath('invoice', { invoiceId: invoice.id }),
  };
}

export function hoursRejectedNotification(workerId: string, report: ReportSummary, reason: string): NewNotification {
  return {
    userId: workerId,
    kind: 'HOURS_REJECTED',
    title: `Your job report for ${report.clientName} was rejected`,
    body: `Your ${what(report)} was sent back. The reason: ${reason}`,
    link: rejectedReportPath(report),
  };
}
