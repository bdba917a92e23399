import { z } from 'zod';
import { myReviewResponseSchema, ownReviewSchema, type ReviewRequest } from '@tendly/domain/api/reviews';
import { apiRequest } from '../../platform/api-client';

const carerPath = (carerId: string) => `/carer/${encodeURIComponent(carerId)}`;

export const myReviewQueryKey = (carerId: string) => ['worker-profile', carerId, 'my-review'] as const;

/** GET /api/carer/{id}/my-review: whether the care seeker may review the worker, and their review. */
export function fetchMyReview(carerId: string, signal?: AbortSignal) {
  return apiRequest(`${carerPath(carerId)}/my-review`, { schema: myReviewResponseSchema, ...(signal ? { signal } : {}) });
}

/** PUT /api/carer/{id}/review: write or change the review. */
export function saveReview(carerId: string, review: ReviewRequest) {
  return apiRequest(`${carerPath(carerId)}/review`, { method: 'PUT', body: review, schema: ownReviewSchema });
}

/** POST /api/reviews/{id}/reply: the worker's one reply. */
export function replyToReview(reviewId: string, reply: string) {
  return apiRequest(`/reviews/${encodeURIComponent(reviewId)}/reply`, { method: 'POST', body: { reply }, schema: z.object({ reply: z.string(), repliedAt: z.string() }) });
}
