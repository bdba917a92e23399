import { JobSummaryCard, JobSummaryCardSkeleton } from '../../platform/job-summary-card';
import { SearchResultsList, type ResultsWording } from '../../platform/search-results-list';
import { EmptyJobResults } from './empty-job-results';
import type { JobFilters } from './job-filters';
import type { useJobSearch } from './use-job-search';

/** What the board says when the search fails (spec section 8 leaves the jobs wording to us). */
export const JOB_SEARCH_FAILED = {
  title: 'We’re so sorry!',
  message: 'Our servers are having trouble right now, so we could not finish your search for jobs. Please try again in a minute.',
} as const;

const jobWording: ResultsWording = {
  noun: { one: 'job', many: 'jobs', none: 'No jobs match your search' },
  end: 'You’ve reached the end of the list: that’s every job that matches.',
  failed: JOB_SEARCH_FAILED,
};

type JobSearch = ReturnType<typeof useJobSearch>;

/** The board's results, 25 at a time (spec section 9): job cards, four stand-ins while they load. */
export function JobResults({
  filters,
  search,
  onChangeFilters,
}: {
  filters: JobFilters;
  search: JobSearch;
  onChangeFilters: (filters: JobFilters) => void;
}) {
  return (
    <SearchResultsList
      search={search}
      wording={jobWording}
      typedPlace={filters.location}
      onChoosePlace={(location) => onChangeFilters({ ...filters, location })}
      itemKey={(job) => job.id}
      renderItem={(job) => <JobSummaryCard job={job} />}
      skeleton={<JobSummaryCardSkeleton />}
      skeletonCount={4}
      cardMinWidth="22rem"
      empty={<EmptyJobResults filters={filters} onChangeFilters={onChangeFilters} />}
    />
  );
}
