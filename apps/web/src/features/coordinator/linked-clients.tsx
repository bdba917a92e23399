import { Badge, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CoordinatorClientFigures, LinkedCoordinatorClient, PendingCoordinatorClient } from '@tendly/domain/api/auth';
import { hasNoMailbox, NO_EMAIL_ADDRESS } from '@tendly/domain/contact-email';
import { formatCents } from '@tendly/domain/format';
import { formatLocalDate, formatLocalDateTime, instantToLocalDate } from '@tendly/domain/shift-time';
import { errorText } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { useSession } from '../../platform/session';
import { fetchLinkedClients } from './coordinator-api';
import { useActForClient } from '../../platform/act-for-client';
import { ErrorNotice, Notice } from '../../platform/notice';
import classes from './coordinator-dashboard-page.module.css';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "Perth time", from the zone of the state where the shift happens. */
const zoneName = (timeZone: string) => `${(timeZone.split('/')[1] ?? timeZone).replace(/_/g, ' ')} time`;

/** A client's figures as a description list: what each number is, then the number. */
function ClientFigures({ figures }: { figures: CoordinatorClientFigures }) {
  const rows: [string, string][] = [
    [
      'Upcoming shifts',
      figures.nextShift
        ? `${figures.upcomingShiftCount}, the next on ${formatLocalDateTime(figures.nextShift.startsAtLocal)} (${zoneName(figures.nextShift.timeZone)})`
        : 'None booked',
    ],
    ['Hours awaiting approval', figures.hoursAwaitingApprovalCount === 0 ? 'None' : plural(figures.hoursAwaitingApprovalCount, 'job report', 'job reports')],
    ['Unpaid invoices', figures.unpaidInvoiceCount === 0 ? 'None' : `${plural(figures.unpaidInvoiceCount, 'invoice', 'invoices')}, ${formatCents(figures.unpaidInvoiceCents)}`],
    [
      'Invoiced this plan period',
      figures.invoicedThisPlanCents !== null && figures.planStartDate && figures.planEndDate
        ? `${formatCents(figures.invoicedThisPlanCents)} (${formatLocalDate(figures.planStartDate)} to ${formatLocalDate(figures.planEndDate)})`
        : 'No plan dates yet',
    ],
  ];
  return (
    <dl className={classes.figures}>
      {rows.map(([term, value]) => (
        <div key={term} className={classes.figure}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The signed-in coordinator's clients, linked and waiting, as GET /api/coordinator/clients answers. */
export function useLinkedClients() {
  const { user } = useSession();
  return useQuery({
    queryKey: ['coordinator-clients', user?.id ?? null],
    queryFn: ({ signal }) => fetchLinkedClients(signal),
  });
}

/**
 * The coordinator's clients (spec 2.7, 2.8 My Clients; issue 16): each linked client with their
 * upcoming shifts, hours awaiting approval, unpaid invoices and what was invoiced this plan
 * period, and the way to act for them; then the requests still waiting for an answer.
 */
export function LinkedClients() {
  const clients = useLinkedClients();
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
  const linked = clients.data.filter((client): client is LinkedCoordinatorClient => client.linkStatus === 'ACTIVE');
  const pending = clients.data.filter((client): client is PendingCoordinatorClient => client.linkStatus === 'PENDING');
  const failure = actFor.error ? errorText(actFor.error) : null;

  return (
    <Stack gap="md">
      <ErrorNotice message={failure} textColor="red.9" />
      {linked.length === 0 ? (
        <Text>You have no linked clients yet. Add a client, or ask an existing client to link their account to you.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} component="ul" className={classes.cardList}>
          {linked.map((client) => (
            <Card component="li" key={client.id} withBorder padding="md" aria-labelledby={`client-${client.id}`}>
              <Group justify="space-between" gap="xs">
                <Title order={3} size="h4" id={`client-${client.id}`}>
                  {client.name}
                </Title>
                <Badge color="teal.9" variant="filled" radius="sm" tt="none">
                  Linked
                </Badge>
              </Group>
              <Text size="sm">{hasNoMailbox(client.email) ? `${NO_EMAIL_ADDRESS}: emails for ${client.name} come to you.` : client.email}</Text>
              {client.phone && <Text size="sm">{client.phone}</Text>}
              <ClientFigures figures={client.figures} />
              <BusyButton mt="md" busy={actFor.isPending && actFor.variables === client.id} onClick={() => actFor.mutate(client.id)}>
                Act as {client.name}
              </BusyButton>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {pending.length > 0 && (
        <section aria-labelledby="sc-pending-heading">
          <Title order={3} size="h4" id="sc-pending-heading" mb="xs">
            Waiting for an answer
          </Title>
          <ul className={classes.cardList}>
            {pending.map((request) => (
              <li key={request.linkId}>
                <Text>
                  {request.email}: asked on {formatLocalDate(instantToLocalDate(new Date(request.requestedAt), 'Australia/Sydney'))}.{' '}
                  <Badge component="span" color="gray.7" variant="filled" radius="sm" tt="none">
                    Pending
                  </Badge>
                </Text>
              </li>
            ))}
          </ul>
        </section>
      )}
    </Stack>
  );
}
