import {
  interpretResponseSchema,
  workerSearchResultsSchema,
  type InterpretResponse,
  type MatchFilters,
  type MatchTopic,
  type WorkerSummary,
} from '@tendly/domain/api/search';
import { apiRequest } from '../../platform/api-client';
import { searchQuery, type SearchFilters } from './search-filters';

/** GET /api/search: one page of workers for the filters, from `start`. */
export function fetchWorkerPage(filters: SearchFilters, start: number, signal?: AbortSignal): Promise<WorkerSummary[]> {
  return apiRequest('/search', {
    query: searchQuery(filters, start),
    schema: workerSearchResultsSchema,
    ...(signal ? { signal } : {}),
  });
}

/**
 * POST /api/search/interpret: the AI worker match reads the text against the filters so far and
 * the topics already answered or skipped (the previous answer's `answered`).
 */
export function interpretRequest(
  text: string,
  current: MatchFilters,
  answered: readonly MatchTopic[],
): Promise<InterpretResponse> {
  return apiRequest('/search/interpret', {
    method: 'POST',
    body: { text, current, answered },
    schema: interpretResponseSchema,
  });
}
