import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { JobSort } from '@tendly/domain/api/jobs';
import { FilterFold } from '../../platform/filter-panel';
import { PlaceSearchForm } from '../../platform/place-search-form';
import { focusResultsHeading, ResultsHeading, SearchLayout, SearchPage, searchAnswerOf, type SortOption } from '../../platform/search-page';
import { useViewer } from '../../platform/session';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { useFiltersInUrl } from '../../platform/use-filters-in-url';
import { hasAnyJobFilter, jobFiltersFromSearchParams, searchParamsFromJobFilters } from './job-filters';
import { JobFiltersPanel } from './job-filters-panel';
import { JobResults } from './job-results';
import { jobSearchFields, nearMeAction } from './job-search-fields';
import { useJobSearch } from './use-job-search';
import { useNearMe } from './use-near-me';

const FILTERS_PANEL_ID = 'job-filters';
const RESULTS_HEADING_ID = 'job-results-heading';

const newestFirst: SortOption<JobSort> = { value: 'newest', label: 'Newest first' };
const nearestFirst: SortOption<JobSort> = { value: 'nearest', label: 'Nearest first' };

/**
 * /find-a-job and /jobs/search, one page (spec 2.5, 2.8; issue 6): the job board for workers. The
 * filters live in the query string under the API's own names, so a search can be shared and Back
 * and Forward restore it. Results come 25 at a time with "Load more" (spec section 9).
 */
export default function JobBoardPage() {
  const site = useSiteConfig();
  const viewer = useViewer();
  const [filters, applyFilters] = useFiltersInUrl(jobFiltersFromSearchParams, searchParamsFromJobFilters);
  const search = useJobSearch(filters);
  const nearMe = useNearMe();
  const activeFilterCount = filters.skillType.length + filters.availability.length + filters.payingForCareType.length;

  return (
    <SearchPage
      title="Find care and support jobs"
      intro="Jobs posted by older people, people with disability, their families and the people who support them. Search near where you live, choose the support you offer, and open a job to read it in full and apply."
    >
      {viewer?.role === 'CR' && !viewer.isInactiveWorker && (
        <Text mt="xs">
          <Anchor component={Link} to={sitePath(site, 'myJobs')} fw={600}>
            See the jobs you applied for and your invitations
          </Anchor>
        </Text>
      )}

      <PlaceSearchForm
        fields={jobSearchFields}
        filters={filters}
        onSearch={applyFilters}
        searchError={search.error}
        foldOnPhone
        extraAction={nearMeAction(filters, nearMe, applyFilters)}
      />

      <SearchLayout
        resultsHeadingId={RESULTS_HEADING_ID}
        firstAnswer={searchAnswerOf(search)}
        aside={
          <FilterFold id={FILTERS_PANEL_ID} activeCount={activeFilterCount}>
            <JobFiltersPanel filters={filters} onChange={applyFilters} />
          </FilterFold>
        }
      >
        <ResultsHeading
          id={RESULTS_HEADING_ID}
          title={hasAnyJobFilter(filters) ? 'Jobs that match' : 'All open jobs'}
          sortOptions={filters.location ? [newestFirst, nearestFirst] : [newestFirst]}
          sort={filters.sortType}
          onSort={(sortType) => applyFilters({ ...filters, sortType })}
          sortHint={filters.location ? undefined : 'Add a place to sort by distance'}
        />
        <JobResults
          filters={filters}
          search={search}
          onChangeFilters={(next) => {
            applyFilters(next);
            focusResultsHeading(RESULTS_HEADING_ID);
          }}
        />
      </SearchLayout>
    </SearchPage>
  );
}
