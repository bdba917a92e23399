import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Drawer, Stack, Text } from '@mantine/core';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { WorkerSummary } from '@tendly/domain/api/search';
import { sortTypes } from '@tendly/domain/job-options';
import { seesCareSeekerCallsToAction } from '@tendly/domain/menus';
import { FilterFold } from '../../platform/filter-panel';
import { Notice } from '../../platform/notice';
import { placeProblemOf } from '../../platform/place-problem';
import { PlaceSearchForm } from '../../platform/place-search-form';
import { focusResultsHeading, ResultsHeading, SearchLayout, SearchPage, searchAnswerOf } from '../../platform/search-page';
import { useViewer } from '../../platform/session';
import { useFiltersInUrl } from '../../platform/use-filters-in-url';
import { filterChips, withoutChip, type ChipFilter, type FilterChip } from './filter-chips';
import { FilterChipList } from './filter-chip-list';
import { filterControlIds, FiltersPanel } from './filters-panel';
import { MatchAssistant } from './match-assistant';
import { matchReasonLine, matchReasons } from './match-reasons';
import { workerSearchFields } from './search-fields';
import { filtersFromSearchParams, hasAnyFilter, searchParamsFromFilters, type SearchFilters } from './search-filters';
import { SearchResults } from './search-results';
import { useMatchConversation } from './use-match-conversation';
import { useWorkerSearch } from './use-worker-search';
import classes from './worker-search-page.module.css';

/** `?show=whiz` opens the AI worker match (spec 2.3). */
const SHOW_PARAM = 'show';
const ASSISTANT_VALUE = 'whiz';
const FILTERS_PANEL_ID = 'search-filters';
const RESULTS_HEADING_ID = 'results-heading';

/** Where focus goes after switching between the assistant and the filters (navigation state). */
type FocusAfterSwitch = { readonly focus: 'assistant' | 'filters' };
function focusAfterSwitch(state: unknown): FocusAfterSwitch['focus'] | null {
  if (typeof state !== 'object' || state === null || !('focus' in state)) return null;
  return state.focus === 'assistant' || state.focus === 'filters' ? state.focus : null;
}

/** Which control edits a chip's filter: every chip has one. */
function controlIdFor(filter: ChipFilter): string {
  switch (filter) {
    case 'location':
      return workerSearchFields.ids.location;
    case 'keyword':
      return workerSearchFields.ids.keyword;
    default:
      return filterControlIds[filter];
  }
}

/**
 * /care-workers/search (spec 2.3, 7, 8, 9; issue 5). The filters live in the query string under
 * the API's own parameter names, so a search can be shared and Back and Forward restore it.
 * With `?show=whiz`, visitors and care seekers get the AI worker match (spec 6); anyone else
 * gets the ordinary search.
 */
export default function WorkerSearchPage() {
  const [params, setParams] = useSearchParams();
  const [filters, applyFilters] = useFiltersInUrl(filtersFromSearchParams, searchParamsFromFilters);
  const viewer = useViewer();
  const offersAssistant = seesCareSeekerCallsToAction(viewer);
  const isAssistant = offersAssistant && params.get(SHOW_PARAM) === ASSISTANT_VALUE;

  const switchTo = useCallback(
    (mode: 'assistant' | 'filters') => {
      const next = new URLSearchParams(params);
      if (mode === 'assistant') next.set(SHOW_PARAM, ASSISTANT_VALUE);
      else next.delete(SHOW_PARAM);
      setParams(next, { state: { focus: mode } satisfies FocusAfterSwitch });
    },
    [params, setParams],
  );

  const withAssistant = new URLSearchParams(params);
  withAssistant.set(SHOW_PARAM, ASSISTANT_VALUE);
  const assistantSearch = `?${withAssistant.toString()}`;

  return (
    <SearchPage
      title="Find care and support workers"
      intro="Search independent care and support workers by place, skills, languages and the days they are free. Open a profile to see their rates, checks and reviews."
    >
      {isAssistant ? (
        <AssistantSearch filters={filters} applyFilters={applyFilters} onUseFilters={() => switchTo('filters')} />
      ) : (
        <FilterSearch
          filters={filters}
          applyFilters={applyFilters}
          offersAssistant={offersAssistant}
          assistantSearch={assistantSearch}
        />
      )}
    </SearchPage>
  );
}

function useFocusAfterSwitch(mode: 'assistant' | 'filters', focus: () => void): void {
  const location = useLocation();
  const wanted = focusAfterSwitch(location.state);
  const focusRef = useRef(focus);
  focusRef.current = focus;
  useEffect(() => {
    if (wanted === mode) focusRef.current();
  }, [wanted, mode, location.key]);
}

const sortOptions = sortTypes.map((option) => ({ value: option.code, label: option.label }));

function ResultsHeader({ title, filters, applyFilters }: { title: string; filters: SearchFilters; applyFilters: (filters: SearchFilters) => void }) {
  return (
    <ResultsHeading
      id={RESULTS_HEADING_ID}
      title={title}
      sortOptions={sortOptions}
      sort={filters.sortType}
      onSort={(sortType) => applyFilters({ ...filters, sortType })}
    />
  );
}

/** After a change made from within the results, focus goes back to their heading. */
function refocusing(applyFilters: (filters: SearchFilters) => void): (filters: SearchFilters) => void {
  return (next) => {
    applyFilters(next);
    focusResultsHeading(RESULTS_HEADING_ID);
  };
}

/** The ordinary search: place and keywords, the filter panel, the results. */
function FilterSearch({
  filters,
  applyFilters,
  offersAssistant,
  assistantSearch,
}: {
  filters: SearchFilters;
  applyFilters: (filters: SearchFilters) => void;
  offersAssistant: boolean;
  assistantSearch: string;
}) {
  const search = useWorkerSearch(filters);
  const chips = filterChips(filters);

  useFocusAfterSwitch('filters', () => document.getElementById(workerSearchFields.ids.location)?.focus());

  return (
    <>
      {offersAssistant && (
        <Notice tone="info" mt="lg" className={classes.assistantOffer}>
          <div>
            <Text fw={700}>Not sure what to search for?</Text>
            <Text size="sm" visibleFrom="sm">
              Tell the AI worker match what you need in your own words, and it will set the filters for you.
            </Text>
          </div>
          <Button component={Link} to={assistantSearch} state={{ focus: 'assistant' } satisfies FocusAfterSwitch}>
            Try the AI worker match
          </Button>
        </Notice>
      )}

      <PlaceSearchForm fields={workerSearchFields} filters={filters} onSearch={applyFilters} searchError={search.error} foldOnPhone />

      <SearchLayout
        resultsHeadingId={RESULTS_HEADING_ID}
        firstAnswer={searchAnswerOf(search)}
        aside={
          <FilterFold id={FILTERS_PANEL_ID} activeCount={chips.length}>
            <FiltersPanel filters={filters} onChange={applyFilters} />
          </FilterFold>
        }
      >
        <ResultsHeader title="Workers" filters={filters} applyFilters={applyFilters} />
        {chips.length > 0 && (
          <FilterChipList
            chips={chips}
            headingId="active-filters-heading"
            heading="Your filters"
            headingLevel={3}
            onRemove={(chip) => applyFilters(withoutChip(filters, chip))}
          />
        )}
        <SearchResults filters={filters} search={search} onChangeFilters={refocusing(applyFilters)} />
      </SearchLayout>
    </>
  );
}

/** The AI worker match: the conversation, the filters it set as chips, and the matches with reasons. */
function AssistantSearch({
  filters,
  applyFilters,
  onUseFilters,
}: {
  filters: SearchFilters;
  applyFilters: (filters: SearchFilters) => void;
  onUseFilters: () => void;
}) {
  const conversation = useMatchConversation(filters, applyFilters);
  const showResults = conversation.hasStarted || hasAnyFilter(filters);
  const search = useWorkerSearch(filters, { enabled: showResults });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [editing, setEditing] = useState<{ controlId: string | null } | null>(null);
  const chips = filterChips(filters);
  const hasPlaceProblem = placeProblemOf(search.error) !== null;

  useFocusAfterSwitch('assistant', () => headingRef.current?.focus());

  function removeChip(chip: FilterChip) {
    applyFilters(withoutChip(filters, chip));
  }

  const renderReasons = (worker: WorkerSummary) => {
    const reasons = matchReasons(worker, filters);
    if (reasons.length === 0) return null;
    return (
      <Text size="sm" className={classes.reason}>
        <strong>Why {worker.firstName} fits: </strong>
        {matchReasonLine(reasons)}
      </Text>
    );
  };

  return (
    <>
      <SearchLayout
        resultsHeadingId={RESULTS_HEADING_ID}
        wideAside
        aside={<MatchAssistant conversation={conversation} headingRef={headingRef} onUseFilters={onUseFilters} />}
      >
        <FilterChipList
          chips={chips}
          headingId="match-filters-heading"
          heading="What I’m looking for"
          onRemove={removeChip}
          onEdit={(chip) => setEditing({ controlId: controlIdFor(chip.filter) })}
          isEditable={() => true}
        />
        <Button variant="subtle" size="sm" mt={4} onClick={() => setEditing({ controlId: null })}>
          Change the filters
        </Button>

        <ResultsHeader title="Your matches" filters={filters} applyFilters={applyFilters} />
        {showResults ? (
          <SearchResults
            filters={filters}
            search={search}
            onChangeFilters={refocusing(applyFilters)}
            renderExtra={renderReasons}
            withPlaceLead
            badRequestContent={(message) =>
              hasPlaceProblem ? (
                // The status above says what is wrong with the place and offers the places to choose.
                <Button mt="sm" variant="outline" onClick={() => setEditing({ controlId: workerSearchFields.ids.location })}>
                  Change the place
                </Button>
              ) : (
                <Notice tone="warning" mt="md">
                  <Text>{message}</Text>
                  <Button mt="sm" variant="outline" onClick={() => setEditing({ controlId: workerSearchFields.ids.location })}>
                    Change the place
                  </Button>
                </Notice>
              )
            }
          />
        ) : (
          <Text mt="md" c="dimmed">
            Your matches will show here as soon as you tell me what you need.
          </Text>
        )}
      </SearchLayout>

      <Drawer
        opened={editing !== null}
        onClose={() => setEditing(null)}
        position="right"
        size="md"
        title="Change the filters"
        closeButtonProps={{ 'aria-label': 'Close the filters' }}
        onEnterTransitionEnd={() => {
          if (editing?.controlId) document.getElementById(editing.controlId)?.focus();
        }}
      >
        <Stack gap="lg">
          <PlaceSearchForm fields={workerSearchFields} filters={filters} onSearch={applyFilters} searchError={search.error} />
          <FiltersPanel filters={filters} onChange={applyFilters} />
          <Button onClick={() => setEditing(null)}>Show my matches</Button>
        </Stack>
      </Drawer>
    </>
  );
}
