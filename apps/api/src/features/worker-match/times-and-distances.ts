import type { AvailabilitySlot } from '@tendly/domain/days';
import { locationTypeCodes, locationTypeRadiusKm, type LocationType } from '@tendly/domain/job-options';

export interface TextSpan {
  start: number;
  end: number;
}

export interface TimePhrase extends TextSpan {
  slots: AvailabilitySlot[];
}

export interface DistancePhrase extends TextSpan {
  locationType: LocationType;
}

/**
 * Parts of the day by the hour (24-hour clock): morning from 5 am to noon, afternoon from noon
 * to 5 pm, evening from 5 pm until 5 am (night-time help reads as evening: there is no later slot).
 */
const slotHours: readonly { slot: AvailabilitySlot; from: number; to: number }[] = [
  { slot: 'morning', from: 5, to: 12 },
  { slot: 'afternoon', from: 12, to: 17 },
  { slot: 'evening', from: 17, to: 24 },
  { slot: 'evening', from: 0, to: 5 },
];

/** The parts of the day a stretch of hours touches; `to` before `from` runs past midnight. */
export function slotsBetween(from: number, to: number): AvailabilitySlot[] {
  const stretches = to > from ? [[from, to]] : [[from, 24], [0, to]];
  const slots = new Set<AvailabilitySlot>();
  for (const [start = 0, end = 0] of stretches) {
    for (const { slot, from: slotFrom, to: slotTo } of slotHours) if (start < slotTo && end > slotFrom) slots.add(slot);
  }
  return orderSlots(slots);
}

export function slotAt(hour: number): AvailabilitySlot {
  return slotHours.find(({ from, to }) => hour >= from && hour < to)?.slot ?? 'evening';
}

function orderSlots(slots: Set<AvailabilitySlot>): AvailabilitySlot[] {
  return (['morning', 'afternoon', 'evening'] as const).filter((slot) => slots.has(slot));
}

/** "7", "7:30" with "am"/"pm" (or none) → hours since midnight. A bare hour is read as a carer's day: 7 to 11 am, 12 noon, 1 to 6 pm. */
function toHour(hour: string, minutes: string | undefined, meridiem: string | undefined): number | null {
  const h = Number(hour);
  const m = minutes ? Number(minutes) : 0;
  if (!Number.isInteger(h) || h > 24 || m > 59) return null;
  const half = meridiem?.toLowerCase().replace(/\./g, '');
  if (half === 'am') return h === 12 ? m / 60 : h > 12 ? null : h + m / 60;
  if (half === 'pm') return h === 12 ? 12 + m / 60 : h > 12 ? null : h + 12 + m / 60;
  if (h > 12) return h + m / 60;
  return (h >= 7 && h <= 12 ? h : h + 12) + m / 60;
}

const clock = String.raw`(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?`;
const meridiemClock = String.raw`(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?|o'?clock)`;
const rangePattern = new RegExp(String.raw`\b(from\s+|between\s+)?${clock}\s*(?:-|to|till|until|til|and)\s*${clock}(?![\w.])`, 'gi');
const pointPattern = new RegExp(String.raw`\b(?:(before|after|from|by|until|till|at|around|about|past)\s+)?${meridiemClock}(\s+onwards|\s+on)?(?![\w])`, 'gi');

/**
 * Clock times and ranges: "7am", "at 9:30", "after 5pm" (evening), "before 10am" (morning),
 * "9am-3pm", "from 10 till 2" (morning and afternoon). A range needs am/pm on one end, or
 * "from"/"between" before it, so that "10 to 20 km" is not read as hours.
 *
 * Read from the text rather than from wink's TIME and DURATION entities: wink finds "5pm" and
 * "9am-3pm" but not ranges with a bare hour ("3-6pm", "from 10 till 2"), which requests are full
 * of. wink's tokens still decide which words a phrase covers and whether a negation covers it.
 */
export function findTimePhrases(text: string): TimePhrase[] {
  const phrases: TimePhrase[] = [];
  for (const match of text.matchAll(rangePattern)) {
    const [, lead, h1 = '', m1, mer1, h2 = '', m2, mer2] = match;
    if (!lead && !mer1 && !mer2) continue;
    if (/\s*(?:km|k|kms|kilometres|kilometers|hours|hrs|years|dollars|minutes|mins)\b/i.test(text.slice(match.index + match[0].length, match.index + match[0].length + 12))) continue;
    // "9-11am": the bare end takes the other's half of the day when that makes a forward range.
    const from = toHour(h1, m1, mer1 ?? (mer2 && Number(h1) <= Number(h2) ? mer2 : undefined));
    const to = toHour(h2, m2, mer2);
    if (from === null || to === null) continue;
    phrases.push({ start: match.index, end: match.index + match[0].length, slots: slotsBetween(from, to) });
  }
  for (const match of text.matchAll(pointPattern)) {
    const start = match.index;
    const end = start + match[0].length;
    if (phrases.some((phrase) => start < phrase.end && end > phrase.start)) continue;
    const [, modifier, h = '', m, meridiem = '', onwards] = match;
    const hour = toHour(h, m, /o'?clock/i.test(meridiem) ? undefined : meridiem);
    if (hour === null) continue;
    const word = modifier?.toLowerCase();
    let slots: AvailabilitySlot[];
    if (word === 'after' || word === 'past' || onwards) slots = slotsBetween(hour, 24);
    else if (word === 'before' || word === 'by' || word === 'until' || word === 'till') slots = slotsBetween(5, Math.max(hour, 5.01));
    else slots = [slotAt(hour)];
    phrases.push({ start, end, slots });
  }
  return phrases.sort((a, b) => a.start - b.start);
}

const distancePattern = /\b(?:(?:within|under|less than|up to|no more than|not more than|max(?:imum)?|inside|in a)\s+)?(\d+(?:\.\d+)?)\s*(?:km|kms|kilometres|kilometers|kilometre|kilometer|k)\b(?:\s+(?:radius|away))?/gi;
const walkingDistancePattern = /\b(?:within\s+)?walking distance\b/gi;

/** The radius the search allows nearest to a distance in km; halfway rounds up (7.5 → 10). */
export function nearestRadius(km: number): LocationType {
  let best: LocationType = 'KM_5';
  let bestGap = Number.POSITIVE_INFINITY;
  for (const code of locationTypeCodes) {
    const radius = locationTypeRadiusKm(code);
    if (radius === null) continue;
    const gap = Math.abs(radius - km);
    if (gap <= bestGap) {
      best = code;
      bestGap = gap;
    }
  }
  return best;
}

/** "within 10 km", "20km radius", "walking distance" (5 km) → the nearest radius the search allows. */
export function findDistancePhrases(text: string): DistancePhrase[] {
  const phrases: DistancePhrase[] = [];
  for (const match of text.matchAll(distancePattern)) {
    const km = Number(match[1]);
    if (!(km > 0)) continue;
    phrases.push({ start: match.index, end: match.index + match[0].length, locationType: nearestRadius(km) });
  }
  for (const match of text.matchAll(walkingDistancePattern)) {
    phrases.push({ start: match.index, end: match.index + match[0].length, locationType: 'KM_5' });
  }
  return phrases.sort((a, b) => a.start - b.start);
}
