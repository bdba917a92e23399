import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatShiftWhen, isChargeableCancellation, type CancellingSide, type Shift } from '@tendly/domain/api/bookings';
import type { Role } from '@tendly/domain/roles';
import { ApiError } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { submitHoursForShiftPath } from '../../platform/timesheet-links';
import { cancelShift, changeShiftTime, confirmShift } from './bookings-api';
import { DialogFormActions } from '../../platform/dialog-form-actions';
import { DialogForm } from '../../platform/dialog-form';
import { MoveErrorNotice, useBookingMove } from './booking-moves';
import { CancellationDialog, type CancellationBody } from './cancellation-dialog';

/**
 * The moves a viewer may offer on a shift (spec section 4), by side. Once a live shift has
 * started the worker may also record a no-show (the care seeker records one from Cancel shift).
 */
export function actionsFor(
  shift: Shift,
  role: Role | undefined,
  now = new Date(),
): { confirm: boolean; decline: boolean; noShow: boolean; change: boolean; cancel: boolean } {
  const live = shift.scheduleResponseStatus !== 'CANCELLED' && new Date(shift.endsAt) > now;
  const started = new Date(shift.startsAt) <= now;
  const worker = role === 'CR';
  return {
    confirm: worker && live && shift.scheduleResponseStatus === 'UNCONFIRMED',
    decline: worker && live,
    noShow: worker && live && started,
    change: !worker && live && !started,
    cancel: !worker && live,
  };
}

/**
 * Issue 14: a confirmed shift that has ended is ready for the worker's hours. Whether hours are
 * already recorded the shift does not say; the hours form explains when they are.
 */
export function canSubmitHoursFor(shift: Shift, role: Role | undefined, now = new Date()): boolean {
  return role === 'CR' && shift.scheduleResponseStatus === 'CONFIRMED' && new Date(shift.endsAt) <= now;
}

/** The worker's way from an ended shift to its hours. */
export function SubmitHoursLink({ shift }: { shift: Shift }) {
  return (
    <Button component={Link} to={submitHoursForShiftPath(shift.id)} variant="outline" mt="xs" style={{ alignSelf: 'flex-start' }} aria-label={`Submit hours for the shift on ${formatShiftWhen(shift)}`}>
      Submit hours
    </Button>
  );
}

/** The buttons of a shift and their dialogs; `onMoved` hears of each move (to announce it). */
export function ShiftActions({ shift, role, onMoved }: { shift: Shift; role: Role | undefined; onMoved: (message: string, shift: Shift) => void }) {
  const [open, setOpen] = useState<'decline' | 'noShow' | 'cancel' | 'change' | null>(null);
  const allowed = actionsFor(shift, role);
  const confirm = useBookingMove(() => confirmShift(shift.id), (moved) => onMoved(`Shift confirmed: ${formatShiftWhen(moved)}.`, moved));
  if (!allowed.confirm && !allowed.decline && !allowed.change && !allowed.cancel) return null;
  const when = formatShiftWhen(shift);
  return (
    <>
      <Group gap="sm" mt="xs">
        {allowed.confirm && (
          <BusyButton color="teal.9" busy={confirm.isPending} onClick={() => confirm.mutate(undefined)} aria-label={`Confirm the shift on ${when}`}>
            Confirm
          </BusyButton>
        )}
        {allowed.decline && (
          <Button variant="outline" color="red.9" onClick={() => setOpen('decline')} aria-label={`Decline the shift on ${when}`}>
            Decline
          </Button>
        )}
        {allowed.noShow && (
          <Button variant="outline" color="red.9" onClick={() => setOpen('noShow')} aria-label={`Record no-show for the shift on ${when}`}>
            Record no-show
          </Button>
        )}
        {allowed.change && (
          <Button variant="outline" onClick={() => setOpen('change')} aria-label={`Change time of the shift on ${when}`}>
            Change time
          </Button>
        )}
        {allowed.cancel && (
          <Button variant="outline" color="red.9" onClick={() => setOpen('cancel')} aria-label={`Cancel shift on ${when}`}>
            Cancel shift
          </Button>
        )}
      </Group>
      <MoveErrorNotice error={confirm.error} mt="xs" />
      {(open === 'cancel' || open === 'decline' || open === 'noShow') && (
        <CancelShiftDialog
          shift={shift}
          side={open === 'cancel' ? 'CARE_SEEKER' : 'WORKER'}
          initialNoShow={open === 'noShow'}
          onClose={() => setOpen(null)}
          onCancelled={(moved) => {
            setOpen(null);
            const what = moved.cancellation?.noShow ? 'No-show recorded' : open === 'cancel' ? 'Shift cancelled' : 'Shift declined';
            onMoved(`${what}: ${formatShiftWhen(moved)}.`, moved);
          }}
        />
      )}
      {open === 'change' && (
        <ChangeTimeDialog
          shift={shift}
          onClose={() => setOpen(null)}
          onChanged={(moved) => {
            setOpen(null);
            onMoved(`Shift changed to ${formatShiftWhen(moved)}. It waits for the worker to confirm.`, moved);
          }}
        />
      )}
    </>
  );
}

/**
 * Cancelling (care seeker) or declining (worker) a shift, with the short-notice warning worked out
 * as they type. Once the shift has started either side may record a no-show instead, with the NDIS
 * reason it is claimed with. Only the care seeker's late cancellation or a no-show is chargeable
 * (`isChargeableCancellation`); a worker who cancels late is never charging the care seeker.
 */
export function CancelShiftDialog({
  shift,
  side,
  onClose,
  onCancelled,
  initialNoShow = false,
  now = () => new Date(),
}: {
  shift: Shift;
  side: CancellingSide;
  onClose: () => void;
  onCancelled: (shift: Shift) => void;
  /** Opened from Record no-show: the box starts ticked. */
  initialNoShow?: boolean;
  now?: () => Date;
}) {
  const cancel = useBookingMove((body: CancellationBody) => cancelShift(shift.id, body), onCancelled);
  const declining = side === 'WORKER';
  return (
    <CancellationDialog
      title={initialNoShow ? 'Record no-show' : declining ? 'Decline shift' : 'Cancel shift'}
      summary={formatShiftWhen(shift)}
      side={side}
      canRecordNoShow={new Date(shift.startsAt) <= now()}
      initialNoShow={initialNoShow}
      shortNoticeWarning={(noShow) =>
        isChargeableCancellation(side, { noticeAt: now(), shiftStartsAt: new Date(shift.startsAt), timeZone: shift.timeZone, noShow })
          ? `${noShow ? 'A no-show is a short-notice cancellation.' : 'This is a short-notice cancellation (less than 7 clear days before the shift).'} The shift may be charged under the service agreement’s cancellation policy.`
          : null
      }
      missingReasonMessage="Tell the other person why the shift is cancelled."
      keepLabel="Keep the shift"
      submitLabel={(noShow) => (noShow ? 'Record no-show' : declining ? 'Decline shift' : 'Cancel shift')}
      busy={cancel.isPending}
      error={cancel.error}
      onSubmit={(body) => cancel.mutate(body)}
      onClose={onClose}
    />
  );
}

/** The care seeker moves a shift to new local times; it waits for the worker to confirm again. */
export function ChangeTimeDialog({ shift, onClose, onChanged }: { shift: Shift; onClose: () => void; onChanged: (shift: Shift) => void }) {
  const [start, setStart] = useState(shift.startLocal);
  const [end, setEnd] = useState(shift.endLocal);
  const change = useBookingMove((body: { start: string; end: string }) => changeShiftTime(shift.id, body), onChanged);
  const fieldErrors = change.error instanceof ApiError ? change.error.fieldErrors : {};
  return (
    <DialogForm
      title="Change time"
      onClose={onClose}
      onSubmit={() => {
        change.mutate({ start, end });
      }}
    >
      <Stack gap="md">
        <Text>Times are in {shift.state} time. The worker is asked to confirm the new time.</Text>
        <TextInput type="datetime-local" label={`Starts (${shift.state} time)`} required value={start} onChange={(event) => setStart(event.currentTarget.value)} error={fieldErrors.start} data-autofocus />
        <TextInput type="datetime-local" label={`Ends (${shift.state} time)`} required value={end} onChange={(event) => setEnd(event.currentTarget.value)} error={fieldErrors.end} />
        <MoveErrorNotice error={fieldErrors.start || fieldErrors.end ? null : change.error} />
        <DialogFormActions submitLabel="Save new time" busy={change.isPending} onCancel={onClose} />
      </Stack>
    </DialogForm>
  );
}
