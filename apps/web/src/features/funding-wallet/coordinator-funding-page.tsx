import { Card, Container, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ClientWallet } from '@tendly/domain/api/funding-wallet';
import { formatCents } from '@tendly/domain/format';
import { walletCategoryLabels } from '@tendly/domain/funding-wallet';
import { routePath } from '@tendly/domain/routes';
import { formatLongDate } from '@tendly/domain/validation/compliance-documents';
import { useActForClient } from '../../platform/act-for-client';
import { errorText } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { ErrorNotice, Notice } from '../../platform/notice';
import { PageLoadState } from '../../platform/page-load-state';
import { clientWalletsQueryKey, fetchClientWallets } from './funding-wallet-api';
import { percentText, runOutText } from './wallet-category-summary';
import { ColumnHeaders } from '../../platform/column-headers';

/**
 * /support-coordinator/funding (issue 16): every linked client's wallet on one screen, each
 * category with its budget, spent, booked and remaining, the share spent and any run-out warning,
 * and the way to open that client's wallet (acting for them) to change it.
 */
export default function CoordinatorFundingPage() {
  const wallets = useQuery({ queryKey: clientWalletsQueryKey, queryFn: ({ signal }) => fetchClientWallets(signal) });
  const actFor = useActForClient(routePath('fundingWallet'));
  const failure = actFor.error ? errorText(actFor.error) : null;
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Client funding</Title>
      <Text size="lg" mt="xs">
        Each client’s plan budgets, what is spent and booked, and whose money may run out early.
      </Text>
      <PageLoadState query={wallets} what="your clients’ funding" failure="We could not load your clients’ funding just now. Please try again in a minute." skeletonHeight={320} />
      <ErrorNotice message={failure} />
      {wallets.data && wallets.data.clients.length === 0 && <Text mt="xl">You have no linked clients yet. Once a client accepts your request, or you add one, their funding shows here.</Text>}
      {wallets.data && wallets.data.clients.length > 0 && (
        <Stack gap="lg" mt="xl">
          {wallets.data.clients.map((client) => (
            <ClientCard key={client.clientId} client={client} onOpen={() => actFor.mutate(client.clientId)} opening={actFor.isPending && actFor.variables === client.clientId} />
          ))}
        </Stack>
      )}
    </Container>
  );
}

function ClientCard({ client, onOpen, opening }: { client: ClientWallet; onOpen: () => void; opening: boolean }) {
  const headingId = `client-${client.clientId}-heading`;
  const warnings = client.categories.flatMap((figures) => {
    const text = runOutText(figures);
    return text ? [`${walletCategoryLabels[figures.category]}: ${text}`] : [];
  });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {client.name}
        </Title>
        {client.plan ? (
          <Text size="sm">
            Plan from {formatLongDate(client.plan.startDate)} to {formatLongDate(client.plan.endDate)}
          </Text>
        ) : (
          <Text size="sm">No plan dates or budgets yet.</Text>
        )}
        {client.categories.length > 0 && (
          <Table.ScrollContainer minWidth={640}>
            <Table striped>
              <caption>{client.name}’s budgets</caption>
              <ColumnHeaders columns={['Category', 'Budget', 'Spent', 'Booked', 'Remaining', 'Share spent']} />
              <Table.Tbody>
                {client.categories.map((figures) => (
                  <Table.Tr key={figures.category}>
                    <Table.Th scope="row">{walletCategoryLabels[figures.category]}</Table.Th>
                    <Table.Td>{figures.budgetCents === null ? 'Not set' : formatCents(figures.budgetCents)}</Table.Td>
                    <Table.Td>{formatCents(figures.spentCents)}</Table.Td>
                    <Table.Td>{formatCents(figures.committedCents)}</Table.Td>
                    <Table.Td>{figures.remainingCents === null ? '—' : formatCents(figures.remainingCents)}</Table.Td>
                    <Table.Td>{percentText(figures)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {warnings.map((warning) => (
          <Notice key={warning} tone="warning">
            <Text>{warning}</Text>
          </Notice>
        ))}
        <BusyButton variant="outline" busy={opening} onClick={onOpen} style={{ alignSelf: 'flex-start' }}>
          Open {client.name}’s wallet
        </BusyButton>
      </Stack>
    </Card>
  );
}
