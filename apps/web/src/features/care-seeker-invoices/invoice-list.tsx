import { Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { invoiceStatusLabels, type InvoiceStatus, type InvoiceSummary } from '@tendly/domain/api/invoices';
import { formatCents } from '@tendly/domain/format';
import { stateTimeZone } from '@tendly/domain/states';
import { formatDateIn, formatLocalDay } from '../../platform/job-report-format';
import { Notice } from '../../platform/notice';
import { careSeekerInvoiceQueryKeys, fetchInvoicePage } from './care-seeker-invoices-api';
import { howInvoiceIsPaid } from './how-invoices-are-paid';

const statusColours: Record<InvoiceStatus, string> = { ISSUED: 'blue.9', PAID: 'teal.9', CREDITED: 'grape.9' };

function InvoiceRow({ invoice }: { invoice: InvoiceSummary }) {
  const worker = `${invoice.worker.firstName} ${invoice.worker.lastName}`.trim();
  const credit = invoice.kind === 'CREDIT_NOTE';
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Anchor component={Link} to={`/invoice/${encodeURIComponent(invoice.id)}`} fw={700}>
            {credit ? 'Credit note' : 'Invoice'} {invoice.number}
          </Anchor>
          <Text>
            From {worker} for {invoice.clientName}
            {invoice.periodStart ? `, ${formatLocalDay(invoice.periodStart)}` : ''}
            {invoice.periodEnd && invoice.periodEnd !== invoice.periodStart ? ` to ${formatLocalDay(invoice.periodEnd)}` : ''}
          </Text>
          <Text size="sm" c="gray.7">
            Issued {formatDateIn(invoice.issuedAt, stateTimeZone(invoice.state))}
          </Text>
        </div>
        <div style={{ textAlign: 'right' }}>
          <Badge variant="filled" color={statusColours[invoice.status]} radius="sm" tt="none">
            {invoiceStatusLabels[invoice.status]}
          </Badge>
          <Text fw={700} mt={4}>
            {invoice.status === 'ISSUED' ? `${formatCents(invoice.totalCents)} due ${formatLocalDay(invoice.dueDate)}` : formatCents(invoice.totalCents)}
          </Text>
        </div>
      </Group>
      {invoice.status === 'ISSUED' && !credit && (
        <Text size="sm" mt="xs">
          {howInvoiceIsPaid(invoice.fundingType)}
        </Text>
      )}
      {invoice.creditedBy && (
        <Text size="sm" mt="xs">
          Credited by {invoice.creditedBy.number}
          {invoice.reason ? `: ${invoice.reason}` : ''}
        </Text>
      )}
    </Card>
  );
}

/** A paged list of the care seeker's invoices of one status, newest first. */
export function InvoiceList({ status, emptyText }: { status: InvoiceStatus; emptyText: string }) {
  const query = useInfiniteQuery({
    queryKey: careSeekerInvoiceQueryKeys.list(status),
    queryFn: ({ pageParam, signal }) => fetchInvoicePage(status, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => {
      const final = last.invoices.at(-1);
      return last.allLoaded || !final ? undefined : final.issuedAt;
    },
  });
  if (query.isError && !query.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <Notice tone="error" role="alert">
          <Text>We could not load your invoices just now. Please try again in a minute.</Text>
        </Notice>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  if (!query.data) {
    return (
      <div aria-busy="true">
        <div role="status">
          <VisuallyHidden>Loading your invoices</VisuallyHidden>
        </div>
        <Skeleton height={100} radius="md" aria-hidden="true" />
      </div>
    );
  }
  const invoices = query.data.pages.flatMap((page) => page.invoices);
  if (invoices.length === 0) return <Text>{emptyText}</Text>;
  return (
    <Stack gap="md">
      <ul aria-label={`${invoiceStatusLabels[status]} invoices`} style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 'var(--mantine-spacing-md)' }}>
        {invoices.map((invoice) => (
          <li key={invoice.id}>
            <InvoiceRow invoice={invoice} />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <Button variant="outline" onClick={() => void query.fetchNextPage()} aria-busy={query.isFetchingNextPage || undefined} style={{ alignSelf: 'flex-start' }}>
          Load more
        </Button>
      )}
    </Stack>
  );
}
