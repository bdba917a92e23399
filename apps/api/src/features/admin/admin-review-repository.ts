import { and, asc, desc, eq, isNotNull, isNull, gt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fullName } from '@tendly/domain/format';
import type { ReviewQueueItem } from '@tendly/domain/api/admin';
import type { ResultTotal } from '@tendly/domain/api/result-total';
import type { DbExecutor } from '../../platform/db/client';
import { countUpToCap } from '../../platform/db/count-up-to-cap';
import { users } from '../../platform/db/schema/accounts';
import {
  learningQuizAttempts,
  workerDocuments,
  workerReferees,
  workerTaxDetails,
} from '../../platform/db/schema/onboarding';
import { storedFiles } from '../../platform/db/schema/platform';
import { localities } from '../../platform/db/schema/reference';
import { workerProfiles } from '../../platform/db/schema/workers';

/**
 * Who waits for review: they sent their profile in and it has not been approved since, whether
 * it never was (a new worker) or they sent it in again after approval (changes to review).
 */
const waitsForReview = and(
  isNotNull(workerProfiles.submittedForReviewAt),
  or(isNull(workerProfiles.approvedAt), gt(workerProfiles.submittedForReviewAt, workerProfiles.approvedAt)),
);

export async function listReviewQueue(
  db: DbExecutor,
  page: { start: number; limit: number },
): Promise<{ items: ReviewQueueItem[]; total: ResultTotal }> {
  const rows = await db
    .select({
      workerId: workerProfiles.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      submittedForReviewAt: workerProfiles.submittedForReviewAt,
      approvedAt: workerProfiles.approvedAt,
      changesRequestedAt: workerProfiles.changesRequestedAt,
      pendingDocuments: sql<number>`(select count(*)::int from ${workerDocuments}
        where ${workerDocuments.workerId} = ${workerProfiles.userId}
          and ${workerDocuments.status} = 'PENDING' and ${workerDocuments.supersededAt} is null)`,
    })
    .from(workerProfiles)
    .innerJoin(users, eq(users.id, workerProfiles.userId))
    .where(waitsForReview)
    .orderBy(asc(workerProfiles.submittedForReviewAt), asc(workerProfiles.userId))
    .limit(page.limit)
    .offset(page.start);
  return {
    items: rows.map((row) => ({
      workerId: row.workerId,
      name: fullName(row),
      email: row.email,
      submittedForReviewAt: (row.submittedForReviewAt ?? new Date(0)).toISOString(),
      isResubmission: row.approvedAt !== null || row.changesRequestedAt !== null,
      pendingDocuments: Number(row.pendingDocuments),
    })),
    total: await countUpToCap(db, workerProfiles, waitsForReview),
  };
}

const approvers = alias(users, 'approver');

/** A worker's account and profile, with their locality and who approved them; null when there is no such worker. */
export async function findWorkerForReview(db: DbExecutor, workerId: string) {
  const [row] = await db
    .select({
      user: users,
      profile: workerProfiles,
      locality: { suburb: localities.suburb, state: localities.state, postcode: localities.postcode },
      approver: { id: approvers.id, email: approvers.email, firstName: approvers.firstName, lastName: approvers.lastName },
    })
    .from(workerProfiles)
    .innerJoin(users, eq(users.id, workerProfiles.userId))
    .leftJoin(localities, eq(localities.id, workerProfiles.localityId))
    .leftJoin(approvers, eq(approvers.id, workerProfiles.approvedByUserId))
    .where(eq(workerProfiles.userId, workerId))
    .limit(1);
  return row ?? null;
}

/** The worker's profile row, locked for the rest of the transaction (two administrators at once). */
export async function lockWorkerProfile(db: DbExecutor, workerId: string) {
  const [row] = await db
    .select({ profile: workerProfiles, user: users })
    .from(workerProfiles)
    .innerJoin(users, eq(users.id, workerProfiles.userId))
    .where(eq(workerProfiles.userId, workerId))
    .for('update', { of: workerProfiles });
  return row ?? null;
}

/** Every document the worker gave, newest first, with its file's type and name. */
export async function findWorkerDocuments(db: DbExecutor, workerId: string) {
  return db
    .select({
      document: workerDocuments,
      contentType: storedFiles.contentType,
      originalName: storedFiles.originalName,
    })
    .from(workerDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, workerDocuments.fileId))
    .where(eq(workerDocuments.workerId, workerId))
    .orderBy(desc(workerDocuments.createdAt), desc(workerDocuments.id));
}

export async function findWorkerReferees(db: DbExecutor, workerId: string) {
  return db.select().from(workerReferees).where(eq(workerReferees.workerId, workerId)).orderBy(asc(workerReferees.position));
}

export async function findWorkerTaxDetails(db: DbExecutor, workerId: string) {
  const [row] = await db.select().from(workerTaxDetails).where(eq(workerTaxDetails.workerId, workerId));
  return row ?? null;
}

/** Each module's first pass (its date) and best passing score. */
export async function findLearningPasses(db: DbExecutor, workerId: string) {
  return db
    .select({
      moduleCode: learningQuizAttempts.moduleCode,
      scorePercent: sql<number>`max(${learningQuizAttempts.scorePercent})::int`,
      passedAt: sql<Date>`min(${learningQuizAttempts.createdAt})`.mapWith(learningQuizAttempts.createdAt),
    })
    .from(learningQuizAttempts)
    .where(and(eq(learningQuizAttempts.workerId, workerId), eq(learningQuizAttempts.passed, true)))
    .groupBy(learningQuizAttempts.moduleCode)
    .orderBy(asc(learningQuizAttempts.moduleCode));
}

export type WorkerProfileChanges = Partial<typeof workerProfiles.$inferInsert>;

export async function updateWorkerProfile(db: DbExecutor, workerId: string, changes: WorkerProfileChanges): Promise<void> {
  await db.update(workerProfiles).set(changes).where(eq(workerProfiles.userId, workerId));
}
