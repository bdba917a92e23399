import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Notification, NotificationKind } from '@tendly/domain/api/notifications';
import type { DbExecutor } from '../db/client';
import { notifications } from '../db/schema/notifications';

type NotificationRow = typeof notifications.$inferSelect;

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

export async function findNotification(db: DbExecutor, id: string): Promise<NotificationRow | null> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row ?? null;
}

/**
 * One page of a person's notifications, newest first on (created_at, id). `beforeId` is the
 * oldest notification of the page before; an id that is not the person's own pages from nothing.
 */
export async function pageOfNotifications(db: DbExecutor, userId: string, beforeId: string | null, limit: number): Promise<NotificationRow[]> {
  const olderThan = beforeId
    ? sql`(${notifications.createdAt}, ${notifications.id}) < (select before_note.created_at, before_note.id from ${notifications} as before_note where before_note.id = ${beforeId}::uuid and before_note.user_id = ${userId}::uuid)`
    : undefined;
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), olderThan))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function countUnreadNotifications(db: DbExecutor, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.total ?? 0;
}

/** Marks the person's own unread notifications read: those of `ids`, or every one when `ids` is null. Returns how many changed. */
export async function markNotificationsRead(db: DbExecutor, userId: string, ids: readonly string[] | null): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), ids ? inArray(notifications.id, [...ids]) : undefined))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function insertNotification(
  db: DbExecutor,
  values: { userId: string; kind: NotificationKind; title: string; body: string; link: string },
): Promise<string> {
  const [row] = await db
    .insert(notifications)
    // clock_timestamp(): two notifications written in one transaction keep their order.
    .values({ ...values, createdAt: sql`clock_timestamp()` })
    .returning({ id: notifications.id });
  if (!row) throw new Error('insertNotification: the insert returned no row');
  return row.id;
}
