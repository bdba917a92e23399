import { hundredthsToNumber } from '@tendly/domain/pricing/money';
import { priceTimesheet, timesheetToPrice, type PricedTimesheet } from '../../platform/billing/price-timesheet';
import type { DbExecutor } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import type { TimesheetEstimate } from './timesheet-presenter';
import type { ExpenseRow, TimesheetRecord } from './timesheets-repository';

/**
 * A timesheet's price as it will be invoiced, by the billing core's own engine (never a copy of
 * it): the estimate a job report shows. Hours that cannot be priced (a band the NDIS item has no
 * price for, say) carry the 422's message instead, so the worker sees why before submitting.
 */

/** Prices the timesheet as it stands; an AppError 422 names what cannot be priced. */
export function priceHours(db: DbExecutor, timesheet: TimesheetRecord, expenses: readonly Pick<ExpenseRow, 'description' | 'amountCents'>[]): Promise<PricedTimesheet> {
  return priceTimesheet(db, timesheetToPrice(timesheet, expenses));
}

export function toEstimate(priced: PricedTimesheet): NonNullable<TimesheetEstimate['estimate']> {
  return {
    lines: priced.lines.map((line) => ({
      kind: line.kind,
      description: line.description,
      date: line.date,
      timeBand: line.timeBand,
      minutes: line.minutes,
      quantity: hundredthsToNumber(line.quantityHundredths),
      unit: line.unit,
      unitPriceCents: line.unitPriceCents,
      amountCents: line.amountCents,
      supportItem: line.supportItemNumber,
      flagged: line.flagged,
    })),
    subtotalCents: priced.subtotalCents,
    gstCents: priced.gstCents,
    totalCents: priced.totalCents,
  };
}

export async function estimateOf(db: DbExecutor, timesheet: TimesheetRecord, expenses: readonly ExpenseRow[]): Promise<TimesheetEstimate> {
  try {
    return { estimate: toEstimate(await priceHours(db, timesheet, expenses)), priceProblem: null };
  } catch (error) {
    if (error instanceof AppError && error.status === 422) return { estimate: null, priceProblem: error.message };
    throw error;
  }
}
