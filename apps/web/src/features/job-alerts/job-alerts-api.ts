import { z } from 'zod';
import { jobAlertSettingsSchema, type JobAlertSettings } from '@tendly/domain/api/jobs';
import { apiRequest } from '../../platform/api-client';

/**
 * POST /api/carer/unsubscribe/nearbyjobs {token}: the one-click link from a job alert email; the
 * signed token is the proof, no sign-in needed. The page shows the contract's own confirmation,
 * so any success body will do (the API answers a message, and doing it twice is fine).
 */
export function unsubscribeFromJobAlerts(token: string): Promise<unknown> {
  return apiRequest('/carer/unsubscribe/nearbyjobs', {
    method: 'POST',
    body: { token },
    schema: z.union([z.object({ message: z.string() }), z.undefined()]),
  });
}

/** GET /api/my/job-alerts: whether the signed-in worker gets emails about new jobs near them. */
export function fetchJobAlertSettings(signal?: AbortSignal): Promise<JobAlertSettings> {
  return apiRequest('/my/job-alerts', { schema: jobAlertSettingsSchema, ...(signal ? { signal } : {}) });
}

/** PUT /api/my/job-alerts {enabled}. */
export function saveJobAlertSettings(settings: JobAlertSettings): Promise<JobAlertSettings> {
  return apiRequest('/my/job-alerts', { method: 'PUT', body: settings, schema: jobAlertSettingsSchema });
}
