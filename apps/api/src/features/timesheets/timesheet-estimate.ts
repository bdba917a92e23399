import { estimateOf as estimateOfPriced, priceTimesheet, timesheetToPrice, type PricedTimesheet } from '../../platform/billing/price-timesheet';
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
export function priceHours(db: DbExecutor, timesheet: TimesheetRecord, expenses: readonly Pick<ExpenseRow, 'description' | 'amountCents' | 'paidAsAgent'>[]): Promise<PricedTimesheet> {
  return priceTimesheet(db, timesheetToPrice(timesheet, expenses));
}

export async function estimateOf(db: DbExecutor, timesheet: TimesheetRecord, expenses: readonly ExpenseRow[]): Promise<TimesheetEstimate> {
  try {
    return { estimate: estimateOfPriced(await priceHours(db, timesheet, expenses)), priceProblem: null };
  } catch (error) {
    if (error instanceof AppError && error.status === 422) return { estimate: null, priceProblem: error.message };
    throw error;
  }
}
