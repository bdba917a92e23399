import type { ReactNode } from 'react';
import type { WorkerSummary } from '@tendly/domain/api/search';
import { WORKER_SEARCH_FAILED } from '@tendly/domain/errors';
import { SearchResultsList, type ResultsWording } from '../../platform/search-results-list';
import { WorkerSummaryCard, WorkerSummaryCardSkeleton } from '../../platform/worker-summary-card';
import { EmptyResults } from './empty-results';
import type { SearchFilters } from './search-filters';
import type { useWorkerSearch } from './use-worker-search';

const workerWording: ResultsWording = {
  noun: { one: 'worker', many: 'workers', none: 'No workers match your search' },
  end: 'You’ve reached the end of the list: that’s every worker who matches.',
  failed: WORKER_SEARCH_FAILED,
};

/**
 * The workers a search found, 25 at a time (spec section 9): worker cards, six stand-ins while
 * they load. The AI worker match adds its reasons to each card and its own answer to a refused
 * search.
 */
export function SearchResults({
  filters,
  search,
  onChangeFilters,
  renderExtra,
  badRequestContent,
  withPlaceLead = false,
}: {
  filters: SearchFilters;
  search: ReturnType<typeof useWorkerSearch>;
  onChangeFilters: (filters: SearchFilters) => void;
  /** Extra content for a worker's card (the AI match's reasons). */
  renderExtra?: (worker: WorkerSummary) => ReactNode;
  /** What to show in place of results when the API refused the search (400). */
  badRequestContent?: (message: string) => ReactNode;
  /** No location field shows, so the status says all of a place problem (the AI worker match). */
  withPlaceLead?: boolean;
}) {
  return (
    <SearchResultsList
      search={search}
      wording={workerWording}
      withPlaceLead={withPlaceLead}
      onChoosePlace={(location) => onChangeFilters({ ...filters, location })}
      typedPlace={filters.location}
      skeleton={<WorkerSummaryCardSkeleton />}
      skeletonCount={6}
      cardMinWidth="19rem"
      itemKey={(worker) => worker.carerId}
      renderItem={(worker) => <WorkerSummaryCard worker={worker}>{renderExtra?.(worker)}</WorkerSummaryCard>}
      empty={<EmptyResults filters={filters} onChangeFilters={onChangeFilters} />}
      badRequestContent={badRequestContent}
    />
  );
}
