/** The background job that emails workers near a new job (job-alerts.ts runs it). */
export const JOB_ALERTS_JOB = 'jobs.alert';

export interface JobAlertsPayload {
  jobId: string;
}
