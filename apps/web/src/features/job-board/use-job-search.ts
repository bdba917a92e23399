import { useInfiniteQuery } from '@tanstack/react-query';
import { SEARCH_PAGE_SIZE } from '@tendly/domain/constants';
import { jobQueryKeys } from '../../platform/jobs-api';
import { fetchJobPage } from './job-board-api';
import { jobFiltersKey, type JobFilters } from './job-filters';

/**
 * The next page's `start`, or undefined at the end. The API answers at most 25 jobs a page and no
 * total; a page with fewer than 25 is the last (spec section 9).
 */
export function nextPageStart(lastPage: readonly unknown[], pages: readonly (readonly unknown[])[]): number | undefined {
  if (lastPage.length < SEARCH_PAGE_SIZE) return undefined;
  return pages.reduce((count, page) => count + page.length, 0);
}

/** The board's results for the filters, 25 at a time. */
export function useJobSearch(filters: JobFilters) {
  return useInfiniteQuery({
    queryKey: [...jobQueryKeys.board, jobFiltersKey(filters)],
    queryFn: ({ pageParam, signal }) => fetchJobPage(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextPageStart,
    staleTime: 60_000,
  });
}
