import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** The checklist, as the welcome page and the next step read it. */
export function useWorkerOnboarding() {
  return useQuery({ queryKey: workerOnboardingKey, queryFn: ({ signal }) => fetchWorkerOnboarding(signal) });
}

/** "Submit for review": the answer is the checklist; a refusal re-reads it, since it says what is missing. */
export function useSubmitForReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitForReview,
    onSuccess: (answer) => queryClient.setQueryData(workerOnboardingKey, answer),
    onError: () => void queryClient.invalidateQueries({ queryKey: workerOnboardingKey }),
  });
}
