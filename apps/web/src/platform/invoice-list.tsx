import { Anchor, Card, Group, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { InvoiceStatus, InvoiceSummary } from '@tendly/domain/api/invoices';
import { formatCents, fullName } from '@tendly/domain/format';
import { routePath } from '@tendly/domain/routes';
import { stateTimeZone } from '@tendly/domain/states';
import { howInvoiceIsPaid } from './how-invoices-are-paid';
import { invoiceTitle } from './invoice-format';
import { fetchInvoicePage, invoiceQueryKeys } from './invoices-api';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { formatDateIn, formatLocalDay } from './job-report-format';
import { LoadMoreList } from './load-more-list';

/** Whose list it is: the worker who issued the invoices, or the care seeker they were issued to. */
export type InvoiceParty = 'WORKER' | 'CARE_SEEKER';

function period(invoice: InvoiceSummary): string {
  if (!invoice.periodStart) return '';
  const end = invoice.periodEnd && invoice.periodEnd !== invoice.periodStart ? ` to ${formatLocalDay(invoice.periodEnd)}` : '';
  return `, ${formatLocalDay(invoice.periodStart)}${end}`;
}

/**
 * An invoice's card in a list: its title, linking to the invoice; who it is between; when it was
 * issued; the amounts beside them; and anything more below (`children`).
 */
export function InvoiceCard({
  invoiceId,
  title,
  parties,
  issued,
  amounts,
  children,
}: {
  invoiceId: string;
  title: string;
  parties: ReactNode;
  issued: ReactNode;
  amounts: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Anchor component={Link} to={routePath('invoice', { invoiceId })} fw={700}>
            {title}
          </Anchor>
          <Text>{parties}</Text>
          <Text size="sm" c="gray.7">
            Issued {issued}
          </Text>
        </div>
        <div style={{ textAlign: 'right' }}>{amounts}</div>
      </Group>
      {children}
    </Card>
  );
}

function InvoiceRow({ invoice, party, actions }: { invoice: InvoiceSummary; party: InvoiceParty; actions: ReactNode }) {
  const credit = invoice.kind === 'CREDIT_NOTE';
  const due = invoice.status === 'ISSUED' && !credit;
  const zone = stateTimeZone(invoice.state);
  return (
    <InvoiceCard
      invoiceId={invoice.id}
      title={invoiceTitle(invoice)}
      parties={
        <>
          {party === 'WORKER' ? `To ${fullName(invoice.careSeeker)}` : `From ${fullName(invoice.worker)}`} for {invoice.clientName}
          {period(invoice)}
        </>
      }
      issued={
        <>
          {formatDateIn(invoice.issuedAt, zone)}
          {invoice.status === 'PAID' && invoice.paidAt && `, paid ${formatDateIn(invoice.paidAt, zone)}`}
        </>
      }
      amounts={
        <>
          <InvoiceStatusBadge status={invoice.status} />
          <Text fw={700} mt={4}>
            {due ? `${formatCents(invoice.totalCents)} due ${formatLocalDay(invoice.dueDate)}` : formatCents(invoice.totalCents)}
          </Text>
        </>
      }
    >
      {due && party === 'CARE_SEEKER' && (
        <Text size="sm" mt="xs">
          {howInvoiceIsPaid(invoice.fundingType)}
        </Text>
      )}
      {actions}
      {party === 'WORKER' && !credit && (
        <Text size="sm" mt="xs">
          You receive {formatCents(invoice.workerReceivesCents)} after the platform fee of {formatCents(invoice.platformFeeCents)}.
        </Text>
      )}
      {invoice.creditNoteFor && (
        <Text size="sm" mt="xs">
          Credits invoice {invoice.creditNoteFor.number}
          {invoice.reason ? `: ${invoice.reason}` : ''}
        </Text>
      )}
      {invoice.creditedBy && (
        <Text size="sm" mt="xs">
          Credited by {invoice.creditedBy.number}
          {invoice.reason ? `: ${invoice.reason}` : ''}
        </Text>
      )}
    </InvoiceCard>
  );
}

/**
 * A paged list of invoices, newest first, of one status or all (`status` null): the worker's
 * /invoices and the care seeker's /pending-invoices and /past-invoices. Each links to the invoice.
 */
export function InvoiceList({
  status,
  party,
  label,
  emptyText,
  renderActions,
}: {
  status: InvoiceStatus | null;
  party: InvoiceParty;
  label: string;
  emptyText: string;
  /** What a page adds under each invoice (the care seeker's Pay button on /pending-invoices). */
  renderActions?: (invoice: InvoiceSummary) => ReactNode;
}) {
  const query = useInfiniteQuery({
    queryKey: invoiceQueryKeys.list(status),
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
      label={label}
      itemKey={(invoice) => invoice.id}
      renderItem={(invoice) => <InvoiceRow invoice={invoice} party={party} actions={renderActions?.(invoice)} />}
      loadingText="Loading your invoices"
      errorText="We could not load your invoices just now. Please try again in a minute."
      emptyText={emptyText}
    />
  );
}
