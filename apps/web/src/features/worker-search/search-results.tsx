import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Card, Group, Skeleton, Text, Title } from '@mantine/core';
import type { WorkerSummary } from '@tendly/domain/api/search';
import { WORKER_SEARCH_FAILED } from '@tendly/domain/errors';
import { BusyButton } from '../../platform/busy-button';
import { Notice } from '../../platform/notice';
import { badRequestMessage, itemsOf, totalOf } from '../../platform/paged-results';
import { ResultStatus } from '../../platform/result-status';
import { WorkerSummaryCard } from '../../platform/worker-summary-card';
import { EmptyResults } from './empty-results';
import type { SearchFilters } from './search-filters';
import type { useWorkerSearch } from './use-worker-search';
import classes from './worker-search-page.module.css';

type WorkerSearch = ReturnType<typeof useWorkerSearch>;

const workerNoun = { one: 'worker', many: 'workers', none: 'No workers match your search' } as const;

const SKELETON_CARDS = 6;

/**
 * The results of a search: what is showing of how many, or what is wrong with the place
 * (`ResultStatus`), skeleton cards while the first page loads, the cards, and "Load more" until
 * a page comes back short (spec section 9). After "Load more", focus goes to the first
 * new worker, so keyboard and screen reader users carry on from where the new ones begin.
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
  search: WorkerSearch;
  onChangeFilters: (filters: SearchFilters) => void;
  /** Extra content for a worker's card (the AI match's reasons). */
  renderExtra?: (worker: WorkerSummary) => ReactNode;
  /** What to show in place of results when the API refused the search (400). */
  badRequestContent?: (message: string) => ReactNode;
  /** No location field shows, so the status says all of a place problem (the AI worker match). */
  withPlaceLead?: boolean;
}) {
  const workers = itemsOf(search.data?.pages);
  const listRef = useRef<HTMLUListElement>(null);
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  const badRequest = badRequestMessage(search.error);
  const isFirstLoad = search.isPending && search.fetchStatus !== 'idle';
  const hasFailed = search.isError && !search.isFetchNextPageError && badRequest === null;

  useEffect(() => {
    if (focusFrom === null || workers.length <= focusFrom) return;
    const link = listRef.current?.children[focusFrom]?.querySelector<HTMLElement>('a[href]');
    link?.focus();
    setFocusFrom(null);
  }, [focusFrom, workers.length]);

  return (
    <div>
      <ResultStatus
        isSearching={isFirstLoad}
        hasResults={search.data !== undefined}
        error={search.error}
        typedPlace={filters.location}
        onChoosePlace={(location) => onChangeFilters({ ...filters, location })}
        withPlaceLead={withPlaceLead}
        shown={workers.length}
        total={totalOf(search.data?.pages)}
        noun={workerNoun}
        className={classes.countStatement}
      />

      {isFirstLoad && (
        <ul className={classes.results} aria-hidden="true">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <li key={index}>
              <Card withBorder padding="lg" radius="md">
                <Group wrap="nowrap" align="flex-start">
                  <Skeleton circle height={72} />
                  <div style={{ flex: 1 }}>
                    <Skeleton height={18} width="60%" />
                    <Skeleton height={12} mt={10} width="80%" />
                    <Skeleton height={12} mt={8} width="50%" />
                  </div>
                </Group>
                <Skeleton height={12} mt="lg" />
                <Skeleton height={12} mt={8} width="90%" />
              </Card>
            </li>
          ))}
        </ul>
      )}

      {hasFailed && (
        <Notice tone="error" role="alert" mt="md">
          <Title order={3} size="h4">
            {WORKER_SEARCH_FAILED.title}
          </Title>
          <Text mt={4}>{WORKER_SEARCH_FAILED.message}</Text>
          <Button mt="sm" variant="outline" onClick={() => void search.refetch()}>
            Try again
          </Button>
        </Notice>
      )}

      {badRequest !== null && badRequestContent?.(badRequest)}

      {search.isSuccess && workers.length === 0 && <EmptyResults filters={filters} onChangeFilters={onChangeFilters} />}

      {workers.length > 0 && (
        <ul className={classes.results} ref={listRef} aria-label="Workers">
          {workers.map((worker) => (
            <li key={worker.carerId}>
              <WorkerSummaryCard worker={worker}>{renderExtra?.(worker)}</WorkerSummaryCard>
            </li>
          ))}
        </ul>
      )}

      {search.isFetchNextPageError && (
        <Notice tone="error" role="alert" mt="md">
          <Title order={3} size="h4">
            {WORKER_SEARCH_FAILED.title}
          </Title>
          <Text mt={4}>{WORKER_SEARCH_FAILED.message}</Text>
        </Notice>
      )}

      {search.hasNextPage && (
        <Group justify="center" mt="xl">
          <BusyButton
            busy={search.isFetchingNextPage}
            variant="outline"
            size="md"
            onClick={() => {
              setFocusFrom(workers.length);
              void search.fetchNextPage();
            }}
          >
            {search.isFetchNextPageError ? 'Try loading more again' : 'Load more workers'}
          </BusyButton>
        </Group>
      )}

      {search.isSuccess && !search.hasNextPage && workers.length > 0 && (
        <Text ta="center" mt="xl" c="dimmed">
          You’ve reached the end of the list: that’s every worker who matches.
        </Text>
      )}
    </div>
  );
}
