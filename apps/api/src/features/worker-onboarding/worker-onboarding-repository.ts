import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { DbExecutor } from '../../platform/db/client';
import { users } from '../../platform/db/schema/accounts';
import { localities } from '../../platform/db/schema/reference';
import { workerProfiles } from '../../platform/db/schema/workers';

export type WorkerProfileRow = typeof workerProfiles.$inferSelect;
export type WorkerProfileChanges = Partial<
  Omit<typeof workerProfiles.$inferInsert, 'userId' | 'status' | 'availableDays' | 'placeCell' | 'matchQuality' | 'matchRecencyKey' | 'searchText'>
>;

/** The worker's profile with their name, email and home locality, or null when they have no profile. */
export async function findWorkerForEditor(db: DbExecutor, workerId: string) {
  const [row] = await db
    .select({
      profile: workerProfiles,
      firstName: users.firstName,
      email: users.email,
      locality: { suburb: localities.suburb, state: localities.state, postcode: localities.postcode },
    })
    .from(workerProfiles)
    .innerJoin(users, eq(users.id, workerProfiles.userId))
    .leftJoin(localities, eq(localities.id, workerProfiles.localityId))
    .where(eq(workerProfiles.userId, workerId))
    .limit(1);
  return row ?? null;
}

export async function updateWorkerProfile(db: DbExecutor, workerId: string, changes: WorkerProfileChanges): Promise<void> {
  await db.update(workerProfiles).set(changes).where(eq(workerProfiles.userId, workerId));
}

/**
 * Marks the profile submitted for review unless it already waits for one or is approved: true
 * when this call made the change. One statement, so two clicks at once send one set of emails.
 */
export async function markSubmittedForReview(db: DbExecutor, workerId: string, now: Date): Promise<boolean> {
  const updated = await db
    .update(workerProfiles)
    .set({ submittedForReviewAt: now, changesRequested: null, changesRequestedAt: null })
    .where(
      and(
        eq(workerProfiles.userId, workerId),
        isNull(workerProfiles.approvedAt),
        or(isNull(workerProfiles.submittedForReviewAt), isNotNull(workerProfiles.changesRequested)),
      ),
    )
    .returning({ userId: workerProfiles.userId });
  return updated.length > 0;
}
