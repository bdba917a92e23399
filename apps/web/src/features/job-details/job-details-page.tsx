import { Container, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { jobStatusLabels, type Job } from '@tendly/domain/api/jobs';
import { truncate } from '@tendly/domain/format';
import { JobDescription, JobFacts, JobSection } from '../../platform/job-facts';
import { formatJobDate, formatJobPlace, formatJobPoster } from '../../platform/job-format';
import { Notice } from '../../platform/notice';
import { usePageMetaOverride } from '../../platform/page-meta';
import { useViewer } from '../../platform/session';
import { JobDetailsSkeleton, JobLoadFailed, JobNotFound } from './job-details-states';
import { OwnerActions, OwnerPrivateDetails } from './owner-panels';
import { useJob } from './use-job';
import { VisitorPanel, WorkerApplyPanel } from './viewer-panels';
import classes from './job-details.module.css';

/** A search result's description is about this long; a page description should be too. */
const META_DESCRIPTION_LENGTH = 155;

/**
 * /jobs/{jobId} (spec 2.3; issue 6), public: the whole job for anyone, with what each person can
 * do beside it. The owner gets the private details, marked as theirs alone, and the ways to see
 * applicants, edit and close; a worker applies; a visitor is asked to sign in. The page is titled
 * with the job's own title, for shared links and the browser tab.
 */
export default function JobDetailsPage() {
  const { jobId } = useParams();
  const job = useJob(jobId);
  usePageMetaOverride(
    job.data ? { title: job.data.title, description: truncate(job.data.summary.replace(/\n/g, ' '), META_DESCRIPTION_LENGTH) || 'A care or support job.' } : null,
  );

  if (job.data) return <JobDetails job={job.data} />;
  if (job.isNotFound) return <JobNotFound />;
  if (job.isError) return <JobLoadFailed onRetry={() => void job.refetch()} isRetrying={job.isFetching} />;
  return <JobDetailsSkeleton />;
}

function JobDetails({ job }: { job: Job }) {
  const viewer = useViewer();

  let panel = null;
  if (job.isOwner) panel = <OwnerActions job={job} />;
  else if (viewer === null) panel = <VisitorPanel />;
  else if (viewer.role === 'CR') panel = <WorkerApplyPanel job={job} />;

  return (
    <Container size="lg" py="xl">
      <header>
        <Title order={1} className={classes.title}>
          {job.title}
        </Title>
        <Text size="lg" fw={600} c="tendlyTeal.8" mt={4}>
          {formatJobPlace(job.place)}
        </Text>
        <Text mt={4}>
          Posted by {formatJobPoster(job)} on <time dateTime={job.postedAt}>{formatJobDate(job.postedAt, job.place.state)}</time>
        </Text>
        {job.status !== 'OPEN' && (
          <Notice tone="warning" mt="md">
            <Text fw={600}>
              This job is {jobStatusLabels[job.status].toLowerCase()}
              {job.closedAt ? ` since ${formatJobDate(job.closedAt, job.place.state)}` : ''}. It is no longer taking applications.
            </Text>
          </Notice>
        )}
      </header>

      <div className={classes.layout}>
        {panel && <aside className={classes.aside} aria-label="What you can do">{panel}</aside>}
        <Stack gap="xl">
          <JobSection id="about" title="About the job">
            {/* Sanitised on the server and again here (sanitise-job-description.ts). */}
            <JobDescription html={job.htmlDescription} />
          </JobSection>
          <JobFacts job={job} />
          {job.isOwner && <OwnerPrivateDetails job={job} />}
        </Stack>
      </div>
    </Container>
  );
}
