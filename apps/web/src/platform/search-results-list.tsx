import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Group, Text, Title } from '@mantine/core';
import { capitalise } from '@tendly/domain/format';
import { BusyButton } from './busy-button';
import { Notice } from './notice';
import { badRequestMessage, itemsOf, totalOf, type ResultPage } from './paged-results';
import { ResultStatus, type ResultNoun } from './result-status';
import classes from './search-page.module.css';
import cardListClasses from './card-list.module.css';

/** What the list needs of a TanStack infinite query over result pages. */
export interface PagedSearch<T> {
  readonly data: { readonly pages: readonly ResultPage<T>[] } | undefined;
  readonly error: unknown;
  readonly isPending: boolean;
  readonly fetchStatus: 'fetching' | 'paused' | 'idle';
  readonly isError: boolean;
  readonly isSuccess: boolean;
  readonly isFetchNextPageError: boolean;
  readonly hasNextPage: boolean;
  readonly isFetchingNextPage: boolean;
  refetch(): Promise<unknown>;
  fetchNextPage(): Promise<unknown>;
}

/**
 * How a results list speaks of what it holds. The list is named after its noun ("Jobs"), and its
 * button says "Load more jobs".
 */
export interface ResultsWording {
  readonly noun: ResultNoun;
  /** Said under the last page. */
  readonly end: string;
  /** Said when the search fails (not for a filter it refused). */
  readonly failed: { readonly title: string; readonly message: string };
}

/**
 * The results of a search (the worker search, the job board): what is showing of how many, or
 * what is wrong with the place (`ResultStatus`), skeleton cards while the first page loads, the
 * cards, and "Load more" until a page comes back short (spec section 9), when the end is said
 * plainly. After "Load more", focus goes to the first new card's link, so keyboard and screen
 * reader users carry on where the new ones begin.
 */
export function SearchResultsList<T>({
  search,
  wording,
  typedPlace,
  onChoosePlace,
  withPlaceLead = false,
  itemKey,
  renderItem,
  skeleton,
  skeletonCount,
  cardMinWidth,
  empty,
  badRequestContent,
}: {
  search: PagedSearch<T>;
  wording: ResultsWording;
  /** The place searched for, which a place problem is about. */
  typedPlace: string;
  onChoosePlace: (location: string) => void;
  /** No location field shows, so the status says all of a place problem (the AI worker match). */
  withPlaceLead?: boolean;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** One card's stand-in while the first page loads. */
  skeleton: ReactNode;
  skeletonCount: number;
  /** The narrowest a card gets before the row holds one fewer, e.g. "22rem". */
  cardMinWidth: string;
  /** What shows when nothing matched. */
  empty: ReactNode;
  /** What to show in place of results when the API refused the search (400). */
  badRequestContent?: (message: string) => ReactNode;
}) {
  const items = itemsOf(search.data?.pages);
  const listRef = useRef<HTMLUListElement>(null);
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  const badRequest = badRequestMessage(search.error);
  const isFirstLoad = search.isPending && search.fetchStatus !== 'idle';
  const hasFailed = search.isError && !search.isFetchNextPageError && badRequest === null;
  const listStyle: CSSProperties & Record<'--card-min-width', string> = { '--card-min-width': cardMinWidth };

  useEffect(() => {
    if (focusFrom === null || items.length <= focusFrom) return;
    const link = listRef.current?.children[focusFrom]?.querySelector<HTMLElement>('a[href]');
    link?.focus();
    setFocusFrom(null);
  }, [focusFrom, items.length]);

  const failure = (
    <>
      <Title order={3} size="h4">
        {wording.failed.title}
      </Title>
      <Text mt={4}>{wording.failed.message}</Text>
    </>
  );

  return (
    <div>
      <ResultStatus
        isSearching={isFirstLoad}
        hasResults={search.data !== undefined}
        error={search.error}
        typedPlace={typedPlace}
        onChoosePlace={onChoosePlace}
        withPlaceLead={withPlaceLead}
        shown={items.length}
        total={totalOf(search.data?.pages)}
        noun={wording.noun}
        className={classes.countStatement}
      />

      {isFirstLoad && (
        <ul className={cardListClasses.cardList} style={listStyle} aria-hidden="true">
          {Array.from({ length: skeletonCount }, (_, index) => (
            <li key={index}>{skeleton}</li>
          ))}
        </ul>
      )}

      {hasFailed && (
        <Notice tone="error" role="alert" mt="md">
          {failure}
          <Button mt="sm" variant="outline" onClick={() => void search.refetch()}>
            Try again
          </Button>
        </Notice>
      )}

      {badRequest !== null && badRequestContent?.(badRequest)}

      {search.isSuccess && items.length === 0 && empty}

      {items.length > 0 && (
        <ul className={cardListClasses.cardList} style={listStyle} ref={listRef} aria-label={capitalise(wording.noun.many)}>
          {items.map((item) => (
            <li key={itemKey(item)}>{renderItem(item)}</li>
          ))}
        </ul>
      )}

      {search.isFetchNextPageError && (
        <Notice tone="error" role="alert" mt="md">
          {failure}
        </Notice>
      )}

      {search.hasNextPage && (
        <Group justify="center" mt="xl">
          <BusyButton
            busy={search.isFetchingNextPage}
            variant="outline"
            size="md"
            onClick={() => {
              setFocusFrom(items.length);
              void search.fetchNextPage();
            }}
          >
            {search.isFetchNextPageError ? 'Try loading more again' : `Load more ${wording.noun.many}`}
          </BusyButton>
        </Group>
      )}

      {search.isSuccess && !search.hasNextPage && items.length > 0 && (
        <Text ta="center" mt="xl" c="dimmed">
          {wording.end}
        </Text>
      )}
    </div>
  );
}
