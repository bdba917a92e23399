import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Container, Drawer, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { WorkerSummary } from '@tendly/domain/api/search';
import { isOneOf } from '@tendly/domain/coded-options';
import { sortTypeCodes, sortTypes } from '@tendly/domain/job-options';
import { seesCareSeekerCallsToAction } from '@tendly/domain/menus';
import { Notice } from '../../platform/notice';
import { locationFieldError, placeProblemOf } from '../../platform/place-problem';
import { SearchFormFold, searchSummary } from '../../platform/search-form-fold';
import { useViewer } from '../../platform/session';
import { filterChips, withoutChip, type ChipFilter, type FilterChip } from './filter-chips';
import { FilterChipList } from './filter-chip-list';
import { filterControlIds, FiltersPanel } from './filters-panel';
import { MatchAssistant } from './match-assistant';
import { matchReasonLine, matchReasons } from './match-reasons';
import { KEYWORD_INPUT_ID, LOCATION_INPUT_ID, SearchForm } from './search-form';
import { emptyFilters, filtersFromSearchParams, hasAnyFilter, searchParamsFromFilters, type SearchFilters } from './search-filters';
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
      return LOCATION_INPUT_ID;
    case 'keyword':
      return KEYWORD_INPUT_ID;
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
  const filters = useMemo(() => filtersFromSearchParams(params), [params]);
  const viewer = useViewer();
  const offersAssistant = seesCareSeekerCallsToAction(viewer);
  const isAssistant = offersAssistant && params.get(SHOW_PARAM) === ASSISTANT_VALUE;

  const applyFilters = useCallback(
    (next: SearchFilters) => {
      setParams((current) => {
        const updated = searchParamsFromFilters(next, current);
        // Unchanged filters make no new history entry.
        return updated.toString() === current.toString() ? current : updated;
      });
    },
    [setParams],
  );

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
    <Container size="lg" py={{ base: 'lg', md: 'xl' }}>
      <Title order={1}>Find care and support workers</Title>
      {/* On a phone the heading says enough: the space goes to the results (issue 11). */}
      <Text size="lg" mt="xs" maw={760} visibleFrom="sm">
        Search independent care and support workers by place, skills, languages and the days they are free. Open a
        profile to see their rates, checks and reviews.
      </Text>
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
    </Container>
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

function ResultsHeader({ title, filters, applyFilters }: { title: string; filters: SearchFilters; applyFilters: (filters: SearchFilters) => void }) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" className={classes.resultsHeader}>
      <Title order={2} id={RESULTS_HEADING_ID} tabIndex={-1} size="h3">
        {title}
      </Title>
      <NativeSelect
        label="Sort by"
        data={sortTypes.map((option) => ({ value: option.code, label: option.label }))}
        value={filters.sortType}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isOneOf(sortTypeCodes, value)) applyFilters({ ...filters, sortType: value });
        }}
        className={classes.sortSelect}
      />
    </Group>
  );
}

function focusResultsHeading(): void {
  document.getElementById(RESULTS_HEADING_ID)?.focus();
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
  const [isPanelOpen, setPanelOpen] = useState(false);
  const chips = filterChips(filters);
  const clearAll = () => applyFilters({ ...emptyFilters, sortType: filters.sortType });

  useFocusAfterSwitch('filters', () => document.getElementById(LOCATION_INPUT_ID)?.focus());

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

      <SearchFormFold
        summary={searchSummary(filters)}
        canFold={Boolean(filters.location || filters.keyword) && !search.error}
        focusId={LOCATION_INPUT_ID}
      >
        <SearchForm filters={filters} onSearch={applyFilters} locationError={locationFieldError(search.error, filters.location)} />
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
            {isPanelOpen ? 'Hide filters' : `Show filters${chips.length ? ` (${chips.length} on)` : ''}`}
          </Button>
          <div id={FILTERS_PANEL_ID} className={classes.filtersPanel} data-open={isPanelOpen || undefined}>
            <FiltersPanel filters={filters} onChange={applyFilters} onClearAll={clearAll} />
          </div>
        </div>

        <section aria-labelledby={RESULTS_HEADING_ID}>
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
          <SearchResults
            filters={filters}
            search={search}
            onChangeFilters={(next) => {
              applyFilters(next);
              focusResultsHeading();
            }}
          />
        </section>
      </div>
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
  const locationError = locationFieldError(search.error, filters.location);
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
      <div className={classes.layout} data-mode="assistant">
        <MatchAssistant conversation={conversation} headingRef={headingRef} onUseFilters={onUseFilters} />

        <section aria-labelledby={RESULTS_HEADING_ID}>
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
              onChangeFilters={(next) => {
                applyFilters(next);
                focusResultsHeading();
              }}
              renderExtra={renderReasons}
              withPlaceLead
              badRequestContent={(message) =>
                hasPlaceProblem ? (
                  // The status above says what is wrong with the place and offers the places to choose.
                  <Button mt="sm" variant="outline" onClick={() => setEditing({ controlId: LOCATION_INPUT_ID })}>
                    Change the place
                  </Button>
                ) : (
                  <Notice tone="warning" mt="md">
                    <Text>{message}</Text>
                    <Button mt="sm" variant="outline" onClick={() => setEditing({ controlId: LOCATION_INPUT_ID })}>
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
        </section>
      </div>

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
          <SearchForm filters={filters} onSearch={applyFilters} locationError={locationError} />
          <FiltersPanel filters={filters} onChange={applyFilters} onClearAll={() => applyFilters({ ...emptyFilters, sortType: filters.sortType })} />
          <Button onClick={() => setEditing(null)}>Show my matches</Button>
        </Stack>
      </Drawer>
    </>
  );
}
