import type { ReactNode } from 'react';
import { Button, Skeleton, Stack, Text, VisuallyHidden, type MantineSpacing } from '@mantine/core';
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
      <LoadFailure query={query} mt="md">
        {failure}
      </LoadFailure>
    );
  }
  if (query.isPending) {
    return (
      <LoadingStatus what={what}>
        <Skeleton height={skeletonHeight} mt="xl" radius="md" aria-hidden="true" />
      </LoadingStatus>
    );
  }
  return null;
}

/**
 * A load that failed: why, as an alert, and Try again, which loads it again. With `isRetrying`,
 * the button says it is busy while the new try runs.
 */
export function LoadFailure({
  query,
  mt,
  isRetrying,
  children,
}: {
  query: { refetch: () => unknown };
  mt?: MantineSpacing;
  isRetrying?: boolean;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" mt={mt} align="flex-start">
      <Notice tone="error" role="alert">
        <Text>{children}</Text>
      </Notice>
      <Button variant="outline" onClick={() => void query.refetch()} aria-busy={isRetrying || undefined}>
        Try again
      </Button>
    </Stack>
  );
}

/** A load under way: a status naming it for screen readers, as in "Loading your details", and the page's skeleton (`children`). */
export function LoadingStatus({ what, children }: { what: string; children: ReactNode }) {
  return (
    <div aria-busy="true">
      <div role="status">
        <VisuallyHidden>Loading {what}</VisuallyHidden>
      </div>
      {children}
    </div>
  );
}
