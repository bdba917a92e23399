import { useId, type ReactNode } from 'react';
import { Anchor, Badge, Card, Group, Skeleton, Text, Title, type TitleOrder } from '@mantine/core';
import { Link } from 'react-router';
import type { WorkerChecks, WorkerSummary } from '@tendly/domain/api/search';
import { formatCents, formatDistance, truncateBlurb, workerDisplayName } from '@tendly/domain/format';
import { skillLabel } from '@tendly/domain/skills';
import classes from './worker-summary-card.module.css';
import linkedCardClasses from './linked-card.module.css';
import { workerProfilePath } from './worker-profile-path';

const checkLabels: Readonly<Record<keyof WorkerChecks, string>> = {
  policeCheck: 'Police check',
  ndisScreening: 'NDIS Worker Screening',
  workingWithChildren: 'Working with children check',
};

/** Skills shown as labels before the rest are counted ("+3 more"): a card stays a card. */
const SHOWN_SKILLS = 4;

/**
 * One worker from search, a shortlist or a care seeker's workers: photo, first name and last
 * initial, suburb and state, the distance when the search had a place (km to 2 decimals, spec
 * section 9), weekday hourly rate, headline and blurb (cut to 100 characters, spec section 5),
 * skills, verified checks and rating. The name is the link to the profile and stretches over the
 * card, so a click anywhere opens it; `children` (a reason, an action) sit above that link and stay
 * clickable themselves.
 */
export function WorkerSummaryCard({
  worker,
  headingOrder = 3,
  children,
}: {
  worker: WorkerSummary;
  headingOrder?: TitleOrder;
  children?: ReactNode;
}) {
  const name = workerDisplayName(worker);
  const nameId = useId();
  const place = [worker.suburb, worker.state].filter(Boolean).join(' ');
  const verifiedChecks = (Object.keys(checkLabels) as (keyof WorkerChecks)[]).filter((check) => worker.checks[check]);
  const shownSkills = worker.skills.slice(0, SHOWN_SKILLS);
  const moreSkills = worker.skills.length - shownSkills.length;

  return (
    <Card component="article" withBorder padding="lg" radius="md" className={linkedCardClasses.card} aria-labelledby={nameId}>
      <div className={classes.top}>
        <img src={worker.avatar} alt="" width={72} height={72} loading="lazy" className={classes.avatar} />
        <div className={classes.identity}>
          <Title order={headingOrder} size="h4" id={nameId}>
            <Anchor component={Link} to={workerProfilePath(worker.carerId)} className={linkedCardClasses.coveringLink}>
              {name}
            </Anchor>
          </Title>
          {(place || worker.distance !== null) && (
            <Text size="sm" fw={600} c="tendlyTeal.8">
              {place}
              {place && worker.distance !== null && ' · '}
              {worker.distance !== null && `${formatDistance(worker.distance)} away`}
            </Text>
          )}
          <Text size="sm">{worker.hourlyRate !== null ? `${formatCents(worker.hourlyRate)} an hour on weekdays` : 'Rates on request'}</Text>
          <Text size="sm" c="dimmed">
            {worker.rating !== null && worker.reviewCount > 0 ? (
              <>
                <span aria-hidden="true" className={classes.star}>
                  ★{' '}
                </span>
                {`${worker.rating.toFixed(1)} out of 5 from ${worker.reviewCount} ${worker.reviewCount === 1 ? 'review' : 'reviews'}`}
              </>
            ) : (
              'No reviews yet'
            )}
          </Text>
        </div>
      </div>

      {worker.headline && (
        <Text fw={600} mt="md">
          {worker.headline}
        </Text>
      )}
      <Text mt={worker.headline ? 4 : 'md'} size="sm" className={classes.blurb}>
        {truncateBlurb(worker.description)}
      </Text>

      {shownSkills.length > 0 && (
        <Group component="ul" gap={6} mt="md" className={classes.labels} aria-label="Skills and experience">
          {shownSkills.map((code) => (
            <li key={code}>
              <Badge variant="light" radius="sm" tt="none" className={classes.label}>
                {skillLabel(code)}
              </Badge>
            </li>
          ))}
          {moreSkills > 0 && (
            <li>
              <Badge variant="outline" radius="sm" tt="none" className={classes.label}>
                {`+${moreSkills} more`}
              </Badge>
            </li>
          )}
        </Group>
      )}

      {verifiedChecks.length > 0 && (
        <Group component="ul" gap={6} mt="xs" className={classes.labels} aria-label="Verified checks">
          {verifiedChecks.map((check) => (
            <li key={check}>
              <Badge variant="filled" radius="sm" tt="none" className={`${classes.label} ${classes.check}`}>
                <span aria-hidden="true">✓ </span>
                {checkLabels[check]}
              </Badge>
            </li>
          ))}
        </Group>
      )}

      {children && <div className={linkedCardClasses.extra}>{children}</div>}
    </Card>
  );
}

/** A worker card's stand-in while a list loads: the photo, the name and the facts as grey shapes. */
export function WorkerSummaryCardSkeleton() {
  return (
    <Card withBorder padding="lg" radius="md">
      <Group wrap="nowrap" align="flex-start">
        <Skeleton circle height={72} />
        <div style={{ flex: 1 }}>
          <Skeleton height={18} width="60%" />
          <Skeleton height={12} mt={10} width="80%" />
          <Skeleton height={12} mt={8} width="50%" />
        </div>
      </Group>
      <Skeleton height={12} mt="lg" />
      <Skeleton height={12} mt={8} width="90%" />
    </Card>
  );
}
