import Holidays from 'date-holidays';
import type { StateCode } from '../states';
import { DAY_MS, dayNumberOf } from './local-clock';

/**
 * Public holidays of each state, from the maintained `date-holidays` library (region AU and the
 * state), for the public-holiday time band (ndis.md: a holiday of the state where the support is
 * delivered). Only whole-day public holidays count: the library also lists part-day ones, such as
 * Christmas Eve from 6 or 7 pm in some states, which the NDIS bands do not treat as a holiday.
 */

type YearHolidays = Map<number, string>;

const calendars = new Map<StateCode, Holidays>();
const years = new Map<string, YearHolidays>();

function calendarOf(state: StateCode): Holidays {
  let calendar = calendars.get(state);
  if (!calendar) {
    calendar = new Holidays('AU', state, { types: ['public'] });
    calendars.set(state, calendar);
  }
  return calendar;
}

function holidaysOf(state: StateCode, year: number): YearHolidays {
  const key = `${state}:${year}`;
  let found = years.get(key);
  if (!found) {
    found = new Map();
    for (const holiday of calendarOf(state).getHolidays(year)) {
      if (holiday.type !== 'public') continue;
      const wholeDay = holiday.date.endsWith(' 00:00:00') && holiday.end.getTime() - holiday.start.getTime() >= DAY_MS - 60 * 60 * 1000;
      if (!wholeDay) continue;
      const dayNumber = dayNumberOf(holiday.date.slice(0, 10));
      // Where two holidays share a day (Boxing Day's substitute and Proclamation Day), keep the first name.
      if (!found.has(dayNumber)) found.set(dayNumber, holiday.name);
    }
    years.set(key, found);
  }
  return found;
}

/** The name of the whole-day public holiday on a local day (days since 1970-01-01) in a state, or null. */
export function publicHolidayOnDay(state: StateCode, dayNumber: number): string | null {
  const year = new Date(dayNumber * DAY_MS).getUTCFullYear();
  return holidaysOf(state, year).get(dayNumber) ?? null;
}

/** The name of the whole-day public holiday on a local date `YYYY-MM-DD` in a state, or null. */
export function publicHoliday(state: StateCode, localDate: string): string | null {
  return publicHolidayOnDay(state, dayNumberOf(localDate));
}
