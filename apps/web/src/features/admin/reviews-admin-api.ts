import { adminReviewListSchema, adminReviewSchema, flaggedClientListSchema } from '@tendly/domain/api/reviews';
import { apiRequest } from '../../platform/api-client';

/**
 * The admin console's reviews (issue 17): the newest reviews for moderation, hiding one with a
 * reason and showing it again, and the care seekers flagged by workers' private ratings.
 */
export type ReviewFilter = 'all' | 'hidden';

export const reviewsQueryKeys = {
  all: ['admin', 'reviews'] as const,
  reviews: (filter: ReviewFilter, workerId: string | null) => ['admin', 'reviews', filter, workerId] as const,
  clientFlags: ['admin', 'client-flags'] as const,
};

/** A page of the newest reviews, or only the hidden ones, of everyone or of one worker; `before` pages on from that review. */
export function fetchAdminReviews(filter: ReviewFilter, workerId: string | null, before: string | undefined, signal?: AbortSignal) {
  return apiRequest('/admin/reviews', {
    query: { hidden: filter === 'hidden' ? 'true' : undefined, workerId: workerId ?? undefined, before },
    schema: adminReviewListSchema,
    signal,
  });
}

export function hideReview(reviewId: string, reason: string) {
  return apiRequest(`/admin/reviews/${encodeURIComponent(reviewId)}/hide`, { method: 'POST', body: { reason }, schema: adminReviewSchema });
}

export function showReview(reviewId: string) {
  return apiRequest(`/admin/reviews/${encodeURIComponent(reviewId)}/show`, { method: 'POST', schema: adminReviewSchema });
}

export function fetchClientFlags(signal?: AbortSignal) {
  return apiRequest('/admin/client-flags', { schema: flaggedClientListSchema, signal });
}
