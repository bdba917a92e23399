import { sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import { shortlistItems } from '../db/schema/search';

/**
 * A care seeker's shortlist: one list (issue 11), whichever screen a worker was put on it from (a
 * worker's profile, My workers, or the applicants for one of the care seeker's jobs). Whether an
 * applicant is shortlisted is whether they are on the shortlist of the job's owner, so the
 * shortlist feature and the jobs feature both read and write it here.
 */

/** Adds the worker to the care seeker's shortlist; false when they were already on it. */
export async function insertShortlistItem(db: DbExecutor, userId: string, workerId: string): Promise<boolean> {
  const inserted = await db
    .insert(shortlistItems)
    .values({ userId, workerId, createdAt: sql`clock_timestamp()` })
    .onConflictDoNothing()
    .returning({ workerId: shortlistItems.workerId });
  return inserted.length > 0;
}

/** SQL: whether the worker (SQL for their id) is on the shortlist of the care seeker (SQL for theirs). */
export function isOnShortlistOf(userId: SQL, workerId: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from shortlist_items sl where sl.user_id = ${userId} and sl.worker_id = ${workerId})`;
}
