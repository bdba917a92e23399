import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns';
import { userIdColumn } from './accounts';

/**
 * The in-app notification centre (issue 17): one row per note to one person, written in the same
 * transaction as the event it is about (platform/notifications/notify.ts). `kind` is one of the
 * domain's `notificationKinds`; `link` a path of the web app.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    createdAt: createdAt(),
    readAt: at('read_at'),
  },
  (t) => [
    // The list: a person's notifications newest first, paged on (created_at, id).
    index('notifications_user_newest_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The bell's count: only the unread rows, which stay few however long the history grows.
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);
