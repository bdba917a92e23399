import { z } from 'zod';
import { safeText } from '../validation/safe-text';

/**
 * Reviews (issue 17): a care seeker reviews a worker after the worker's first approved job report
 * for them; the worker replies once; an administrator can hide a review that breaks the
 * guidelines. Workers rate their clients privately.
 */

export const REVIEW_MIN_CHARACTERS = 20;
export const REVIEW_MAX_CHARACTERS = 2000;
export const REPLY_MAX_CHARACTERS = 1000;
/** A review can be changed for this many days after it was first written. */
export const REVIEW_EDIT_DAYS = 30;
/** A client rating this low or lower counts towards the operations flag. */
export const LOW_CLIENT_RATING = 2;
/** This many low ratings from different workers flag a care seeker to the operations team. */
export const CLIENT_FLAG_THRESHOLD = 3;

export const reviewMessages = {
  rating: 'Choose from 1 to 5 stars',
  commentShort: `Write at least ${REVIEW_MIN_CHARACTERS} characters about your experience`,
  commentLong: `A review is at most ${REVIEW_MAX_CHARACTERS.toLocaleString('en-AU')} characters`,
  notEligible: 'You can review a worker once they have worked for you and you have approved their hours.',
  editClosed: `A review can be changed for ${REVIEW_EDIT_DAYS} days after it is written. This one can no longer be changed.`,
  replyEmpty: 'Write your reply',
  replyLong: `A reply is at most ${REPLY_MAX_CHARACTERS.toLocaleString('en-AU')} characters`,
  alreadyReplied: 'You have already replied to this review. A review has one reply.',
  hideReason: 'Say which guideline the review breaks',
  clientNotEligible: 'You can rate a client once they have approved hours you worked for them.',
  clientComment: 'A comment is at most 1,000 characters',
} as const;

const starsSchema = z
  .number({ error: reviewMessages.rating })
  .int({ error: reviewMessages.rating })
  .min(1, { error: reviewMessages.rating })
  .max(5, { error: reviewMessages.rating });

/** PUT /api/carer/{id}/review: write or change the review. */
export const reviewRequestSchema = z.object({
  rating: starsSchema,
  comment: z
    .string({ error: reviewMessages.commentShort })
    .trim()
    .min(REVIEW_MIN_CHARACTERS, { error: reviewMessages.commentShort })
    .max(REVIEW_MAX_CHARACTERS, { error: reviewMessages.commentLong })
    .check(safeText('multi')),
});
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

/** POST /api/reviews/{id}/reply. */
export const reviewReplyRequestSchema = z.object({
  reply: z
    .string({ error: reviewMessages.replyEmpty })
    .trim()
    .min(1, { error: reviewMessages.replyEmpty })
    .max(REPLY_MAX_CHARACTERS, { error: reviewMessages.replyLong })
    .check(safeText('multi')),
});

/** POST /api/admin/reviews/{id}/hide. */
export const hideReviewRequestSchema = z.object({
  reason: z.string({ error: reviewMessages.hideReason }).trim().min(3, { error: reviewMessages.hideReason }).max(500, { error: 'A reason is at most 500 characters' }).check(safeText('multi')),
});

export const ownReviewSchema = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
  /** Until when it can be changed (REVIEW_EDIT_DAYS after it was written). */
  editableUntil: z.string(),
  editable: z.boolean(),
  hidden: z.boolean(),
  reply: z.string().nullable(),
});
export type OwnReview = z.infer<typeof ownReviewSchema>;

/** GET /api/carer/{id}/my-review: whether the care seeker may review the worker, and their review. */
export const myReviewResponseSchema = z.object({
  canReview: z.boolean(),
  /** Why not, when they cannot. */
  reason: z.string().nullable(),
  review: ownReviewSchema.nullable(),
});
export type MyReviewResponse = z.infer<typeof myReviewResponseSchema>;

/** An administrator's view of a review, for moderation. */
export const adminReviewSchema = z.object({
  id: z.string(),
  workerId: z.string(),
  workerName: z.string(),
  authorFirstName: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  reply: z.string().nullable(),
  createdAt: z.string(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
/** GET /api/admin/reviews pages newest first, this many at a time; `before` is the id of the last review held. */
export const ADMIN_REVIEW_PAGE_SIZE = 25;
export const adminReviewListSchema = z.object({
  reviews: z.array(adminReviewSchema),
  /** True when there is nothing older than the last review of this page. */
  allLoaded: z.boolean(),
});

/** PUT /api/clients/{id}/rating: a worker's private rating of a client. */
export const clientRatingRequestSchema = z.object({
  rating: starsSchema,
  comment: z
    .string()
    .trim()
    .max(1000, { error: reviewMessages.clientComment })
    .check(safeText('multi'))
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .default(null),
});
export type ClientRatingRequest = z.output<typeof clientRatingRequestSchema>;
export const clientRatingSchema = z.object({ careSeekerId: z.string(), rating: z.number().int(), comment: z.string().nullable(), updatedAt: z.string() });
export const myClientRatingResponseSchema = z.object({ canRate: z.boolean(), rating: clientRatingSchema.nullable() });

/** GET /api/admin/client-flags: care seekers with CLIENT_FLAG_THRESHOLD or more low ratings. */
export const flaggedClientSchema = z.object({
  careSeekerId: z.string(),
  name: z.string(),
  email: z.string(),
  lowRatings: z.number().int(),
  ratings: z.array(z.object({ workerName: z.string(), rating: z.number().int(), comment: z.string().nullable(), updatedAt: z.string() })),
});
export const flaggedClientListSchema = z.object({ clients: z.array(flaggedClientSchema) });
