import { Container, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A whole record's page (a job, a worker's profile) while it loads: its header's shape, then three
 * sections of text; a screen reader hears `loading` instead.
 */
export function RecordPageSkeleton({ loading, header }: { loading: string; header: ReactNode }) {
  return (
    <Container size="lg" py="xl" aria-busy="true">
      <div role="status">
        <VisuallyHidden>{loading}</VisuallyHidden>
      </div>
      {header}
      <Stack gap="lg" mt="xl" aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <Stack key={index} gap="xs">
            <Skeleton height={24} width="30%" />
            <Skeleton height={14} />
            <Skeleton height={14} />
            <Skeleton height={14} width="80%" />
          </Stack>
        ))}
      </Stack>
    </Container>
  );
}
