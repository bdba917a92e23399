import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgEnum, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { newsletterSubscriptionTypeCodes } from '@tendly/domain/job-options';
import { inboxItemKinds } from '@tendly/domain/validation/forms';
import { at, createdAt } from './columns';
import { users } from './accounts';

/**
 * What visitors send from the public site (issue 4): feedback, complaints, incident reports,
 * contact messages, quick requests and referrals, and newsletter sign-ups.
 */

export const formKindEnum = pgEnum('form_kind', inboxItemKinds);
export const inboxStatuses = ['NEW', 'IN_PROGRESS', 'RESOLVED'] as const;
export type InboxStatus = (typeof inboxStatuses)[number];
export const inboxStatusEnum = pgEnum('inbox_status', inboxStatuses);
export const newsletterUserTypeEnum = pgEnum('newsletter_user_type', newsletterSubscriptionTypeCodes);

/**
 * One row per form sent. `data` is the form's values as its domain schema parsed them; `email`
 * is the sender's address when they gave one (anonymous feedback and complaints have none).
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Human-friendly and unique: the kind's prefix and 6 characters, e.g. FB-7K3Q9M. */
    reference: text('reference').notNull().unique(),
    kind: formKindEnum('kind').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    email: text('email'),
    /** Who was signed in when it was sent, if anyone. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip'),
    /** The operations inbox (admin console): where the team is with it, and who has it. */
    inboxStatus: inboxStatusEnum('inbox_status').notNull().default('NEW'),
    assigneeUserId: uuid('assignee_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** An incident report that may be reportable to the NDIS Commission: answer within 24 hours. */
    needsUrgentResponse: boolean('needs_urgent_response').notNull().default(false),
    resolvedAt: at('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('form_submissions_created_at_idx').on(t.createdAt),
    index('form_submissions_inbox_idx').on(t.inboxStatus, t.createdAt),
    index('form_submissions_assignee_user_id_idx').on(t.assigneeUserId),
    index('form_submissions_kind_created_at_idx').on(t.kind, t.createdAt),
    // Deleting a user sets its submissions' user to null, which would otherwise scan the table.
    index('form_submissions_user_id_idx').on(t.userId),
  ],
);

/** Newsletter sign-ups (spec section 7, POST /support): once per email address and subscription type. */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased, so that the unique constraint ignores letter case. */
    email: text('email').notNull(),
    userType: newsletterUserTypeEnum('user_type').notNull(),
    message: text('message'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('newsletter_subscriptions_email_user_type_key').on(t.email, t.userType),
    check('newsletter_subscriptions_email_lower_case', sql`${t.email} = lower(${t.email})`),
  ],
);

/** The operations team's notes on an inbox item, oldest first. */
export const formSubmissionNotes = pgTable(
  'form_submission_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => formSubmissions.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('form_submission_notes_submission_id_idx').on(t.submissionId, t.createdAt),
    index('form_submission_notes_author_user_id_idx').on(t.authorUserId),
  ],
);
