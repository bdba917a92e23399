import { bookingResponseStatusLabels, formatShiftWhen, type Shift } from '@tendly/domain/api/bookings';
import { chosenOptionOf, describeMeetAndGreetMode, formatMeetAndGreetOption, type MeetAndGreet } from '@tendly/domain/api/meet-and-greets';
import type { Role } from '@tendly/domain/roles';
import { otherPersonOf } from './shift-summary';

/**
 * Shifts as FullCalendar events. The calendar runs in 'UTC' with each shift's local start and end
 * as floating times, so every shift shows at the time it has in its state (9 am in Perth shows at
 * 9 am), whatever the browser's zone; the title says which state's time it is.
 */
export interface ShiftEvent {
  id: string;
  title: string;
  start: string;
  end: string;
  classNames: string[];
  backgroundColor: string;
  borderColor: string;
  textColor: string;
  extendedProps: { shiftId: string; description: string };
}

const colours = {
  CONFIRMED: { backgroundColor: '#0b7285', borderColor: '#0b7285', textColor: '#ffffff' },
  UNCONFIRMED: { backgroundColor: '#ffffff', borderColor: '#1864ab', textColor: '#1864ab' },
  CANCELLED: { backgroundColor: '#f1f3f5', borderColor: '#495057', textColor: '#343a40' },
} as const;

export function shiftTitle(shift: Shift, role: Role | undefined): string {
  const who = role === 'CR' ? `Support with ${otherPersonOf(shift, role)}` : `Support by ${otherPersonOf(shift, role)}`;
  return `${who} (${bookingResponseStatusLabels[shift.scheduleResponseStatus]}, ${shift.state} time)`;
}

export function shiftToEvent(shift: Shift, role: Role | undefined): ShiftEvent {
  return {
    id: shift.id,
    title: shiftTitle(shift, role),
    start: shift.startLocal,
    end: shift.endLocal,
    classNames: [`shift-${shift.scheduleResponseStatus.toLowerCase()}`],
    ...colours[shift.scheduleResponseStatus],
    extendedProps: { shiftId: shift.id, description: `${shiftTitle(shift, role)}: ${formatShiftWhen(shift)}` },
  };
}

export function shiftsToEvents(shifts: readonly Shift[], role: Role | undefined, showCancelled: boolean): ShiftEvent[] {
  return shifts.filter((shift) => showCancelled || shift.scheduleResponseStatus !== 'CANCELLED').map((shift) => shiftToEvent(shift, role));
}

const HOUR = 60 * 60 * 1000;

/**
 * The instants to ask the API for, for the floating dates FullCalendar shows: local midnight in
 * Australian zones is 8 to 11 hours before the same time in UTC, so the range starts 12 hours early.
 */
export function rangeToFetch(visibleStart: Date, visibleEnd: Date): { from: string; to: string } {
  return { from: new Date(visibleStart.getTime() - 12 * HOUR).toISOString(), to: new Date(visibleEnd.getTime()).toISOString() };
}

/** The prefix of a meet and greet's event id, so opening it goes to the meet and greet, not a shift. */
export const MEET_AND_GREET_EVENT_PREFIX = 'meet-and-greet:';

/**
 * Accepted meet and greets (issue 31 item 11) as events beside the shifts: at their local time in
 * the client's state, in a colour of their own. They are free and never billed.
 */
export function meetAndGreetsToEvents(meetings: readonly MeetAndGreet[], role: Role | undefined): ShiftEvent[] {
  return meetings.flatMap((meeting) => {
    const chosen = meeting.status === 'ACCEPTED' ? chosenOptionOf(meeting) : null;
    if (!chosen) return [];
    const other = role === 'CR' ? meeting.careSeeker : meeting.worker;
    const title = `Meet and greet with ${other.firstName} ${other.lastName} (${meeting.state} time)`;
    return [
      {
        id: `${MEET_AND_GREET_EVENT_PREFIX}${meeting.id}`,
        title,
        start: chosen.startLocal,
        end: chosen.endLocal,
        classNames: ['meet-and-greet'],
        backgroundColor: '#5f3dc4',
        borderColor: '#5f3dc4',
        textColor: '#ffffff',
        extendedProps: {
          shiftId: `${MEET_AND_GREET_EVENT_PREFIX}${meeting.id}`,
          description: `${title}: ${formatMeetAndGreetOption(chosen, meeting.state)}. ${describeMeetAndGreetMode(meeting)}. Free, never billed.`,
        },
      },
    ];
  });
}
