import { z } from 'zod';
import { timesheetListSchema, timesheetSchema, type Timesheet, type TimesheetStatus } from '@tendly/domain/api/timesheets';
import { invoiceSchema } from '@tendly/domain/api/invoices';
import { ApiError, apiDownload, apiRequest } from './api-client';

/**
 * Job reports (issue 14): submitted hours the care seeker side approves or rejects, shown to
 * workers as their Job Reports. Used by /unapproved-invoices and the care seeker's overview.
 */
export const JOB_REPORTS_PAGE_SIZE = 25;

export const jobReportQueryKeys = {
  all: ['job-reports'] as const,
  list: (status: TimesheetStatus, limit: number) => ['job-reports', 'list', status, limit] as const,
  byLink: (token: string) => ['job-reports', 'by-link', token] as const,
  /** Under `all`, so a decision on the report fetches it again. */
  one: (id: string) => ['job-reports', 'one', id] as const,
};

/** The cursor of the next page: the list runs newest first by when each report was submitted. */
export function jobReportCursor(report: Timesheet): string {
  return report.submittedAt ?? report.updatedAt;
}

export function fetchJobReportPage(status: TimesheetStatus, before: string | undefined, limit = JOB_REPORTS_PAGE_SIZE, signal?: AbortSignal) {
  return apiRequest('/job-reports', { query: { status, before, limit }, schema: timesheetListSchema, signal });
}

/** GET /api/timesheets/{id}: one report, for its worker or (once submitted) its care seeker's side; anyone else 404. */
export function fetchJobReport(id: string, signal?: AbortSignal): Promise<Timesheet> {
  return apiRequest(`/timesheets/${encodeURIComponent(id)}`, { schema: timesheetSchema, signal });
}

const approveAnswerSchema = z.object({ invoice: invoiceSchema });

/** POST /api/job-reports/{id}/approve: the invoice it issued. */
export function approveJobReport(id: string) {
  return apiRequest(`/job-reports/${encodeURIComponent(id)}/approve`, { method: 'POST', schema: approveAnswerSchema }).then((answer) => answer.invoice);
}

export function rejectJobReport(id: string, reason: string): Promise<Timesheet> {
  return apiRequest(`/job-reports/${encodeURIComponent(id)}/reject`, { method: 'POST', body: { reason }, schema: timesheetSchema });
}

/** GET /api/job-reports/by-link?token=: the nominee's emailed link, without signing in. */
export function fetchJobReportByLink(token: string, signal?: AbortSignal): Promise<Timesheet> {
  return apiRequest('/job-reports/by-link', { query: { token }, schema: timesheetSchema, signal });
}

export function approveJobReportByLink(token: string) {
  return apiRequest('/job-reports/approve-by-link', { method: 'POST', body: { token }, schema: z.unknown() });
}

/** A 409 from a decision: someone (or the job queue) decided the report first. */
export function isAlreadyDecided(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/** A receipt the API serves at the address it gave (it needs the session, so not a plain link). */
export function downloadReceipt(url: string, fileName: string): Promise<string> {
  return apiDownload(url, { fallbackFileName: fileName });
}
