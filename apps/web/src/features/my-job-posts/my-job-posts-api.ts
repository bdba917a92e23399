import { applicantSchema, applicantsSchema, type Applicant } from '@tendly/domain/api/jobs';
import { apiRequest } from '../../platform/api-client';

const applicationsPath = (jobId: string) => `/jobs/${encodeURIComponent(jobId)}/applications`;

/** GET /api/jobs/{jobId}/applications (the owner): the workers who applied, with their profile summaries. */
export function fetchApplicants(jobId: string, signal?: AbortSignal): Promise<Applicant[]> {
  return apiRequest(applicationsPath(jobId), { schema: applicantsSchema, ...(signal ? { signal } : {}) });
}

/** PATCH /api/jobs/{jobId}/applications/{applicationId}: shortlist or decline (declining emails the worker). */
export function decideApplication(jobId: string, applicationId: string, status: 'SHORTLISTED' | 'DECLINED'): Promise<Applicant> {
  return apiRequest(`${applicationsPath(jobId)}/${encodeURIComponent(applicationId)}`, {
    method: 'PATCH',
    body: { status },
    schema: applicantSchema,
  });
}
