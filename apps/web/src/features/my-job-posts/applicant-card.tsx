import type { Ref } from 'react';
import { Button, Group, Text } from '@mantine/core';
import type { Applicant } from '@tendly/domain/api/jobs';
import type { StateCode } from '@tendly/domain/states';
import { Link } from 'react-router';
import { BusyButton } from '../../platform/busy-button';
import { formatJobDate } from '../../platform/job-format';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { WorkerSummaryCard } from '../../platform/worker-summary-card';
import { WorkerContractAction } from '../../platform/contracts-list';
import type { ApplicantAction } from './use-my-job-posts';
import classes from './my-job-posts-page.module.css';
import applicationClasses from '../../platform/job-application.module.css';
import { ApplicationStatusBadge } from '../../platform/application-status-badge';
import { workerDisplayName } from '@tendly/domain/format';

/**
 * One worker who applied: their profile summary (the shared worker card, whose name opens their
 * profile), the application's status, when they applied, their message, and what the care seeker
 * can do: shortlist a new applicant (onto the care seeker's one shortlist, which My workers shows)
 * or take a shortlisted one off it, decline one not yet declined (declining is final), contact them, or message them
 * (Messages, issue 13).
 */
export function ApplicantCard({
  applicant,
  jobId,
  state,
  statusRef,
  busyWith,
  onShortlist,
  onUnlist,
  onDecline,
  onContact,
}: {
  applicant: Applicant;
  /** The job, offered with the agreement ("Offer a service agreement"). */
  jobId?: string;
  /** The job's state, whose calendar the dates are in. */
  state: StateCode;
  statusRef?: Ref<HTMLParagraphElement>;
  busyWith: ApplicantAction | null;
  onShortlist: () => void;
  onUnlist: () => void;
  onDecline: () => void;
  onContact: () => void;
}) {
  const site = useSiteConfig();
  const name = workerDisplayName(applicant.worker);
  return (
    <WorkerSummaryCard worker={applicant.worker}>
      <div className={classes.application}>
        <Text ref={statusRef} tabIndex={-1} className={classes.status}>
          Status:{' '}
          <ApplicationStatusBadge status={applicant.status} />
        </Text>
        <Text size="sm" mt={4}>
          Applied on <time dateTime={applicant.appliedAt}>{formatJobDate(applicant.appliedAt, state)}</time>
        </Text>
        <Text fw={700} size="sm" mt="sm">
          {applicant.worker.firstName}’s message
        </Text>
        <blockquote className={applicationClasses.message}>{applicant.message}</blockquote>
        <Group gap="xs" mt="sm">
          {applicant.status === 'PENDING' && (
            <BusyButton size="sm" busy={busyWith === 'SHORTLISTED'} aria-label={`Shortlist ${name}`} onClick={onShortlist}>
              Shortlist
            </BusyButton>
          )}
          {applicant.status === 'SHORTLISTED' && (
            <BusyButton size="sm" variant="outline" busy={busyWith === 'UNLISTED'} aria-label={`Remove from shortlist: ${name}`} onClick={onUnlist}>
              Remove from shortlist
            </BusyButton>
          )}
          {applicant.status !== 'DECLINED' && (
            <Button size="sm" variant="outline" color="red.9" aria-label={`Decline ${name}`} onClick={onDecline}>
              Decline
            </Button>
          )}
          <Button size="sm" variant="outline" aria-label={`Contact ${name}`} onClick={onContact}>
            Contact
          </Button>
          {applicant.status !== 'DECLINED' && <WorkerContractAction workerId={applicant.worker.carerId} workerName={name} {...(jobId ? { jobId } : {})} />}
          <Button
            size="sm"
            variant="outline"
            component={Link}
            to={`${sitePath(site, 'messages')}?with=${encodeURIComponent(applicant.worker.carerId)}`}
            aria-label={`Message ${name}`}
          >
            Message
          </Button>
        </Group>
      </div>
    </WorkerSummaryCard>
  );
}
