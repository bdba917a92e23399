import { and, count, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import { fullName } from '@tendly/domain/format';
import {
  ADMIN_REVIEW_PAGE_SIZE,
  CLIENT_FLAG_THRESHOLD,
  LOW_CLIENT_RATING,
  REVIEW_EDIT_DAYS,
  reviewMessages,
  type AdminReview,
  type ClientRatingRequest,
  type MyReviewResponse,
  type OwnReview,
  type ReviewRequest,
} from '@tendly/domain/api/reviews';
import { routePath } from '@tendly/domain/routes';
import { recordAudit } from '../../platform/audit/audit-log';
import { actingPersonId, type RequestAuth } from '../../platform/auth/authenticate';
import type { Config } from '../../platform/config';
import type { Db, DbExecutor } from '../../platform/db/client';
import { personColumns } from '../../platform/db/person-columns';
import { users } from '../../platform/db/schema/accounts';
import { timesheets } from '../../platform/db/schema/billing';
import { clientRatings, workerReviews } from '../../platform/db/schema/search';
import { workerProfiles } from '../../platform/db/schema/workers';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { renderEmail } from '../../platform/mail/email-layout';
import { queueMail } from '../../platform/mail/outbox';
import { notify } from '../../platform/notifications/notify';
import { emailLayoutOf } from '../../platform/mail/email-site';

const DAY_MS = 86_400_000;
const REVIEW_NOT_FOUND = 'This review does not exist.';

type ReviewRow = typeof workerReviews.$inferSelect;

/** Whether the worker has had hours approved by the care seeker: what reviewing and rating need. */
export async function hasApprovedHours(db: DbExecutor, careSeekerId: string, workerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: timesheets.id })
    .from(timesheets)
    .where(and(eq(timesheets.careSeekerId, careSeekerId), eq(timesheets.workerId, workerId), eq(timesheets.status, 'APPROVED')))
    .limit(1);
  return Boolean(row);
}

function ownReviewOf(row: ReviewRow, now: Date): OwnReview {
  const editableUntil = new Date(row.createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS);
  return {
    id: row.id,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
    editableUntil: editableUntil.toISOString(),
    editable: now < editableUntil && !row.hiddenAt,
    hidden: Boolean(row.hiddenAt),
    reply: row.reply,
  };
}

async function findOwnReview(db: DbExecutor, careSeekerId: string, workerId: string): Promise<ReviewRow | null> {
  const [row] = await db.select().from(workerReviews).where(and(eq(workerReviews.careSeekerId, careSeekerId), eq(workerReviews.workerId, workerId)));
  return row ?? null;
}

/** GET /api/carer/{id}/my-review. */
export async function myReview(db: DbExecutor, careSeekerId: string, workerId: string, now = new Date()): Promise<MyReviewResponse> {
  const [review, eligible] = await Promise.all([findOwnReview(db, careSeekerId, workerId), hasApprovedHours(db, careSeekerId, workerId)]);
  return { canReview: eligible, reason: eligible ? null : reviewMessages.notEligible, review: review ? ownReviewOf(review, now) : null };
}

/**
 * Sets the profile's average and count from its reviews that are not hidden. The caller holds the
 * profile's row (lockProfile), so the count runs after any other review of the worker commits.
 */
async function refreshRating(tx: DbExecutor, workerId: string): Promise<void> {
  const [summary] = await tx
    .select({ average: sql<string | null>`round(avg(${workerReviews.rating})::numeric, 2)`, total: count() })
    .from(workerReviews)
    .where(and(eq(workerReviews.workerId, workerId), isNull(workerReviews.hiddenAt)));
  await tx
    .update(workerProfiles)
    .set({ rating: summary?.average === null || summary?.average === undefined ? null : Number(summary.average), reviewCount: summary?.total ?? 0 })
    .where(eq(workerProfiles.userId, workerId));
}

async function lockProfile(tx: DbExecutor, workerId: string): Promise<boolean> {
  const [row] = await tx.select({ id: workerProfiles.userId }).from(workerProfiles).where(eq(workerProfiles.userId, workerId)).for('update');
  return Boolean(row);
}

/**
 * PUT /api/carer/{id}/review: writes the care seeker's review of the worker, or changes it within
 * REVIEW_EDIT_DAYS of writing. One per care seeker and worker; only after approved hours.
 */
export async function saveReview(db: Db, config: ReviewEmailConfig, auth: RequestAuth, workerId: string, input: ReviewRequest, now = new Date()): Promise<OwnReview> {
  const careSeeker = auth.user;
  return db.transaction(async (tx) => {
    if (!(await lockProfile(tx, workerId))) throw notFound('This worker does not exist.');
    if (!(await hasApprovedHours(tx, careSeeker.id, workerId))) throw forbidden(reviewMessages.notEligible, 'NOT_ELIGIBLE');
    const existing = await findOwnReview(tx, careSeeker.id, workerId);
    let saved: ReviewRow | undefined;
    if (existing) {
      if (!ownReviewOf(existing, now).editable) throw new AppError(409, reviewMessages.editClosed, { code: 'EDIT_CLOSED' });
      [saved] = await tx
        .update(workerReviews)
        .set({ rating: input.rating, comment: input.comment, updatedAt: now, actedByUserId: auth.actor?.id ?? null })
        .where(eq(workerReviews.id, existing.id))
        .returning();
    } else {
      [saved] = await tx
        .insert(workerReviews)
        .values({
          workerId,
          careSeekerId: careSeeker.id,
          authorUserId: careSeeker.id,
          authorFirstName: careSeeker.firstName,
          actedByUserId: auth.actor?.id ?? null,
          rating: input.rating,
          comment: input.comment,
          createdAt: now,
        })
        .returning();
    }
    if (!saved) throw new Error('saveReview: no row');
    await refreshRating(tx, workerId);
    // A new review is news to the worker; a changed one is not sent again.
    if (!existing) await tellWorkerOfReview(tx, config, workerId, saved);
    return ownReviewOf(saved, now);
  });
}

type ReviewEmailConfig = Pick<Config, 'BRAND_NAME' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE' | 'publicUrl'>;

/** The worker hears of a new review in the app and by email (issue 17), each as they chose; the reply is on their profile page. */
async function tellWorkerOfReview(tx: DbExecutor, config: ReviewEmailConfig, workerId: string, review: ReviewRow): Promise<void> {
  const [worker] = await tx.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, workerId));
  if (!worker) return;
  const stars = `${review.rating} star${review.rating === 1 ? '' : 's'}`;
  const title = `${review.authorFirstName} reviewed your work: ${stars}`;
  const url = `${config.publicUrl.replace(/\/+$/, '')}${routePath('workerOwnProfile')}`;
  const { html, text } = renderEmail({
    ...emailLayoutOf(config),
    preheader: title,
    heading: title,
    paragraphs: [
      `Hi ${worker.firstName},`,
      `${review.authorFirstName} gave you ${stars} and wrote: “${review.comment}”`,
      'It shows on your profile now. You can reply to it once, from your profile page.',
    ],
    action: { label: 'See the review and reply', url },
  });
  await queueMail(tx, { to: worker.email, category: 'REVIEWS', subject: title, html, text });
  await notify(tx, { userId: workerId, kind: 'REVIEW_RECEIVED', title, body: review.comment, link: routePath('workerOwnProfile') });
}

/** POST /api/reviews/{id}/reply: the worker's one reply to a review of them. */
export async function replyToReview(db: Db, workerId: string, reviewId: string, reply: string, now = new Date()): Promise<{ reply: string; repliedAt: string }> {
  return db.transaction(async (tx) => {
    const [review] = await tx.select().from(workerReviews).where(eq(workerReviews.id, reviewId)).for('update');
    // Another worker's review is answered as if it did not exist.
    if (!review || review.workerId !== workerId) throw notFound(REVIEW_NOT_FOUND);
    if (review.reply !== null) throw new AppError(409, reviewMessages.alreadyReplied, { code: 'ALREADY_REPLIED' });
    await tx.update(workerReviews).set({ reply, repliedAt: now }).where(eq(workerReviews.id, reviewId));
    return { reply, repliedAt: now.toISOString() };
  });
}

/** POST /api/admin/reviews/{id}/hide and /show: out of (or back into) the profile and the average, audited. */
export async function setReviewHidden(db: Db, admin: RequestAuth, reviewId: string, hide: { reason: string } | null, ip: string, now = new Date()): Promise<AdminReview> {
  return db.transaction(async (tx) => {
    const [review] = await tx.select({ workerId: workerReviews.workerId }).from(workerReviews).where(eq(workerReviews.id, reviewId));
    if (!review) throw notFound(REVIEW_NOT_FOUND);
    await lockProfile(tx, review.workerId);
    await tx
      .update(workerReviews)
      .set(hide ? { hiddenAt: now, hiddenReason: hide.reason, hiddenByUserId: actingPersonId(admin) } : { hiddenAt: null, hiddenReason: null, hiddenByUserId: null })
      .where(eq(workerReviews.id, reviewId));
    await refreshRating(tx, review.workerId);
    await recordAudit(tx, {
      actorUserId: actingPersonId(admin),
      subjectUserId: review.workerId,
      action: hide ? 'review.hidden' : 'review.shown',
      detail: hide ? { reason: hide.reason } : {},
      ip,
      targetType: 'worker_review',
      targetId: reviewId,
    });
    const [listed] = await adminReviews(tx, { reviewId });
    if (!listed) throw new Error('setReviewHidden: the review went away');
    return listed;
  });
}

/**
 * GET /api/admin/reviews: the newest reviews (or the hidden ones), for moderation, `limit` at a
 * time; `before` (a review's id) pages on from that review, newest first.
 */
export async function adminReviews(
  db: DbExecutor,
  filter: { hidden?: boolean; reviewId?: string; workerId?: string; before?: string; limit?: number } = {},
): Promise<AdminReview[]> {
  const conditions = [
    filter.before
      ? sql`(${workerReviews.createdAt}, ${workerReviews.id}) < (select r.created_at, r.id from worker_reviews r where r.id = ${filter.before})`
      : undefined,
    filter.reviewId ? eq(workerReviews.id, filter.reviewId) : undefined,
    filter.workerId ? eq(workerReviews.workerId, filter.workerId) : undefined,
    filter.hidden === true ? sql`${workerReviews.hiddenAt} is not null` : filter.hidden === false ? isNull(workerReviews.hiddenAt) : undefined,
  ].filter((condition) => condition !== undefined);
  const rows = await db
    .select({ review: workerReviews, firstName: users.firstName, lastName: users.lastName })
    .from(workerReviews)
    .innerJoin(users, eq(users.id, workerReviews.workerId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(workerReviews.createdAt), desc(workerReviews.id))
    .limit(filter.limit ?? ADMIN_REVIEW_PAGE_SIZE);
  return rows.map(({ review, firstName, lastName }) => ({
    id: review.id,
    workerId: review.workerId,
    workerName: `${firstName} ${lastName}`.trim(),
    authorFirstName: review.authorFirstName,
    rating: review.rating,
    comment: review.comment,
    reply: review.reply,
    createdAt: review.createdAt.toISOString(),
    hiddenAt: review.hiddenAt?.toISOString() ?? null,
    hiddenReason: review.hiddenReason,
  }));
}

// ---------------------------------------------------------------------------------------------
// Workers' private ratings of clients

export async function myClientRating(db: DbExecutor, workerId: string, careSeekerId: string) {
  const [[row], canRate] = await Promise.all([
    db.select().from(clientRatings).where(and(eq(clientRatings.workerId, workerId), eq(clientRatings.careSeekerId, careSeekerId))),
    hasApprovedHours(db, careSeekerId, workerId),
  ]);
  return { canRate, rating: row ? { careSeekerId, rating: row.rating, comment: row.comment, updatedAt: (row.updatedAt ?? row.createdAt).toISOString() } : null };
}

/**
 * PUT /api/clients/{id}/rating: the worker's private rating of a client whose hours they worked.
 * When it makes the client's low ratings reach CLIENT_FLAG_THRESHOLD, the operations team is
 * emailed, once: the client's row is held while counting, so two ratings at once count in turn.
 */
export async function saveClientRating(db: Db, config: Pick<Config, 'BRAND_NAME' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE'>, workerId: string, careSeekerId: string, input: ClientRatingRequest, now = new Date()) {
  return db.transaction(async (tx) => {
    const [client] = await tx.select(personColumns(users)).from(users).where(eq(users.id, careSeekerId)).for('update');
    if (!client || !(await hasApprovedHours(tx, careSeekerId, workerId))) throw forbidden(reviewMessages.clientNotEligible, 'NOT_ELIGIBLE');
    const lowBefore = await countLowRatings(tx, careSeekerId);
    await tx
      .insert(clientRatings)
      .values({ workerId, careSeekerId, rating: input.rating, comment: input.comment, createdAt: now })
      .onConflictDoUpdate({ target: [clientRatings.workerId, clientRatings.careSeekerId], set: { rating: input.rating, comment: input.comment, updatedAt: now } });
    const lowAfter = await countLowRatings(tx, careSeekerId);
    if (lowBefore < CLIENT_FLAG_THRESHOLD && lowAfter >= CLIENT_FLAG_THRESHOLD) {
      const name = fullName(client);
      const { html, text } = renderEmail({
        ...emailLayoutOf(config),
        preheader: `${name} now has ${lowAfter} low ratings from workers.`,
        heading: 'A client to look at',
        paragraphs: [
          `${name} (${client.email}) now has ${lowAfter} ratings of ${LOW_CLIENT_RATING} stars or fewer from the workers who worked for them.`,
          'The ratings and their comments are in the admin area under flagged clients. Please look into it and contact the client or the workers as needed.',
        ],
      });
      await queueMail(tx, { to: config.SUPPORT_EMAIL, category: 'EXTERNAL', subject: `Flagged client: ${name}`, html, text });
    }
    return { careSeekerId, rating: input.rating, comment: input.comment, updatedAt: now.toISOString() };
  });
}

async function countLowRatings(db: DbExecutor, careSeekerId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(clientRatings)
    .where(and(eq(clientRatings.careSeekerId, careSeekerId), lte(clientRatings.rating, LOW_CLIENT_RATING)));
  return row?.total ?? 0;
}

/** GET /api/admin/client-flags: care seekers with CLIENT_FLAG_THRESHOLD or more low ratings, with every rating of them. */
export async function flaggedClients(db: DbExecutor) {
  const flagged = await db
    .select({ careSeekerId: clientRatings.careSeekerId, lowRatings: count() })
    .from(clientRatings)
    .where(lte(clientRatings.rating, LOW_CLIENT_RATING))
    .groupBy(clientRatings.careSeekerId)
    .having(sql`count(*) >= ${CLIENT_FLAG_THRESHOLD}`)
    .orderBy(desc(count()))
    .limit(100);
  if (flagged.length === 0) return { clients: [] };
  const ids = flagged.map((row) => row.careSeekerId);
  const worker = sql<string>`(select first_name || ' ' || last_name from users w where w.id = ${clientRatings.workerId})`;
  const ratings = await db
    .select({ careSeekerId: clientRatings.careSeekerId, workerName: worker, rating: clientRatings.rating, comment: clientRatings.comment, createdAt: clientRatings.createdAt, updatedAt: clientRatings.updatedAt })
    .from(clientRatings)
    .where(sql`${clientRatings.careSeekerId} in ${ids}`)
    .orderBy(desc(clientRatings.createdAt));
  const people = await db.select(personColumns(users)).from(users).where(sql`${users.id} in ${ids}`);
  return {
    clients: flagged.map((row) => {
      const person = people.find((candidate) => candidate.id === row.careSeekerId);
      return {
        careSeekerId: row.careSeekerId,
        name: person ? fullName(person) : 'Unknown',
        email: person?.email ?? '',
        lowRatings: row.lowRatings,
        ratings: ratings
          .filter((rating) => rating.careSeekerId === row.careSeekerId)
          .map((rating) => ({ workerName: rating.workerName, rating: rating.rating, comment: rating.comment, updatedAt: (rating.updatedAt ?? rating.createdAt).toISOString() })),
      };
    }),
  };
}

