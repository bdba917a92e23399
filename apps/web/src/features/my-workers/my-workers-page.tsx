import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { MyCarer } from '@tendly/domain/api/search';
import { MY_CARERS_FAILED } from '@tendly/domain/errors';
import { BusyButton } from '../../platform/busy-button';
import { ErrorNotice, Notice } from '../../platform/notice';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { ContractsSection, WorkerContractAction } from '../../platform/contracts-list';
import { MyWorkerCard } from './my-worker-card';
import { useMyCarers, useSetShortlisted } from './use-my-carers';
import { useActingPersonId } from '../../platform/session';
import classes from './my-workers-page.module.css';
import { LoadingStatus } from '../../platform/page-load-state';
import { FormSection } from '../../platform/form-section';
import { workerDisplayName } from '@tendly/domain/format';

/**
 * /my-workers (spec 2.4): the care seeker's shortlist, and the workers they have contracts with.
 * Removing a worker needs no confirmation because it can be undone: the Undo button takes focus
 * where the worker's Remove button was, and a polite status says what happened.
 */
export default function MyWorkersPage() {
  const userId = useActingPersonId();
  const carers = useMyCarers(userId);

  return (
    <Container size="md" py="xl">
      <Title order={1}>My workers</Title>
      <Text size="lg" mt="xs">
        The workers you have shortlisted, and the workers you have hired.
      </Text>
      {carers.data ? (
        <MyWorkersLists carers={carers.data} userId={userId} />
      ) : carers.isError ? (
        <Stack gap="md" mt="xl" align="flex-start">
          <Notice tone="error" role="alert">
            <Text>{MY_CARERS_FAILED}</Text>
          </Notice>
          <Button onClick={() => void carers.refetch()} aria-busy={carers.isFetching || undefined}>
            Try again
          </Button>
        </Stack>
      ) : (
        <MyWorkersSkeleton />
      )}
    </Container>
  );
}

function MyWorkersSkeleton() {
  return (
    <LoadingStatus what="your workers">
      <Stack gap="md" mt="xl" aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <Group key={index} gap="md" align="flex-start">
            <Skeleton circle height={72} />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton height={20} width="30%" />
              <Skeleton height={14} width="20%" />
              <Skeleton height={14} width="70%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    </LoadingStatus>
  );
}

type Removal = { readonly carer: MyCarer; readonly undone: boolean };

function MyWorkersLists({ carers, userId }: { carers: readonly MyCarer[]; userId: string | null }) {
  const site = useSiteConfig();
  const update = useSetShortlisted(userId);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  const shortlistHeadingRef = useRef<HTMLHeadingElement>(null);
  const shortlisted = carers.filter((carer) => carer.shortlisted);
  const contracted = carers.filter((carer) => carer.hasContract);

  // After a removal the Remove button is gone: Undo, where the news is, takes focus. After an
  // undo the Undo button is gone in turn: focus goes back to the top of the shortlist.
  useEffect(() => {
    if (!removal) return;
    if (removal.undone) shortlistHeadingRef.current?.focus();
    else undoRef.current?.focus();
  }, [removal]);

  function remove(carer: MyCarer) {
    setFailure(null);
    update.mutate(
      { carer, shortlisted: false },
      {
        onSuccess: () => setRemoval({ carer, undone: false }),
        onError: () => setFailure(`We could not remove ${workerDisplayName(carer.worker)} from your shortlist. Please try again.`),
      },
    );
  }

  function undo(carer: MyCarer) {
    setFailure(null);
    update.mutate(
      { carer, shortlisted: true },
      {
        onSuccess: () => setRemoval({ carer, undone: true }),
        onError: () => setFailure(`We could not put ${workerDisplayName(carer.worker)} back on your shortlist. Please try again.`),
      },
    );
  }

  const removedName = removal ? workerDisplayName(removal.carer.worker) : '';

  return (
    <Stack gap="xl" mt="xl">
      <section aria-labelledby="shortlist-heading">
        <Title order={2} size="h3" id="shortlist-heading" ref={shortlistHeadingRef} tabIndex={-1} mb="sm">
          Your shortlist
        </Title>
        <div role="status">
          {removal && (
            <Notice tone={removal.undone ? 'success' : 'info'} mb="md">
              <Group justify="space-between" gap="sm">
                <Text>
                  {removal.undone ? `${removedName} is back on your shortlist.` : `${removedName} is no longer on your shortlist.`}
                </Text>
                {!removal.undone && (
                  // Not BusyButton: focus moves here, which needs a ref. Like it, it stays focusable while busy.
                  <Button
                    ref={undoRef}
                    variant="outline"
                    size="sm"
                    aria-busy={update.isPending || undefined}
                    aria-label={`Undo removing ${removedName}`}
                    onClick={() => {
                      if (!update.isPending) undo(removal.carer);
                    }}
                  >
                    Undo
                  </Button>
                )}
              </Group>
            </Notice>
          )}
        </div>
        <ErrorNotice message={failure} mb="md" />
        {shortlisted.length === 0 ? (
          <>
            <Text>Your shortlist is empty.</Text>
            <Text mt="xs">
              Search for workers near you, open a profile you like and press Shortlist to keep them here. Workers you
              shortlist from the applicants for your jobs appear here too.
            </Text>
            <Anchor component={Link} to={sitePath(site, 'workerSearch')} fw={700} mt="sm" display="inline-block">
              Find care and support workers
            </Anchor>
          </>
        ) : (
          <ul className={classes.list}>
            {shortlisted.map((carer) => (
              <li key={carer.worker.carerId}>
                <MyWorkerCard
                  worker={carer.worker}
                  action={
                    <Group gap="xs">
                    <WorkerContractAction workerId={carer.worker.carerId} workerName={workerDisplayName(carer.worker)} />
                    <BusyButton
                      variant="outline"
                      color="red.9"
                      busy={update.isPending && update.variables.carer.worker.carerId === carer.worker.carerId}
                      aria-label={`Remove ${workerDisplayName(carer.worker)} from your shortlist`}
                      onClick={() => remove(carer)}
                    >
                      Remove
                    </BusyButton>
                    </Group>
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <ContractsSection viewer="CARE_SEEKER" />

      <FormSection id="contracted-heading" title="Workers you have hired" headingGap="sm">
        {contracted.length === 0 ? (
          <>
            <Text>You have no contracts with workers yet.</Text>
            <Text mt="xs">
              Contracts arrive when you hire through a job: post a job, choose from the workers who apply, and agree a
              contract with them. They will then appear here.
            </Text>
            <Group gap="lg" mt="sm">
              <Anchor component={Link} to={sitePath(site, 'postJob')} fw={700}>
                Post a job
              </Anchor>
              <Anchor component={Link} to={sitePath(site, 'myJobPosts')} fw={700}>
                My job posts
              </Anchor>
            </Group>
          </>
        ) : (
          <ul className={classes.list}>
            {contracted.map((carer) => (
              <li key={carer.worker.carerId}>
                <MyWorkerCard worker={carer.worker} action={<WorkerContractAction workerId={carer.worker.carerId} workerName={workerDisplayName(carer.worker)} />} />
              </li>
            ))}
          </ul>
        )}
      </FormSection>
    </Stack>
  );
}
