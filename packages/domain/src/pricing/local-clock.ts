/**
 * A fast local clock for one IANA time zone, for the pricing engine, which must place 100,000
 * shifts a second on their state's local calendar (issue 14). Asking Intl for every instant is
 * far too slow, so the zone's UTC offsets are worked out once per year: sampled daily, each change
 * narrowed to the minute by bisection, and kept as a short list of spans. Every lookup after that
 * is arithmetic.
 */

const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

type Span = { readonly from: number; readonly offsetMinutes: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC, in minutes, at an instant (slow: Intl). */
function intlOffsetMinutes(timeZone: string, instantMs: number): number {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instantMs)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const localAsUtc = Date.UTC(fields.year!, fields.month! - 1, fields.day!, fields.hour!, fields.minute!);
  const instantToMinute = Math.floor(instantMs / MINUTE_MS) * MINUTE_MS;
  return Math.round((localAsUtc - instantToMinute) / MINUTE_MS);
}

function spansOfYear(timeZone: string, year: number): Span[] {
  const from = Date.UTC(year, 0, 1) - DAY_MS;
  const to = Date.UTC(year + 1, 0, 1) + DAY_MS;
  const spans: Span[] = [{ from: -Infinity, offsetMinutes: intlOffsetMinutes(timeZone, from) }];
  let previous = from;
  let previousOffset = spans[0]!.offsetMinutes;
  for (let at = from + DAY_MS; at <= to; at += DAY_MS) {
    const offset = intlOffsetMinutes(timeZone, at);
    if (offset !== previousOffset) {
      // The change lies in (previous, at]: narrow it to the minute.
      let low = previous;
      let high = at;
      while (high - low > MINUTE_MS) {
        const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
        if (intlOffsetMinutes(timeZone, middle) === previousOffset) low = middle;
        else high = middle;
      }
      spans.push({ from: high, offsetMinutes: offset });
      previousOffset = offset;
    }
    previous = at;
  }
  return spans;
}

export interface LocalClock {
  /** Offset from UTC in minutes at an instant (ms since the epoch). */
  offsetMinutes(instantMs: number): number;
  /** The instant of a local wall time given as "ms since the epoch as if the zone were UTC". */
  instantOfLocal(localMs: number): number;
}

const clocks = new Map<string, LocalClock>();

/** The local clock of a zone, made once per zone and reused. */
export function localClock(timeZone: string): LocalClock {
  let clock = clocks.get(timeZone);
  if (clock) return clock;
  const years = new Map<number, Span[]>();
  const spansAt = (instantMs: number): Span[] => {
    const year = new Date(instantMs).getUTCFullYear();
    let spans = years.get(year);
    if (!spans) {
      spans = spansOfYear(timeZone, year);
      years.set(year, spans);
    }
    return spans;
  };
  const offsetMinutes = (instantMs: number): number => {
    const spans = spansAt(instantMs);
    let offset = spans[0]!.offsetMinutes;
    for (const span of spans) {
      if (span.from <= instantMs) offset = span.offsetMinutes;
      else break;
    }
    return offset;
  };
  clock = {
    offsetMinutes,
    instantOfLocal(localMs) {
      // Guess with the offset a day earlier, then settle on the offset in force at the guess.
      // Australian clocks change at 2 or 3 am, never at the band boundaries this is used for.
      let instant = localMs - offsetMinutes(localMs - DAY_MS) * MINUTE_MS;
      instant = localMs - offsetMinutes(instant) * MINUTE_MS;
      return localMs - offsetMinutes(instant) * MINUTE_MS;
    },
  };
  clocks.set(timeZone, clock);
  return clock;
}

/** Days since 1970-01-01 of a local date `YYYY-MM-DD`. */
export function dayNumberOf(localDate: string): number {
  return Math.floor(Date.UTC(Number(localDate.slice(0, 4)), Number(localDate.slice(5, 7)) - 1, Number(localDate.slice(8, 10))) / DAY_MS);
}

const dateTexts = new Map<number, string>();

/** `YYYY-MM-DD` of a day number (cached: the same few days recur across many shifts). */
export function dateOfDayNumber(dayNumber: number): string {
  let text = dateTexts.get(dayNumber);
  if (text === undefined) {
    text = new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
    if (dateTexts.size > 100_000) dateTexts.clear();
    dateTexts.set(dayNumber, text);
  }
  return text;
}

/** 0 Sunday ... 6 Saturday, of a day number (1970-01-01 was a Thursday). */
export function weekdayOfDayNumber(dayNumber: number): number {
  return (((dayNumber + 4) % 7) + 7) % 7;
}

/** The local date `YYYY-MM-DD` of an instant in a zone, by the cached clock (no Intl call per date). */
export function localDateOf(instantMs: number, timeZone: string): string {
  const clock = localClock(timeZone);
  return dateOfDayNumber(Math.floor((instantMs + clock.offsetMinutes(instantMs) * 60_000) / DAY_MS));
}
