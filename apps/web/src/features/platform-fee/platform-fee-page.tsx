import { Anchor, Container, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DEFAULT_PLATFORM_FEE_BASIS_POINTS } from '@tendly/domain/api/invoices';
import { formatCents } from '@tendly/domain/format';
import { formatLocalDate } from '@tendly/domain/shift-time';
import { formatBasisPoints, invoiceTitle } from '../../platform/invoice-format';
import { InvoiceCard } from '../../platform/invoice-list';
import { LoadMoreList } from '../../platform/load-more-list';
import { useViewer } from '../../platform/session';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { fetchPlatformFeePage, platformFeeQueryKeys, type PlatformFee } from './platform-fees-api';
import { viewerLocalDate } from '../../platform/viewer-calendar';

/** The fee on a round $100 of hourly amounts, to show what the rate means in money. */
const EXAMPLE_HOURLY_CENTS = 10_000;

/** The fee list says when each invoice was issued; it carries no state, so the date is the viewer's own. */
function issuedOn(instant: string): string {
  return formatLocalDate(viewerLocalDate(new Date(instant)));
}

/**
 * /platform-fee (issue 14; spec 2.6, workflows.md "Platform fee"): what the fee is, in plain
 * language with the rate the API reports (9% by default, a setting), then the fee on each invoice,
 * newest first: for a worker the invoices they issued, for a care seeker those issued to them.
 */
export default function PlatformFeePage() {
  const worker = useViewer()?.role === 'CR';
  const query = useInfiniteQuery({
    queryKey: platformFeeQueryKeys.list,
    queryFn: ({ pageParam, signal }) => fetchPlatformFeePage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => {
      const final = last.fees.at(-1);
      return last.allLoaded || !final ? undefined : final.issuedAt;
    },
  });
  const basisPoints = query.data?.pages[0]?.basisPoints ?? null;

  return (
    <Container size="md" py="xl">
      <Title order={1}>Platform fee</Title>
      <Text size="lg" mt="xs">
        {worker ? 'What Tendly keeps from your invoices, and what it pays for.' : 'What the platform fee is, and why it never adds to what you pay.'}
      </Text>
      <Stack gap="md" mt="xl" component="section" aria-labelledby="fee-how-heading">
        <Title order={2} size="h3" id="fee-how-heading">
          How the fee works
        </Title>
        {basisPoints === null ? (
          // While the rate loads, the sentence is laid out hidden under the skeleton with the
          // default rate, so it takes the lines it will take (three on a phone) and moves nothing.
          query.isError ? null : (
            <Skeleton visible aria-hidden="true">
              <FeeSentence basisPoints={DEFAULT_PLATFORM_FEE_BASIS_POINTS} />
            </Skeleton>
          )
        ) : (
          <FeeSentence basisPoints={basisPoints} />
        )}
        {worker ? <WorkerExplanation /> : <CareSeekerExplanation />}
      </Stack>
      <Stack gap="md" mt="xl" component="section" aria-labelledby="fee-list-heading">
        <Title order={2} size="h3" id="fee-list-heading">
          Fees per invoice
        </Title>
        <LoadMoreList
          query={{ ...query, hasData: query.data !== undefined }}
          items={query.data?.pages.flatMap((page) => page.fees) ?? []}
          label="Fees per invoice"
          itemKey={(fee) => fee.invoiceId}
          renderItem={(fee) => <FeeRow fee={fee} worker={worker} />}
          loadingText="Loading the fees"
          errorText="We could not load the platform fees just now. Please try again in a minute."
          emptyText={worker ? 'No invoices yet, so no fees. A fee is recorded with each invoice for your hours.' : 'No invoices have been issued to you yet.'}
        />
      </Stack>
    </Container>
  );
}

function FeeSentence({ basisPoints }: { basisPoints: number }) {
  return (
    <Text fw={700}>
      The platform fee is {formatBasisPoints(basisPoints)} of the hourly amounts on each invoice: on {formatCents(EXAMPLE_HOURLY_CENTS)} of hours it is{' '}
      {formatCents(Math.round((EXAMPLE_HOURLY_CENTS * basisPoints) / 10_000))}.
    </Text>
  );
}

function WorkerExplanation() {
  const site = useSiteConfig();
  return (
    <>
      <List spacing="xs">
        <List.Item>The hourly amounts are the hours you worked at your agreed rates.</List.Item>
        <List.Item>There is no fee on travel, on expenses you are repaid or on GST.</List.Item>
        <List.Item>The fee is taken from your payment: you receive the invoice total less the fee. Each invoice shows both.</List.Item>
        <List.Item>
          It is never added to what the care seeker pays. They pay your rates and nothing more, so an NDIS-funded invoice stays within the NDIS price
          limits.
        </List.Item>
      </List>
      <Text>
        It pays for running the marketplace: finding clients, online invoicing and payment, background checks, and the{' '}
        <Anchor component={Link} to={sitePath(site, 'insurancePolicy')}>
          public liability and accident insurance
        </Anchor>{' '}
        that covers you while you work.
      </Text>
    </>
  );
}

function CareSeekerExplanation() {
  return (
    <List spacing="xs">
      <List.Item>Workers pay the fee, out of what they are paid for their hours. You do not pay it.</List.Item>
      <List.Item>You pay your worker’s agreed rates and nothing more, so an NDIS-funded invoice stays within the NDIS price limits.</List.Item>
      <List.Item>There is no fee on travel, expenses or GST.</List.Item>
      <List.Item>The list below shows the fee on each invoice issued to you, for your records.</List.Item>
    </List>
  );
}

function FeeRow({ fee, worker }: { fee: PlatformFee; worker: boolean }) {
  return (
    <InvoiceCard
      invoiceId={fee.invoiceId}
      title={invoiceTitle(fee)}
      parties={worker ? `For ${fee.clientName}` : `From ${fee.workerName} for ${fee.clientName}`}
      issued={issuedOn(fee.issuedAt)}
      amounts={
        <>
          <Text>Hourly amounts {formatCents(fee.hourlyCents)}</Text>
          <Text fw={700}>Fee {formatCents(fee.platformFeeCents)}</Text>
        </>
      }
    />
  );
}
