import { Anchor, Button, Card, Container, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { remittanceSummarySchema } from '@tendly/domain/api/payments';
import { formatCents } from '@tendly/domain/format';
import { routePath } from '@tendly/domain/routes';
import { errorText } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { formatLocalDay } from '../../platform/job-report-format';
import { LoadMoreList } from '../../platform/load-more-list';
import { Notice } from '../../platform/notice';
import { downloadRemittancePdf, fetchRemittance, fetchRemittancePage, remittanceQueryKeys } from './remittances-api';
import { OutcomeAnnouncement, type Outcome } from '../../platform/outcome-announcement';

type RemittanceSummary = z.infer<typeof remittanceSummarySchema>;

function period(start: string | null, end: string | null): string {
  if (!start) return '';
  return end && end !== start ? `${formatLocalDay(start)} to ${formatLocalDay(end)}` : formatLocalDay(start);
}

/** The invoices a remittance paid, loaded when the worker opens them. */
function RemittanceItems({ remittance }: { remittance: RemittanceSummary }) {
  const detail = useQuery({ queryKey: remittanceQueryKeys.one(remittance.id), queryFn: ({ signal }) => fetchRemittance(remittance.id, signal) });
  if (detail.isPending) return <Skeleton height={80} mt="sm" aria-hidden="true" />;
  if (detail.isError) {
    return (
      <Notice tone="error" role="alert" mt="sm">
        <Text>We could not load the invoices of {remittance.number} just now. {errorText(detail.error)}</Text>
      </Notice>
    );
  }
  return (
    <Table.ScrollContainer type="native" minWidth={560} mt="sm" tabIndex={0} role="region" aria-label={`Invoices paid in ${remittance.number}`}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Invoice</Table.Th>
            <Table.Th scope="col">Client and dates</Table.Th>
            <Table.Th scope="col" style={{ textAlign: 'right' }}>
              Invoice total
            </Table.Th>
            <Table.Th scope="col" style={{ textAlign: 'right' }}>
              Platform fee
            </Table.Th>
            <Table.Th scope="col" style={{ textAlign: 'right' }}>
              Paid to you
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {detail.data.items.map((item) => (
            <Table.Tr key={item.invoiceId}>
              <Table.Td>
                <Anchor component={Link} to={routePath('invoice', { invoiceId: item.invoiceId })}>
                  {item.invoiceNumber}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {item.clientName}
                {item.periodStart ? `, ${period(item.periodStart, item.periodEnd)}` : ''}
              </Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{formatCents(item.grossCents)}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{formatCents(-item.feeCents)}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{formatCents(item.amountCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RemittanceRow({ remittance, onAnnounce }: { remittance: RemittanceSummary; onAnnounce: (tone: 'success' | 'error', text: string) => void }) {
  const [open, setOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const itemsId = `remittance-items-${remittance.id}`;

  async function download() {
    setDownloading(true);
    try {
      const fileName = await downloadRemittancePdf(remittance);
      onAnnounce('success', `Remittance ${remittance.number} has been downloaded as ${fileName}.`);
    } catch (error) {
      onAnnounce('error', errorText(error));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={2} size="h4">
            Remittance {remittance.number}
          </Title>
          <Text>
            Paid {formatLocalDay(remittance.paidOn)} to BSB {remittance.bsb}, account ending {remittance.accountLast3}
          </Text>
          <Text size="sm" c="gray.7">
            Your bank statement shows it as {remittance.lodgementReference}.
          </Text>
          <Text size="sm" c="gray.7">
            {remittance.invoiceCount} {remittance.invoiceCount === 1 ? 'invoice' : 'invoices'}: {formatCents(remittance.grossCents)} less platform fees of {formatCents(remittance.feeCents)}
          </Text>
        </div>
        <Text fw={700} size="lg">
          {formatCents(remittance.amountCents)}
        </Text>
      </Group>
      <Group gap="sm" mt="sm">
        <Button variant="outline" size="sm" aria-expanded={open} aria-controls={itemsId} onClick={() => setOpen(!open)}>
          {open ? 'Hide invoices' : 'Show invoices'}
        </Button>
        <BusyButton variant="outline" size="sm" busy={downloading} onClick={() => void download()} aria-label={`Download PDF of remittance ${remittance.number}`}>
          Download PDF
        </BusyButton>
      </Group>
      <div id={itemsId}>{open && <RemittanceItems remittance={remittance} />}</div>
    </Card>
  );
}

/**
 * /paid-invoices, "Remittances" (issue 15): what each payout run paid the worker, newest first:
 * the invoices, the platform fees and the amount sent to their bank account, with the PDF.
 */
export default function RemittancesPage() {
  const [announcement, setAnnouncement] = useState<Outcome | null>(null);
  const query = useInfiniteQuery({
    queryKey: remittanceQueryKeys.list,
    queryFn: ({ pageParam, signal }) => fetchRemittancePage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => {
      const final = last.remittances.at(-1);
      return last.allLoaded || !final ? undefined : final.number;
    },
  });
  return (
    <Container size="md" py="xl">
      <Title order={1}>Remittances</Title>
      <Text size="lg" mt="xs">
        Each payment to your bank account, with the invoices it paid and the platform fee taken from each.
      </Text>
      <Text mt="xs" mb="xl">
        Bank details wrong or missing?{' '}
        <Anchor component={Link} to={routePath('taxAndSuper')}>
          Tax and super
        </Anchor>
      </Text>
      <OutcomeAnnouncement outcome={announcement} mb="md" />
      <LoadMoreList
        query={{ ...query, hasData: query.data !== undefined }}
        items={query.data?.pages.flatMap((page) => page.remittances) ?? []}
        label="Remittances"
        itemKey={(remittance) => remittance.id}
        renderItem={(remittance) => <RemittanceRow remittance={remittance} onAnnounce={(tone, text) => setAnnouncement({ tone, text })} />}
        loadingText="Loading your remittances"
        errorText="We could not load your remittances just now. Please try again in a minute."
        emptyText="No payments yet. When an invoice of yours is paid, the next daily payout pays you and its remittance shows here."
      />
    </Container>
  );
}
