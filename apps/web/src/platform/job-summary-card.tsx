import { useId, type ReactNode } from 'react';
import { Anchor, Badge, Card, Skeleton, Text, Title, type TitleOrder } from '@mantine/core';
import { Link } from 'react-router';
import type { JobSummary } from '@tendly/domain/api/jobs';
import { formatDistance, truncateSummary } from '@tendly/domain/format';
import {
  formatHoursPerWeek,
  formatJobDate,
  formatJobDays,
  formatJobPlace,
  formatJobPoster,
  formatJobRate,
  jobPath,
  payingForCareLabel,
} from './job-format';
import classes from './job-summary-card.module.css';
import linkedCardClasses from './linked-card.module.css';

/**
 * One job in a list (the job board, a worker's applications and invitations, a care seeker's
 * posts): its title as the link to the job, suburb and state, the distance when the search had a
 * place (km to 2 decimals, spec section 9), days, hours, rate, who pays, the description cut to
 * 350 characters (spec section 5) and when and by whom it was posted. "Applied" shows when the signed-in
 * worker has applied. `children` (a status, actions) sit above the card's link and stay usable.
 */
export function JobSummaryCard({
  job,
  headingOrder = 3,
  children,
}: {
  /** `postedByCoordinator` comes with a care seeker's own posts only. */
  job: JobSummary & { readonly postedByCoordinator?: string | null };
  headingOrder?: TitleOrder;
  children?: ReactNode;
}) {
  const titleId = useId();
  const place = formatJobPlace(job.place);

  return (
    <Card component="article" withBorder padding="lg" radius="md" className={linkedCardClasses.card} aria-labelledby={titleId}>
      <div className={classes.heading}>
        <Title order={headingOrder} size="h4" id={titleId} className={classes.title}>
          <Anchor component={Link} to={jobPath(job.id)} className={linkedCardClasses.coveringLink}>
            {job.title}
          </Anchor>
        </Title>
        {job.hasApplied && (
          <Badge component="span" radius="sm" tt="none" className={classes.applied}>
            <span aria-hidden="true">✓ </span>
            Applied
          </Badge>
        )}
      </div>
      <Text size="sm" fw={600} c="tendlyTeal.8" mt={4}>
        {place}
        {job.distance !== null && ` · ${formatDistance(job.distance)} away`}
      </Text>

      <dl className={classes.facts}>
        <dt>Days</dt>
        <dd>{formatJobDays(job.days)}</dd>
        <dt>Hours</dt>
        <dd>{formatHoursPerWeek(job.approxHoursPerWeek)}</dd>
        <dt>Rate</dt>
        <dd>{formatJobRate(job.hourlyRate)}</dd>
        <dt>Paid by</dt>
        <dd>{payingForCareLabel(job.payingForCareType)}</dd>
      </dl>

      <Text size="sm" mt="md" className={classes.summary}>
        {truncateSummary(job.summary)}
      </Text>
      <Text size="sm" c="dimmed" mt="sm">
        Posted on <time dateTime={job.postedAt}>{formatJobDate(job.postedAt, job.place.state)}</time> by {formatJobPoster(job)}
      </Text>

      {children && <div className={linkedCardClasses.extra}>{children}</div>}
    </Card>
  );
}

/** A job card's stand-in while a list loads: the title, the place and the facts as grey bars. */
export function JobSummaryCardSkeleton() {
  return (
    <Card withBorder padding="lg" radius="md">
      <Skeleton height={20} width="70%" />
      <Skeleton height={12} mt={10} width="40%" />
      <Skeleton height={12} mt={16} width="60%" />
      <Skeleton height={12} mt={8} width="55%" />
      <Skeleton height={12} mt={16} />
      <Skeleton height={12} mt={8} width="90%" />
    </Card>
  );
}
