import { Anchor, Badge, Card, Group, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { invoiceStatusLabels, type InvoiceStatus, type InvoiceSummary } from '@tendly/domain/api/invoices';
import { formatCents } from '@tendly/domain/format';
import { stateTimeZone } from '@tendly/domain/states';
import { formatDateIn, formatLocalDay } from '../../platform/job-report-format';
import { LoadMoreList } from '../../platform/load-more-list';
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
  return (
    <LoadMoreList
      query={{ ...query, hasData: query.data !== undefined }}
      items={query.data?.pages.flatMap((page) => page.invoices) ?? []}
      label={`${invoiceStatusLabels[status]} invoices`}
      itemKey={(invoice) => invoice.id}
      renderItem={(invoice) => <InvoiceRow invoice={invoice} />}
      loadingText="Loading your invoices"
      errorText="We could not load your invoices just now. Please try again in a minute."
      emptyText={emptyText}
    />
  );
}
