import { useQuery } from '@tanstack/react-query';
import type { WorkerCard } from '@tendly/domain/api/workers';
import { HOME_RANDOM_WORKERS } from '@tendly/domain/constants';
import { RECENT_WORKERS_FAILED, WORKER_SEARCH_FAILED } from '@tendly/domain/errors';
import type { NoticeTone } from '../../platform/notice';
import { fetchRandomWorkers } from '../../platform/random-workers';

export interface HomeAlert {
  readonly type: NoticeTone;
  readonly title: string;
  readonly message: string;
}

/** Spec section 4, random workers on the home page: a searching flag, a list and an alert. */
export interface RandomWorkersState {
  readonly isSearching: boolean;
  readonly workers: readonly WorkerCard[];
  readonly alert: HomeAlert | null;
}

/**
 * The spec gives no wording for this failure; it reuses the catalogue's worker search title and
 * its recent workers message (spec section 8), which say the same thing to the same people.
 */
const randomWorkersFailed: HomeAlert = {
  type: 'error',
  title: WORKER_SEARCH_FAILED.title,
  message: RECENT_WORKERS_FAILED,
};

export function useRandomWorkers(): RandomWorkersState {
  const query = useQuery({
    queryKey: ['home', 'random-workers'],
    queryFn: ({ signal }) => fetchRandomWorkers(HOME_RANDOM_WORKERS, signal),
    // New faces on each visit, but not reshuffled under a reader who switches tabs and back.
    staleTime: 5 * 60 * 1000,
    refetchOnWindowFocus: false,
    retry: 1,
  });
  return {
    isSearching: query.isPending,
    workers: query.data ?? [],
    alert: query.isError ? randomWorkersFailed : null,
  };
}
