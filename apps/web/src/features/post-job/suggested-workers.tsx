import { useEffect, useRef, useState } from 'react';
import { Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ALREADY_INVITED_CODE, type SuggestedWorker } from '@tendly/domain/api/jobs';
import type { WorkerSummary } from '@tendly/domain/api/search';
import { ApiError, errorText } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import cardListClasses from '../../platform/card-list.module.css';
import { inviteToApply } from '../../platform/jobs-api';
import { OutcomeAnnouncement, type Outcome } from '../../platform/outcome-announcement';
import { LoadFailure, LoadingStatus } from '../../platform/page-load-state';
import { WorkerSummaryCard, WorkerSummaryCardSkeleton } from '../../platform/worker-summary-card';
import { fetchSuggestedWorkers } from './post-job-api';
import classes from './post-job.module.css';
import { workerDisplayName } from '@tendly/domain/format';

/** Query key of the workers suggested for a job. */
export const suggestedWorkersKey = (jobId: string) => ['suggested-workers', jobId] as const;

/**
 * The confirmation's suggestions (issue 31, item 5): the workers the worker search ranks best for
 * the job just posted, each with "Invite to apply" (POST /api/jobs/{jobId}/invitations), which
 * emails and notifies the worker. A worker already invited says so, whether the page knew it or
 * the API said so on a second click.
 */
export function SuggestedWorkers({ jobId }: { jobId: string }) {
  const suggestions = useQuery({ queryKey: suggestedWorkersKey(jobId), queryFn: ({ signal }) => fetchSuggestedWorkers(jobId, signal) });
  const [invited, setInvited] = useState<ReadonlySet<string>>(new Set());
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const invite = useMutation({ mutationFn: (worker: WorkerSummary) => inviteToApply(jobId, worker.carerId, '') });

  function onInvite(worker: WorkerSummary) {
    if (invite.isPending) return;
    const name = workerDisplayName(worker);
    const markInvited = () => setInvited((previous) => new Set(previous).add(worker.carerId));
    invite.mutate(worker, {
      onSuccess: () => {
        markInvited();
        setOutcome({ tone: 'success', text: `Invitation sent. We have emailed ${name} a link to your job.` });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === ALREADY_INVITED_CODE) {
          markInvited();
          setOutcome({ tone: 'success', text: `You already invited ${name} to apply. We have not sent it again.` });
          return;
        }
        setOutcome({ tone: 'error', text: errorText(error) });
      },
    });
  }

  return (
    <section aria-labelledby="suggested-workers-heading" className={classes.suggestions}>
      <Title order={2} id="suggested-workers-heading">
        Workers who match your job
      </Title>
      <Text mt="xs">These workers live nearby and offer the support you asked for. Invite them to apply, and we will email them a link to your job.</Text>
      <OutcomeAnnouncement outcome={outcome} mt="md" />
      {suggestions.isError ? (
        <LoadFailure query={suggestions} mt="md">
          We could not find workers for your job just now.
        </LoadFailure>
      ) : suggestions.isPending ? (
        <LoadingStatus what="workers who match your job">
          <ul className={cardListClasses.cardList} aria-hidden="true">
            <li>
              <WorkerSummaryCardSkeleton />
            </li>
          </ul>
        </LoadingStatus>
      ) : suggestions.data.length === 0 ? (
        <Text mt="md">No workers match your job yet. Workers who live nearby will see it on the job board.</Text>
      ) : (
        <ul className={cardListClasses.cardList} aria-label="Workers who match your job">
          {suggestions.data.map((item) => (
            <li key={item.worker.carerId}>
              <SuggestedWorkerCard
                item={item}
                isInvited={item.isInvited || invited.has(item.worker.carerId)}
                isBusy={invite.isPending && invite.variables.carerId === item.worker.carerId}
                onInvite={() => onInvite(item.worker)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SuggestedWorkerCard({ item, isInvited, isBusy, onInvite }: { item: SuggestedWorker; isInvited: boolean; isBusy: boolean; onInvite: () => void }) {
  const name = workerDisplayName(item.worker);
  // The button goes once the invitation is sent: focus moves to what replaced it, not to the page's start.
  const sentRef = useRef<HTMLParagraphElement>(null);
  const wasInvited = useRef(isInvited);
  useEffect(() => {
    if (isInvited && !wasInvited.current) sentRef.current?.focus();
    wasInvited.current = isInvited;
  }, [isInvited]);
  return (
    <WorkerSummaryCard worker={item.worker}>
      {isInvited ? (
        <Text ref={sentRef} tabIndex={-1} fw={700} c="tendlyTeal.8">
          <span aria-hidden="true">✓ </span>Invitation sent to {item.worker.firstName}
        </Text>
      ) : (
        <BusyButton busy={isBusy} aria-label={`Invite to apply: ${name}`} onClick={onInvite}>
          Invite to apply
        </BusyButton>
      )}
    </WorkerSummaryCard>
  );
}
