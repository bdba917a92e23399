import { Card, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError, UNEXPECTED_RESPONSE_MESSAGE } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { useSession } from '../../platform/session';
import { fetchLinkedClients } from './coordinator-api';
import { useActForClient } from '../../platform/act-for-client';
import { Notice } from '../../platform/notice';

/** The coordinator's linked clients, each with the way to act for them (spec 2.7, 2.8 My Clients). */
export function LinkedClients() {
  const { user } = useSession();
  const clients = useQuery({
    queryKey: ['coordinator-clients', user?.id ?? null],
    queryFn: ({ signal }) => fetchLinkedClients(signal),
  });
  const actFor = useActForClient();

  if (clients.isPending) {
    return (
      <Group role="status" gap="xs">
        <Loader size="sm" aria-hidden />
        <Text>Loading your clients…</Text>
      </Group>
    );
  }
  if (clients.isError) {
    return (
      <Notice tone="error" role="alert">
        <Text c="red.9">{clients.error.message}</Text>
      </Notice>
    );
  }
  if (clients.data.length === 0) {
    return <Text>You have no linked clients yet. Add a client, or ask an existing client to link their account to you.</Text>;
  }

  const failure = actFor.error instanceof ApiError ? actFor.error.message : actFor.error ? UNEXPECTED_RESPONSE_MESSAGE : null;

  return (
    <Stack gap="md">
      {failure && (
        <Notice tone="error" role="alert">
          <Text c="red.9">{failure}</Text>
        </Notice>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {clients.data.map((client) => (
          <Card component="li" key={client.id} withBorder padding="md">
            <Text fw={700}>{client.name}</Text>
            <Text size="sm">{client.email}</Text>
            {client.phone && <Text size="sm">{client.phone}</Text>}
            <BusyButton
              mt="md"
              busy={actFor.isPending && actFor.variables === client.id}
              onClick={() => actFor.mutate(client.id)}
            >
              Act as {client.name}
            </BusyButton>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
