import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Anchor, Button, Checkbox, Container, Group, Modal, Skeleton, Stack, Table, Text, Textarea, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatShortDate, planSummary } from '@tendly/domain/api/bookings';
import { signedAgreementMessage, signingBooksLine } from '@tendly/domain/api/shift-plan';
import { NDIS_SHORTFALL_BILLABLE_LABEL, NDIS_SHORTFALL_NOT_BILLABLE_TEXT, type Contract } from '@tendly/domain/api/contracts';
import { contractRateRows } from '@tendly/domain/contract-rates';
import { formatCents } from '@tendly/domain/format';
import { payingForCareTypes } from '@tendly/domain/job-options';
import { ndisLineItems, ndisTimeBands, supportLevels } from '@tendly/domain/ndis-line-items';
import { taskLabel } from '@tendly/domain/tasks';
import { formatLongDate } from '@tendly/domain/validation/compliance-documents';
import { ApiError, errorText, UNEXPECTED_RESPONSE_MESSAGE } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { Notice } from '../../platform/notice';
import { useSession } from '../../platform/session';
import { ContractStatusBadge } from '../../platform/contract-status-badge';
import { contractQueryKeys, fetchContract, moveContract, type ContractMove } from '../../platform/contracts-api';
import classes from './contracts.module.css';
import { ClientCompliancePanel } from '../../platform/client-compliance-panel';
import { RateClientPanel } from './rate-client-panel';
import { ColumnHeaders } from '../../platform/column-headers';

const labelOf = <T extends string>(options: readonly { code: T; label: string }[], code: T) => options.find((option) => option.code === code)?.label ?? code;

/** /contracts/:contractId (issue 13): every term of an agreement and the moves the viewer may make. */
export default function ContractPage() {
  const { contractId = '' } = useParams();
  const { user } = useSession();
  const contract = useQuery({ queryKey: contractQueryKeys.one(contractId), queryFn: ({ signal }) => fetchContract(contractId, signal), retry: false });
  return (
    <Container size="md" py="xl">
      {contract.data ? (
        <ContractView contract={contract.data} viewerId={user?.id ?? ''} />
      ) : contract.isError ? (
        <>
          <Title order={1}>Service agreement</Title>
          <Notice tone="error" role="alert" mt="md">
            <Text>{errorText(contract.error)}</Text>
          </Notice>
        </>
      ) : (
        <div aria-busy="true">
          <Title order={1}>Service agreement</Title>
          <div role="status">
            <VisuallyHidden>Loading the service agreement</VisuallyHidden>
          </div>
          <Skeleton height={400} mt="xl" aria-hidden="true" />
        </div>
      )}
    </Container>
  );
}

type Dialog = 'accept' | 'decline' | 'withdraw' | 'terminate' | null;

function ContractView({ contract, viewerId }: { contract: Contract; viewerId: string }) {
  const isWorker = contract.worker.id === viewerId;
  const other = isWorker ? contract.careSeeker : contract.worker;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const finished = (message: string) => {
    setDialog(null);
    setDone(message);
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Service agreement</Title>
        <Group gap="sm" mt="xs">
          <ContractStatusBadge status={contract.status} />
          <Text>
            Between {contract.careSeeker.firstName} {contract.careSeeker.lastName} and {contract.worker.firstName} {contract.worker.lastName}, for {contract.clientName}
          </Text>
        </Group>
      </div>
      {done && (
        <Notice tone="success" role="status" ref={doneRef} tabIndex={-1}>
          <Text>{done}</Text>
        </Notice>
      )}
      <Group gap="sm">
        {isWorker && contract.status === 'OFFERED' && (
          <>
            <Button color="teal.9" onClick={() => setDialog('accept')}>
              Accept and sign
            </Button>
            <Button variant="outline" color="red.9" onClick={() => setDialog('decline')}>
              Decline
            </Button>
          </>
        )}
        {!isWorker && contract.status === 'OFFERED' && (
          <Button variant="outline" color="red.9" onClick={() => setDialog('withdraw')}>
            Withdraw offer
          </Button>
        )}
        {contract.status === 'ACTIVE' && (
          <Button variant="outline" color="red.9" onClick={() => setDialog('terminate')}>
            End agreement
          </Button>
        )}
        <Anchor component={Link} to={`/contract/download?id=${contract.id}`} underline="always">
          Download agreement (PDF)
        </Anchor>
        <Anchor component={Link} to={`/messages?with=${other.id}`} underline="always">
          Message {other.firstName}
        </Anchor>
      </Group>
      <Terms contract={contract} />
      {isWorker && contract.status === 'ACTIVE' && <ClientCompliancePanel contractId={contract.id} />}
      {isWorker && <RateClientPanel careSeekerId={contract.careSeeker.id} firstName={contract.careSeeker.firstName} state={contract.clientState} />}
      <MoveDialog contract={contract} dialog={dialog} onClose={() => setDialog(null)} onDone={finished} />
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `contract-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}

function Terms({ contract }: { contract: Contract }) {
  const rates = contractRateRows(contract);
  return (
    <>
      <Section title="Dates and funding">
        <dl className={classes.terms}>
          <dt>Start date</dt>
          <dd>{formatLongDate(contract.startDate)}</dd>
          <dt>End date</dt>
          <dd>{contract.endDate ? formatLongDate(contract.endDate) : 'None: runs until either of you ends it'}</dd>
          {contract.jobTitle && (
            <>
              <dt>Job</dt>
              <dd>{contract.jobTitle}</dd>
            </>
          )}
          <dt>Funding</dt>
          <dd>{labelOf(payingForCareTypes, contract.fundingType)}</dd>
          {contract.signedName && contract.signedAt && (
            <>
              <dt>Signed</dt>
              <dd>
                By {contract.signedName} on {new Date(contract.signedAt).toLocaleString('en-AU', { dateStyle: 'long', timeStyle: 'short' })}
              </dd>
            </>
          )}
          {contract.declinedReason && (
            <>
              <dt>Reason for declining</dt>
              <dd>{contract.declinedReason}</dd>
            </>
          )}
          {contract.terminationNoticeDate && (
            <>
              <dt>Last day</dt>
              <dd>{formatLongDate(contract.terminationNoticeDate)}</dd>
              <dt>Reason for ending</dt>
              <dd>{contract.terminationReason}</dd>
            </>
          )}
        </dl>
      </Section>
      {contract.shiftPlan && <PlannedShifts contract={contract} plan={contract.shiftPlan} />}
      <Section title="Supports">
        <Text>{contract.supportRequired.map(taskLabel).join(', ')}</Text>
        {contract.supportDetails && <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }}>{contract.supportDetails}</Text>}
      </Section>
      <Section title="Rates">
        <dl className={classes.terms}>
          {rates.map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Section>
      {contract.ndisRates.length > 0 && (
        <Section title="NDIS support items">
          <Table.ScrollContainer minWidth={560} tabIndex={0} role="region" aria-label="NDIS support items">
            <Table striped>
              <ColumnHeaders columns={['Item', 'Time of day', 'Level', 'Rate', 'Price limit']} />
              <Table.Tbody>
                {contract.ndisRates.map((rate) => (
                  <Table.Tr key={rate.id}>
                    <Table.Td>
                      {labelOf(ndisLineItems, rate.lineItem)}: {rate.supportItemName} ({rate.supportItemNumber})
                    </Table.Td>
                    <Table.Td>{labelOf(ndisTimeBands, rate.timeOfDay)}</Table.Td>
                    <Table.Td>{labelOf(supportLevels, rate.level)}</Table.Td>
                    <Table.Td>{formatCents(rate.amount)}</Table.Td>
                    <Table.Td>{rate.priceLimit === null ? 'Not set' : formatCents(rate.priceLimit)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Section>
      )}
      <Section title="Cancellation policy">
        <Text style={{ whiteSpace: 'pre-wrap' }}>{contract.cancellationPolicy}</Text>
        <Text mt="xs">A short-notice cancellation is charged at {contract.cancellationChargePercent}% of the booked shift.</Text>
      </Section>
      {contract.fundingType === 'NDIS_AGENCY_MANAGED' && (
        <Section title="What the NDIA does not pay">
          <Text>{contract.ndisShortfallBillable ? `${NDIS_SHORTFALL_BILLABLE_LABEL}.` : NDIS_SHORTFALL_NOT_BILLABLE_TEXT}</Text>
        </Section>
      )}
      <Section title="Termination policy">
        <Text style={{ whiteSpace: 'pre-wrap' }}>{contract.terminationPolicy}</Text>
      </Section>
      <Section title="Emergency contacts">
        <ul>
          {contract.emergencyContacts.map((contact, index) => (
            <li key={index}>
              {contact.nameOfContact} ({contact.relationshipToCareseeker}): {contact.phoneNumber}
            </li>
          ))}
        </ul>
      </Section>
      {contract.note && (
        <Section title="Note to the worker">
          <Text style={{ whiteSpace: 'pre-wrap' }}>{contract.note}</Text>
        </Section>
      )}
    </>
  );
}

/** The shifts the agreement plans (issue 31 item 3): booked, confirmed, when the worker accepts. */
function PlannedShifts({ contract, plan }: { contract: Contract; plan: NonNullable<Contract['shiftPlan']> }) {
  const summary = planSummary(plan, contract.clientState);
  return (
    <Section title="Planned shifts">
      <Text>{summary.text.charAt(0).toUpperCase() + summary.text.slice(1)}.</Text>
      <Text mt="xs">Dates: {summary.dates.map(formatShortDate).join(', ')}.</Text>
      <Text mt="xs">
        {contract.plannedSeriesId ? (
          <>
            Booked and confirmed when {contract.worker.firstName} signed.{' '}
            <Anchor component={Link} to="/my-bookings" underline="always">
              See them on My bookings
            </Anchor>
          </>
        ) : contract.status === 'OFFERED' ? (
          `Accepting the agreement books all of them, confirmed.`
        ) : (
          'Not booked: the agreement was not accepted.'
        )}
      </Text>
    </Section>
  );
}

const dialogTitles: Readonly<Record<Exclude<Dialog, null>, string>> = {
  accept: 'Accept and sign the agreement',
  decline: 'Decline the agreement',
  withdraw: 'Withdraw your offer',
  terminate: 'End the agreement',
};

function MoveDialog({ contract, dialog, onClose, onDone }: { contract: Contract; dialog: Dialog; onClose: () => void; onDone: (message: string) => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [reason, setReason] = useState('');
  const [lastDay, setLastDay] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const move = useMutation({
    mutationFn: (request: ContractMove) => moveContract(contract.id, request),
    onSuccess: (updated) => {
      queryClient.setQueryData(contractQueryKeys.one(contract.id), updated);
      void queryClient.invalidateQueries({ queryKey: contractQueryKeys.all });
    },
  });

  useEffect(() => {
    setErrors({});
    setFailure(null);
  }, [dialog]);

  const messages: Readonly<Record<Exclude<Dialog, null>, string>> = {
    accept: signedAgreementMessage(contract.shiftPlan, contract.clientState),
    decline: 'You have declined the agreement.',
    withdraw: 'You have withdrawn your offer.',
    terminate: 'The agreement is ending. We have told the other party.',
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!dialog || move.isPending) return;
    const request: ContractMove =
      dialog === 'accept'
        ? { action: 'accept', body: { signatureName: name, agreed } }
        : dialog === 'decline'
          ? { action: 'decline', body: { reason } }
          : dialog === 'terminate'
            ? { action: 'terminate', body: { reason, noticeDate: lastDay } }
            : { action: 'withdraw' };
    move.mutate(request, {
      onSuccess: () => onDone(messages[dialog]),
      onError: (error) => {
        if (error instanceof ApiError) {
          setErrors(error.fieldErrors);
          setFailure(Object.keys(error.fieldErrors).length > 0 ? null : error.message);
        } else setFailure(UNEXPECTED_RESPONSE_MESSAGE);
      },
    });
  }

  return (
    <Modal opened={dialog !== null} onClose={onClose} title={dialog ? dialogTitles[dialog] : ''} closeButtonProps={{ 'aria-label': 'Close' }} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && (
            <Text role="alert" c="red.9" fw={700}>
              {failure}
            </Text>
          )}
          {dialog === 'accept' && (
            <>
              {contract.shiftPlan && <Text>{signingBooksLine(contract.shiftPlan, contract.clientState)}</Text>}
              <TextInput label="Type your full name to sign" required value={name} onChange={(event) => setName(event.currentTarget.value)} error={errors.signatureName} autoComplete="name" />
              <Checkbox
                label="I have read and agree to this service agreement"
                checked={agreed}
                onChange={(event) => setAgreed(event.currentTarget.checked)}
                error={errors.agreed}
              />
            </>
          )}
          {dialog === 'decline' && <Textarea label="Reason (optional)" value={reason} onChange={(event) => setReason(event.currentTarget.value)} error={errors.reason} rows={3} />}
          {dialog === 'withdraw' && <Text>{contract.worker.firstName} will no longer be able to accept this offer.</Text>}
          {dialog === 'terminate' && (
            <>
              <Textarea label="Reason" required value={reason} onChange={(event) => setReason(event.currentTarget.value)} error={errors.reason} rows={3} />
              <TextInput type="date" label="Last day" required value={lastDay} onChange={(event) => setLastDay(event.currentTarget.value)} error={errors.noticeDate} description="Shifts booked after this day are cancelled." />
            </>
          )}
          <Group justify="flex-end">
            <Button variant="outline" color="dark" onClick={onClose}>
              Cancel
            </Button>
            <BusyButton type="submit" busy={move.isPending} color={dialog === 'accept' ? 'teal.9' : 'red.9'}>
              {dialog === 'accept' ? 'Sign agreement' : dialog === 'decline' ? 'Decline agreement' : dialog === 'withdraw' ? 'Withdraw offer' : 'End agreement'}
            </BusyButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
