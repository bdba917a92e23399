import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns';
import { userIdColumn, users } from './accounts';
import { workerIdColumn } from './workers';

/**
 * Finding workers (issue 5): the shortlist, reviews shown on a profile, enquiries sent from a
 * profile, and the vocabulary that makes keyword search forgive small typos.
 */


/** A care seeker's shortlisted workers (spec section 3, "Shortlist item: carerId"). */
export const shortlistItems = pgTable(
  'shortlist_items',
  {
    /** The care seeker (a coordinator acting for a client shortlists on the client's list). */
    userId: userIdColumn(),
    workerId: workerIdColumn(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.workerId] }),
    index('shortlist_items_user_id_created_at_idx').on(t.userId, t.createdAt.desc()),
    // Deleting a worker removes them from every list, which would otherwise scan the table.
    index('shortlist_items_worker_id_idx').on(t.workerId),
  ],
);

/**
 * Reviews of a worker. `worker_profiles.rating` and `review_count` summarise them and are kept
 * equal to them by whoever writes a review (the demo seed computes them).
 */
export const workerReviews = pgTable(
  'worker_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workerId: workerIdColumn(),
    /** Who wrote it, while their account exists; the first name stays for the profile page. */
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    authorFirstName: text('author_first_name').notNull(),
    /**
     * The care seeker the review is from (issue 17): one review per care seeker and worker. The
     * author is the care seeker, or the coordinator acting for them (`acted_by_user_id`). Null
     * only for reviews older than issue 17.
     */
    careSeekerId: uuid('care_seeker_id').references(() => users.id, { onDelete: 'set null' }),
    actedByUserId: uuid('acted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
    updatedAt: at('updated_at'),
    /** The worker's one reply. */
    reply: text('reply'),
    repliedAt: at('replied_at'),
    /** An administrator hid it for breaking the review guidelines: out of the profile and the average. */
    hiddenAt: at('hidden_at'),
    hiddenReason: text('hidden_reason'),
    hiddenByUserId: uuid('hidden_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('worker_reviews_worker_id_created_at_idx').on(t.workerId, t.createdAt.desc()),
    index('worker_reviews_author_user_id_idx').on(t.authorUserId),
    uniqueIndex('worker_reviews_care_seeker_worker_key').on(t.careSeekerId, t.workerId).where(sql`care_seeker_id is not null`),
    check('worker_reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * A worker's private rating of a client they worked for (issue 17): seen individually only by
 * administrators; a care seeker with three or more low ratings (1 or 2) is flagged to operations.
 */
export const clientRatings = pgTable(
  'client_ratings',
  {
    workerId: uuid('worker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    careSeekerId: uuid('care_seeker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
    updatedAt: at('updated_at'),
  },
  (t) => [
    primaryKey({ columns: [t.workerId, t.careSeekerId] }),
    index('client_ratings_care_seeker_idx').on(t.careSeekerId, t.rating),
    check('client_ratings_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * A care seeker's first message to a worker from the profile page, emailed to the worker until
 * in-app messages exist. `user_id` is the care seeker; `sent_by_user_id` who really wrote it (a
 * support coordinator acting for the care seeker, or the care seeker).
 */
export const workerEnquiries = pgTable(
  'worker_enquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    sentByUserId: uuid('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    workerId: workerIdColumn(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('worker_enquiries_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('worker_enquiries_worker_id_created_at_idx').on(t.workerId, t.createdAt),
    index('worker_enquiries_sent_by_user_id_idx').on(t.sentByUserId),
  ],
);

/**
 * Every word that appears in a worker's headline or bio, lower-cased ("simple" text search
 * tokens). Keyword search corrects a misspelt word to its nearest words here (pg_trgm
 * similarity) before the full-text match: comparing one short word with a few thousand is
 * fast, while comparing it with every bio is not (about a second at 100,000 workers).
 * Filled by triggers on worker_profiles (hand-written in migration 0005); words are never
 * removed, which costs nothing but a stale suggestion that matches no one.
 */
export const workerSearchWords = pgTable(
  'worker_search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('worker_search_words_word_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
);
