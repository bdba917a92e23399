import { Button, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadFailure } from './page-load-state';

/** What the list needs of a TanStack infinite query. */
export interface LoadMoreQuery {
  readonly isError: boolean;
  readonly hasData: boolean;
  readonly hasNextPage: boolean;
  readonly isFetchingNextPage: boolean;
  refetch(): unknown;
  fetchNextPage(): unknown;
}

/**
 * A list that pages newest first with "Load more" (the job reports and invoices of issue 14):
 * loading, a failure with "Try again", the empty text, then the items.
 */
export function LoadMoreList<T>({
  query,
  items,
  label,
  itemKey,
  renderItem,
  loadingText,
  errorText,
  emptyText,
  paged = true,
}: {
  query: LoadMoreQuery;
  items: readonly T[];
  label: string;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  loadingText: string;
  errorText: string;
  emptyText: string;
  /** False to show the first page only (an overview that links to the whole list). */
  paged?: boolean;
}) {
  if (query.isError && !query.hasData) {
    return (
      <LoadFailure query={query}>{errorText}</LoadFailure>
    );
  }
  if (!query.hasData) {
    return (
      <div aria-busy="true">
        <div role="status">
          <VisuallyHidden>{loadingText}</VisuallyHidden>
        </div>
        <Skeleton height={120} radius="md" aria-hidden="true" />
      </div>
    );
  }
  if (items.length === 0) return <Text>{emptyText}</Text>;
  return (
    <Stack gap="md">
      <ul aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 'var(--mantine-spacing-md)' }}>
        {items.map((item) => (
          <li key={itemKey(item)}>{renderItem(item)}</li>
        ))}
      </ul>
      {paged && query.hasNextPage && (
        <Button variant="outline" onClick={() => void query.fetchNextPage()} aria-busy={query.isFetchingNextPage || undefined} style={{ alignSelf: 'flex-start' }}>
          Load more
        </Button>
      )}
    </Stack>
  );
}
