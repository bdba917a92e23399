import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { describeSeries, isChargeableCancellation, seriesOf, type CancellingSide, type SeriesMoveResponse, type Shift } from '@tendly/domain/api/bookings';
import type { Role } from '@tendly/domain/roles';
import { ApiError } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { DialogForm } from '../../platform/dialog-form';
import { DialogFormActions } from '../../platform/dialog-form-actions';
import { cancelSeries, changeSeriesTimes, confirmSeries } from './bookings-api';
import { MoveErrorNotice, useBookingMove } from './booking-moves';
import { CancellationDialog, type CancellationBody } from './cancellation-dialog';
import { capitalise } from '@tendly/domain/format';

/**
 * Moves on a whole series (issue 31 item 3): the shifts one booking made, shown together in a
 * list. The worker confirms or declines them all at once; the care seeker changes their times or
 * cancels them all. Each shift keeps its own buttons for a move on that one alone.
 */

/** Which series moves a viewer may make on the live shifts of a series shown in a list. */
export function seriesActionsFor(shifts: readonly Shift[], role: Role | undefined, now = new Date()) {
  const live = shifts.filter((shift) => shift.scheduleResponseStatus !== 'CANCELLED' && new Date(shift.startsAt) > now);
  const worker = role === 'CR';
  return {
    confirm: worker && live.some((shift) => shift.scheduleResponseStatus === 'UNCONFIRMED'),
    decline: worker && live.length > 1,
    change: !worker && live.length > 1,
    cancel: !worker && live.length > 1,
  };
}

export function SeriesActions({ shifts, role, onMoved }: { shifts: readonly Shift[]; role: Role | undefined; onMoved: (message: string) => void }) {
  const [open, setOpen] = useState<'cancel' | 'change' | null>(null);
  const first = shifts[0]!;
  const allowed = seriesActionsFor(shifts, role);
  const series = describeSeries(seriesOf(shifts));
  const confirm = useBookingMove(
    () => confirmSeries(first.bookingId),
    (moved) => onMoved(`${capitalise(describeSeries(seriesOf(moved.shifts), 'confirmed'))}. They are now under Confirmed.`),
  );
  if (!allowed.confirm && !allowed.decline && !allowed.change && !allowed.cancel) return null;
  return (
    <>
      <Group gap="sm">
        {allowed.confirm && (
          <BusyButton color="teal.9" busy={confirm.isPending} onClick={() => confirm.mutate(undefined)} aria-label={`Confirm all: ${series}`}>
            Confirm all
          </BusyButton>
        )}
        {allowed.decline && (
          <Button variant="outline" color="red.9" onClick={() => setOpen('cancel')} aria-label={`Decline all: ${series}`}>
            Decline all
          </Button>
        )}
        {allowed.change && (
          <Button variant="outline" onClick={() => setOpen('change')} aria-label={`Change all times: ${series}`}>
            Change all times
          </Button>
        )}
        {allowed.cancel && (
          <Button variant="outline" color="red.9" onClick={() => setOpen('cancel')} aria-label={`Cancel all: ${series}`}>
            Cancel all
          </Button>
        )}
      </Group>
      <MoveErrorNotice error={confirm.error} mt="xs" />
      {open === 'cancel' && (
        <CancelSeriesDialog
          shifts={shifts}
          side={role === 'CR' ? 'WORKER' : 'CARE_SEEKER'}
          onClose={() => setOpen(null)}
          onCancelled={(moved) => {
            setOpen(null);
            onMoved(`${capitalise(describeSeries(seriesOf(moved.shifts), role === 'CR' ? 'declined' : 'cancelled'))}.`);
          }}
        />
      )}
      {open === 'change' && (
        <ChangeSeriesDialog
          shifts={shifts}
          onClose={() => setOpen(null)}
          onChanged={(moved) => {
            setOpen(null);
            onMoved(`Changed: ${describeSeries(seriesOf(moved.shifts))}. They wait for the worker to confirm.`);
          }}
        />
      )}
    </>
  );
}

/** Cancelling (care seeker) or declining (worker) every shift of a series that has not started, with one reason. */
export function CancelSeriesDialog({
  shifts,
  side,
  onClose,
  onCancelled,
  now = () => new Date(),
}: {
  shifts: readonly Shift[];
  side: CancellingSide;
  onClose: () => void;
  onCancelled: (moved: SeriesMoveResponse) => void;
  now?: () => Date;
}) {
  const cancel = useBookingMove(
    ({ reason, reasonCode }: CancellationBody) => cancelSeries(shifts[0]!.bookingId, { reason, reasonCode }),
    onCancelled,
  );
  const live = shifts.filter((shift) => shift.scheduleResponseStatus !== 'CANCELLED' && new Date(shift.startsAt) > now());
  const shortNotice = live.filter((shift) => isChargeableCancellation(side, { noticeAt: now(), shiftStartsAt: new Date(shift.startsAt), timeZone: shift.timeZone, noShow: false })).length;
  return (
    <CancellationDialog
      title={side === 'WORKER' ? 'Decline all shifts' : 'Cancel all shifts'}
      summary={`${capitalise(describeSeries(seriesOf(live.length > 0 ? live : shifts)))}.`}
      side={side}
      shortNoticeWarning={() =>
        shortNotice > 0
          ? `${shortNotice === 1 ? '1 of these shifts is' : `${shortNotice} of these shifts are`} less than 7 clear days away: a short-notice cancellation may be charged under the service agreement’s cancellation policy.`
          : null
      }
      missingReasonMessage="Tell the other person why the shifts are cancelled."
      keepLabel="Keep the shifts"
      busy={cancel.isPending}
      error={cancel.error}
      onSubmit={(body) => cancel.mutate(body)}
      onClose={onClose}
    />
  );
}

/** The care seeker moves every shift of a series still to come to new times of day; the worker confirms again. */
export function ChangeSeriesDialog({ shifts, onClose, onChanged }: { shifts: readonly Shift[]; onClose: () => void; onChanged: (moved: SeriesMoveResponse) => void }) {
  const first = shifts[0]!;
  const [startTime, setStartTime] = useState(first.startLocal.slice(11, 16));
  const [endTime, setEndTime] = useState(first.endLocal.slice(11, 16));
  const change = useBookingMove((body: { startTime: string; endTime: string }) => changeSeriesTimes(first.bookingId, body), onChanged);
  const fieldErrors = change.error instanceof ApiError ? change.error.fieldErrors : {};
  return (
    <DialogForm title="Change all times" onClose={onClose} onSubmit={() => change.mutate({ startTime, endTime })}>
      <Stack gap="md">
        <Text>
          Every shift of this series still to come keeps its date and moves to the new times, in {first.state} time. The worker is asked to confirm them again.
        </Text>
        <Group grow align="flex-start">
          <TextInput type="time" label={`Starts (${first.state} time)`} required value={startTime} onChange={(event) => setStartTime(event.currentTarget.value)} error={fieldErrors.startTime} data-autofocus />
          <TextInput
            type="time"
            label={`Ends (${first.state} time)`}
            description="Before the start time: ends the next day."
            required
            value={endTime}
            onChange={(event) => setEndTime(event.currentTarget.value)}
            error={fieldErrors.endTime}
          />
        </Group>
        <MoveErrorNotice error={fieldErrors.startTime || fieldErrors.endTime ? null : change.error} />
        <DialogFormActions submitLabel="Save new times" busy={change.isPending} onCancel={onClose} />
      </Stack>
    </DialogForm>
  );
}
