import Holidays from 'date-holidays';
import areaData from '../../data/holiday-areas.json';
import { stateCodes, type StateCode } from '../states';
import { DAY_MS, dayNumberOf, weekdayOfDayNumber } from './local-clock';

/**
 * Public holidays of each state for the public-holiday time band (ndis.md: a holiday of the state
 * where the support is delivered), as the states gazette them: the maintained `date-holidays`
 * library (region AU and the state), corrected where its list differs from the state's own law,
 * and with the holidays kept in only part of a state tied to that part by the client's postcode
 * (`data/holiday-areas.json`). docs/public-holidays.md lists every correction and its source.
 *
 * Only whole-day holidays count. The library also lists part-day ones (Christmas Eve and New
 * Year's Eve evenings in QLD, SA and NT); the NDIS Pricing Arrangements define the public holiday
 * band as a whole calendar day, so those hours keep their ordinary band (docs/public-holidays.md,
 * "Part-day holidays").
 */

/** A part of a state with a holiday of its own (`data/holiday-areas.json`). */
export type HolidayArea = 'MELBOURNE_METRO' | 'TAS_SOUTH' | 'TAS_NORTH';

interface AreaRanges {
  readonly code: HolidayArea;
  readonly state: StateCode;
  readonly postcodes: readonly (readonly [number, number])[];
}

const areas: readonly AreaRanges[] = areaData.areas.map((area) => ({
  code: area.code as HolidayArea,
  state: area.state as StateCode,
  postcodes: area.postcodes.map(([from, to]) => [from!, to!] as const),
}));

/**
 * The holiday area of a client's postcode in a state, or null: the postcode is unknown, not four
 * digits, or in no area of that state (then only the state-wide holidays apply).
 */
export function holidayAreaOf(state: StateCode, postcode: string | null | undefined): HolidayArea | null {
  const text = postcode?.trim() ?? '';
  if (!/^\d{4}$/.test(text)) return null;
  const number = Number(text);
  for (const area of areas) {
    if (area.state !== state) continue;
    if (area.postcodes.some(([from, to]) => number >= from && number <= to)) return area.code;
  }
  return null;
}

/** A holiday on one day: state-wide (area null) or kept in one area only. */
interface DayHoliday {
  readonly name: string;
  readonly area: HolidayArea | null;
}

type YearHolidays = Map<number, DayHoliday[]>;

/** A part-day holiday: from a local time to midnight. */
export interface PartDayHoliday {
  readonly name: string;
  /** Minutes after local midnight the holiday starts (19:00 is 1140). */
  readonly fromMinute: number;
}

interface YearCalendar {
  readonly whole: YearHolidays;
  readonly partDay: Map<number, PartDayHoliday>;
}

const calendars = new Map<StateCode, Holidays>();
const years = new Map<string, YearCalendar>();

function calendarOf(state: StateCode): Holidays {
  let calendar = calendars.get(state);
  if (!calendar) {
    calendar = new Holidays('AU', state, { types: ['public'] });
    calendars.set(state, calendar);
  }
  return calendar;
}

/** The day number of the nth given weekday (0 Sunday ... 6 Saturday) of a month (1 to 12). */
function nthWeekday(year: number, month: number, weekday: number, nth: number): number {
  const first = Math.floor(Date.UTC(year, month - 1, 1) / DAY_MS);
  return first + ((weekday - weekdayOfDayNumber(first) + 7) % 7) + (nth - 1) * 7;
}

function add(found: YearHolidays, dayNumber: number, holiday: DayHoliday): void {
  const list = found.get(dayNumber);
  if (!list) found.set(dayNumber, [holiday]);
  // Where two holidays share a day (Boxing Day's substitute and Proclamation Day), keep the first name.
  else if (!list.some((existing) => existing.area === holiday.area)) list.push(holiday);
}

/**
 * The corrections to the library, each from the state's own law and gazetted list (sources in
 * docs/public-holidays.md). Applied to one state's year after the library's holidays are read.
 */
function correct(state: StateCode, year: number, found: YearHolidays): void {
  const christmas = Math.floor(Date.UTC(year, 11, 25) / DAY_MS);
  const anzac = Math.floor(Date.UTC(year, 3, 25) / DAY_MS);
  const christmasWeekday = weekdayOfDayNumber(christmas);
  const anzacWeekday = weekdayOfDayNumber(anzac);

  // SA: the Public Holidays Act 2023 (SA) names 25 December itself; a weekend Christmas
  // adds a weekday holiday beside it rather than moving it (SafeWork SA's list for 2027: Saturday
  // 25 and Monday 27 December). NT: Public Holidays Act 1981 (NT) the same (NT Government's list
  // for 2027: Saturday 25 and Monday 27 December). The library drops the weekend day.
  if ((state === 'SA' || state === 'NT') && !found.has(christmas)) add(found, christmas, { name: 'Christmas Day', area: null });

  // SA: Public Holidays Act 2023 (SA): when Anzac Day falls on a Sunday the Monday
  // after is a holiday too (SafeWork SA's list for 2027: Sunday 25 and Monday 26 April).
  if (state === 'SA' && anzacWeekday === 0) add(found, anzac + 1, { name: 'Anzac Day (additional day)', area: null });

  // NT: Public Holidays Act 1981 (NT): Anzac Day stays a holiday on a Sunday, and the Monday after
  // is one as well (NT Government's list for 2027: Sunday 25 and Monday 26 April). The library
  // keeps only the Monday.
  if (state === 'NT' && anzacWeekday === 0) add(found, anzac, { name: 'Anzac Day', area: null });

  // TAS: Statutory Holidays Act 2000 (Tas): Christmas Day on a Saturday or Sunday is kept on the
  // Monday after, not on the weekend day (WorkSafe Tasmania's list for 2027: Monday 27 December,
  // and Boxing Day on Tuesday 28). The library keeps the weekend day as well.
  if (state === 'TAS' && (christmasWeekday === 6 || christmasWeekday === 0)) found.delete(christmas);

  // VIC: Public Holidays Act 1993 (Vic): Melbourne Cup Day, the first Tuesday in November, is the
  // metropolitan holiday; a council outside Melbourne may keep a local day instead. The library
  // lists it for the whole state.
  if (state === 'VIC') {
    const cupDay = nthWeekday(year, 11, 2, 1);
    const listed = found.get(cupDay);
    found.delete(cupDay);
    add(found, cupDay, { name: listed?.[0]?.name ?? 'Melbourne Cup', area: 'MELBOURNE_METRO' });
  }

  // TAS: Statutory Holidays Act 2000 (Tas): Royal Hobart Regatta, the second Monday in February,
  // in the south; Recreation Day, the first Monday in November, in the north (the areas that do
  // not keep the Regatta). The library has neither.
  if (state === 'TAS') {
    add(found, nthWeekday(year, 2, 1, 2), { name: 'Royal Hobart Regatta', area: 'TAS_SOUTH' });
    add(found, nthWeekday(year, 11, 1, 1), { name: 'Recreation Day', area: 'TAS_NORTH' });
  }
}

function yearOf(state: StateCode, year: number): YearCalendar {
  const key = `${state}:${year}`;
  let calendar = years.get(key);
  if (!calendar) {
    const whole: YearHolidays = new Map();
    const partDay = new Map<number, PartDayHoliday>();
    for (const holiday of calendarOf(state).getHolidays(year)) {
      if (holiday.type !== 'public') continue;
      const dayNumber = dayNumberOf(holiday.date.slice(0, 10));
      const wholeDay = holiday.date.endsWith(' 00:00:00') && holiday.end.getTime() - holiday.start.getTime() >= DAY_MS - 60 * 60 * 1000;
      if (wholeDay) {
        add(whole, dayNumber, { name: holiday.name, area: null });
      } else {
        const [hours, minutes] = holiday.date.slice(11, 16).split(':').map(Number);
        partDay.set(dayNumber, { name: holiday.name, fromMinute: hours! * 60 + minutes! });
      }
    }
    correct(state, year, whole);
    calendar = { whole, partDay };
    years.set(key, calendar);
  }
  return calendar;
}

function yearOfDayNumber(dayNumber: number): number {
  return new Date(dayNumber * DAY_MS).getUTCFullYear();
}

/**
 * The name of the whole-day public holiday on a local day (days since 1970-01-01) in a state, or
 * null. `area` is the client's holiday area (`holidayAreaOf`); without one, only the holidays of
 * the whole state count.
 */
export function publicHolidayOnDay(state: StateCode, dayNumber: number, area: HolidayArea | null = null): string | null {
  const list = yearOf(state, yearOfDayNumber(dayNumber)).whole.get(dayNumber);
  if (!list) return null;
  for (const holiday of list) if (holiday.area === null || holiday.area === area) return holiday.name;
  return null;
}

/**
 * The name of the whole-day public holiday on a local date `YYYY-MM-DD` in a state, or null.
 * With the client's postcode, the holidays of their part of the state count too (Melbourne Cup
 * Day in metropolitan Melbourne, Royal Hobart Regatta in the south of Tasmania, Recreation Day in
 * the north); without it, only the holidays of the whole state.
 */
export function publicHoliday(state: StateCode, localDate: string, postcode?: string | null): string | null {
  return publicHolidayOnDay(state, dayNumberOf(localDate), holidayAreaOf(state, postcode));
}

/**
 * The public holiday on a local date `YYYY-MM-DD` in every state and territory, across the whole
 * of each, or null: the days no bank in Australia settles (payments-ops.md, BECS). The name is
 * the one most states give the day (the substitute days carry different names in some states).
 */
export function nationalPublicHoliday(localDate: string): string | null {
  const dayNumber = dayNumberOf(localDate);
  const names = new Map<string, number>();
  for (const state of stateCodes) {
    const name = publicHolidayOnDay(state, dayNumber);
    if (name === null) return null;
    names.set(name, (names.get(name) ?? 0) + 1);
  }
  let best: string | null = null;
  let count = 0;
  for (const [name, seen] of names) {
    if (seen > count) {
      best = name;
      count = seen;
    }
  }
  return best;
}

/**
 * The part-day public holiday on a local date in a state (Christmas Eve and New Year's Eve from
 * 6 or 7 pm in QLD, SA and NT), or null. Informational: the pricing bands do not use it
 * (docs/public-holidays.md, "Part-day holidays").
 */
export function partDayPublicHoliday(state: StateCode, localDate: string): PartDayHoliday | null {
  const dayNumber = dayNumberOf(localDate);
  return yearOf(state, yearOfDayNumber(dayNumber)).partDay.get(dayNumber) ?? null;
}
