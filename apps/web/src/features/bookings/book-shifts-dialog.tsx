import { Group, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  CANCEL_NOTE_MAX,
  bookingOccurrenceDates,
  bookingRepeatCodes,
  bookingRepeatLabels,
  latestRepeatUntil,
  type BookingRepeat,
  type Shift,
} from '@tendly/domain/api/bookings';
import type { Contract } from '@tendly/domain/api/contracts';
import { isNdisFunded } from '@tendly/domain/job-options';
import { isLocalDateTime } from '@tendly/domain/shift-time';
import { stateName } from '@tendly/domain/states';
import { ApiError, errorText } from '../../platform/api-client';
import { ErrorNotice, Notice } from '../../platform/notice';
import { bookingQueryKeys, createBooking, fetchActiveContracts } from './bookings-api';
import { ShiftCostEstimate } from './shift-cost-estimate';
import { DialogFormActions } from '../../platform/dialog-form-actions';
import { DialogForm } from '../../platform/dialog-form';

const repeatOptions = bookingRepeatCodes.map((code) => ({ value: code, label: bookingRepeatLabels[code] }));

function contractLabel(contract: Contract): string {
  const worker = `${contract.worker.firstName} ${contract.worker.lastName}`.trim();
  return contract.clientName && contract.clientName !== `${contract.careSeeker.firstName} ${contract.careSeeker.lastName}`.trim()
    ? `${worker}, for ${contract.clientName}`
    : worker;
}

/** How many shifts the form will make, as the server counts them; null until start and repeat are known. */
export function plannedShiftCount(start: string, repeat: BookingRepeat, repeatUntil: string): number | null {
  if (!isLocalDateTime(start)) return null;
  if (repeat === 'NONE') return 1;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(repeatUntil) || repeatUntil < start.slice(0, 10)) return null;
  return bookingOccurrenceDates(start.slice(0, 10), repeat, repeatUntil).length;
}

/** "Book shifts": under one of the care seeker's ACTIVE service agreements. */
export function BookShiftsDialog({ initialContractId, onClose, onBooked }: { initialContractId: string | null; onClose: () => void; onBooked: (shifts: Shift[]) => void }) {
  const contracts = useQuery({ queryKey: bookingQueryKeys.activeContracts, queryFn: ({ signal }) => fetchActiveContracts(signal) });
  const [contractId, setContractId] = useState<string | null>(initialContractId);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [repeat, setRepeat] = useState<BookingRepeat>('NONE');
  const [repeatUntil, setRepeatUntil] = useState('');
  const [note, setNote] = useState('');
  const queryClient = useQueryClient();
  const book = useMutation({
    mutationFn: createBooking,
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: bookingQueryKeys.all });
      onBooked(answer.shifts);
    },
  });
  const contract = contracts.data?.find((candidate) => candidate.id === contractId) ?? null;
  const fieldErrors = book.error instanceof ApiError ? book.error.fieldErrors : {};
  const count = plannedShiftCount(start, repeat, repeatUntil);
  const stateLabel = contract ? `${contract.clientState} time` : 'the client’s state time';
  const overallError = book.error !== null && Object.keys(fieldErrors).length === 0 ? errorText(book.error) : null;

  return (
    <DialogForm
      title="Book shifts"
      size="lg"
      onClose={onClose}
      onSubmit={() => {
        book.mutate({ contractId: contractId ?? '', start, end, repeat, repeatUntil: repeat === 'NONE' ? null : repeatUntil || null, note });
      }}
    >
      <Stack gap="md">
        {contracts.isError && (
          <Notice tone="error" role="alert">
            <Text>We could not load your service agreements just now. Please try again in a minute.</Text>
          </Notice>
        )}
        {contracts.data?.length === 0 && (
          <Notice tone="info" role="status">
            <Text>You need an active service agreement with a worker before you can book shifts.</Text>
          </Notice>
        )}
        <Select
          label="Service agreement"
          placeholder={contracts.isPending ? 'Loading your agreements…' : 'Choose an agreement'}
          data={(contracts.data ?? []).map((candidate) => ({ value: candidate.id, label: contractLabel(candidate) }))}
          value={contractId}
          onChange={setContractId}
          required
          comboboxProps={{ withinPortal: true }}
          error={fieldErrors.contractId}
          data-autofocus
        />
        {contract && <Text size="sm">Times are in {stateName(contract.clientState)} time, where the support happens.</Text>}
        <Group grow align="flex-start">
          <TextInput type="datetime-local" label={`Starts (${stateLabel})`} required value={start} onChange={(event) => setStart(event.currentTarget.value)} error={fieldErrors.start} />
          <TextInput type="datetime-local" label={`Ends (${stateLabel})`} required value={end} onChange={(event) => setEnd(event.currentTarget.value)} error={fieldErrors.end} />
        </Group>
        <ShiftCostEstimate contractId={contractId} start={start} end={end} isNdis={contract !== null && isNdisFunded(contract.fundingType)} />
        <Group grow align="flex-start">
          <Select
            label="Repeats"
            data={repeatOptions}
            value={repeat}
            onChange={(value) => setRepeat((value as BookingRepeat | null) ?? 'NONE')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            error={fieldErrors.repeat}
          />
          {repeat !== 'NONE' && (
            <TextInput
              type="date"
              label="Repeat until"
              required
              value={repeatUntil}
              min={start.slice(0, 10) || undefined}
              max={isLocalDateTime(start) ? latestRepeatUntil(start.slice(0, 10)) : undefined}
              onChange={(event) => setRepeatUntil(event.currentTarget.value)}
              error={fieldErrors.repeatUntil}
            />
          )}
        </Group>
        <Textarea label="Note for the worker" rows={2} maxLength={CANCEL_NOTE_MAX} value={note} onChange={(event) => setNote(event.currentTarget.value)} error={fieldErrors.note} />
        <Text role="status" fw={600}>
          {count === null ? '' : count === 1 ? 'This books 1 shift.' : `This books ${count} shifts.`}
        </Text>
        <ErrorNotice message={overallError} />
        <DialogFormActions submitLabel="Book" busy={book.isPending} onCancel={onClose} />
      </Stack>
    </DialogForm>
  );
}
