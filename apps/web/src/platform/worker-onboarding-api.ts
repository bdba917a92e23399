import { workerOnboardingSchema, type WorkerOnboarding } from '@tendly/domain/api/worker-onboarding';
import { apiRequest } from './api-client';

export const workerOnboardingKey = ['worker-onboarding'] as const;

/** GET /api/worker/onboarding: the checklist, worked out on the server. */
export function fetchWorkerOnboarding(signal?: AbortSignal): Promise<WorkerOnboarding> {
  return apiRequest('/worker/onboarding', { schema: workerOnboardingSchema, ...(signal ? { signal } : {}) });
}

/** POST /api/worker/submit-for-review: 409 with what is missing unless everything required is done. */
export function submitForReview(): Promise<WorkerOnboarding> {
  return apiRequest('/worker/submit-for-review', { method: 'POST', schema: workerOnboardingSchema });
}

/** Whether the profile waits for an administrator: submitted, not approved, nothing asked to change. */
export function isWaitingForReview(onboarding: WorkerOnboarding): boolean {
  const { review } = onboarding;
  return review.submittedForReviewAt !== null && review.approvedAt === null && review.changesRequested.length === 0;
}
