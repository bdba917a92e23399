import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
