import { type z } from 'zod';
import { messageResponseSchema } from '@tendly/domain/api/message';
import { referenceRequestSchema, workerRefereesSchema, type ReferenceRequest, type WorkerReferees } from '@tendly/domain/api/worker-onboarding';
import type { ReferenceAnswers, Referees } from '@tendly/domain/validation/referees';
import { apiRequest } from '../../platform/api-client';

export const refereesKey = ['worker-referees'] as const;

export function fetchReferees(signal?: AbortSignal): Promise<WorkerReferees> {
  return apiRequest('/worker/referees', { schema: workerRefereesSchema, ...(signal ? { signal } : {}) });
}

export function saveReferees(body: Referees): Promise<WorkerReferees> {
  return apiRequest('/worker/referees', { method: 'PUT', body, schema: workerRefereesSchema });
}

export function resendRefereeLink(position: number): Promise<WorkerReferees> {
  return apiRequest(`/worker/referees/${position}/resend`, { method: 'POST', schema: workerRefereesSchema });
}

export function fetchReferenceRequest(token: string, signal?: AbortSignal): Promise<ReferenceRequest> {
  return apiRequest(`/references/${encodeURIComponent(token)}`, { schema: referenceRequestSchema, ...(signal ? { signal } : {}) });
}

export function sendReference(token: string, body: ReferenceAnswers): Promise<z.infer<typeof messageResponseSchema>> {
  return apiRequest(`/references/${encodeURIComponent(token)}`, { method: 'POST', body, schema: messageResponseSchema });
}
