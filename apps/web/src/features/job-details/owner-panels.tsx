import { useRef, useState } from 'react';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Job } from '@tendly/domain/api/jobs';
import { jobStatusLabels } from '@tendly/domain/api/jobs';
import { errorText } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { CloseJobDialog } from '../../platform/close-job-dialog';
import { PrivateJobDetails } from '../../platform/job-facts';
import { editJobPath } from '../../platform/job-format';
import { Notice } from '../../platform/notice';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { reopenedMessage, useReopenJob } from '../../platform/use-reopen-job';
import classes from './job-details.module.css';

/** "See applicants" opens My job posts on this job's applicants. */
export function applicantsPath(myJobPostsPath: string, jobId: string): string {
  return `${myJobPostsPath}?${new URLSearchParams({ job: jobId }).toString()}`;
}

/**
 * The owner's panel beside their job: how many workers applied, and the ways to see them, change
 * the job, close it and reopen it. Closing asks first; afterwards (and after reopening) focus
 * comes to the panel's heading and a polite status says what happened.
 */
export function OwnerActions({ job }: { job: Job }) {
  const site = useSiteConfig();
  const [isClosing, setIsClosing] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const reopen = useReopenJob();
  const count = job.applicationCount ?? 0;

  return (
    <section aria-labelledby="job-owner-heading" className={classes.panel}>
      <Title order={2} size="h4" id="job-owner-heading" ref={headingRef} tabIndex={-1}>
        Your job post
      </Title>
      <Text mt="xs">
        Status: <strong>{jobStatusLabels[job.status]}</strong>
      </Text>
      <Text mt={4}>{count === 0 ? 'No workers have applied yet.' : `${count} ${count === 1 ? 'worker has' : 'workers have'} applied.`}</Text>
      <Stack gap="xs" mt="md" align="flex-start">
        <Button component={Link} to={applicantsPath(sitePath(site, 'myJobPosts'), job.id)}>
          See applicants
        </Button>
        <Anchor component={Link} to={editJobPath(job.id)} fw={600}>
          Edit job
        </Anchor>
        {job.status === 'OPEN' && (
          <Button variant="outline" color="red.9" onClick={() => setIsClosing(true)}>
            Close job
          </Button>
        )}
        {job.status === 'CLOSED' && (
          <BusyButton
            variant="outline"
            busy={reopen.isPending}
            onClick={() =>
              reopen.mutate(job, {
                onSuccess: () => {
                  setAnnouncement(reopenedMessage(job));
                  requestAnimationFrame(() => headingRef.current?.focus());
                },
              })
            }
          >
            Reopen job
          </BusyButton>
        )}
      </Stack>
      {reopen.isError && (
        <Notice tone="error" role="alert" mt="sm">
          <Text>
            We could not reopen your job. {errorText(reopen.error)}
          </Text>
        </Notice>
      )}
      <Text role="status" mt="sm" fw={600}>
        {announcement}
      </Text>
      <CloseJobDialog
        job={job}
        opened={isClosing}
        onClose={() => setIsClosing(false)}
        onClosed={() => {
          setAnnouncement('Your job is closed. It is no longer on the job board.');
          // The Close button is gone: focus goes to the top of the panel, where the news is.
          requestAnimationFrame(() => headingRef.current?.focus());
        }}
      />
    </section>
  );
}

/**
 * The fields only the owner sees (the contract's private fields), set apart under a heading that
 * says so, with the post's own settings. A field left blank is not listed.
 */
export function OwnerPrivateDetails({ job }: { job: Job }) {
  const facts = [
    ['Client’s name', job.clientName || null],
    ['Medication details', job.medicationDetails || null],
    ['Invoice description', job.invoiceDescription || null],
    ['Invoice address', job.addressForInvoice || null],
    ['Practitioner', job.practitionerName || null],
    ['Practitioner’s phone', job.practitionerPhone || null],
    ['Practitioner’s email', job.practitionerEmail || null],
    ['Emails to nearby workers', job.disableWorkerNotification ? 'Off: workers were not emailed about this job' : 'On'],
    ['On the job board', job.disableJobBoardPosting ? 'Hidden: only workers you invite can find it' : 'Shown'],
  ] as const;
  return <PrivateJobDetails intro="Workers never see these details. Share them with the worker you choose when you are ready." facts={facts} />;
}
