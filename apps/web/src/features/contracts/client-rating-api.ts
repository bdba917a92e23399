import { clientRatingSchema, myClientRatingResponseSchema } from '@tendly/domain/api/reviews';
import { apiRequest } from '../../platform/api-client';

/** A worker's private rating of a client (issue 17), seen only by the operations team. */
const ratingPath = (careSeekerId: string) => `/clients/${encodeURIComponent(careSeekerId)}/rating`;

export const clientRatingQueryKey = (careSeekerId: string) => ['client-rating', careSeekerId] as const;

/** GET /api/clients/{id}/rating: whether the worker may rate the client, and their rating if given. */
export function fetchClientRating(careSeekerId: string, signal?: AbortSignal) {
  return apiRequest(ratingPath(careSeekerId), { schema: myClientRatingResponseSchema, ...(signal ? { signal } : {}) });
}

/** PUT /api/clients/{id}/rating: 1 to 5 and an optional comment (an empty one is sent as null). */
export function saveClientRating(careSeekerId: string, rating: { rating: number; comment: string | null }) {
  return apiRequest(ratingPath(careSeekerId), { method: 'PUT', body: rating, schema: clientRatingSchema });
}
