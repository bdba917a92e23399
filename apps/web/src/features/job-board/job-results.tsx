import { useEffect, useRef, useState } from 'react';
import { Button, Card, Group, Skeleton, Text, Title } from '@mantine/core';
import { BusyButton } from '../../platform/busy-button';
import { JobSummaryCard } from '../../platform/job-summary-card';
import { Notice } from '../../platform/notice';
import { badRequestMessage, itemsOf, totalOf } from '../../platform/paged-results';
import { ResultStatus } from '../../platform/result-status';
import { EmptyJobResults } from './empty-job-results';
import type { JobFilters } from './job-filters';
import type { useJobSearch } from './use-job-search';
import classes from './job-board-page.module.css';

type JobSearch = ReturnType<typeof useJobSearch>;

/** What the board says when the search fails (spec section 8 leaves the jobs wording to us). */
export const JOB_SEARCH_FAILED = {
  title: 'We’re so sorry!',
  message: 'Our servers are having trouble right now, so we could not finish your search for jobs. Please try again in a minute.',
} as const;

const jobNoun = { one: 'job', many: 'jobs', none: 'No jobs match your search' } as const;

const SKELETON_CARDS = 4;

/**
 * The board's results: what is showing of how many, or what is wrong with the place
 * (`ResultStatus`), skeleton cards while the first page loads, the cards, and "Load more"
 * until a page comes back with fewer than 25 (spec section 9), when the end is said plainly.
 * After "Load more", focus goes to the first new job, so keyboard and screen reader users carry
 * on where the new ones begin.
 */
export function JobResults({
  filters,
  search,
  onChangeFilters,
}: {
  filters: JobFilters;
  search: JobSearch;
  onChangeFilters: (filters: JobFilters) => void;
}) {
  const jobs = itemsOf(search.data?.pages);
  const listRef = useRef<HTMLUListElement>(null);
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  const badRequest = badRequestMessage(search.error);
  const isFirstLoad = search.isPending && search.fetchStatus !== 'idle';
  const hasFailed = search.isError && !search.isFetchNextPageError && badRequest === null;

  useEffect(() => {
    if (focusFrom === null || jobs.length <= focusFrom) return;
    const link = listRef.current?.children[focusFrom]?.querySelector<HTMLElement>('a[href]');
    link?.focus();
    setFocusFrom(null);
  }, [focusFrom, jobs.length]);

  return (
    <div>
      <ResultStatus
        isSearching={isFirstLoad}
        hasResults={search.data !== undefined}
        error={search.error}
        typedPlace={filters.location}
        onChoosePlace={(location) => onChangeFilters({ ...filters, location })}
        shown={jobs.length}
        total={totalOf(search.data?.pages)}
        noun={jobNoun}
        className={classes.countStatement}
      />

      {isFirstLoad && (
        <ul className={classes.results} aria-hidden="true">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <li key={index}>
              <Card withBorder padding="lg" radius="md">
                <Skeleton height={20} width="70%" />
                <Skeleton height={12} mt={10} width="40%" />
                <Skeleton height={12} mt={16} width="60%" />
                <Skeleton height={12} mt={8} width="55%" />
                <Skeleton height={12} mt={16} />
                <Skeleton height={12} mt={8} width="90%" />
              </Card>
            </li>
          ))}
        </ul>
      )}

      {hasFailed && (
        <Notice tone="error" role="alert" mt="md">
          <Title order={3} size="h4">
            {JOB_SEARCH_FAILED.title}
          </Title>
          <Text mt={4}>{JOB_SEARCH_FAILED.message}</Text>
          <Button mt="sm" variant="outline" onClick={() => void search.refetch()}>
            Try again
          </Button>
        </Notice>
      )}

      {search.isSuccess && jobs.length === 0 && <EmptyJobResults filters={filters} onChangeFilters={onChangeFilters} />}

      {jobs.length > 0 && (
        <ul className={classes.results} ref={listRef} aria-label="Jobs">
          {jobs.map((job) => (
            <li key={job.id}>
              <JobSummaryCard job={job} />
            </li>
          ))}
        </ul>
      )}

      {search.isFetchNextPageError && (
        <Notice tone="error" role="alert" mt="md">
          <Title order={3} size="h4">
            {JOB_SEARCH_FAILED.title}
          </Title>
          <Text mt={4}>{JOB_SEARCH_FAILED.message}</Text>
        </Notice>
      )}

      {search.hasNextPage && (
        <Group justify="center" mt="xl">
          <BusyButton
            busy={search.isFetchingNextPage}
            variant="outline"
            size="md"
            onClick={() => {
              setFocusFrom(jobs.length);
              void search.fetchNextPage();
            }}
          >
            {search.isFetchNextPageError ? 'Try loading more again' : 'Load more jobs'}
          </BusyButton>
        </Group>
      )}

      {search.isSuccess && !search.hasNextPage && jobs.length > 0 && (
        <Text ta="center" mt="xl" c="dimmed">
          You’ve reached the end of the list: that’s every job that matches.
        </Text>
      )}
    </div>
  );
}
