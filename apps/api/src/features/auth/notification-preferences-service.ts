import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  INVALID_EMAIL_OPT_OUT_LINK,
  topicInfo,
  topicsForRole,
  type EmailOptOutRequest,
  type NotificationPreferences,
  type NotificationTopic,
} from '@tendly/domain/api/notification-preferences';
import { recordAudit } from '../../platform/audit/audit-log';
import type { RequestAuth } from '../../platform/auth/authenticate';
import type { LinkSigner } from '../../platform/auth/signed-links';
import type { DbExecutor } from '../../platform/db/client';
import { notificationPreferences } from '../../platform/db/schema/account-settings';
import { users } from '../../platform/db/schema/accounts';
import { workerProfiles } from '../../platform/db/schema/workers';
import { badRequest } from '../../platform/errors';
import { isUuid } from '../../platform/http/ids';
import { setEmailChoice } from '../../platform/notifications/preferences';

/** The signed link in an email's footer names the topic; a token for one topic stops only that one. */
export const emailOptOutPurpose = (topic: NotificationTopic) => `email-opt-out:${topic}`;

/** GET /account-details/notification-preferences: the role's topics, each on unless turned off. */
export async function notificationPreferencesOf(db: DbExecutor, userId: string, role: string): Promise<NotificationPreferences> {
  const topics = topicsForRole(role);
  const rows = topics.length
    ? await db
        .select({ topic: notificationPreferences.topic, inApp: notificationPreferences.inApp, email: notificationPreferences.email })
        .from(notificationPreferences)
        .where(and(eq(notificationPreferences.userId, userId), inArray(notificationPreferences.topic, topics)))
    : [];
  const chosen = new Map(rows.map((row) => [row.topic, row]));
  let jobAlerts: boolean | null = null;
  if (role === 'CR') {
    const [profile] = await db.select({ optedOutAt: workerProfiles.jobAlertsOptedOutAt }).from(workerProfiles).where(eq(workerProfiles.userId, userId));
    jobAlerts = profile ? profile.optedOutAt === null : null;
  }
  return {
    topics: topics.map((topic) => ({
      topic,
      inApp: topicInfo[topic].inApp ? (chosen.get(topic)?.inApp ?? true) : null,
      email: chosen.get(topic)?.email ?? true,
    })),
    jobAlerts,
  };
}

/**
 * PUT /account-details/notification-preferences. Only the role's own topics are kept (another
 * role's topic is refused, so a typo never silently does nothing); a topic left out stays as it
 * was; `jobAlerts` is ignored for anyone but a worker.
 */
export async function saveNotificationPreferences(db: DbExecutor, auth: RequestAuth, input: NotificationPreferences, ip: string): Promise<NotificationPreferences> {
  const userId = auth.user.id;
  const allowed = new Set(topicsForRole(auth.user.role));
  const foreign = input.topics.find((item) => !allowed.has(item.topic));
  if (foreign) throw badRequest('Choose topics from your list', { topics: `${topicInfo[foreign.topic].label} is not one of your topics` });
  await db.transaction(async (tx) => {
    for (const item of input.topics) {
      const inApp = topicInfo[item.topic].inApp ? (item.inApp ?? true) : true;
      await tx
        .insert(notificationPreferences)
        .values({ userId, topic: item.topic, inApp, email: item.email })
        .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.topic], set: { inApp, email: item.email, updatedAt: sql`now()` } });
    }
    if (auth.user.role === 'CR' && input.jobAlerts !== null) {
      await tx
        .update(workerProfiles)
        .set({ jobAlertsOptedOutAt: input.jobAlerts ? null : sql`coalesce(${workerProfiles.jobAlertsOptedOutAt}, now())` })
        .where(eq(workerProfiles.userId, userId));
    }
    await recordAudit(tx, { actorUserId: auth.actor?.id ?? userId, subjectUserId: userId, action: 'account.notification_preferences_changed', ip });
  });
  return notificationPreferencesOf(db, userId, auth.user.role);
}

/**
 * POST /unsubscribe: the signed link from an email's footer turns that topic's email off. The
 * token is the proof; no sign-in needed. Twice is fine. In-app notifications stay as they were.
 */
export async function optOutByLink(db: DbExecutor, linkSigner: LinkSigner, input: EmailOptOutRequest, ip: string): Promise<{ message: string; topic: NotificationTopic }> {
  const userId = await linkSigner.verify(emailOptOutPurpose(input.topic), input.token);
  if (!userId || !isUuid(userId)) throw badRequest(INVALID_EMAIL_OPT_OUT_LINK, { token: INVALID_EMAIL_OPT_OUT_LINK });
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw badRequest(INVALID_EMAIL_OPT_OUT_LINK, { token: INVALID_EMAIL_OPT_OUT_LINK });
  await db.transaction(async (tx) => {
    await setEmailChoice(tx, userId, input.topic, false);
    await recordAudit(tx, { actorUserId: userId, subjectUserId: userId, action: 'account.notification_preferences_changed', ip, detail: { topic: input.topic, email: false, via: 'email link' } });
  });
  return { message: `We will not email you about this any more: ${topicInfo[input.topic].label.toLowerCase()}. You can turn it back on from your account details.`, topic: input.topic };
}
