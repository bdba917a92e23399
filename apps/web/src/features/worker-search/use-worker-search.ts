import { useInfiniteQuery } from '@tanstack/react-query';
import { SEARCH_PAGE_SIZE } from '@tendly/domain/constants';
import { fetchWorkerPage } from './search-api';
import { filtersKey, type SearchFilters } from './search-filters';

/**
 * The search results, 25 at a time (spec section 9). The API answers a page of at most 25; a page
 * with fewer means the end (there is no total), so "Load more" goes away after it.
 */
export function nextPageStart(lastPage: readonly unknown[], pages: readonly (readonly unknown[])[]): number | undefined {
  if (lastPage.length < SEARCH_PAGE_SIZE) return undefined;
  return pages.reduce((count, page) => count + page.length, 0);
}

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
