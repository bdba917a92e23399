import { z } from 'zod';
import { safeText } from '../validation/safe-text';
import { formatLocalDate, formatLocalTime, isLocalDateTime } from '../shift-time';
import { stateCodes } from '../states';

/**
 * Meet and greets (issue 31 item 11): before any agreement, a care seeker (or a coordinator acting
 * for them) asks a worker for a free, short meeting, offering up to three times. The worker accepts
 * one or declines; either side may cancel an accepted one. A meet and greet is never billed: it is
 * its own record, never a shift, so it never makes hours, job reports or invoices.
 *
 * Times are local date-times (`YYYY-MM-DDTHH:MM`) in the client's state time zone.
 */

export const MEET_AND_GREET_MINUTES = [15, 30] as const;
export type MeetAndGreetMinutes = (typeof MEET_AND_GREET_MINUTES)[number];
export const MEET_AND_GREET_MAX_OPTIONS = 3;
export const MEET_AND_GREET_MAX_DAYS_AHEAD = 60;
export const MEET_AND_GREET_NOTE_MAX = 500;
export const MEET_AND_GREET_SUBURB_MAX = 80;

export const meetAndGreetModes = ['IN_PERSON', 'VIDEO_CALL', 'PHONE_CALL'] as const;
export type MeetAndGreetMode = (typeof meetAndGreetModes)[number];
export const meetAndGreetModeLabels: Readonly<Record<MeetAndGreetMode, string>> = {
  IN_PERSON: 'In person',
  VIDEO_CALL: 'Video call',
  PHONE_CALL: 'Phone call',
};

export const meetAndGreetStatuses = ['REQUESTED', 'ACCEPTED', 'DECLINED', 'CANCELLED'] as const;
export type MeetAndGreetStatus = (typeof meetAndGreetStatuses)[number];
export const meetAndGreetStatusLabels: Readonly<Record<MeetAndGreetStatus, string>> = {
  REQUESTED: 'Waiting for the worker',
  ACCEPTED: 'Accepted',
  DECLINED: 'Declined',
  CANCELLED: 'Cancelled',
};

export const MEET_AND_GREET_NOT_FOUND = 'We could not find that meet and greet.';
export const MEET_AND_GREET_WORKER_NOT_FOUND = 'That worker does not exist or is not taking new clients.';
export const MEET_AND_GREET_TIME_MESSAGE = 'Choose a date and a start time.';
export const MEET_AND_GREET_MINUTES_MESSAGE = 'A meet and greet lasts 15 or 30 minutes.';
export const MEET_AND_GREET_OPTIONS_MESSAGE = `Suggest 1 to ${MEET_AND_GREET_MAX_OPTIONS} times.`;
export const MEET_AND_GREET_DUPLICATE_MESSAGE = 'You suggested the same time twice. Choose a different time.';
export const MEET_AND_GREET_PAST_MESSAGE = 'This time has already passed. Choose a time in the future.';
export const MEET_AND_GREET_TOO_FAR_MESSAGE = `Choose a time within the next ${MEET_AND_GREET_MAX_DAYS_AHEAD} days.`;
export const MEET_AND_GREET_MODE_MESSAGE = 'Choose in person, a video call or a phone call.';
export const MEET_AND_GREET_SUBURB_MESSAGE = 'Enter the suburb where you would like to meet.';
export const MEET_AND_GREET_NOTE_TOO_LONG = `Keep this to ${MEET_AND_GREET_NOTE_MAX} characters or fewer.`;
export const MEET_AND_GREET_OPTION_MESSAGE = 'Choose one of the suggested times.';
export const MEET_AND_GREET_NO_STATE_MESSAGE = 'Add your address on Account details first, so we know which state’s time to use.';
export const MEET_AND_GREET_CLASH_WITH_MEETING = 'You already have another meet and greet at this time. Choose another time or decline.';
export const MEET_AND_GREET_NOT_WAITING = 'This meet and greet is no longer waiting for an answer.';
export const MEET_AND_GREET_NOT_ACCEPTED = 'Only an accepted meet and greet can be cancelled.';
export const MEET_AND_GREET_ENDED = 'This meet and greet has already happened.';
export const MEET_AND_GREET_ALREADY_ACCEPTED_OTHER = 'This meet and greet was already accepted for another time.';

const note = z
  .string()
  .trim()
  .check(safeText('multi'))
  .max(MEET_AND_GREET_NOTE_MAX, { error: MEET_AND_GREET_NOTE_TOO_LONG })
  .optional()
  .transform((value) => value ?? '');

export const meetAndGreetOptionRequestSchema = z.object({
  start: z.string({ error: MEET_AND_GREET_TIME_MESSAGE }).refine(isLocalDateTime, { error: MEET_AND_GREET_TIME_MESSAGE }),
  minutes: z.union([z.literal(15), z.literal(30)], { error: MEET_AND_GREET_MINUTES_MESSAGE }),
});

/** POST /api/meet-and-greets: the care seeker asks a worker. */
export const createMeetAndGreetRequestSchema = z
  .object({
    workerId: z.uuid({ error: MEET_AND_GREET_WORKER_NOT_FOUND }),
    options: z
      .array(meetAndGreetOptionRequestSchema, { error: MEET_AND_GREET_OPTIONS_MESSAGE })
      .min(1, { error: MEET_AND_GREET_OPTIONS_MESSAGE })
      .max(MEET_AND_GREET_MAX_OPTIONS, { error: MEET_AND_GREET_OPTIONS_MESSAGE }),
    mode: z.enum(meetAndGreetModes, { error: MEET_AND_GREET_MODE_MESSAGE }),
    suburb: z.string().trim().check(safeText()).max(MEET_AND_GREET_SUBURB_MAX, { error: MEET_AND_GREET_SUBURB_MESSAGE }).optional(),
    note,
  })
  .superRefine((value, context) => {
    const seen = new Set<string>();
    value.options.forEach((option, index) => {
      if (seen.has(option.start)) context.addIssue({ code: 'custom', path: ['options', index, 'start'], message: MEET_AND_GREET_DUPLICATE_MESSAGE });
      seen.add(option.start);
    });
    if (value.mode === 'IN_PERSON' && !value.suburb) context.addIssue({ code: 'custom', path: ['suburb'], message: MEET_AND_GREET_SUBURB_MESSAGE });
  })
  .transform((value) => ({ ...value, suburb: value.mode === 'IN_PERSON' ? (value.suburb ?? '') : '' }));
export type CreateMeetAndGreetRequest = z.input<typeof createMeetAndGreetRequestSchema>;

/** POST /api/meet-and-greets/{id}/accept: the worker picks one of the suggested times (0, 1 or 2). */
export const acceptMeetAndGreetRequestSchema = z.object({
  option: z
    .number({ error: MEET_AND_GREET_OPTION_MESSAGE })
    .int({ error: MEET_AND_GREET_OPTION_MESSAGE })
    .min(0, { error: MEET_AND_GREET_OPTION_MESSAGE })
    .max(MEET_AND_GREET_MAX_OPTIONS - 1, { error: MEET_AND_GREET_OPTION_MESSAGE }),
});

/** POST /api/meet-and-greets/{id}/decline and /cancel: an optional note for the other side. */
export const meetAndGreetNoteRequestSchema = z.object({ note });

export const meetAndGreetParamsSchema = z.object({ meetAndGreetId: z.uuid({ error: MEET_AND_GREET_NOT_FOUND }) });

export const meetAndGreetOptionSchema = z.object({
  startLocal: z.string(),
  endLocal: z.string(),
  minutes: z.number().int(),
});
export type MeetAndGreetOption = z.infer<typeof meetAndGreetOptionSchema>;

const personSchema = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() });

export const meetAndGreetSchema = z.object({
  id: z.uuid(),
  status: z.enum(meetAndGreetStatuses),
  careSeeker: personSchema,
  worker: personSchema,
  state: z.enum(stateCodes),
  timeZone: z.string(),
  mode: z.enum(meetAndGreetModes),
  suburb: z.string(),
  note: z.string(),
  options: z.array(meetAndGreetOptionSchema),
  /** The option the worker accepted; null until then. */
  chosenOption: z.number().int().nullable(),
  /** Set once accepted. */
  startsAt: z.iso.datetime({ offset: true }).nullable(),
  endsAt: z.iso.datetime({ offset: true }).nullable(),
  /** The worker's note when declining, or the canceller's note. */
  responseNote: z.string(),
  cancelledBy: z.enum(['CARE_SEEKER', 'WORKER']).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type MeetAndGreet = z.infer<typeof meetAndGreetSchema>;

export const meetAndGreetListSchema = z.object({ meetAndGreets: z.array(meetAndGreetSchema) });
export type MeetAndGreetList = z.infer<typeof meetAndGreetListSchema>;

/** "Mon 7 Dec 2026, 10:00 am – 10:30 am (NSW time)". */
export function formatMeetAndGreetOption(option: MeetAndGreetOption, state: string): string {
  return `${formatLocalDate(option.startLocal)}, ${formatLocalTime(option.startLocal)} – ${formatLocalTime(option.endLocal)} (${state} time)`;
}

/** "In person in Newtown", "Video call", "Phone call". */
export function describeMeetAndGreetMode(meeting: { mode: MeetAndGreetMode; suburb: string }): string {
  return meeting.mode === 'IN_PERSON' ? `In person in ${meeting.suburb}` : meetAndGreetModeLabels[meeting.mode];
}

/** The accepted time, if any. */
export function chosenOptionOf(meeting: Pick<MeetAndGreet, 'options' | 'chosenOption'>): MeetAndGreetOption | null {
  return meeting.chosenOption === null ? null : (meeting.options[meeting.chosenOption] ?? null);
}

/** The web path where either side sees and answers it. */
export function meetAndGreetPath(id: string): string {
  return `/my-bookings#meet-and-greet-${id}`;
}
