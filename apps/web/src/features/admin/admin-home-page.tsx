import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { AdminSummary } from '@tendly/domain/api/admin';
import type { BackgroundJobCounts } from '@tendly/domain/api/background-jobs';
import { routePath } from '@tendly/domain/routes';
import { useCurrentUser, useWelcome } from '../../platform/current-user';
import { Notice } from '../../platform/notice';
import { SignedInSummary } from '../../platform/signed-in-summary';
import { useSiteConfig } from '../../platform/site-config';
import { useAdminSummary, useBackgroundJobCounts } from './admin-api';
import { AdminConsoleNav } from '../../platform/admin-console';
import classes from './admin-home-page.module.css';
import { formatInstantDateTime } from '@tendly/domain/format';
import { FormSection } from '../../platform/form-section';

const whole = new Intl.NumberFormat('en-AU');

interface CountGroup {
  readonly id: string;
  readonly title: string;
  readonly rows: readonly (readonly [label: string, value: number])[];
}

function countGroups(summary: AdminSummary): CountGroup[] {
  const { accounts, workers, jobs, applications } = summary;
  return [
    {
      id: 'accounts',
      title: 'Accounts',
      rows: [
        ['Care seekers', accounts.careSeekers],
        ['Care workers', accounts.workers],
        ['Support coordinators', accounts.supportCoordinators],
        ['Administrators', accounts.administrators],
        ['All accounts', accounts.total],
        ['Email not yet verified', accounts.unverified],
        ['Deactivated', accounts.deactivated],
      ],
    },
    {
      id: 'workers',
      title: 'Worker profiles',
      rows: [
        ['Active (shown in search)', workers.active],
        ['Inactive (not shown)', workers.inactive],
      ],
    },
    {
      id: 'jobs',
      title: 'Jobs',
      rows: [
        ['Open', jobs.open],
        ['Filled', jobs.filled],
        ['Closed', jobs.closed],
      ],
    },
    {
      id: 'applications',
      title: 'Applications',
      rows: [
        ['All applications', applications.total],
        ['Waiting for a reply', applications.pending],
      ],
    },
  ];
}

/**
 * /admin, the admin console's home (issues 11 and 12): the console's navigation and what exists
 * on the marketplace now, counted by GET /api/admin/summary. ADMIN_URL points here by default, so
 * administrators land here after signing in.
 */
export default function AdminHomePage() {
  const site = useSiteConfig();
  const { data: me, isLoading, error } = useCurrentUser();
  const welcome = useWelcome();
  const summary = useAdminSummary();
  const jobCounts = useBackgroundJobCounts();

  return (
    <Container size="lg" py="lg">
      <AdminConsoleNav />
      <Title order={1} mt="lg">
        Admin home
      </Title>
      <Text mt="xs" size="lg">
        {welcome} Here is what exists on {site.brandName} today.
      </Text>
      <Stack gap="xl" mt="lg">
        <FormSection id="admin-account-heading" title="Your account" headingGap="sm">
          <SignedInSummary me={me} isLoading={isLoading} error={error} />
        </FormSection>

        <section aria-labelledby="admin-counts-heading" aria-busy={summary.isFetching || undefined}>
          <Group justify="space-between" align="center" mb="sm">
            <Title order={2} size="h3" id="admin-counts-heading">
              What exists
            </Title>
            <Button
              variant="outline"
              onClick={() => {
                void summary.refetch();
                void jobCounts.refetch();
              }}
              loading={summary.isFetching}
            >
              Count again
            </Button>
          </Group>
          {summary.isPending && (
            <Text role="status" c="dimmed">
              Counting…
            </Text>
          )}
          {summary.isError && (
            <Notice tone="error" role="alert">
              <Text c="red.9">{summary.error.message}</Text>
            </Notice>
          )}
          {summary.data && (
            <>
              <div className={classes.groups}>
                {countGroups(summary.data).map((group) => (
                  <section key={group.id} aria-labelledby={`admin-${group.id}-heading`} className={classes.group}>
                    <Title order={3} size="h4" id={`admin-${group.id}-heading`}>
                      {group.title}
                    </Title>
                    <dl className={classes.counts}>
                      {group.rows.map(([label, value]) => (
                        <div key={label} className={classes.count}>
                          <dt>{label}</dt>
                          <dd>{whole.format(value)}</dd>
                        </div>
                      ))}
                    </dl>
                  </section>
                ))}
                <BackgroundJobsGroup counts={jobCounts.data} failedToCount={jobCounts.isError} />
              </div>
              <Text size="sm" c="dimmed" mt="sm">
                Counted <time dateTime={summary.data.countedAt}>{formatInstantDateTime(summary.data.countedAt)}</time>.
              </Text>
            </>
          )}
        </section>

      </Stack>
    </Container>
  );
}

/**
 * Issue 27: the background jobs by status, and the way to the failed ones (/admin/jobs), so that
 * an email that failed for good is seen and sent again.
 */
function BackgroundJobsGroup({ counts, failedToCount }: { counts: BackgroundJobCounts | undefined; failedToCount: boolean }) {
  const rows: [string, number][] = counts
    ? [
        ['Failed', counts.FAILED],
        ['Waiting', counts.PENDING],
        ['Running', counts.RUNNING],
        ['Discarded', counts.DISCARDED],
      ]
    : [];
  return (
    <section aria-labelledby="admin-background-jobs-heading" className={classes.group}>
      <Title order={3} size="h4" id="admin-background-jobs-heading">
        Background jobs
      </Title>
      {failedToCount && <Text mt="sm">We could not count the background jobs just now.</Text>}
      {counts && (
        <dl className={classes.counts}>
          {rows.map(([label, value]) => (
            <div key={label} className={classes.count}>
              <dt>{label}</dt>
              <dd>{whole.format(value)}</dd>
            </div>
          ))}
        </dl>
      )}
      <Anchor component={Link} to={routePath('adminJobs')} underline="always" mt="sm" display="inline-block">
        {counts && counts.FAILED > 0 ? `Review the failed jobs (${whole.format(counts.FAILED)})` : 'See the background jobs'}
      </Anchor>
    </section>
  );
}
