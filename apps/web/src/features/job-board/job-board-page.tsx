import { useCallback, useMemo, useState } from 'react';
import { Anchor, Button, Container, Group, NativeSelect, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { jobSortCodes } from '@tendly/domain/api/jobs';
import { isOneOf } from '@tendly/domain/coded-options';
import { SearchFormFold, searchSummary } from '../../platform/search-form-fold';
import { locationFieldError } from '../../platform/place-problem';
import { useViewer } from '../../platform/session';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { emptyJobFilters, hasAnyJobFilter, jobFiltersFromSearchParams, searchParamsFromJobFilters, type JobFilters } from './job-filters';
import { JobFiltersPanel } from './job-filters-panel';
import { JobResults } from './job-results';
import { JobSearchForm, LOCATION_INPUT_ID } from './job-search-form';
import { useJobSearch } from './use-job-search';
import { useNearMe } from './use-near-me';
import classes from './job-board-page.module.css';

const FILTERS_PANEL_ID = 'job-filters';
const RESULTS_HEADING_ID = 'job-results-heading';

function focusResultsHeading(): void {
  document.getElementById(RESULTS_HEADING_ID)?.focus();
}

/**
 * /find-a-job and /jobs/search, one page (spec 2.5, 2.8; issue 6): the job board for workers. The
 * filters live in the query string under the API's own names, so a search can be shared and Back
 * and Forward restore it. Results come 25 at a time with "Load more" (spec section 9).
 */
export default function JobBoardPage() {
  const site = useSiteConfig();
  const viewer = useViewer();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => jobFiltersFromSearchParams(params), [params]);
  const search = useJobSearch(filters);
  const nearMe = useNearMe();
  const [isPanelOpen, setPanelOpen] = useState(false);
  const activeFilterCount = filters.skillType.length + filters.availability.length + filters.payingForCareType.length;

  const applyFilters = useCallback(
    (next: JobFilters) => {
      setParams((current) => {
        const updated = searchParamsFromJobFilters(next, current);
        // Unchanged filters make no new history entry.
        return updated.toString() === current.toString() ? current : updated;
      });
    },
    [setParams],
  );

  const sortOptions = [
    { value: 'newest', label: 'Newest first' },
    ...(filters.location ? [{ value: 'nearest', label: 'Nearest first' }] : []),
  ];

  return (
    <Container size="lg" py={{ base: 'lg', md: 'xl' }}>
      <Title order={1}>Find care and support jobs</Title>
      {/* On a phone the heading says enough: the space goes to the results (issue 11). */}
      <Text size="lg" mt="xs" maw={760} visibleFrom="sm">
        Jobs posted by older people, people with disability, their families and the people who support them. Search
        near where you live, choose the support you offer, and open a job to read it in full and apply.
      </Text>
      {viewer?.role === 'CR' && !viewer.isInactiveWorker && (
        <Text mt="xs">
          <Anchor component={Link} to={sitePath(site, 'myJobs')} fw={600}>
            See the jobs you applied for and your invitations
          </Anchor>
        </Text>
      )}

      <SearchFormFold
        summary={searchSummary(filters)}
        canFold={Boolean(filters.location || filters.keyword) && !search.error}
        focusId={LOCATION_INPUT_ID}
      >
        <JobSearchForm filters={filters} onSearch={applyFilters} locationError={locationFieldError(search.error, filters.location)} nearMe={nearMe} />
      </SearchFormFold>

      <div className={classes.layout}>
        <div>
          <Button
            hiddenFrom="md"
            variant="outline"
            fullWidth
            aria-expanded={isPanelOpen}
            aria-controls={FILTERS_PANEL_ID}
            onClick={() => setPanelOpen((open) => !open)}
            mb="md"
          >
            {isPanelOpen ? 'Hide filters' : `Show filters${activeFilterCount ? ` (${activeFilterCount} on)` : ''}`}
          </Button>
          <div id={FILTERS_PANEL_ID} className={classes.filtersPanel} data-open={isPanelOpen || undefined}>
            <JobFiltersPanel
              filters={filters}
              onChange={applyFilters}
              onClearAll={() => applyFilters({ ...emptyJobFilters })}
            />
          </div>
        </div>

        <section aria-labelledby={RESULTS_HEADING_ID}>
          <Group justify="space-between" align="flex-end" gap="sm" className={classes.resultsHeader}>
            <Title order={2} id={RESULTS_HEADING_ID} tabIndex={-1} size="h3">
              {hasAnyJobFilter(filters) ? 'Jobs that match' : 'All open jobs'}
            </Title>
            <NativeSelect
              label="Sort by"
              description={filters.location ? undefined : 'Add a place to sort by distance'}
              data={sortOptions}
              value={filters.sortType}
              onChange={(event) => {
                const value = event.currentTarget.value;
                if (isOneOf(jobSortCodes, value)) applyFilters({ ...filters, sortType: value });
              }}
              className={classes.sortSelect}
            />
          </Group>
          <JobResults
            filters={filters}
            search={search}
            onChangeFilters={(next) => {
              applyFilters(next);
              focusResultsHeading();
            }}
          />
        </section>
      </div>
    </Container>
  );
}
