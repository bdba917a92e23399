import { Group, Skeleton, Stack } from '@mantine/core';
import { RecordPageSkeleton } from '../../platform/record-page-skeleton';

/** The profile's shape while it loads; a screen reader hears that it is loading instead. */
export function WorkerProfileSkeleton() {
  return (
    <RecordPageSkeleton
      loading="Loading the worker’s profile"
      header={
        <Group align="flex-start" gap="lg" aria-hidden="true">
          <Skeleton circle height={128} />
          <Stack gap="sm" style={{ flex: 1 }}>
            <Skeleton height={32} width="40%" />
            <Skeleton height={18} width="25%" />
            <Skeleton height={18} width="70%" />
            <Skeleton height={36} width={240} mt="sm" />
          </Stack>
        </Group>
      }
    />
  );
}
