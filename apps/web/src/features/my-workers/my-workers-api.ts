import { z } from 'zod';
import { myCarersSchema, shortlistItemSchema, type MyCarer, type ShortlistItem } from '@tendly/domain/api/search';
import { apiRequest } from '../../platform/api-client';

/** GET /api/user/{id}/my-carers?withContractsOnly=false: the shortlisted and the contracted workers. */
export function fetchMyCarers(userId: string, signal?: AbortSignal): Promise<MyCarer[]> {
  return apiRequest(`/user/${encodeURIComponent(userId)}/my-carers`, {
    query: { withContractsOnly: false },
    schema: myCarersSchema,
    ...(signal ? { signal } : {}),
  });
}

/** DELETE /api/shortlist/{carerId} → 204. */
export function removeFromShortlist(carerId: string): Promise<undefined> {
  return apiRequest(`/shortlist/${encodeURIComponent(carerId)}`, { method: 'DELETE', schema: z.undefined() });
}

/** POST /api/shortlist: puts a worker (back) on the shortlist. */
export function addToShortlist(carerId: string): Promise<ShortlistItem> {
  return apiRequest('/shortlist', { method: 'POST', body: { carerId }, schema: shortlistItemSchema });
}
