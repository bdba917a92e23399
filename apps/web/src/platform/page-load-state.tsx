import type { ReactNode } from 'react';
import { Button, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Notice } from './notice';

/**
 * What a page shows while the one record it edits loads, or when it cannot: a skeleton with a
 * status for screen readers, or the failure as an alert with Try again. Renders nothing once the
 * data is there (the page renders its form then).
 */
export function PageLoadState({
  query,
  what,
  failure,
  skeletonHeight,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  /** Names what is loading, as in "Loading your details". */
  what: string;
  /** The alert's text when it cannot load. */
  failure: ReactNode;
  skeletonHeight: number;
}) {
  if (query.isError) {
    return (
      <Stack gap="sm" mt="md" align="flex-start">
        <Notice tone="error" role="alert">
          <Text>{failure}</Text>
        </Notice>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  if (query.isPending) {
    return (
      <div aria-busy="true">
        <div role="status">
          <VisuallyHidden>Loading {what}</VisuallyHidden>
        </div>
        <Skeleton height={skeletonHeight} mt="xl" radius="md" aria-hidden="true" />
      </div>
    );
  }
  return null;
}
