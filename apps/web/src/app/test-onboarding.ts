import type { WorkerOnboarding } from '@tendly/domain/api/worker-onboarding';
import { completeOnboardingFacts } from '@tendly/domain/testing/onboarding-facts';
import { workerOnboardingChecklist, type OnboardingFacts } from '@tendly/domain/worker-onboarding';

/** Where a worker's profile stands before it is first submitted for review. */
export const notSubmittedReview: WorkerOnboarding['review'] = {
  status: 'INACTIVE',
  submittedForReviewAt: null,
  approvedAt: null,
  changesRequested: [],
  changesRequestedAt: null,
  inactiveReason: null,
};

/**
 * A test answer of GET /api/worker/onboarding: the checklist of a worker who has done every step,
 * but for the `changes` to those facts, and has not submitted it yet.
 */
export function testOnboarding(changes: Partial<OnboardingFacts> = {}): WorkerOnboarding {
  return { ...workerOnboardingChecklist({ ...completeOnboardingFacts, ...changes }), review: notSubmittedReview };
}
