import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Email changes waiting for their code (issue 16, /account-details): a 6-digit code is sent to the
 * new address and only its hash is kept, salted with the person's id. The address changes only
 * when the right code is typed before it expires; 5 wrong codes void it; a new request voids the
 * older ones.
 */
export const emailChangeCodes = pgTable(
  'email_change_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [index('email_change_codes_user_id_idx').on(t.userId)],
);

/**
 * What a person wants to hear about (issues 16 and 17): one row per person and topic they changed;
 * no row means the topic is on, in the app and by email. The topics are the domain's
 * `notificationTopics`. Security and account emails (codes, password and email changes, the data
 * download, closing) have no switch; job alerts keep their own switch on the worker profile
 * (job_alerts_opted_out_at), newsletters their own subscription.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    inApp: boolean('in_app').notNull().default(true),
    email: boolean('email').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topic] })],
);

/**
 * "Download my data" (issue 16): each request is built by a background job into a JSON file in the
 * file store, and the person is emailed a link to the page that downloads it, signed in as themselves,
 * until `expiresAt` (issue 29).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** PENDING until the job has stored the file, then READY. */
    status: text('status').notNull().default('PENDING'),
    storageKey: text('storage_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('data_exports_user_id_idx').on(t.userId)],
);
