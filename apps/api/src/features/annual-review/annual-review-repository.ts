import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fullName } from '@tendly/domain/format';
import {
  annualReviewAnswersSchema,
  type AdminAnnualReview,
  type AnnualReview,
  type AnnualReviewAnswers,
} from '@tendly/domain/api/annual-reviews';
import type { DbExecutor } from '../../platform/db/client';
import { users } from '../../platform/db/schema/accounts';
import { workerAnnualReviews } from '../../platform/db/schema/onboarding';

type Row = typeof workerAnnualReviews.$inferSelect;

function toReview(row: Row): AnnualReview {
  return {
    id: row.id,
    year: row.reviewYear,
    answers: annualReviewAnswersSchema.parse(row.answers),
    status: row.signedOffAt ? 'SIGNED_OFF' : 'SUBMITTED',
    submittedAt: row.submittedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    signedOffAt: row.signedOffAt?.toISOString() ?? null,
    signOffNote: row.signOffNote,
  };
}

/** The worker's reviews, newest year first. */
export async function listWorkerReviews(db: DbExecutor, workerId: string): Promise<AnnualReview[]> {
  const rows = await db.select().from(workerAnnualReviews).where(eq(workerAnnualReviews.workerId, workerId)).orderBy(desc(workerAnnualReviews.reviewYear));
  return rows.map(toReview);
}

/**
 * Saves the worker's review of a year: adds it, or replaces the answers while it is not signed
 * off. Null when it is signed off (nothing changed), in one statement so a sign-off cannot slip
 * in between a check and the write.
 */
export async function saveWorkerReview(db: DbExecutor, workerId: string, year: number, answers: AnnualReviewAnswers): Promise<AnnualReview | null> {
  const [row] = await db
    .insert(workerAnnualReviews)
    .values({ workerId, reviewYear: year, answers, submittedAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()` })
    .onConflictDoUpdate({
      target: [workerAnnualReviews.workerId, workerAnnualReviews.reviewYear],
      set: { answers, updatedAt: sql`clock_timestamp()` },
      setWhere: isNull(workerAnnualReviews.signedOffAt),
    })
    .returning();
  return row ? toReview(row) : null;
}

const signer = alias(users, 'signer');
/** At most this many signed-off reviews are listed, newest sign-off first. */
const SIGNED_LIST_LIMIT = 200;

function adminQuery(db: DbExecutor) {
  return db
    .select({ review: workerAnnualReviews, worker: users, signerFirst: signer.firstName, signerLast: signer.lastName })
    .from(workerAnnualReviews)
    .innerJoin(users, eq(users.id, workerAnnualReviews.workerId))
    .leftJoin(signer, eq(signer.id, workerAnnualReviews.signedOffByUserId));
}

type AdminRow = Awaited<ReturnType<ReturnType<typeof adminQuery>['execute']>>[number];

function toAdminReview({ review, worker, signerFirst, signerLast }: AdminRow): AdminAnnualReview {
  return {
    ...toReview(review),
    worker: { id: worker.id, name: fullName(worker), email: worker.email },
    signedOffBy: signerFirst === null ? null : `${signerFirst} ${signerLast ?? ''}`.trim(),
  };
}

/** Reviews for administrators: waiting for sign-off (oldest first) or signed off (newest first). */
export async function listReviewsForAdmin(db: DbExecutor, filter: 'awaiting' | 'signed'): Promise<AdminAnnualReview[]> {
  const rows =
    filter === 'awaiting'
      ? await adminQuery(db).where(isNull(workerAnnualReviews.signedOffAt)).orderBy(asc(workerAnnualReviews.submittedAt))
      : await adminQuery(db).where(isNotNull(workerAnnualReviews.signedOffAt)).orderBy(desc(workerAnnualReviews.signedOffAt)).limit(SIGNED_LIST_LIMIT);
  return rows.map(toAdminReview);
}

export async function findAdminReview(db: DbExecutor, id: string): Promise<AdminAnnualReview | null> {
  const [row] = await adminQuery(db).where(eq(workerAnnualReviews.id, id));
  return row ? toAdminReview(row) : null;
}

export async function findReview(db: DbExecutor, id: string): Promise<Row | null> {
  const [row] = await db.select().from(workerAnnualReviews).where(eq(workerAnnualReviews.id, id));
  return row ?? null;
}

/** Signs a review off; null when it was already signed off. */
export async function signOffReview(db: DbExecutor, id: string, adminId: string, note: string): Promise<Row | null> {
  const [row] = await db
    .update(workerAnnualReviews)
    .set({ signedOffAt: sql`clock_timestamp()`, signedOffByUserId: adminId, signOffNote: note })
    .where(and(eq(workerAnnualReviews.id, id), isNull(workerAnnualReviews.signedOffAt)))
    .returning();
  return row ?? null;
}

export async function findWorkerContact(db: DbExecutor, workerId: string): Promise<{ email: string; firstName: string } | null> {
  const [row] = await db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, workerId));
  return row ?? null;
}
