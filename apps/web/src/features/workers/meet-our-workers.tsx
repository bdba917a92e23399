import { Button, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { RECENT_WORKERS_FAILED } from '@tendly/domain/errors';
import { Notice } from '../../platform/notice';
import { fetchRandomWorkers } from '../../platform/random-workers';
import { WorkerCard } from '../../platform/worker-card';

/** How many workers the /workers page shows (the home page shows 3). */
export const OUR_WORKERS_CARD_COUNT = 6;

/**
 * A few workers on the marketplace, picked at random by the API, with loading, empty and error
 * states. The loading text is the spec's for random workers (section 4).
 */
export function MeetOurWorkers() {
  const workers = useQuery({
    queryKey: ['workers', 'random', OUR_WORKERS_CARD_COUNT],
    queryFn: ({ signal }) => fetchRandomWorkers(OUR_WORKERS_CARD_COUNT, signal),
    // A fresh shuffle on every visit, not every focus of the tab.
    refetchOnWindowFocus: false,
  });

  if (workers.isPending) {
    return (
      <Group role="status" gap="xs" py="md">
        <Loader size="sm" aria-hidden />
        <Text>Getting recent workers...</Text>
      </Group>
    );
  }

  if (workers.isError) {
    return (
      <Notice tone="error" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text fw={700}>We couldn&rsquo;t load worker profiles</Text>
          <Text>{RECENT_WORKERS_FAILED}</Text>
          <Button variant="outline" bg="white" onClick={() => void workers.refetch()}>
            Try again
          </Button>
        </Stack>
      </Notice>
    );
  }

  if (workers.data.length === 0) {
    return (
      <Text py="md">
        There are no worker profiles to show here right now. Search for workers near you to see everyone who is
        available.
      </Text>
    );
  }

  return (
    <SimpleGrid component="ul" cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {workers.data.map((worker) => (
        <li key={worker.carerId}>
          <WorkerCard worker={worker} />
        </li>
      ))}
    </SimpleGrid>
  );
}
