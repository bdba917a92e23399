import { useState, type ReactNode } from 'react';
import { Container, Group, NativeSelect, Text, Title } from '@mantine/core';
import classes from './search-page.module.css';

/**
 * A search page's frame (the worker search and the job board): the page heading and a line on what
 * can be found, then the page's search. On a phone the heading says enough and the line is left
 * out, so the space goes to the results (issue 11).
 */
export function SearchPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <Container size="lg" py={{ base: 'lg', md: 'xl' }}>
      <Title order={1}>{title}</Title>
      <Text size="lg" mt="xs" maw={760} visibleFrom="sm">
        {intro}
      </Text>
      {children}
    </Container>
  );
}

/** Where a search stands: no answer yet, results (even none), or a failure. */
export type SearchAnswer = 'waiting' | 'found' | 'failed';

/** A search query's `SearchAnswer`. */
export function searchAnswerOf(query: { isPending: boolean; isError: boolean }): SearchAnswer {
  if (query.isError) return 'failed';
  return query.isPending ? 'waiting' : 'found';
}

/**
 * The side panel (the filters, or the AI worker match) beside the results, which are a section
 * named by their heading. On wide screens they sit side by side, the panel 18rem wide, or wider
 * with `wideAside`; on narrow ones the panel comes first.
 */
export function SearchLayout({
  aside,
  resultsHeadingId,
  wideAside = false,
  firstAnswer = 'found',
  children,
}: {
  aside: ReactNode;
  /** The id of the results' heading (see `ResultsHeading`). */
  resultsHeadingId: string;
  wideAside?: boolean;
  /**
   * How the search's first answer came, or that it has not yet. The search form above, folded on a
   * phone while it waits, opens when the search fails (to show a place it could not use), so on a
   * first failure the panel and results are laid out anew: new content moves nothing, where the
   * same content pushed down by the form moved the page (layout shift 0.13, issue 32). Only then:
   * laid out anew, the panel forgets that it was opened.
   */
  firstAnswer?: SearchAnswer;
  children: ReactNode;
}) {
  const [first, setFirst] = useState(firstAnswer);
  if (first === 'waiting' && firstAnswer !== 'waiting') setFirst(firstAnswer);
  return (
    <div key={first === 'failed' ? 'after-failure' : 'first'} className={classes.layout} data-wide-aside={wideAside || undefined}>
      {aside}
      <section aria-labelledby={resultsHeadingId}>{children}</section>
    </div>
  );
}

/** A sort order a results list offers. */
export interface SortOption<S extends string> {
  readonly value: S;
  readonly label: string;
}

/**
 * The results' heading with the sort order beside it. The heading takes focus (tabIndex -1), so a
 * page can move focus there when a change of filters replaces the results (`focusResultsHeading`).
 */
export function ResultsHeading<S extends string>({
  id,
  title,
  sortOptions,
  sort,
  onSort,
  sortHint,
}: {
  id: string;
  title: string;
  sortOptions: readonly SortOption<S>[];
  sort: S;
  onSort: (sort: S) => void;
  /** A line under the sort order, e.g. why an order is missing. */
  sortHint?: string | undefined;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" className={classes.resultsHeader}>
      <Title order={2} id={id} tabIndex={-1} size="h3">
        {title}
      </Title>
      <NativeSelect
        label="Sort by"
        description={sortHint}
        data={sortOptions.map((option) => ({ value: option.value, label: option.label }))}
        value={sort}
        onChange={(event) => {
          const chosen = sortOptions.find((option) => option.value === event.currentTarget.value);
          if (chosen) onSort(chosen.value);
        }}
        className={classes.sortSelect}
      />
    </Group>
  );
}

/** Moves focus to the results' heading, after a change that replaced the results under the user. */
export function focusResultsHeading(id: string): void {
  document.getElementById(id)?.focus();
}
