import { and, desc, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { DbExecutor } from '../../platform/db/client';
import { users } from '../../platform/db/schema/accounts';
import { localities } from '../../platform/db/schema/reference';
import { workerReviews } from '../../platform/db/schema/search';
import { workerProfiles } from '../../platform/db/schema/workers';

/** The newest reviews a profile shows; `reviewCount` tells how many there are in all. */
export const PROFILE_REVIEWS_SHOWN = 20;

/** The profile's columns but its full-text document, which only search reads. */
const { searchText: _searchText, ...profileColumns } = getTableColumns(workerProfiles);

/** Any worker's profile, whatever its status, with the account and locality it needs. */
export async function findWorkerProfile(db: DbExecutor, workerId: string) {
  const [row] = await db
    .select({
      profile: profileColumns,
      firstName: users.firstName,
      lastName: users.lastName,
      accountStatus: users.status,
      suburb: localities.suburb,
      state: localities.state,
    })
    .from(workerProfiles)
    .innerJoin(users, eq(users.id, workerProfiles.userId))
    .leftJoin(localities, eq(localities.id, workerProfiles.localityId))
    .where(eq(workerProfiles.userId, workerId));
  return row ?? null;
}
export type WorkerProfileRow = NonNullable<Awaited<ReturnType<typeof findWorkerProfile>>>;

export async function findNewestReviews(db: DbExecutor, workerId: string) {
  return db
    .select({
      id: workerReviews.id,
      authorFirstName: workerReviews.authorFirstName,
      rating: workerReviews.rating,
      comment: workerReviews.comment,
      createdAt: workerReviews.createdAt,
      updatedAt: workerReviews.updatedAt,
      reply: workerReviews.reply,
      repliedAt: workerReviews.repliedAt,
    })
    .from(workerReviews)
    // A review an administrator hid is out of the profile, as it is out of the average (issue 17).
    .where(and(eq(workerReviews.workerId, workerId), isNull(workerReviews.hiddenAt)))
    .orderBy(desc(workerReviews.createdAt), desc(workerReviews.id))
    .limit(PROFILE_REVIEWS_SHOWN);
}
export type WorkerReviewRow = Awaited<ReturnType<typeof findNewestReviews>>[number];
