import { z } from 'zod';
import type { Role } from '../roles';
import type { NotificationKind } from './notifications';

/**
 * What a person chooses to hear about (issue 17): for each topic, whether it shows in the
 * notification centre and whether it is emailed. Every email the product sends names its
 * category; an email of a topic the person turned off is not queued, and an in-app notification
 * of a topic turned off in-app is not written. Security emails (codes, password resets, email
 * changes) and account emails are always sent; emails to people outside the product (a plan
 * manager, a referee, the operations team) are not anyone's preference.
 */
export const notificationTopics = [
  'MESSAGES',
  'JOBS',
  'CONTRACTS',
  'BOOKINGS',
  'SHIFT_REMINDERS',
  'HOURS',
  'INVOICES',
  'PAYOUTS',
  'FUNDING',
  'PROFILE',
  'REVIEWS',
  'CLIENT_LINKS',
] as const;
export type NotificationTopic = (typeof notificationTopics)[number];

export interface TopicInfo {
  /** The switch's label on /account-details. */
  label: string;
  /** Which roles see the switch: the roles that receive this topic. */
  roles: readonly Role[];
  /** Whether the topic has in-app notifications at all (shift reminders and funding alerts are email only). */
  inApp: boolean;
  /** The footer of each email of this topic: why it came. */
  reason: string;
}

export const topicInfo: Record<NotificationTopic, TopicInfo> = {
  MESSAGES: { label: 'Messages you have not read yet', roles: ['CS', 'CR', 'SUPPORT'], inApp: true, reason: 'You get this email because someone sent you a message.' },
  JOBS: { label: 'Job applications and invitations', roles: ['CS', 'CR'], inApp: true, reason: 'You get this email about applications and invitations for jobs.' },
  CONTRACTS: { label: 'Service agreements offered, accepted, declined or ended', roles: ['CS', 'CR'], inApp: true, reason: 'You get this email about your service agreements.' },
  // Meet and greets (issue 31 item 11) are notified under this topic too, so the label names them.
  BOOKINGS: { label: 'Shifts booked, confirmed, changed or cancelled, and meet and greets asked for, accepted, declined or cancelled', roles: ['CS', 'CR'], inApp: true, reason: 'You get this email about your bookings and meet and greets.' },
  SHIFT_REMINDERS: { label: 'Shift reminders, the day before a shift', roles: ['CS', 'CR'], inApp: false, reason: 'You get this email the day before each shift.' },
  HOURS: { label: 'Hours submitted, approved or rejected', roles: ['CS', 'CR'], inApp: true, reason: 'You get this email about hours worked.' },
  INVOICES: { label: 'Invoices issued and paid', roles: ['CS'], inApp: true, reason: 'You get this email about your invoices and payments.' },
  PAYOUTS: { label: 'Payments to you and remittances', roles: ['CR'], inApp: true, reason: 'You get this email about payments to you.' },
  FUNDING: { label: 'Funding alerts: a budget mostly spent or running out early', roles: ['CS', 'SUPPORT'], inApp: false, reason: 'You get this email about funding budgets.' },
  PROFILE: { label: 'Your profile, checks and documents: reviews by our team and expiry reminders', roles: ['CR'], inApp: true, reason: 'You get this email about your worker profile and documents.' },
  REVIEWS: { label: 'New reviews of your work', roles: ['CR'], inApp: true, reason: 'You get this email when a client reviews your work.' },
  CLIENT_LINKS: { label: 'Support coordinators asking to manage your account', roles: ['CS'], inApp: true, reason: 'You get this email when a support coordinator asks to manage your account.' },
};

/** The topic each in-app notification kind belongs to. */
export const topicOfKind: Record<NotificationKind, NotificationTopic> = {
  CONTRACT_OFFERED: 'CONTRACTS',
  CONTRACT_ACCEPTED: 'CONTRACTS',
  CONTRACT_DECLINED: 'CONTRACTS',
  CONTRACT_WITHDRAWN: 'CONTRACTS',
  CONTRACT_ENDED: 'CONTRACTS',
  COORDINATOR_LINK_REQUESTED: 'CLIENT_LINKS',
  HOURS_SUBMITTED: 'HOURS',
  HOURS_APPROVED: 'HOURS',
  HOURS_REJECTED: 'HOURS',
  BOOKING_MADE: 'BOOKINGS',
  BOOKING_CONFIRMED: 'BOOKINGS',
  BOOKING_CHANGED: 'BOOKINGS',
  BOOKING_CANCELLED: 'BOOKINGS',
  MEET_AND_GREET_REQUESTED: 'BOOKINGS',
  MEET_AND_GREET_ACCEPTED: 'BOOKINGS',
  MEET_AND_GREET_DECLINED: 'BOOKINGS',
  MEET_AND_GREET_CANCELLED: 'BOOKINGS',
  INVOICE_ISSUED: 'INVOICES',
  INVOICE_PAID: 'INVOICES',
  JOB_APPLICATION: 'JOBS',
  JOB_INVITATION: 'JOBS',
  PAYOUT_SENT: 'PAYOUTS',
  PAYOUT_RETURNED: 'PAYOUTS',
  DOCUMENT_EXPIRING: 'PROFILE',
  NEW_MESSAGE: 'MESSAGES',
  REVIEW_RECEIVED: 'REVIEWS',
};

/**
 * Every email names one of these:
 * - a topic: sent only if the person wants email on that topic, with a link that stops it;
 * - SECURITY: codes, password resets and changes, email changes, a sign-up with your address;
 * - ACCOUNT: the welcome, the claim link for an account a coordinator made, the data download
 *   and the account closing, each a once-only answer to something the person (or their
 *   coordinator) did;
 * - JOB_ALERTS: a worker's job alerts, which have their own switch and unsubscribe link;
 * - EXTERNAL: to someone acting outside their own account: a plan manager, a referee, a nominee,
 *   the operations team, the sender of a public form.
 */
export type EmailCategory = NotificationTopic | 'SECURITY' | 'ACCOUNT' | 'JOB_ALERTS' | 'EXTERNAL';

export function isTopic(category: string): category is NotificationTopic {
  return (notificationTopics as readonly string[]).includes(category);
}

/** The topics a role chooses about on /account-details. */
export function topicsForRole(role: string): NotificationTopic[] {
  return notificationTopics.filter((topic) => (topicInfo[topic].roles as readonly string[]).includes(role));
}

const topicError = { error: 'Choose a topic from the list' };

export const topicPreferenceSchema = z.object({
  topic: z.enum(notificationTopics, topicError),
  /** Null for a topic that has no in-app notifications. */
  inApp: z.boolean({ error: 'Choose whether to see these in your notifications' }).nullable(),
  email: z.boolean({ error: 'Choose whether to get these by email' }),
});
export type TopicPreference = z.infer<typeof topicPreferenceSchema>;

/**
 * GET and PUT /api/account-details/notification-preferences. `topics` are the person's role's
 * topics; `jobAlerts` is a worker's only (null for anyone else): the same switch as the job alert
 * emails' unsubscribe link.
 */
export const notificationPreferencesSchema = z.object({
  topics: z
    .array(topicPreferenceSchema, { error: 'Send a list of topics' })
    .max(notificationTopics.length, { error: 'Send each topic once' })
    .refine((list) => new Set(list.map((item) => item.topic)).size === list.length, { error: 'Send each topic once' }),
  jobAlerts: z.boolean({ error: 'Choose whether to get job alerts' }).nullable(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const INVALID_EMAIL_OPT_OUT_LINK = 'This link to stop emails is not valid. Sign in and change your email choices on your account details.';

/** POST /api/unsubscribe: the signed link from the footer of an email; no sign-in needed. */
export const emailOptOutRequestSchema = z.object({
  topic: z.enum(notificationTopics, { error: INVALID_EMAIL_OPT_OUT_LINK }),
  token: z.string({ error: INVALID_EMAIL_OPT_OUT_LINK }).min(1, { error: INVALID_EMAIL_OPT_OUT_LINK }).max(300, { error: INVALID_EMAIL_OPT_OUT_LINK }),
});
export type EmailOptOutRequest = z.infer<typeof emailOptOutRequestSchema>;

export const emailOptOutResponseSchema = z.object({ message: z.string(), topic: z.enum(notificationTopics) });
