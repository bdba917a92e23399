import { z } from 'zod';
import { shortlistItemSchema, shortlistSchema, type ShortlistItem } from '@tendly/domain/api/search';
import { apiRequest } from './api-client';

/**
 * The care seeker's shortlist (GET/POST/DELETE /api/shortlist), used by the worker profile and
 * by My workers. A coordinator acting as a client works on the client's shortlist: the API client
 * sends the alias token.
 */

/** GET /api/shortlist: newest first. */
export function fetchShortlist(signal?: AbortSignal): Promise<ShortlistItem[]> {
  return apiRequest('/shortlist', { schema: shortlistSchema, ...(signal ? { signal } : {}) });
}

/** POST /api/shortlist: adds a worker (answers the item, also when it was already there). */
export function addToShortlist(carerId: string): Promise<ShortlistItem> {
  return apiRequest('/shortlist', { method: 'POST', body: { carerId }, schema: shortlistItemSchema });
}

/** DELETE /api/shortlist/{carerId} → 204. */
export function removeFromShortlist(carerId: string): Promise<undefined> {
  return apiRequest(`/shortlist/${encodeURIComponent(carerId)}`, { method: 'DELETE', schema: z.undefined() });
}
