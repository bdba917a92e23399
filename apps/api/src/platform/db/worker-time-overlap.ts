import { and, eq, gt, lt, ne, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** A table of a worker's time: shifts, and the hours recorded against them. */
interface WorkerTimeColumns {
  id: PgColumn;
  workerId: PgColumn;
  startsAt: PgColumn;
  endsAt: PgColumn;
}

/**
 * The worker's rows whose time overlaps [startsAt, endsAt), leaving out `exceptId` (the row being
 * changed). Ranges are half-open, so one ending at 12:00 does not clash with one starting then.
 */
export function overlapsWorkerTime(table: WorkerTimeColumns, workerId: string, startsAt: Date, endsAt: Date, exceptId: string | null): SQL | undefined {
  return and(eq(table.workerId, workerId), lt(table.startsAt, endsAt), gt(table.endsAt, startsAt), exceptId ? ne(table.id, exceptId) : undefined);
}
