import { checkInListSchema, checkInSchema, type CheckIn, type CheckInList, type CheckInRequest } from '@tendly/domain/api/check-ins';
import { apiRequest } from '../../platform/api-client';

export const checkInQueryKeys = { list: ['worker-check-ins'] as const };

/** GET /api/worker/check-ins: the worker's check-ins, newest first, and the current quarter. */
export function fetchCheckIns(signal?: AbortSignal): Promise<CheckInList> {
  return apiRequest('/worker/check-ins', { schema: checkInListSchema, ...(signal ? { signal } : {}) });
}

/** PUT /api/worker/check-ins/{year}/{number}: saves (or replaces) a quarter's check-in. */
export function saveCheckIn(year: number, number: number, answers: CheckInRequest): Promise<CheckIn> {
  return apiRequest(`/worker/check-ins/${year}/${number}`, { method: 'PUT', body: answers, schema: checkInSchema });
}
