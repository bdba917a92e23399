import { Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Contract } from '@tendly/domain/api/contracts';
import { formatLongDate } from '@tendly/domain/validation/compliance-documents';
import { errorText } from './api-client';
import { Notice } from './notice';
import { useSession } from './session';
import { ContractStatusBadge } from './contract-status-badge';
import { contractQueryKeys, fetchContracts } from './contracts-api';
import { LoadingStatus } from './page-load-state';
import { FormSection } from './form-section';

/** Offered first (waiting for an answer), then active, then the rest; newest offer first within each. */
const statusOrder: Readonly<Record<Contract['status'], number>> = { OFFERED: 0, ACTIVE: 1, TERMINATED: 2, ENDED: 2, DECLINED: 3, WITHDRAWN: 3 };

export function sortContracts(contracts: readonly Contract[]): Contract[] {
  return [...contracts].sort((a, b) => statusOrder[a.status] - statusOrder[b.status] || b.offeredAt.localeCompare(a.offeredAt));
}

export function useContracts() {
  const { user } = useSession();
  return useQuery({ queryKey: [...contractQueryKeys.list(), user?.id ?? null], queryFn: ({ signal }) => fetchContracts(signal) });
}

/**
 * "Service agreements": the viewer's agreements with their status, on My jobs (the worker, with
 * "Review and sign" for an offer) and My workers (the care seeker).
 */
export function ContractsSection({ viewer }: { viewer: 'WORKER' | 'CARE_SEEKER' }) {
  const contracts = useContracts();
  return (
    <FormSection id="contracts-heading" title="Service agreements" headingGap="sm">
      {contracts.data ? (
        contracts.data.length === 0 ? (
          <Text>
            {viewer === 'WORKER'
              ? 'No service agreements yet. When a care seeker offers you one, it appears here for you to review and sign.'
              : 'No service agreements yet. Offer one to a worker from your shortlist or from the applicants for your jobs.'}
          </Text>
        ) : (
          <ul aria-label="Your service agreements" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {sortContracts(contracts.data).map((contract) => (
              <li key={contract.id}>
                <ContractRow contract={contract} viewer={viewer} />
              </li>
            ))}
          </ul>
        )
      ) : contracts.isError ? (
        <Notice tone="error" role="alert">
          <Text>{errorText(contracts.error)}</Text>
        </Notice>
      ) : (
        <LoadingStatus what="your service agreements">
          <Skeleton height={80} aria-hidden="true" />
        </LoadingStatus>
      )}
    </FormSection>
  );
}

function ContractRow({ contract, viewer }: { contract: Contract; viewer: 'WORKER' | 'CARE_SEEKER' }) {
  const other = viewer === 'WORKER' ? contract.careSeeker : contract.worker;
  const headingId = `contract-row-${contract.id}`;
  const title = `${other.firstName} ${other.lastName}`.trim();
  return (
    <article aria-labelledby={headingId} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', padding: 'var(--mantine-spacing-sm) 0' }}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={3} size="h5" id={headingId}>
            {viewer === 'WORKER' ? `From ${title}` : `With ${title}`}
            {contract.clientName !== title ? `, for ${contract.clientName}` : ''}
          </Title>
          <Group gap="xs" mt={4}>
            <ContractStatusBadge status={contract.status} />
            <Text size="sm">
              Starts {formatLongDate(contract.startDate)}
              {contract.endDate ? `, ends ${formatLongDate(contract.endDate)}` : ''}
              {contract.jobTitle ? ` · ${contract.jobTitle}` : ''}
            </Text>
          </Group>
        </div>
        {viewer === 'WORKER' && contract.status === 'OFFERED' ? (
          <Button component={Link} to={`/contracts/${contract.id}`} color="teal.9" size="sm" aria-label={`Review and sign the agreement from ${title}`}>
            Review and sign
          </Button>
        ) : (
          <Anchor component={Link} to={`/contracts/${contract.id}`} underline="always" aria-label={`View agreement ${viewer === 'WORKER' ? 'from' : 'with'} ${title}`}>
            View agreement
          </Anchor>
        )}
      </Group>
    </article>
  );
}

/** The care seeker's agreements with one worker, for that worker's card on My workers. */
export function workerContractStatus(contracts: readonly Contract[] | undefined, workerId: string): Contract | null {
  return sortContracts((contracts ?? []).filter((contract) => contract.worker.id === workerId))[0] ?? null;
}

/**
 * On a worker's card for the care seeker: the live agreement's status with a link to it, or
 * "Offer a service agreement" (with the job, from an applicant) when there is none.
 */
export function WorkerContractAction({ workerId, workerName, jobId }: { workerId: string; workerName: string; jobId?: string }) {
  const contracts = useContracts();
  const latest = workerContractStatus(contracts.data, workerId);
  const live = latest && (latest.status === 'OFFERED' || latest.status === 'ACTIVE') ? latest : null;
  if (live) {
    return (
      <Stack gap={4}>
        <Group gap="xs">
          <Text size="sm" component="span">
            Agreement:
          </Text>
          <ContractStatusBadge status={live.status} />
        </Group>
        <Group gap="md">
          <Anchor component={Link} to={`/contracts/${live.id}`} size="sm" underline="always" aria-label={`View agreement with ${workerName}`}>
            View agreement
          </Anchor>
          {live.status === 'ACTIVE' && (
            <Anchor component={Link} to={`/my-bookings?book=${live.id}`} size="sm" underline="always" aria-label={`Book shifts with ${workerName}`}>
              Book shifts
            </Anchor>
          )}
        </Group>
      </Stack>
    );
  }
  const query = new URLSearchParams({ workerId, ...(jobId ? { jobId } : {}) });
  return (
    <Button component={Link} to={`/offer-contract?${query.toString()}`} size="sm" variant="outline" color="teal.9" aria-label={`Offer a service agreement to ${workerName}`}>
      Offer a service agreement
    </Button>
  );
}
