import { z } from 'zod';

/**
 * Days of the week. Spec section 9 numbers them 1 (Monday) to 7 (Sunday); the search call sends
 * the first three letters of the day (`availability`, spec section 7), in lower case.
 */
export const dayCodes = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type DayCode = (typeof dayCodes)[number];
export type DayNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export type Day = { readonly code: DayCode; readonly number: DayNumber; readonly label: string };

const dayNumbers: Record<DayCode, DayNumber> = { mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6, sun: 7 };
const dayLabels: Record<DayCode, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

export const days: readonly Day[] = dayCodes.map((code) => ({
  code,
  number: dayNumbers[code],
  label: dayLabels[code],
}));

export function dayNumber(code: DayCode): DayNumber {
  return dayNumbers[code];
}

export function dayCodeFromNumber(number: DayNumber): DayCode {
  const code = dayCodes[number - 1];
  if (!code) throw new RangeError(`Day numbers run from 1 to 7, got ${number}`);
  return code;
}

export function dayLabel(code: DayCode): string {
  return dayLabels[code];
}

/** Parts of the day a job needs help in, or a worker is free (spec section 3, job `availability`). */
export const availabilitySlots = ['morning', 'afternoon', 'evening'] as const;
export type AvailabilitySlot = (typeof availabilitySlots)[number];

export const availabilitySlotOptions: readonly { code: AvailabilitySlot; label: string }[] = [
  { code: 'morning', label: 'Morning' },
  { code: 'afternoon', label: 'Afternoon' },
  { code: 'evening', label: 'Evening' },
];

export type Availability = Record<DayCode, Record<AvailabilitySlot, boolean>>;

export function emptyAvailability(): Availability {
  const slots = (): Record<AvailabilitySlot, boolean> => ({ morning: false, afternoon: false, evening: false });
  return { mon: slots(), tue: slots(), wed: slots(), thu: slots(), fri: slots(), sat: slots(), sun: slots() };
}

/** Days with at least one slot ticked: the repeated `availability` search parameter. */
export function availableDayCodes(availability: Availability): DayCode[] {
  return dayCodes.filter((code) => availabilitySlots.some((slot) => availability[code][slot]));
}

const daySlotsSchema = z.object({
  morning: z.boolean().default(false),
  afternoon: z.boolean().default(false),
  evening: z.boolean().default(false),
});

/**
 * Accepts a partial week (a missing day or slot means "not needed") and always yields all seven
 * days with all three flags, so stored jobs have one shape.
 */
export const availabilitySchema = z.object({
  mon: daySlotsSchema.default(() => emptyAvailability().mon),
  tue: daySlotsSchema.default(() => emptyAvailability().tue),
  wed: daySlotsSchema.default(() => emptyAvailability().wed),
  thu: daySlotsSchema.default(() => emptyAvailability().thu),
  fri: daySlotsSchema.default(() => emptyAvailability().fri),
  sat: daySlotsSchema.default(() => emptyAvailability().sat),
  sun: daySlotsSchema.default(() => emptyAvailability().sun),
});
