import { z } from 'zod';
import { limitParameter } from './query-params';

/**
 * The in-app notification centre (issue 17, "Notifications"): a short note to one person about an
 * event that concerns them, linking to the screen where they act on it. The header's bell shows
 * how many are unread, kept live over GET /api/events; /notifications lists them newest first.
 *
 * A notification belongs to the account the event concerns: for a care seeker whose support
 * coordinator acts for them, the care seeker's (an alias session reads the client's).
 */

/** Every kind of event that notifies someone. A kind is a stable code: stored; notification-preferences.ts says which topic each belongs to. */
export const notificationKinds = [
  'CONTRACT_OFFERED',
  'CONTRACT_ACCEPTED',
  'CONTRACT_DECLINED',
  'CONTRACT_WITHDRAWN',
  'CONTRACT_ENDED',
  'COORDINATOR_LINK_REQUESTED',
  'HOURS_SUBMITTED',
  'HOURS_APPROVED',
  'HOURS_REJECTED',
  'BOOKING_MADE',
  'BOOKING_CONFIRMED',
  'BOOKING_CHANGED',
  'BOOKING_CANCELLED',
  'MEET_AND_GREET_REQUESTED',
  'MEET_AND_GREET_ACCEPTED',
  'MEET_AND_GREET_DECLINED',
  'MEET_AND_GREET_CANCELLED',
  'INVOICE_ISSUED',
  'INVOICE_PAID',
  'JOB_APPLICATION',
  'JOB_INVITATION',
  'PAYOUT_SENT',
  'PAYOUT_RETURNED',
  'DOCUMENT_EXPIRING',
  'NEW_MESSAGE',
  'REVIEW_RECEIVED',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** Titles are one line; bodies a sentence or two. Kept short so a live event fits a PostgreSQL NOTIFY. */
export const NOTIFICATION_TITLE_MAX_LENGTH = 120;
export const NOTIFICATION_BODY_MAX_LENGTH = 500;
export const NOTIFICATION_PAGE_SIZE = 25;
export const NOTIFICATION_PAGE_MAX = 100;
/** How many ids one "mark as read" may name. */
export const NOTIFICATION_READ_MAX_IDS = 100;

export const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(notificationKinds),
  title: z.string(),
  body: z.string(),
  /** A path of the web app, e.g. `/contract/…`: where the person acts on it. */
  link: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  readAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

const limitMessage = `limit must be a whole number from 1 to ${NOTIFICATION_PAGE_MAX}`;

/** GET /api/notifications: newest first; `before` is the id of the oldest notification the client holds. */
export const notificationPageQuerySchema = z.object({
  before: z.uuid({ error: 'before must be a notification id' }).optional(),
  limit: limitParameter({ max: NOTIFICATION_PAGE_MAX, pageSize: NOTIFICATION_PAGE_SIZE, message: limitMessage }),
});

export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  /** True when there is nothing older than the last notification of this page. */
  allLoaded: z.boolean(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const notificationUnreadCountSchema = z.object({ unreadTotal: z.number().int().nonnegative() });

export const MARK_READ_REQUIRED = 'Say which notifications to mark as read, or all of them.';

/** POST /api/notifications/read: some of the person's notifications by id, or every one. */
export const markNotificationsReadRequestSchema = z.union(
  [
    z.object({
      ids: z
        .array(z.uuid({ error: 'Choose notifications from your list' }), { error: MARK_READ_REQUIRED })
        .min(1, { error: MARK_READ_REQUIRED })
        .max(NOTIFICATION_READ_MAX_IDS, { error: `Mark at most ${NOTIFICATION_READ_MAX_IDS} notifications at a time.` }),
    }).strict(),
    z.object({ all: z.literal(true, { error: MARK_READ_REQUIRED }) }).strict(),
  ],
  { error: MARK_READ_REQUIRED },
);
export type MarkNotificationsReadRequest = z.infer<typeof markNotificationsReadRequestSchema>;

/**
 * The live event on GET /api/events when the person's notifications change: a new one arrived
 * (`notification` set) or some were read (null), with the unread total for the bell.
 */
export const notificationsEventSchema = z.object({
  type: z.literal('notifications'),
  notification: notificationSchema.nullable(),
  unreadTotal: z.number().int().nonnegative(),
});
export type NotificationsEvent = z.infer<typeof notificationsEventSchema>;

/** What POST /api/notifications/read answers: how many changed, and the unread total left. */
export const markNotificationsReadResponseSchema = notificationUnreadCountSchema.extend({ marked: z.number().int().nonnegative() });
