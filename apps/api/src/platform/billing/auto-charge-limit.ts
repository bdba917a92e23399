import { eq } from 'drizzle-orm';
import { bookedShiftToPrice } from '@tendly/domain/pricing/price-job-report';
import type { DbExecutor } from '../db/client';
import { timesheets } from '../db/schema/billing';
import { shifts } from '../db/schema/engagements';
import { AppError } from '../errors';
import type { InvoiceRow } from './load-invoice';
import { priceTimesheet } from './price-timesheet';

/**
 * The most a card is charged without the payer's say (issue 29: a bill approved by the clock was
 * charged about $21,900 to a saved card). An invoice is charged automatically only when it is
 * within its booked shift's estimate (the shift's booked times at the agreement's rates, as the
 * booking form showed it: no travel, no expenses) plus AUTO_CHARGE_TOLERANCE_PERCENT, or when the
 * payer approved the hours themselves: the care seeker, or a coordinator acting as them, approved
 * the report showing its price. The job queue's approval, and the nominee's (who approves hours,
 * not card charges), are not the payer's. Anything else (over the estimate, unbooked work with no
 * estimate, a shift that cannot be priced) waits for the payer to pay it from the invoice.
 */
export type AutoChargeCheck = { allowed: true } | { allowed: false; estimateCents: number | null };

export async function checkAutoCharge(db: DbExecutor, invoice: Pick<InvoiceRow, 'timesheetId' | 'totalCents'>, tolerancePercent: number): Promise<AutoChargeCheck> {
  if (!invoice.timesheetId) return { allowed: false, estimateCents: null };
  const [row] = await db
    .select({ timesheet: timesheets, bookedStartsAt: shifts.startsAt, bookedEndsAt: shifts.endsAt })
    .from(timesheets)
    .leftJoin(shifts, eq(shifts.id, timesheets.shiftId))
    .where(eq(timesheets.id, invoice.timesheetId));
  if (!row) return { allowed: false, estimateCents: null };
  const { timesheet } = row;
  if (timesheet.decidedBy === 'CARE_SEEKER' || timesheet.decidedBy === 'COORDINATOR') return { allowed: true };
  if (!row.bookedStartsAt || !row.bookedEndsAt) return { allowed: false, estimateCents: null };
  let estimateCents: number;
  try {
    const priced = await priceTimesheet(db, {
      contractId: timesheet.contractId,
      ...bookedShiftToPrice({
        startsAtMs: row.bookedStartsAt.getTime(),
        endsAtMs: row.bookedEndsAt.getTime(),
        state: timesheet.state,
        ndisLineItem: timesheet.ndisLineItem,
        ndisLevel: timesheet.ndisLevel,
      }),
    });
    estimateCents = priced.totalCents;
  } catch (error) {
    if (error instanceof AppError && error.status === 422) return { allowed: false, estimateCents: null };
    throw error;
  }
  // In whole cents: total ≤ estimate × (100 + tolerance) / 100.
  return invoice.totalCents * 100 <= estimateCents * (100 + tolerancePercent) ? { allowed: true } : { allowed: false, estimateCents };
}
