import type { ReactNode } from 'react';
import { Anchor, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { WorkerSummary } from '@tendly/domain/api/search';
import { truncateBlurb, workerDisplayName } from '@tendly/domain/format';
import classes from './my-workers-page.module.css';
import { workerProfilePath } from '../../platform/worker-profile-path';

/**
 * One of the care seeker's workers: photo, name, where they are, their headline (or the start of
 * their bio), a link to the profile, and `action` (Remove, on the shortlist).
 */
export function MyWorkerCard({ worker, action }: { worker: WorkerSummary; action?: ReactNode }) {
  const name = workerDisplayName(worker);
  const place = [worker.suburb, worker.state].filter(Boolean).join(' ');
  const headingId = `my-worker-${worker.carerId}`;
  return (
    <article aria-labelledby={headingId} className={classes.card}>
      {/* The name is the heading beside it, so the photo needs no text of its own. */}
      <img src={worker.avatar} alt="" width={72} height={72} loading="lazy" className={classes.avatar} />
      <div className={classes.details}>
        <Title order={3} size="h4" id={headingId}>
          {name}
        </Title>
        {place && (
          <Text size="sm" fw={600} c="tendlyTeal.8">
            {place}
          </Text>
        )}
        <Text mt={4} className={classes.blurb}>
          {worker.headline ?? truncateBlurb(worker.description)}
        </Text>
        <Anchor component={Link} to={workerProfilePath(worker.carerId)} fw={700} mt="xs" display="inline-block">
          View {worker.firstName}&rsquo;s profile
        </Anchor>
      </div>
      {action && <div className={classes.action}>{action}</div>}
    </article>
  );
}
