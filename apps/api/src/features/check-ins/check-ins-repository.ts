import { desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { CheckIn, CheckInAnswers } from '@tendly/domain/api/check-ins';
import type { DbExecutor } from '../../platform/db/client';
import { workerCheckIns } from '../../platform/db/schema/onboarding';

const storedAnswers = z.object({
  wellbeing: z.number().int(),
  hadIncidents: z.boolean(),
  incidentDetails: z.string(),
  trainingNeeds: z.string(),
  hoursPerWeek: z.number(),
});

type Row = typeof workerCheckIns.$inferSelect;

function toCheckIn(row: Row): CheckIn {
  return {
    year: row.checkInYear,
    number: row.checkInNumber,
    ...storedAnswers.parse(row.answers),
    submittedAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The worker's check-ins, newest quarter first. */
export async function listCheckIns(db: DbExecutor, workerId: string): Promise<CheckIn[]> {
  const rows = await db
    .select()
    .from(workerCheckIns)
    .where(eq(workerCheckIns.workerId, workerId))
    .orderBy(desc(workerCheckIns.checkInYear), desc(workerCheckIns.checkInNumber));
  return rows.map(toCheckIn);
}

/**
 * Saves the check-in of a number and year: replaces the one already there (spec section 4),
 * otherwise adds it. One statement, so two saves at once cannot make two rows.
 */
export async function saveCheckIn(db: DbExecutor, workerId: string, year: number, number: number, answers: CheckInAnswers): Promise<CheckIn> {
  const [row] = await db
    .insert(workerCheckIns)
    .values({ workerId, checkInYear: year, checkInNumber: number, answers, createdAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()` })
    .onConflictDoUpdate({
      target: [workerCheckIns.workerId, workerCheckIns.checkInYear, workerCheckIns.checkInNumber],
      set: { answers, updatedAt: sql`clock_timestamp()` },
    })
    .returning();
  if (!row) throw new Error('saveCheckIn: no row');
  return toCheckIn(row);
}
