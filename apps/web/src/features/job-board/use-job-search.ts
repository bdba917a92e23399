import { useInfiniteQuery } from '@tanstack/react-query';
import { jobQueryKeys } from '../../platform/jobs-api';
import { nextPageStart } from '../../platform/paged-results';
import { fetchJobPage } from './job-board-api';
import { jobFiltersKey, type JobFilters } from './job-filters';

/** The board's results for the filters, 25 at a time (spec section 9), each page with the total. */
export function useJobSearch(filters: JobFilters) {
  return useInfiniteQuery({
    queryKey: [...jobQueryKeys.board, jobFiltersKey(filters)],
    queryFn: ({ pageParam, signal }) => fetchJobPage(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextPageStart,
    staleTime: 60_000,
  });
}
