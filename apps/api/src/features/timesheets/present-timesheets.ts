import { TIMESHEET_NOT_FOUND, type Timesheet } from '@tendly/domain/api/timesheets';
import type { DbExecutor } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { estimateOf } from './timesheet-estimate';
import { canSeeTimesheet, type TimesheetViewer } from './timesheet-policies';
import { presentTimesheet } from './timesheet-presenter';
import { expensesOf, findTimesheetRow, invoicesOfTimesheets, type TimesheetRow } from './timesheets-repository';

/** Timesheet rows as the viewer sees them, each with its expenses, estimate and invoice. */
export async function presentTimesheetRows(db: DbExecutor, rows: readonly TimesheetRow[], viewer: TimesheetViewer): Promise<Timesheet[]> {
  const ids = rows.map((row) => row.timesheet.id);
  const [expenses, invoices] = await Promise.all([expensesOf(db, ids), invoicesOfTimesheets(db, ids)]);
  const presented: Timesheet[] = [];
  // One after another: on PGlite the queries run one at a time anyway, and on PostgreSQL a page
  // of 25 must not take 25 pool connections at once.
  for (const row of rows) {
    const own = expenses.filter((expense) => expense.timesheetId === row.timesheet.id);
    const estimate = await estimateOf(db, row.timesheet, own);
    presented.push(presentTimesheet(row, { expenses: own, estimate, invoiceId: invoices.get(row.timesheet.id) ?? null }, viewer));
  }
  return presented;
}

/** One timesheet for a viewer who may see it; anyone else is told it does not exist. */
export async function presentTimesheetFor(db: DbExecutor, timesheetId: string, viewer: TimesheetViewer): Promise<Timesheet> {
  const row = await findTimesheetRow(db, timesheetId);
  if (!row || !canSeeTimesheet(viewer, row.timesheet)) throw notFound(TIMESHEET_NOT_FOUND);
  const [presented] = await presentTimesheetRows(db, [row], viewer);
  return presented!;
}
