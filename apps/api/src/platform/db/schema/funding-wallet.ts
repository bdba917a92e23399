import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { WalletCategory } from '@tendly/domain/funding-wallet';
import { at } from './columns';
import { users } from './accounts';

/**
 * The funding wallet (issue 16): a participant's plan budget per support category, and the wallet
 * notices sent. The plan's dates are on funding_details (plan_start_date, plan_end_date).
 */


/** One budget per participant (the care seeker's user) and category, in cents. */
export const walletBudgets = pgTable(
  'wallet_budgets',
  {
    participantId: uuid('participant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').$type<WalletCategory>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.participantId, t.category] }), check('wallet_budgets_amount', sql`${t.amountCents} >= 0`)],
);

/**
 * A wallet notice sent (80% spent, or the forecast running out before the plan ends). The unique
 * key makes each email go once per participant, kind, category and budget period, however many
 * checks run at once: the check that inserts the row queues the emails in the same transaction.
 */
export const walletNotices = pgTable(
  'wallet_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    participantId: uuid('participant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'EIGHTY_PERCENT' | 'RUNS_OUT'>().notNull(),
    category: text('category').$type<WalletCategory>().notNull(),
    /** The budget's period, `YYYY-MM-DD/YYYY-MM-DD`: a new plan (or quarter) can warn again. */
    periodKey: text('period_key').notNull(),
    sentAt: at('sent_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_notices_once_key').on(t.participantId, t.kind, t.category, t.periodKey),
    check('wallet_notices_kind', sql`${t.kind} in ('EIGHTY_PERCENT', 'RUNS_OUT')`),
  ],
);
