import { Container, Group, Skeleton, Stack, VisuallyHidden } from '@mantine/core';

/** The profile's shape while it loads; a screen reader hears that it is loading instead. */
export function WorkerProfileSkeleton() {
  return (
    <Container size="lg" py="xl" aria-busy="true">
      <div role="status">
        <VisuallyHidden>Loading the worker&rsquo;s profile</VisuallyHidden>
      </div>
      <Group align="flex-start" gap="lg" aria-hidden="true">
        <Skeleton circle height={128} />
        <Stack gap="sm" style={{ flex: 1 }}>
          <Skeleton height={32} width="40%" />
          <Skeleton height={18} width="25%" />
          <Skeleton height={18} width="70%" />
          <Skeleton height={36} width={240} mt="sm" />
        </Stack>
      </Group>
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
