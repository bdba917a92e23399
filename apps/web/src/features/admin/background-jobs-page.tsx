import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ADMIN_PAGE_SIZE } from '@tendly/domain/api/admin';
import {
  backgroundJobStatuses,
  backgroundJobStatusLabels,
  type BackgroundJob,
  type BackgroundJobCounts,
  type BackgroundJobStatus,
} from '@tendly/domain/api/background-jobs';
import { AdminPage, AdminShowSelect } from '../../platform/admin-console';
import { errorText } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { ConfirmDialog } from '../../platform/confirm-dialog';
import { OutcomeAnnouncement, type Outcome } from '../../platform/outcome-announcement';
import { useBackgroundJobAction, useBackgroundJobCounts, useBackgroundJobs } from './admin-api';
import { formatDateTime } from './admin-format';
import { AdminPager } from './admin-pager';
import { LoadState, startOf, withStart } from './list-state';
import classes from '../../platform/admin-console.module.css';

/** The job that delivers one email (apps/api platform/mail): its retry sends the email again. */
const EMAIL_JOB = 'mail.deliver';
const ALL = 'ALL';
type Shown = BackgroundJobStatus | typeof ALL;

const whole = new Intl.NumberFormat('en-AU');

/** The list shown: `?status=`, the failed jobs when there is none. */
function shownOf(params: URLSearchParams): Shown {
  const value = params.get('status');
  if (value === ALL) return ALL;
  return backgroundJobStatuses.find((status) => status === value) ?? 'FAILED';
}

function statusOptions(counts: BackgroundJobCounts | undefined) {
  const counted = (status: BackgroundJobStatus) => (counts ? ` (${whole.format(counts[status])})` : '');
  return [
    ...backgroundJobStatuses.map((status) => ({ value: status, label: `${backgroundJobStatusLabels[status]}${counted(status)}` })),
    { value: ALL, label: 'All jobs' },
  ];
}

const retryLabel = (job: BackgroundJob) => (job.type === EMAIL_JOB ? 'Resend email' : 'Retry now');
/** A job in a line: an email says what it is itself ("Email to ..."); other kinds are named first. */
const titleOf = (job: BackgroundJob) => (job.type === EMAIL_JOB ? job.subject : `${job.type}: ${job.subject}`);
const tries = (attempts: number) => `${whole.format(attempts)} ${attempts === 1 ? 'try' : 'tries'}`;

/**
 * /admin/jobs (issue 27): the emails and other background work that failed, with why, so that
 * nothing fails only in a log. An administrator sends an email again (or runs a job again) or
 * discards it, after confirming.
 */
export default function BackgroundJobsPage() {
  const [params, setParams] = useSearchParams();
  const start = startOf(params);
  const shown = shownOf(params);
  const jobs = useBackgroundJobs({ start, limit: ADMIN_PAGE_SIZE, status: shown === ALL ? undefined : shown });
  const counts = useBackgroundJobCounts();
  const action = useBackgroundJobAction();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [discarding, setDiscarding] = useState<BackgroundJob | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  /** After an action the job may leave the list with the button pressed: the keyboard goes back to the list's heading. */
  const done = (text: string) => {
    setOutcome({ tone: 'success', text });
    listHeading.current?.focus();
  };

  function retry(job: BackgroundJob) {
    setOutcome(null);
    action.mutate(
      { jobId: job.id, action: 'retry' },
      {
        onSuccess: () =>
          done(job.type === EMAIL_JOB ? `The email will be sent again in a moment: ${job.subject}.` : `The job will run again in a moment: ${titleOf(job)}.`),
        onError: (error) => setOutcome({ tone: 'error', text: errorText(error) }),
      },
    );
  }

  function discard(job: BackgroundJob) {
    action.mutate(
      { jobId: job.id, action: 'discard' },
      {
        onSuccess: () => {
          setDiscarding(null);
          done(`Discarded: ${titleOf(job)}. It will not run again unless you retry it.`);
        },
      },
    );
  }

  const listTitle = shown === ALL ? 'All jobs' : `${backgroundJobStatusLabels[shown]} jobs`;

  return (
    <AdminPage
      title="Background jobs"
      intro={
        <Text mt="xs">
          Emails and other work done after a request. A job that fails for a passing reason is tried again for a day; one that fails for good, or runs out of
          tries, waits here for you to send it again or discard it.
        </Text>
      }
    >
      <AdminShowSelect
        value={shown}
        onChange={(value) => {
          setOutcome(null);
          const next = new URLSearchParams();
          if (value !== 'FAILED') next.set('status', value);
          setParams(next);
        }}
        data={statusOptions(counts.data)}
      />
      <OutcomeAnnouncement outcome={outcome} mt="md" />
      <Title order={2} size="h3" mt="lg" ref={listHeading} tabIndex={-1}>
        {listTitle}
      </Title>
      <LoadState isPending={jobs.isPending} error={jobs.error} what="the jobs" />
      {jobs.data && (
        <>
          {jobs.data.items.length === 0 ? (
            <Text mt="md">{shown === 'FAILED' ? 'No job has failed. Emails and other background work are going through.' : 'No jobs here.'}</Text>
          ) : (
            <Stack gap="md" mt="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={listTitle}>
              {jobs.data.items.map((job) => (
                <Paper key={job.id} component="li" withBorder p="md">
                  <JobItem
                    job={job}
                    retrying={action.isPending && action.variables?.jobId === job.id && action.variables.action === 'retry'}
                    onRetry={() => retry(job)}
                    onDiscard={() => {
                      setOutcome(null);
                      action.reset();
                      setDiscarding(job);
                    }}
                  />
                </Paper>
              ))}
            </Stack>
          )}
          {(jobs.data.items.length > 0 || start > 0) && (
            <AdminPager
              start={start}
              shown={jobs.data.items.length}
              pageSize={ADMIN_PAGE_SIZE}
              total={jobs.data.total}
              noun="jobs"
              onChange={(next) => setParams(withStart(params, next))}
            />
          )}
        </>
      )}
      {discarding && (
        <ConfirmDialog
          title="Discard this job?"
          confirmLabel="Discard job"
          danger
          busy={action.isPending}
          error={action.error}
          onConfirm={() => discard(discarding)}
          onClose={() => setDiscarding(null)}
        >
          {`${titleOf(discarding)}. It will not run again unless someone retries it; it stays listed under Discarded.`}
        </ConfirmDialog>
      )}
    </AdminPage>
  );
}

function JobItem({ job, retrying, onRetry, onDiscard }: { job: BackgroundJob; retrying: boolean; onRetry: () => void; onDiscard: () => void }) {
  const headingId = `job-${job.id}`;
  return (
    <article aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {titleOf(job)}
          </Title>
          <Text size="sm">
            {backgroundJobStatusLabels[job.status]} · {tries(job.attempts)}
          </Text>
        </div>
        <Group gap="xs">
          {job.canRetry && (
            <BusyButton variant="outline" size="sm" busy={retrying} onClick={onRetry} aria-label={`${retryLabel(job)}: ${titleOf(job)}`}>
              {retryLabel(job)}
            </BusyButton>
          )}
          {job.canDiscard && (
            <Button variant="outline" color="red.9" size="sm" onClick={onDiscard} aria-label={`Discard: ${titleOf(job)}`}>
              Discard
            </Button>
          )}
        </Group>
      </Group>
      <dl className={classes.fields} style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
        <dt>Kind</dt>
        <dd>{job.type}</dd>
        <dt>Last error</dt>
        <dd>{job.lastError ?? 'None'}</dd>
        <dt>Queued</dt>
        <dd>{formatDateTime(job.createdAt)}</dd>
        <dt>Last run</dt>
        <dd>{formatDateTime(job.lastRunAt)}</dd>
        {job.status === 'PENDING' ? (
          <>
            <dt>Next try</dt>
            <dd>{formatDateTime(job.runAt)}</dd>
          </>
        ) : (
          <>
            <dt>Finished</dt>
            <dd>{formatDateTime(job.finishedAt)}</dd>
          </>
        )}
      </dl>
    </article>
  );
}
