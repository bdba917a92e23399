import { z } from 'zod';
import { adminPagingSchema } from './admin';

/**
 * Background jobs as administrators see them (issue 27): the emails and other work the product
 * does after a request, at /admin/jobs. A job that failed for good is never only a log line: it
 * is listed here, to retry (an email is sent again) or to discard.
 */

/**
 * PENDING: waiting for its time (or its next try); RUNNING: in a worker's hands; DONE; FAILED:
 * failed for good, or its retries ran out; DISCARDED: an administrator gave up on it.
 */
export const backgroundJobStatuses = ['PENDING', 'RUNNING', 'DONE', 'FAILED', 'DISCARDED'] as const;
export type BackgroundJobStatus = (typeof backgroundJobStatuses)[number];

export const backgroundJobStatusLabels: Readonly<Record<BackgroundJobStatus, string>> = {
  PENDING: 'Waiting',
  RUNNING: 'Running',
  DONE: 'Done',
  FAILED: 'Failed',
  DISCARDED: 'Discarded',
};

/** The job's state, as the admin actions need it. */
export interface BackgroundJobState {
  status: BackgroundJobStatus;
  /** Its last try failed (it has an error on record): a PENDING job waiting for its next try. */
  hasFailed: boolean;
}

/**
 * What an administrator may do with a job in each state (issue 27); anything else is refused with
 * a 409. Retry puts a job that failed back in the queue to run now, with a fresh retry window: a
 * FAILED or DISCARDED job, or a PENDING one waiting for its next try. Discard gives up on a job
 * that failed (FAILED, or PENDING waiting for its next try). A job that never failed is left
 * alone by both, so that a scheduled run is never moved or dropped by mistake. Doing either
 * twice changes nothing the second time (discarding a DISCARDED job is allowed for that).
 */
export function canRetryJob(job: BackgroundJobState): boolean {
  return job.status === 'FAILED' || job.status === 'DISCARDED' || (job.status === 'PENDING' && job.hasFailed);
}

export function canDiscardJob(job: BackgroundJobState): boolean {
  return job.status === 'FAILED' || (job.status === 'PENDING' && job.hasFailed);
}

/** Why neither can be done: the 409's message. */
export function jobActionRefusal(job: BackgroundJobState): string {
  return job.status === 'RUNNING' ? JOB_IS_RUNNING : job.status === 'DONE' ? JOB_IS_DONE : JOB_HAS_NOT_FAILED;
}

export const BACKGROUND_JOB_NOT_FOUND = 'This background job does not exist.';
export const JOB_IS_RUNNING = 'This job is running now. Try again when it has finished.';
export const JOB_IS_DONE = 'This job has finished: there is nothing to retry or discard.';
export const JOB_HAS_NOT_FAILED = 'This job has not failed: it waits for its time to run.';

/** GET /api/admin/jobs: paged like every admin list, newest first; `status` narrows it (FAILED on the admin screen). */
export const backgroundJobsQuerySchema = adminPagingSchema.extend({
  status: z.enum(backgroundJobStatuses, { error: 'Choose a status from the list' }).optional(),
});
export type BackgroundJobsQuery = z.input<typeof backgroundJobsQuerySchema>;

const isoDateTime = z.string();

export const backgroundJobSchema = z.object({
  id: z.string(),
  /** The kind of work, as the code names it: `mail.deliver`, `payouts.run`, ... */
  type: z.string(),
  status: z.enum(backgroundJobStatuses),
  /**
   * What it is about, in a line: an email's recipient and subject; for other kinds what the job
   * names (a day, a record's id), never the personal details it carries.
   */
  subject: z.string(),
  /** Tries so far (counted as each starts). */
  attempts: z.number().int().min(0),
  lastError: z.string().nullable(),
  createdAt: isoDateTime,
  /** When it runs (next), for a PENDING job. */
  runAt: isoDateTime,
  /** When its last try started. */
  lastRunAt: isoDateTime.nullable(),
  finishedAt: isoDateTime.nullable(),
  canRetry: z.boolean(),
  canDiscard: z.boolean(),
});
export type BackgroundJob = z.infer<typeof backgroundJobSchema>;
export const backgroundJobsResponseSchema = z.array(backgroundJobSchema);

const count = z.number().int().min(0);

/** GET /api/admin/jobs/counts: how many jobs are in each status (the admin home and /admin/jobs). */
export const backgroundJobCountsSchema = z.object({
  PENDING: count,
  RUNNING: count,
  DONE: count,
  FAILED: count,
  DISCARDED: count,
}) satisfies z.ZodType<Record<BackgroundJobStatus, number>>;
export type BackgroundJobCounts = z.infer<typeof backgroundJobCountsSchema>;
