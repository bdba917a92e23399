import { placeSuggestionsSchema, type Place } from '@tendly/domain/api/places';
import { apiRequest } from './api-client';

/** GET /api/places/suggest: places whose name or postcode begins with the text. */
export function fetchPlaceSuggestions(text: string, signal?: AbortSignal): Promise<Place[]> {
  return apiRequest('/places/suggest', { query: { q: text }, schema: placeSuggestionsSchema, ...(signal ? { signal } : {}) });
}
