import { describeSeries, formatShiftWhen, seriesCount, seriesOf, type Shift } from '@tendly/domain/api/bookings';
import { shortNoticeLine } from './booking-emails';
import { routePath } from '@tendly/domain/routes';
import type { NewNotification } from '../../platform/notifications/notify';

/**
 * The in-app notifications of bookings (issue 17), beside their emails: each tells the other side
 * what changed and links, as its email's button does, to the shift's page (the first of a series,
 * whose page holds the moves on all of it), where they confirm, decline or see it (issue 31, item 8).
 */
const linkTo = (shifts: readonly Shift[]) => routePath('shift', { shiftId: shifts[0]!.id });

export function bookingMadeNotification(workerId: string, careSeekerName: string, shifts: readonly Shift[]): NewNotification {
  const count = shifts.length === 1 ? 'a shift' : `${shifts.length} shifts`;
  const first = shifts[0];
  return {
    userId: workerId,
    kind: 'BOOKING_MADE',
    title: `${careSeekerName} booked ${count} with you`,
    body: `${first ? `From ${formatShiftWhen(first)}. ` : ''}Please confirm or decline them, all at once or one at a time.`,
    link: linkTo(shifts),
  };
}

export function shiftConfirmedNotification(careSeekerId: string, workerName: string, shift: Shift): NewNotification {
  return { userId: careSeekerId, kind: 'BOOKING_CONFIRMED', title: `${workerName} confirmed a shift`, body: `The shift on ${formatShiftWhen(shift)} is confirmed.`, link: linkTo([shift]) };
}

export function shiftChangedNotification(workerId: string, careSeekerName: string, shift: Shift): NewNotification {
  return {
    userId: workerId,
    kind: 'BOOKING_CHANGED',
    title: `${careSeekerName} changed a shift`,
    body: `The shift is now on ${formatShiftWhen(shift)}. Please confirm the new time or decline it.`,
    link: linkTo([shift]),
  };
}

export function shiftCancelledNotification(userId: string, byName: string, shift: Shift, reason: string): NewNotification {
  const noShow = shift.cancellation?.noShow === true;
  return {
    userId,
    kind: 'BOOKING_CANCELLED',
    title: noShow ? `${byName} recorded a no-show` : `${byName} cancelled a shift`,
    body: `The shift on ${formatShiftWhen(shift)}. Their reason: ${reason}`,
    link: linkTo([shift]),
  };
}

/** Issue 31 item 3: one notification per move on a series, beside its one email. */
export function seriesConfirmedNotification(careSeekerId: string, workerName: string, shifts: readonly Shift[]): NewNotification {
  return {
    userId: careSeekerId,
    kind: 'BOOKING_CONFIRMED',
    title: `${workerName} confirmed ${seriesCount(shifts.length, shifts[0]!.repeat)}`,
    body: `${describeSeries(seriesOf(shifts), 'confirmed')}.`.replace(/^./, (first) => first.toUpperCase()),
    link: linkTo(shifts),
  };
}

export function seriesChangedNotification(workerId: string, careSeekerName: string, shifts: readonly Shift[]): NewNotification {
  return {
    userId: workerId,
    kind: 'BOOKING_CHANGED',
    title: `${careSeekerName} changed ${seriesCount(shifts.length, shifts[0]!.repeat)}`,
    body: `Now ${describeSeries(seriesOf(shifts))}. Please confirm the new times or decline them.`,
    link: linkTo(shifts),
  };
}

export function seriesCancelledNotification(userId: string, byName: string, shifts: readonly Shift[], reason: string): NewNotification {
  const shortNotice = shifts.filter((shift) => shift.cancellation?.shortNotice).length;
  return {
    userId,
    kind: 'BOOKING_CANCELLED',
    title: `${byName} cancelled ${seriesCount(shifts.length, shifts[0]!.repeat)}`,
    body: [`${describeSeries(seriesOf(shifts), 'cancelled')}.`.replace(/^./, (first) => first.toUpperCase()), `Their reason: ${reason}`, ...(shortNotice > 0 ? [shortNoticeLine(shortNotice, shifts.length)] : [])].join(' '),
    link: linkTo(shifts),
  };
}
