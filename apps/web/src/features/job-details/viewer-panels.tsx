import { useRef, useState } from 'react';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { applicationStatusLabels, type Job } from '@tendly/domain/api/jobs';
import { INACTIVE_PROFILE } from '@tendly/domain/errors';
import { useCurrentUser } from '../../platform/current-user';
import type { RedirectState } from '../../platform/redirect-state';
import { useViewer } from '../../platform/session';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { ApplyDialog } from './apply-dialog';
import classes from './job-details.module.css';

const PANEL_HEADING_ID = 'job-apply-heading';

/**
 * A worker's panel beside a job: Apply, or their application's status once they have applied,
 * or why they cannot: the job is closed, or their profile is inactive (spec section 4; the API
 * would answer 403). After the dialog closes on a sent application, focus comes to the panel's
 * heading, which now says "You applied".
 */
export function WorkerApplyPanel({ job }: { job: Job }) {
  const site = useSiteConfig();
  const viewer = useViewer();
  const me = useCurrentUser();
  const [isApplying, setIsApplying] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // GET /api/me knows the profile's status best; the stored one is there before it answers.
  const isInactive = viewer?.isInactiveWorker === true || me.data?.workerProfile?.status === 'INACTIVE';
  const application = job.myApplication ?? null;

  let content;
  if (application) {
    content = (
      <>
        <Title order={2} size="h4" id={PANEL_HEADING_ID} ref={headingRef} tabIndex={-1}>
          You applied
        </Title>
        <Text mt="xs">
          Status: <strong>{applicationStatusLabels[application.status]}</strong>
        </Text>
        <Anchor component={Link} to={sitePath(site, 'myJobs')} fw={600} mt="sm" display="inline-block">
          See all your applications
        </Anchor>
      </>
    );
  } else if (job.status !== 'OPEN') {
    content = (
      <>
        <Title order={2} size="h4" id={PANEL_HEADING_ID}>
          This job has closed
        </Title>
        <Text mt="xs">It is no longer taking applications.</Text>
        <Anchor component={Link} to={sitePath(site, 'jobSearch')} fw={600} mt="sm" display="inline-block">
          Find other jobs
        </Anchor>
      </>
    );
  } else if (isInactive) {
    content = (
      <>
        <Title order={2} size="h4" id={PANEL_HEADING_ID}>
          You cannot apply yet
        </Title>
        <Text mt="xs">{INACTIVE_PROFILE}.</Text>
        <Text mt="xs">
          Your profile needs to be active before you can apply for jobs. Finish your profile and checks, or contact us if
          you think this is a mistake.
        </Text>
        <Anchor component={Link} to={sitePath(site, 'workerDashboard')} fw={600} mt="sm" display="inline-block">
          Go to my dashboard
        </Anchor>
      </>
    );
  } else {
    content = (
      <>
        <Title order={2} size="h4" id={PANEL_HEADING_ID} ref={headingRef} tabIndex={-1}>
          Interested in this job?
        </Title>
        <Text mt="xs">Send {job.postedBy} a short message. They will see it with your profile.</Text>
        <Button mt="md" size="md" onClick={() => setIsApplying(true)}>
          Apply
        </Button>
      </>
    );
  }

  return (
    <section aria-labelledby={PANEL_HEADING_ID} className={classes.panel}>
      {content}
      {/* Outside the branches: applying changes the panel behind the dialog, which must stay open. */}
      <ApplyDialog
        job={job}
        opened={isApplying}
        onClose={(applied) => {
          setIsApplying(false);
          if (applied) requestAnimationFrame(() => headingRef.current?.focus());
        }}
      />
    </section>
  );
}

/** A visitor: sign in to apply (and come back here), or join as a worker. */
export function VisitorPanel() {
  const site = useSiteConfig();
  const location = useLocation();
  const state: RedirectState = { message: 'Please sign in to apply for this job.', returnTo: `${location.pathname}${location.search}` };
  return (
    <section aria-labelledby={PANEL_HEADING_ID} className={classes.panel}>
      <Title order={2} size="h4" id={PANEL_HEADING_ID}>
        Are you a care or support worker?
      </Title>
      <Text mt="xs">Sign in to apply for this job. We will bring you straight back here.</Text>
      <Stack gap="xs" mt="md" align="flex-start">
        <Button component={Link} to={sitePath(site, 'login')} state={state}>
          Sign in to apply
        </Button>
        <Text size="sm">New to {site.brandName}?</Text>
        <Anchor component={Link} to={sitePath(site, 'workerRegister')} fw={600}>
          Join as a worker
        </Anchor>
      </Stack>
    </section>
  );
}
