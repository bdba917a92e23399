import { NOTIFICATION_BODY_MAX_LENGTH, NOTIFICATION_TITLE_MAX_LENGTH, type NotificationKind } from '@tendly/domain/api/notifications';
import { topicOfKind } from '@tendly/domain/api/notification-preferences';
import type { DbExecutor } from '../db/client';
import { enqueueJob } from '../jobs/job-queue';
import type { JobHandlers } from '../jobs/job-worker';
import type { RealtimeBus } from '../realtime/realtime-bus';
import { wantsInApp } from './preferences';
import { countUnreadNotifications, findNotification, insertNotification, presentNotification } from './notifications-repository';

/** The background job that tells the person's open tabs about a new notification (see `notify`). */
export const NOTIFICATION_PUBLISH_JOB = 'notification.publish';

export interface NewNotification {
  /** The account it concerns: for a care seeker with a coordinator acting, the care seeker. */
  userId: string;
  kind: NotificationKind;
  /** One line; cut to NOTIFICATION_TITLE_MAX_LENGTH. */
  title: string;
  /** A sentence or two; cut to NOTIFICATION_BODY_MAX_LENGTH. */
  body: string;
  /** A path of the web app where the person acts on it, e.g. `/contracts/…`. */
  link: string;
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/**
 * Tells one person about an event that concerns them (issue 17): writes the notification through
 * `db` — pass the transaction that records the event, so the note exists only if the event does
 * — and queues, in the same transaction, the job that publishes it live on GET /api/events. The
 * job runs only after the commit, so no tab ever hears of a notification that was rolled back,
 * and it reaches the person on whichever API process holds their stream. Answers the new
 * notification's id, or null when the person turned the kind's topic off in the app.
 */
export async function notify(db: DbExecutor, notification: NewNotification): Promise<string | null> {
  // The person may have turned this topic off in the app (issue 17): then nothing is written.
  if (!(await wantsInApp(db, notification.userId, topicOfKind[notification.kind]))) return null;
  const id = await insertNotification(db, {
    userId: notification.userId,
    kind: notification.kind,
    title: cut(notification.title, NOTIFICATION_TITLE_MAX_LENGTH),
    body: cut(notification.body, NOTIFICATION_BODY_MAX_LENGTH),
    link: notification.link,
  });
  await enqueueJob(db, { type: NOTIFICATION_PUBLISH_JOB, payload: { notificationId: id } satisfies PublishPayload });
  return id;
}

interface PublishPayload {
  notificationId: string;
}

function isPublishPayload(payload: unknown): payload is PublishPayload {
  return typeof payload === 'object' && payload !== null && typeof (payload as { notificationId?: unknown }).notificationId === 'string';
}

/** Sends the person's unread total (and the new notification, if any) to their open tabs. */
export async function publishNotifications(db: DbExecutor, bus: RealtimeBus, userId: string, notificationId: string | null): Promise<void> {
  const row = notificationId ? await findNotification(db, notificationId) : null;
  const unreadTotal = await countUnreadNotifications(db, userId);
  await bus.publish(userId, { type: 'notifications', notification: row ? presentNotification(row) : null, unreadTotal });
}

export function notificationHandlers(ctx: { bus: RealtimeBus }): JobHandlers {
  return {
    [NOTIFICATION_PUBLISH_JOB]: async (payload, { db }) => {
      if (!isPublishPayload(payload)) throw new Error('notification.publish: a payload without a notification id');
      const row = await findNotification(db, payload.notificationId);
      // Gone with its account: nobody is left to tell.
      if (!row) return;
      await publishNotifications(db, ctx.bus, row.userId, row.id);
    },
  };
}
