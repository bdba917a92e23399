import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { shortlistItemSchema, shortlistSchema, type ShortlistItem } from '@tendly/domain/api/search';
import { apiRequest } from './api-client';

/**
 * The care seeker's shortlist (GET/POST/DELETE /api/shortlist), used by the worker profile, My
 * workers and a job's applicants: one list (issue 11). A coordinator acting as a client works on
 * the client's shortlist: the API client sends the alias token.
 */

/**
 * Every cached screen the shortlist shows in: the profile's Shortlist button, My workers, and the
 * applicants of the care seeker's jobs (an applicant on the shortlist is shortlisted) with the
 * posts' counts of applicants waiting for a reply. After any change to the shortlist, wherever it
 * was made, all of them are fetched again.
 */
const shortlistViews = [['shortlist'], ['my-carers'], ['job-applicants'], ['my-job-posts']] as const;

export async function refreshShortlistViews(queryClient: QueryClient): Promise<void> {
  await Promise.all(shortlistViews.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

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
