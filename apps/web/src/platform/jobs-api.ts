import { jobInvitationSchema, jobSchema, myJobPostsSchema, type Job, type JobInvitation, type MyJobPost } from '@tendly/domain/api/jobs';
import { apiRequest } from './api-client';

/**
 * The job calls and cache keys that more than one screen shares (features never import each
 * other): a care seeker's posts (My job posts, and inviting a worker from their profile), inviting
 * a worker to apply (from their profile, and from the confirmation after posting), closing
 * and reopening a job (its page and My job posts), and the keys a change to a job or an application refreshes.
 */
export const jobQueryKeys = {
  /** GET /api/jobs/{jobId}. */
  job: (jobId: string) => ['job', jobId] as const,
  /** GET /api/my/job-posts, per person acting (a coordinator acting for a client sees theirs). */
  myJobPosts: (userId: string | null) => ['my-job-posts', userId] as const,
  /** Every cached page of the job board. */
  board: ['job-search'] as const,
  /** A worker's applications and invitations. */
  myApplications: ['my-applications'] as const,
  myInvitations: ['my-invitations'] as const,
};

/** GET /api/jobs/{jobId}: public; the private fields only when the person asking owns the job (its page, and editing it). */
export function fetchJob(jobId: string, signal?: AbortSignal): Promise<Job> {
  return apiRequest(`/jobs/${encodeURIComponent(jobId)}`, { schema: jobSchema, ...(signal ? { signal } : {}) });
}

/** GET /api/my/job-posts: the care seeker's jobs, newest first, with applicant counts. */
export function fetchMyJobPosts(signal?: AbortSignal): Promise<MyJobPost[]> {
  return apiRequest('/my/job-posts', { schema: myJobPostsSchema, signal });
}

/** POST /api/jobs/{jobId}/close (the owner): the job, closed. */
export function closeJob(jobId: string): Promise<Job> {
  return apiRequest(`/jobs/${encodeURIComponent(jobId)}/close`, { method: 'POST', schema: jobSchema });
}

/** POST /api/jobs/{jobId}/reopen (the owner): the job, open again. */
export function reopenJob(jobId: string): Promise<Job> {
  return apiRequest(`/jobs/${encodeURIComponent(jobId)}/reopen`, { method: 'POST', schema: jobSchema });
}

/**
 * POST /api/jobs/{jobId}/invitations (the job's owner): the worker is emailed and notified. Again:
 * a 409 with the code ALREADY_INVITED, which sends nothing.
 */
export function inviteToApply(jobId: string, carerId: string, message: string): Promise<JobInvitation> {
  return apiRequest(`/jobs/${encodeURIComponent(jobId)}/invitations`, {
    method: 'POST',
    body: { carerId, message },
    schema: jobInvitationSchema,
  });
}
