import { boolean, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns';
import { emailedCodeColumns, userIdColumn } from './accounts';

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
    userId: userIdColumn(),
    newEmail: text('new_email').notNull(),
    ...emailedCodeColumns(),
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
    userId: userIdColumn(),
    topic: text('topic').notNull(),
    inApp: boolean('in_app').notNull().default(true),
    email: boolean('email').notNull().default(true),
    updatedAt: at('updated_at').notNull().defaultNow(),
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
    userId: userIdColumn(),
    /** PENDING until the job has stored the file, then READY. */
    status: text('status').notNull().default('PENDING'),
    storageKey: text('storage_key'),
    createdAt: createdAt(),
    readyAt: at('ready_at'),
    expiresAt: at('expires_at'),
  },
  (t) => [index('data_exports_user_id_idx').on(t.userId)],
);
