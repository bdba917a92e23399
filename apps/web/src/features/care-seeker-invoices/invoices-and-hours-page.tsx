import { Anchor, Card, Container, Divider, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatCents } from '@tendly/domain/format';
import { routePath } from '@tendly/domain/routes';
import { JobReportList, OutcomeAnnouncement, outcomeNotice } from '../../platform/job-report-list';
import { Notice } from '../../platform/notice';
import { useViewer } from '../../platform/session';
import { careSeekerInvoiceQueryKeys, fetchInvoiceOverview } from './care-seeker-invoices-api';
import { NomineePanel } from '../../platform/nominee-panel';
import { TitledSection } from '../../platform/titled-section';

/** How many reports waiting for approval the overview shows; the rest are on /unapproved-invoices. */
const LATEST_REPORTS = 3;

const TILE_COLUMNS = { base: 1, sm: 3 };
/** A tile's height: its heading, the total, the count and the link. */
const TILE_PLACEHOLDER_HEIGHT = 150;

function Tile({ title, count, totalCents, to, linkText, noun }: { title: string; count: number; totalCents: number; to: string; linkText: string; noun: { one: string; many: string } }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text size="xl" fw={700} mt="xs">
        {formatCents(totalCents)}
      </Text>
      <Text>
        {count} {count === 1 ? noun.one : noun.many}
      </Text>
      <Anchor component={Link} to={to} mt="xs" display="inline-block">
        {linkText}
      </Anchor>
    </Card>
  );
}

/**
 * /invoices-and-hours (issue 14): the care seeker's money at a glance: hours waiting for their
 * approval, unpaid and paid invoices, the latest hours to decide, and their nominee.
 */
export default function InvoicesAndHoursPage() {
  const role = useViewer()?.role;
  const overview = useQuery({ queryKey: careSeekerInvoiceQueryKeys.overview, queryFn: ({ signal }) => fetchInvoiceOverview(signal) });
  const [notice, setNotice] = useState<ReturnType<typeof outcomeNotice> | null>(null);
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Invoices and hours</Title>
      <Text size="lg" mt="xs">
        Approve the hours your workers submit, and keep track of your invoices.
      </Text>
      {overview.isError && (
        <Notice tone="error" role="alert" mt="md">
          <Text>We could not load your totals just now. Please try again in a minute.</Text>
        </Notice>
      )}
      {overview.isPending && (
        // The three tiles' places, laid out as they will be, so the lists below do not move when they come.
        <SimpleGrid cols={TILE_COLUMNS} mt="xl" aria-hidden="true">
          {[0, 1, 2].map((tile) => (
            <Skeleton key={tile} height={TILE_PLACEHOLDER_HEIGHT} radius="md" />
          ))}
        </SimpleGrid>
      )}
      {overview.data && (
        <SimpleGrid cols={TILE_COLUMNS} mt="xl">
          <Tile title="Hours awaiting approval" {...overview.data.awaitingApproval} to="/unapproved-invoices" linkText="Review hours" noun={{ one: 'job report', many: 'job reports' }} />
          <Tile title="Unpaid invoices" {...overview.data.unpaid} to="/pending-invoices" linkText="See unpaid invoices" noun={{ one: 'invoice', many: 'invoices' }} />
          <Tile title="Paid invoices" {...overview.data.paid} to="/past-invoices" linkText="See past invoices" noun={{ one: 'invoice', many: 'invoices' }} />
        </SimpleGrid>
      )}
      <Stack gap="sm" mt="xl">
        <Title order={2} size="h3">
          Latest hours to approve
        </Title>
        <OutcomeAnnouncement notice={notice} />
        <JobReportList status="SUBMITTED" role={role} limit={LATEST_REPORTS} paged={false} headingLevel={3} onOutcome={(outcome) => setNotice(outcomeNotice(outcome))} />
        <Anchor component={Link} to="/unapproved-invoices">
          All hours
        </Anchor>
      </Stack>
      <Divider my="xl" />
      <NomineePanel />
      <Divider my="xl" />
      <TitledSection id="more-about-hours-heading" heading="More about your workers’ hours" size="h3">
        <List spacing="sm" mt="sm">
          <List.Item>
            <Anchor component={Link} to={routePath('shiftNotes')}>
              Shift notes
            </Anchor>
            : what your workers wrote after each shift, to read or download.
          </List.Item>
          <List.Item>
            <Anchor component={Link} to={routePath('paymentDetails')}>
              Payment details
            </Anchor>
            : your saved cards, and whether invoices are paid automatically.
          </List.Item>
          <List.Item>
            <Anchor component={Link} to={routePath('providerDetails')}>
              Provider and plan details
            </Anchor>
            : your NDIS number, plan manager or aged care provider, who are sent the invoices they pay.
          </List.Item>
          <List.Item>
            <Anchor component={Link} to={routePath('platformFee')}>
              The platform fee
            </Anchor>
            : why it never adds to what you pay.
          </List.Item>
        </List>
      </TitledSection>
    </Container>
  );
}
