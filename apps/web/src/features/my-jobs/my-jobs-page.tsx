import type { ReactNode } from 'react';
import { Anchor, Button, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ContractsSection } from '../../platform/contracts-list';
import type { MyApplication, MyInvitation } from '@tendly/domain/api/jobs';
import { formatJobDate, jobPath } from '../../platform/job-format';
import { JobSummaryCard } from '../../platform/job-summary-card';
import { jobQueryKeys } from '../../platform/jobs-api';
import { LoadFailure, LoadingStatus } from '../../platform/page-load-state';
import { useSession } from '../../platform/session';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { fetchMyApplications, fetchMyInvitations } from './my-jobs-api';
import cardListClasses from '../../platform/card-list.module.css';
import applicationClasses from '../../platform/job-application.module.css';
import { ApplicationStatusBadge } from '../../platform/application-status-badge';
import { TitledSection } from '../../platform/titled-section';

/**
 * /my-jobs (spec 2.5: blocked for inactive profiles; issue 6): the jobs the worker applied for,
 * with where each stands, and the jobs care seekers invited them to apply for.
 */
export default function MyJobsPage() {
  const { user } = useSession();
  const applications = useQuery({
    queryKey: [...jobQueryKeys.myApplications, user?.id ?? null],
    queryFn: ({ signal }) => fetchMyApplications(signal),
  });
  const invitations = useQuery({
    queryKey: [...jobQueryKeys.myInvitations, user?.id ?? null],
    queryFn: ({ signal }) => fetchMyInvitations(signal),
  });

  return (
    <Container size="lg" py="xl">
      <Title order={1}>My jobs</Title>
      <Text size="lg" mt="xs">
        Your service agreements, the jobs you applied for, and the jobs care seekers have invited you to apply for.
      </Text>
      <Stack gap="xl" mt="xl">
        <ContractsSection viewer="WORKER" />
        <TitledSection id="applications-heading" heading="Your applications" size="h3">
          <ListState query={applications} loading="your applications" failureText="We could not load your applications just now.">
            {(list) => (list.length === 0 ? <NoApplications /> : <ApplicationList applications={list} />)}
          </ListState>
        </TitledSection>
        <TitledSection id="invitations-heading" heading="Invitations to apply" size="h3">
          <ListState query={invitations} loading="your invitations" failureText="We could not load your invitations just now.">
            {(list) => (list.length === 0 ? <NoInvitations /> : <InvitationList invitations={list} />)}
          </ListState>
        </TitledSection>
      </Stack>
    </Container>
  );
}

/** Loading, failed or loaded: one list's three states. */
function ListState<T>({
  query,
  loading,
  failureText,
  children,
}: {
  query: { data: T[] | undefined; isError: boolean; isFetching: boolean; refetch: () => unknown };
  /** Names what is loading, as in "Loading your applications". */
  loading: string;
  failureText: string;
  children: (list: T[]) => ReactNode;
}) {
  if (query.data) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <LoadFailure query={query} mt="sm" isRetrying={query.isFetching}>
        {failureText} Please try again in a minute.
      </LoadFailure>
    );
  }
  return (
    <LoadingStatus what={loading}>
      <Stack gap="md" mt="md" aria-hidden="true">
        <Skeleton height={160} radius="md" />
      </Stack>
    </LoadingStatus>
  );
}

function FindJobsLink({ children }: { children: ReactNode }) {
  const site = useSiteConfig();
  return (
    <Anchor component={Link} to={sitePath(site, 'findJob')} fw={600} mt="xs" display="inline-block">
      {children}
    </Anchor>
  );
}

function NoApplications() {
  return (
    <>
      <Text mt="sm">You have not applied for any jobs yet.</Text>
      <Text mt="xs">Find jobs near you on the job board, open one that suits you and press Apply.</Text>
      <FindJobsLink>Find a job</FindJobsLink>
    </>
  );
}

function NoInvitations() {
  return (
    <>
      <Text mt="sm">No invitations yet.</Text>
      <Text mt="xs">
        Care seekers who like your profile can invite you to apply for their jobs. A full profile, with your skills, rates
        and when you are free, helps them find you. In the meantime, you can look for jobs yourself.
      </Text>
      <FindJobsLink>Look for jobs near you</FindJobsLink>
    </>
  );
}

function ApplicationList({ applications }: { applications: readonly MyApplication[] }) {
  return (
    <ul className={cardListClasses.cardList} aria-label="Your applications">
      {applications.map((application) => (
        <li key={application.id}>
          {/* The status says it; the card's own "Applied" mark would say it twice. */}
          <JobSummaryCard job={{ ...application.job, hasApplied: false }}>
            <Text>
              Status:{' '}
              <ApplicationStatusBadge status={application.status} />
            </Text>
            <Text size="sm" mt={4}>
              You applied on{' '}
              <time dateTime={application.appliedAt}>{formatJobDate(application.appliedAt, application.job.place.state)}</time>
            </Text>
            {application.job.status !== 'OPEN' && (
              <Text size="sm" mt={4} fw={600}>
                This job has closed.
              </Text>
            )}
          </JobSummaryCard>
        </li>
      ))}
    </ul>
  );
}

function InvitationList({ invitations }: { invitations: readonly MyInvitation[] }) {
  return (
    <ul className={cardListClasses.cardList} aria-label="Invitations to apply">
      {invitations.map((invitation) => {
        const { job } = invitation;
        return (
          <li key={invitation.id}>
            <JobSummaryCard job={job}>
              <Text size="sm">
                {job.postedBy} invited you on{' '}
                <time dateTime={invitation.invitedAt}>{formatJobDate(invitation.invitedAt, job.place.state)}</time>
              </Text>
              {invitation.message && (
                <>
                  <Text size="sm" fw={700} mt="xs">
                    {job.postedBy}’s note
                  </Text>
                  <blockquote className={applicationClasses.message}>{invitation.message}</blockquote>
                </>
              )}
              {job.hasApplied ? (
                <Text mt="sm" fw={600}>
                  You have applied for this job.
                </Text>
              ) : job.status !== 'OPEN' ? (
                <Text mt="sm" fw={600}>
                  This job has closed.
                </Text>
              ) : (
                <Button component={Link} to={jobPath(job.id)} mt="sm" size="sm" aria-label={`View and apply: ${job.title}`}>
                  View and apply
                </Button>
              )}
            </JobSummaryCard>
          </li>
        );
      })}
    </ul>
  );
}
