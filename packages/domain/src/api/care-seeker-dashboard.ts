import { z } from 'zod';
import { stateCodes } from '../states';

/**
 * GET /api/dashboard/summary (issue 31, item 4): what the care seeker's home (/dashboard) leads
 * with, in one answer for whoever is asking (the care seeker, or a coordinator acting for them).
 * Each block carries its first few items and how many there are in all, so the page can say
 * "and 4 more" and link to the full list.
 */

/** How many items each block lists; the rest are counted. */
export const DASHBOARD_BLOCK_LIMITS = { upcomingShifts: 3, hoursToApprove: 5, invoicesToPay: 5, workers: 6, unreadMessages: 5 } as const;

const instant = z.iso.datetime({ offset: true });
const person = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() });

export const dashboardShiftSchema = z.object({
  id: z.uuid(),
  contractId: z.uuid(),
  worker: person,
  startsAt: instant,
  endsAt: instant,
  /** The time zone of the client's state, where the shift happens: times are shown in it. */
  timeZone: z.string(),
  state: z.enum(stateCodes),
  status: z.enum(['CONFIRMED', 'UNCONFIRMED']),
});

export const dashboardHoursSchema = z.object({
  /** The job report (timesheet) id. */
  id: z.uuid(),
  kind: z.enum(['SHIFT', 'CANCELLATION']),
  worker: person,
  startsAt: instant,
  endsAt: instant,
  timeZone: z.string(),
  state: z.enum(stateCodes),
  breakMinutes: z.number().int(),
  submittedAt: instant.nullable(),
  /** When the hours are approved automatically if nobody decides first. */
  autoApproveAt: instant.nullable(),
});

export const dashboardInvoiceSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  worker: person,
  totalCents: z.number().int(),
  /** The local date it is due (YYYY-MM-DD). */
  dueDate: z.string(),
  state: z.enum(stateCodes),
});

export const dashboardWorkerSchema = z.object({
  worker: person,
  /** The live service agreement with them: shifts are booked under it. */
  contractId: z.uuid(),
  startDate: z.string(),
});

export const dashboardConversationSchema = z.object({
  conversationId: z.uuid(),
  worker: person,
  unreadCount: z.number().int().positive(),
  lastMessageAt: instant,
});

const block = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int().min(0) });

export const careSeekerDashboardSchema = z.object({
  upcomingShifts: block(dashboardShiftSchema),
  hoursToApprove: block(dashboardHoursSchema),
  /** Invoices the care seeker pays themselves (by card or transfer), unpaid, the soonest due first. */
  invoicesToPay: block(dashboardInvoiceSchema).extend({ totalCents: z.number().int().min(0) }),
  /** Workers with a live (ACTIVE) service agreement. */
  workers: block(dashboardWorkerSchema),
  /** Conversations with unread messages, the latest first; `total` counts the unread messages. */
  unreadMessages: block(dashboardConversationSchema),
});

export type CareSeekerDashboard = z.infer<typeof careSeekerDashboardSchema>;
export type DashboardShift = z.infer<typeof dashboardShiftSchema>;
export type DashboardHours = z.infer<typeof dashboardHoursSchema>;
export type DashboardInvoice = z.infer<typeof dashboardInvoiceSchema>;
export type DashboardWorker = z.infer<typeof dashboardWorkerSchema>;
export type DashboardConversation = z.infer<typeof dashboardConversationSchema>;
