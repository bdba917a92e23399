import { addDays, format, parseISO } from 'date-fns';
import { nationalPublicHoliday } from '../pricing/public-holidays';

/**
 * Banking days for direct entry (BECS) files. A file settles only Monday to Friday and not on a
 * national public holiday (payments-ops.md "Bank files": New Year's Day, Australia Day, Good
 * Friday, Easter Monday, Anzac Day, Christmas Day, Boxing Day and their weekday substitutes); a file
 * dated for another day is rejected or moved by the bank, so it is dated for the next banking day.
 *
 * A national holiday is a day that every state and territory keeps as a whole-day public holiday
 * across its whole area (`nationalPublicHoliday`): a holiday of one state or one area only
 * (Melbourne Cup Day, a state's Labour Day) is still a settlement day for the banks.
 */

/** Whether a local date (YYYY-MM-DD) is a banking day: a weekday that is not a national public holiday. */
export function isBankingDay(localDate: string): boolean {
  const weekday = parseISO(localDate).getDay();
  return weekday !== 0 && weekday !== 6 && nationalPublicHoliday(localDate) === null;
}

/** `localDate` itself when it is a banking day, else the next banking day after it. */
export function nextBankingDay(localDate: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(localDate)) throw new RangeError(`nextBankingDay: ${localDate} is not a YYYY-MM-DD date`);
  let day = localDate;
  // Christmas to New Year is the longest run of days without settlement: well under two weeks.
  for (let step = 0; step < 14; step++) {
    if (isBankingDay(day)) return day;
    day = format(addDays(parseISO(day), 1), 'yyyy-MM-dd');
  }
  throw new Error(`nextBankingDay: no banking day within two weeks of ${localDate}`);
}
