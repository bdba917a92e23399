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

/**
 * The side panel (the filters, or the AI worker match) beside the results, which are a section
 * named by their heading. On wide screens they sit side by side, the panel 18rem wide, or wider
 * with `wideAside`; on narrow ones the panel comes first.
 */
export function SearchLayout({
  aside,
  resultsHeadingId,
  wideAside = false,
  answered = true,
  children,
}: {
  aside: ReactNode;
  /** The id of the results' heading (see `ResultsHeading`). */
  resultsHeadingId: string;
  wideAside?: boolean;
  /**
   * Whether the search has had its first answer or failure. Until then the search form above can
   * still change height (on a phone it opens to show a place the search could not use), so the
   * panel and results are laid out anew, once, when it comes: new content moves nothing, where
   * the same content pushed down by the form moved the page (layout shift 0.13, issue 32).
   */
  answered?: boolean;
  children: ReactNode;
}) {
  const [hasAnswered, setHasAnswered] = useState(answered);
  if (answered && !hasAnswered) setHasAnswered(true);
  return (
    <div key={hasAnswered ? 'answered' : 'waiting'} className={classes.layout} data-wide-aside={wideAside || undefined}>
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
