import { BLURB_TRUNCATE_LENGTH, CURRENCY, SUMMARY_TRUNCATE_LENGTH } from './constants';

const ELLIPSIS = '…';
const graphemes = new Intl.Segmenter('en-AU', { granularity: 'grapheme' });

/**
 * Cuts text to `length` characters and adds an ellipsis, only when the text is longer
 * (spec section 5). Choices:
 * - a character is a grapheme (what a reader sees as one character), so an emoji, a flag or an
 *   accented letter is never split and counts as one;
 * - the ellipsis comes after the kept characters and does not count towards `length`: the
 *   spec's "cut to 100 characters with an ellipsis" keeps 100 characters of the writer's text;
 * - whitespace before the ellipsis is dropped ("care …" reads badly).
 */
export function truncate(text: string, length: number): string {
  if (!Number.isInteger(length) || length < 0) throw new RangeError(`Invalid length: ${length}`);
  // Cheap exit: a string no longer in UTF-16 units than `length` cannot have more graphemes.
  if (text.length <= length) return text;
  const kept: string[] = [];
  for (const { segment } of graphemes.segment(text)) {
    if (kept.length === length) return kept.join('').trimEnd() + ELLIPSIS;
    kept.push(segment);
  }
  return text;
}

/** Job summary text (spec section 5: 350 characters). */
export function truncateSummary(text: string): string {
  return truncate(text, SUMMARY_TRUNCATE_LENGTH);
}

/** Worker blurb on cards (spec section 2.9: 100 characters). */
export function truncateBlurb(text: string): string {
  return truncate(text, BLURB_TRUNCATE_LENGTH);
}

function assertFinite(value: number, what: string): void {
  if (!Number.isFinite(value)) throw new RangeError(`${what} must be a finite number, got ${value}`);
}

/**
 * Metres to kilometres rounded to 2 decimals (spec section 9). Rounds the metres first
 * (12345 m → 1234.5 tens → 1235) so binary floating point cannot turn 12.345 into 12.34.
 */
export function metresToKilometres(metres: number): number {
  assertFinite(metres, 'Distance');
  return Math.round(metres / 10) / 100;
}

const kilometreFormat = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 2 });

/** "12.35 km"; trailing zeros are dropped ("5 km", "1.5 km"). */
export function formatDistance(metres: number): string {
  return `${kilometreFormat.format(metresToKilometres(metres))} km`;
}

/** Money is integer cents (ARCHITECTURE.md): the formatters refuse anything else. */
function assertWholeCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be a whole number, got ${cents}`);
}

const currencyFormat = new Intl.NumberFormat('en-AU', { style: 'currency', currency: CURRENCY });

/** Money is integer cents (ARCHITECTURE.md); 123450 → "$1,234.50". */
export function formatCents(cents: number): string {
  assertWholeCents(cents);
  return currencyFormat.format(cents / 100);
}

const wholeDollarFormat = new Intl.NumberFormat('en-AU', { style: 'currency', currency: CURRENCY, maximumFractionDigits: 0 });

/** A limit in whole dollars, for messages: 2000 → "$20". Cents that are not whole dollars are rounded. */
export function formatWholeDollars(cents: number): string {
  assertWholeCents(cents);
  return wholeDollarFormat.format(cents / 100);
}

/** A person's whole name as the product shows it: "Jo Citizen", or just "Jo" when there is no last name. */
export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

/**
 * A last name shown as its initial with a full stop ("Smith" → "S."), so cards read
 * "Jane S." and the public never sees a worker's full name. Empty input gives "".
 */
export function initial(lastName: string): string {
  const first = graphemes.segment(lastName.trim())[Symbol.iterator]().next();
  return first.done ? '' : `${first.value.segment.toLocaleUpperCase('en-AU')}.`;
}

/** An ABN grouped as it is printed: "51 824 753 556"; anything that is not 11 digits as it was given. */
export function formatAbn(abn: string): string {
  const digits = abn.replace(/\s/g, '');
  return /^\d{11}$/.test(digits) ? `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}` : abn;
}

/** Minutes as hours and minutes: "3 h 30 min", "45 min", "2 h". */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The text with its first character in capitals, for a phrase that starts a sentence: "every Monday" → "Every Monday". */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A list as a sentence writes it: "a, b and c" (or "a, b or c"); one item alone, none as "". */
export function joinList(items: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}

/** "Jane S.": a worker's first name and last initial, all the public ever sees of their name; the initial may come with or without its full stop. */
export function workerDisplayName(worker: { firstName: string; lastInitial: string }): string {
  const lastInitial = worker.lastInitial.trim().replace(/\.$/, '');
  return lastInitial ? `${worker.firstName} ${lastInitial}.` : worker.firstName;
}

/**
 * How long to wait, for a "try again in ..." message: "45 seconds", "1 minute", "12 minutes",
 * "5 hours". Rounded up, so nobody comes back too early; hours only from two hours on.
 */
export function formatWait(seconds: number): string {
  assertFinite(seconds, 'Seconds');
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (seconds < 60) return plural(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 2 * 60 * 60) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / 3600), 'hour');
}

// --- Dates and times (one set of helpers; the locale is a parameter for the product's languages) ---

/** The product's locale until a person chooses another. */
export const DEFAULT_LOCALE = 'en-AU';

export interface DateFormatOptions {
  /** The locale to write in; en-AU by default. */
  locale?: string;
  /** The zone to read the instant in; unset, the reader's own (the browser's or the server's). */
  timeZone?: string;
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per locale, zone and style, made once: building them is the slow part. */
function dateFormatter(style: Intl.DateTimeFormatOptions, { locale = DEFAULT_LOCALE, timeZone }: DateFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}|${JSON.stringify(style)}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, timeZone ? { ...style, timeZone } : style);
    dateFormatters.set(key, formatter);
  }
  return formatter;
}

const asDate = (instant: Date | string) => (typeof instant === 'string' ? new Date(instant) : instant);
const calendarDate = (date: string) => new Date(`${date.slice(0, 10)}T00:00:00Z`);

/** "25 November 2026": the date of an instant. */
export function formatInstantDate(instant: Date | string, options: DateFormatOptions = {}): string {
  return dateFormatter({ day: 'numeric', month: 'long', year: 'numeric' }, options).format(asDate(instant));
}

/** "1 July 2025": a calendar date (YYYY-MM-DD) as it is written, whatever the zone. */
export function formatCalendarDate(date: string, locale: string = DEFAULT_LOCALE): string {
  return dateFormatter({ day: 'numeric', month: 'long', year: 'numeric' }, { locale, timeZone: 'UTC' }).format(calendarDate(date));
}

/** A calendar date (YYYY-MM-DD) in the locale's medium style, for tables ("Jul 1, 2025" in en-US; en-AU writes the month in full). */
export function formatShortCalendarDate(date: string, locale: string = DEFAULT_LOCALE): string {
  return dateFormatter({ dateStyle: 'medium' }, { locale, timeZone: 'UTC' }).format(calendarDate(date));
}

/** "March 2025": the month of an instant. */
export function formatMonthYear(instant: Date | string, options: DateFormatOptions = {}): string {
  return dateFormatter({ month: 'long', year: 'numeric' }, options).format(asDate(instant));
}

/** "25 Nov 2026, 2:05 pm": the date and time of an instant. */
export function formatInstantDateTime(instant: Date | string, options: DateFormatOptions = {}): string {
  return dateFormatter({ dateStyle: 'medium', timeStyle: 'short' }, options).format(asDate(instant));
}

/** "2:05 pm": the time of day of an instant. */
export function formatTimeOfDay(instant: Date | string, options: DateFormatOptions = {}): string {
  return dateFormatter({ hour: 'numeric', minute: '2-digit' }, options).format(asDate(instant));
}

/** "25 Nov": the day and month of an instant. */
export function formatDayAndMonth(instant: Date | string, options: DateFormatOptions = {}): string {
  return dateFormatter({ day: 'numeric', month: 'short' }, options).format(asDate(instant));
}

/** "Wed 25 Nov, 2:05 pm": the weekday, date and time of an instant. */
export function formatWeekdayDateTime(instant: Date | string, options: DateFormatOptions = {}): string {
  return dateFormatter({ weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }, options).format(asDate(instant));
}

/**
 * The period an invoice covers: its one day, or "first to last" when it spans more. `day` writes
 * each date (left as YYYY-MM-DD by default).
 */
export function formatPeriod(start: string, end: string | null, day: (date: string) => string = (date) => date): string {
  return end && end !== start ? `${day(start)} to ${day(end)}` : day(start);
}
