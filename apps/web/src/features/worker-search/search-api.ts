import {
  interpretResponseSchema,
  workerSearchResultsSchema,
  type InterpretResponse,
  type MatchFilters,
  type MatchTopic,
  type WorkerSummary,
} from '@tendly/domain/api/search';
import type { LocationType } from '@tendly/domain/job-options';
import { apiRequest } from '../../platform/api-client';
import { fetchResultPage, type ResultPage } from '../../platform/paged-results';
import { searchQuery, type SearchFilters } from './search-filters';

/** GET /api/search: one page of workers for the filters, from `start`, and how many match in all. */
export function fetchWorkerPage(filters: SearchFilters, start: number, signal?: AbortSignal): Promise<ResultPage<WorkerSummary>> {
  return fetchResultPage('/search', searchQuery(filters, start), workerSearchResultsSchema, signal);
}

/**
 * POST /api/search/interpret: the AI worker match reads the text against the filters so far and
 * the topics already answered or skipped (the previous answer's `answered`), and the radius it
 * chose itself last time (its `searchArea`), which it may change again.
 */
export function interpretRequest(
  text: string,
  current: MatchFilters,
  answered: readonly MatchTopic[],
  autoRadius: LocationType | null = null,
): Promise<InterpretResponse> {
  return apiRequest('/search/interpret', {
    method: 'POST',
    body: { text, current, answered, ...(autoRadius ? { autoRadius } : {}) },
    schema: interpretResponseSchema,
  });
}
