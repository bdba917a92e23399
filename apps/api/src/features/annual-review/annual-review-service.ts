import {
  ANNUAL_REVIEW_NOT_FOUND,
  ANNUAL_REVIEW_SIGNED_OFF,
  ANNUAL_REVIEW_YEAR_MESSAGE,
  isReviewYearAllowed,
  reviewYearOf,
  type AdminAnnualReview,
  type AnnualReview,
  type AnnualReviewAnswers,
  type AnnualReviewList,
} from '@tendly/domain/api/annual-reviews';
import { actingPersonId, type RequestAuth } from '../../platform/auth/authenticate';
import { recordAudit } from '../../platform/audit/audit-log';
import type { Db } from '../../platform/db/client';
import { queueMail } from '../../platform/mail/outbox';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { isUuid } from '../../platform/http/ids';
import { annualReviewSignedOffEmail, type ReviewEmailConfig } from './annual-review-emails';
import { findAdminReview, findReview, findWorkerContact, listReviewsForAdmin, listWorkerReviews, saveWorkerReview, signOffReview } from './annual-review-repository';

/** GET /api/worker/annual-reviews. */
export async function getWorkerReviews(db: Db, workerId: string, now: Date): Promise<AnnualReviewList> {
  return { currentYear: reviewYearOf(now), reviews: await listWorkerReviews(db, workerId) };
}

/** PUT /api/worker/annual-reviews/{year}: saved until signed off, then a 409. */
export async function saveReview(db: Db, workerId: string, year: number, answers: AnnualReviewAnswers, now: Date): Promise<AnnualReview> {
  if (!isReviewYearAllowed(year, now)) throw badRequest(ANNUAL_REVIEW_YEAR_MESSAGE, { year: ANNUAL_REVIEW_YEAR_MESSAGE });
  const saved = await saveWorkerReview(db, workerId, year, answers);
  if (!saved) throw conflict(ANNUAL_REVIEW_SIGNED_OFF);
  return saved;
}

export function getReviewsForAdmin(db: Db, filter: 'awaiting' | 'signed'): Promise<AdminAnnualReview[]> {
  return listReviewsForAdmin(db, filter);
}

/**
 * POST /api/admin/annual-reviews/{id}/sign-off: records who signed it off, when, and the note, and
 * writes the audit event and queues the worker's email in the same transaction. Signing off twice
 * is a 409; an unknown id a 404.
 */
export async function signOff(
  db: Db,
  config: ReviewEmailConfig,
  auth: RequestAuth,
  reviewId: string,
  note: string,
  ip: string,
): Promise<AdminAnnualReview> {
  if (!isUuid(reviewId)) throw notFound(ANNUAL_REVIEW_NOT_FOUND);
  const adminId = actingPersonId(auth);
  const signed = await db.transaction(async (tx) => {
    const row = await signOffReview(tx, reviewId, adminId, note);
    if (!row) return null;
    await recordAudit(tx, {
      actorUserId: adminId,
      subjectUserId: row.workerId,
      action: 'annual_review.signed_off',
      targetType: 'worker_annual_review',
      targetId: row.id,
      detail: { year: row.reviewYear, note },
      ip,
    });
    const worker = await findWorkerContact(tx, row.workerId);
    if (worker) await queueMail(tx, annualReviewSignedOffEmail(config, worker, row.reviewYear, note));
    return row;
  });
  if (!signed) {
    if (await findReview(db, reviewId)) throw conflict('This annual review has already been signed off.');
    throw notFound(ANNUAL_REVIEW_NOT_FOUND);
  }
  const presented = await findAdminReview(db, signed.id);
  if (!presented) throw new Error('signOff: the review just signed off is not listed');
  return presented;
}
