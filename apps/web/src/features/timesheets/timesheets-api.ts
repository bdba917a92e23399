import { z } from 'zod';
import {
  expenseSchemaOut,
  reportableWorkSchema,
  timesheetListSchema,
  timesheetSchema,
  type Timesheet,
  type TimesheetStatus,
} from '@tendly/domain/api/timesheets';
import { apiRequest } from '../../platform/api-client';
import { jobReportQueryKeys } from '../../platform/job-reports-api';

/** The worker's hours (issue 14): what can be reported, the form's save and submit, and saved drafts. */
export const TIMESHEETS_PAGE_SIZE = 25;

export const timesheetQueryKeys = {
  all: ['timesheets'] as const,
  toReport: ['timesheets', 'to-report'] as const,
  one: (id: string) => ['timesheets', 'one', id] as const,
  list: (status: TimesheetStatus) => ['timesheets', 'list', status] as const,
};

/** What saving or submitting changes: the worker's hours and their job reports. */
export const changedByHours = [timesheetQueryKeys.all, jobReportQueryKeys.all] as const;

/** GET /api/timesheets/to-report: confirmed shifts that have ended without hours, and active agreements. */
export function fetchReportableWork(signal?: AbortSignal) {
  return apiRequest('/timesheets/to-report', { schema: reportableWorkSchema, signal });
}
export type ReportableWork = z.infer<typeof reportableWorkSchema>;
export type ReportableShift = ReportableWork['shifts'][number];
export type ReportableContract = ReportableWork['contracts'][number];

/** POST /api/timesheets (new) or PUT /api/timesheets/{id} (saved or sent back): the body is the parsed form. */
export function saveTimesheet(id: string | null, body: unknown): Promise<Timesheet> {
  return id === null
    ? apiRequest('/timesheets', { method: 'POST', body, schema: timesheetSchema })
    : apiRequest(`/timesheets/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: timesheetSchema });
}

/**
 * A page of the worker's own hours of one status. The API names the cursor `before` and does not
 * say which time it compares; like the job reports, the last one's submission time, or for a
 * draft its last change.
 */
export function fetchTimesheetPage(status: TimesheetStatus, before: string | undefined, signal?: AbortSignal) {
  return apiRequest('/timesheets', { query: { status, before, limit: TIMESHEETS_PAGE_SIZE }, schema: timesheetListSchema, signal });
}

/** DELETE /api/timesheets/{id} (drafts only): 204, no body. */
export function deleteTimesheet(id: string): Promise<unknown> {
  return apiRequest(`/timesheets/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.unknown() });
}

/** POST /api/timesheets/submit: saved hours submitted together, all or none. */
export function submitTimesheets(ids: readonly string[]): Promise<Timesheet[]> {
  return apiRequest('/timesheets/submit', { method: 'POST', body: { ids }, schema: timesheetListSchema }).then((list) => list.timesheets);
}

/** What POST /api/timesheets/receipts answers: the receipt as an expense carries it. */
const uploadedReceiptSchema = expenseSchemaOut.shape.receipt.unwrap();
export type UploadedReceipt = z.infer<typeof uploadedReceiptSchema>;

export function uploadReceipt(file: File): Promise<UploadedReceipt> {
  const body = new FormData();
  body.append('file', file);
  return apiRequest('/timesheets/receipts', { method: 'POST', body, schema: uploadedReceiptSchema });
}
