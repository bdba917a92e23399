import { useInfiniteQuery } from '@tanstack/react-query';
import { nextPageStart } from '../../platform/paged-results';
import { fetchWorkerPage } from './search-api';
import { filtersKey, type SearchFilters } from './search-filters';

/**
 * The search results, 25 at a time (spec section 9), each page with the total: a page with fewer
 * than 25 is the last, so "Load more" goes away after it.
 */
export function useWorkerSearch(filters: SearchFilters, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: ['workerSearch', filtersKey(filters)],
    queryFn: ({ pageParam, signal }) => fetchWorkerPage(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextPageStart,
    enabled,
    staleTime: 60_000,
  });
}
