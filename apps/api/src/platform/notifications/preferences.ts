import { and, eq, sql } from 'drizzle-orm';
import type { NotificationTopic } from '@tendly/domain/api/notification-preferences';
import type { DbExecutor } from '../db/client';
import { notificationPreferences } from '../db/schema/account-settings';
import { users } from '../db/schema/accounts';

/**
 * A person's choice for one topic (issue 17): on, in the app and by email, unless they turned it
 * off on /account-details or with the link in an email's footer.
 */
async function choiceOf(db: DbExecutor, userId: string, topic: NotificationTopic): Promise<{ inApp: boolean; email: boolean }> {
  const [row] = await db
    .select({ inApp: notificationPreferences.inApp, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.topic, topic)));
  return row ?? { inApp: true, email: true };
}

export async function wantsEmail(db: DbExecutor, userId: string, topic: NotificationTopic): Promise<boolean> {
  return (await choiceOf(db, userId, topic)).email;
}

export async function wantsInApp(db: DbExecutor, userId: string, topic: NotificationTopic): Promise<boolean> {
  return (await choiceOf(db, userId, topic)).inApp;
}

/**
 * The account an address belongs to and whether it wants email on the topic: null when no
 * account has the address (a plan manager, a referee), who then gets the email as before.
 */
export async function emailChoiceByAddress(db: DbExecutor, address: string, topic: NotificationTopic): Promise<{ userId: string; email: boolean } | null> {
  const [row] = await db
    .select({ userId: users.id, email: sql<boolean>`coalesce(${notificationPreferences.email}, true)` })
    .from(users)
    .leftJoin(notificationPreferences, and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.topic, topic)))
    .where(sql`lower(${users.email}) = lower(${address.trim()})`);
  return row ?? null;
}

/** Turns email about one topic off (or on), keeping the in-app choice. Twice is fine. */
export async function setEmailChoice(db: DbExecutor, userId: string, topic: NotificationTopic, email: boolean): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, topic, email })
    .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.topic], set: { email, updatedAt: sql`now()` } });
}
