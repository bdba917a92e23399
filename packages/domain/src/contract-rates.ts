import type { Contract } from './api/contracts';
import { formatCents } from './format';

/** An agreement's rates as label and value, as its page and its PDF list them: every hourly rate, active overnight and travel. */
export function contractRateRows(contract: Contract): [string, string][] {
  return [
    ['Weekday', `${formatCents(contract.hourlyRateForWeekdays)} an hour`],
    ['Saturday', `${formatCents(contract.saturdayRate)} an hour`],
    ['Sunday', `${formatCents(contract.sundayRate)} an hour`],
    ['Public holiday', `${formatCents(contract.rateForPublicHoliday)} an hour`],
    ['Evening', `${formatCents(contract.rateForEveningCare)} an hour`],
    ['Active overnight', contract.rateForOverniteCare === null ? 'Not agreed' : `${formatCents(contract.rateForOverniteCare)} an hour`],
    ['Travel', `${formatCents(contract.travelExpenseRate)} a km`],
  ];
}
