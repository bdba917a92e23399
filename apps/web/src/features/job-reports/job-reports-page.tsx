import { Anchor, Container, Group, Tabs, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useState } from 'react';
import { timesheetStatusLabels, type TimesheetStatus } from '@tendly/domain/api/timesheets';
import { routePath } from '@tendly/domain/routes';
import { JobReportList, OutcomeAnnouncement, outcomeNotice } from '../../platform/job-report-list';
import { useViewer } from '../../platform/session';
import { OpenedJobReport } from './opened-job-report';

const lists: readonly TimesheetStatus[] = ['SUBMITTED', 'REJECTED', 'APPROVED'];

/**
 * /unapproved-invoices (issue 14): job reports by status. The care seeker (or a coordinator
 * acting) approves or rejects hours waiting; the worker sees them as Job Reports and fixes the
 * ones sent back. With `?report=` (a job report email's button) it shows that one report instead
 * of the lists, with a link to all of them.
 */
export default function JobReportsPage() {
  const viewer = useViewer();
  const role = viewer?.role;
  const [tab, setTab] = useState<TimesheetStatus>('SUBMITTED');
  const [notice, setNotice] = useState<ReturnType<typeof outcomeNotice> | null>(null);
  const worker = role === 'CR';
  const [params] = useSearchParams();
  const reportId = params.get('report');
  return (
    <Container size="md" py="xl">
      <Title order={1}>{worker ? 'Job reports' : 'Hours to approve'}</Title>
      <Text size="lg" mt="xs">
        {worker
          ? 'The hours you have submitted, and where each one is up to.'
          : 'Hours your workers have submitted. Approve them to issue the invoice, or send them back with what to fix.'}
      </Text>
      {worker && (
        <Group gap="lg" mt="sm">
          {!viewer?.isInactiveWorker && (
            <Anchor component={Link} to={routePath('submitTimesheet')}>
              Submit hours
            </Anchor>
          )}
          <Anchor component={Link} to={routePath('savedHours')}>
            Saved hours
          </Anchor>
          <Anchor component={Link} to={routePath('workerInvoices')}>
            Invoices
          </Anchor>
        </Group>
      )}
      <OutcomeAnnouncement notice={notice} />
      {reportId ? (
        <div style={{ marginTop: 'var(--mantine-spacing-xl)' }}>
          <OpenedJobReport reportId={reportId} role={role} onOutcome={(outcome) => setNotice(outcomeNotice(outcome))} />
          <Anchor component={Link} to={routePath('unapprovedInvoices')} mt="xl" display="inline-block">
            {worker ? 'All your job reports' : 'All hours to approve'}
          </Anchor>
        </div>
      ) : (
        <Tabs value={tab} onChange={(value) => value && setTab(value as TimesheetStatus)} mt="xl" keepMounted={false}>
          <Tabs.List>
            {lists.map((status) => (
              <Tabs.Tab key={status} value={status}>
                {timesheetStatusLabels[status]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {lists.map((status) => (
            <Tabs.Panel key={status} value={status} pt="md">
              <JobReportList status={status} role={role} onOutcome={(outcome) => setNotice(outcomeNotice(outcome))} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Container>
  );
}

