import { z } from 'zod';
import { complianceDocumentKinds, documentReviewStatuses } from '../compliance';
import { userStatuses, workerProfileStatuses } from '../profile-options';
import { roles } from '../roles';
import { inboxItemKinds } from '../validation/forms';
import { safeText, type TextLines } from '../validation/safe-text';
import { limitParameter, startParameter } from './query-params';

/**
 * GET /api/admin/summary → 200 (issue 11): what exists on the marketplace, for the admin home
 * that stands in until the admin console lands. Counts only: no one's details leave the server.
 */
const count = z.number().int().min(0);

export const adminSummaryResponseSchema = z.object({
  accounts: z.object({
    total: count,
    careSeekers: count,
    workers: count,
    supportCoordinators: count,
    administrators: count,
    /** Signed up but never entered the emailed code. */
    unverified: count,
    deactivated: count,
  }),
  /** Worker profiles: ACTIVE ones appear in search; INACTIVE ones wait for approval or a current check. */
  workers: z.object({ active: count, inactive: count }),
  jobs: z.object({ open: count, filled: count, closed: count }),
  applications: z.object({ total: count, pending: count }),
  /** When the counts were taken (ISO 8601). */
  countedAt: z.string(),
});
export type AdminSummary = z.infer<typeof adminSummaryResponseSchema>;

// ----- the admin console (issue 12) ---------------------------------------------------------

const isoDateTime = z.string();
const nullableDateTime = isoDateTime.nullable();

/**
 * The paging of every admin list: `start` (0 by default) and `limit` (25 by default, at most 100);
 * the total comes in X-Total-Count (see result-total.ts).
 */
export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_MAX_LIMIT = 100;
export const adminPagingSchema = z.object({
  start: startParameter(1_000_000),
  limit: limitParameter({ max: ADMIN_MAX_LIMIT, pageSize: ADMIN_PAGE_SIZE, message: `limit must be a whole number between 1 and ${ADMIN_MAX_LIMIT}` }),
});
export type AdminPaging = z.infer<typeof adminPagingSchema>;

/** A short text an administrator types: a reason, a note, an item to fix. */
function adminText(label: string, max: number, lines: TextLines = 'single') {
  return z
    .string({ error: `Enter ${label}` })
    .check(safeText(lines))
    .trim()
    .min(1, { error: `Enter ${label}` })
    .max(max, { error: `Keep ${label} to ${max} characters or fewer` });
}

export const ADMIN_REASON_MAX = 1000;
export const ADMIN_NOTE_MAX = 5000;
export const CHANGE_ITEM_MAX = 500;
export const CHANGE_ITEMS_MAX = 20;

/** Who did something, as lists show them. */
export const adminPersonRefSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
});
export type AdminPersonRef = z.infer<typeof adminPersonRefSchema>;

// ----- the worker review queue -----

/** GET /api/admin/review-queue → 200: workers waiting for review, oldest first. */
export const reviewQueueItemSchema = z.object({
  workerId: z.string(),
  name: z.string(),
  email: z.string(),
  submittedForReviewAt: isoDateTime,
  /** They were approved before, or asked for changes, and sent their profile in again. */
  isResubmission: z.boolean(),
  /** Documents still waiting for an administrator's decision. */
  pendingDocuments: z.number().int().min(0),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;
export const reviewQueueResponseSchema = z.array(reviewQueueItemSchema);

export const adminWorkerDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(complianceDocumentKinds),
  /** The kind as the worker's state names it (a Blue Card in Queensland). */
  label: z.string(),
  isRequired: z.boolean(),
  number: z.string().nullable(),
  issuingState: z.string().nullable(),
  title: z.string().nullable(),
  issuedOn: z.string(),
  expiresOn: z.string().nullable(),
  status: z.enum(documentReviewStatuses),
  reviewReason: z.string().nullable(),
  reviewedAt: nullableDateTime,
  /** What the file is (PDF, JPEG or PNG), to show it inline the right way. */
  contentType: z.string(),
  originalName: z.string().nullable(),
  /** Past its expiry date, or marked expired by the daily job. */
  isExpired: z.boolean(),
  uploadedAt: isoDateTime,
});
export type AdminWorkerDocument = z.infer<typeof adminWorkerDocumentSchema>;

export const adminRefereeSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  name: z.string(),
  relationship: z.string(),
  email: z.string(),
  phone: z.string(),
  invitedAt: nullableDateTime,
  answeredAt: nullableDateTime,
  /** The referee's answers as they sent them; null until they answer. */
  answers: z.record(z.string(), z.unknown()).nullable(),
});

/** Tax and bank details, with the bank account shown only by its last three digits. */
export const adminTaxDetailsSchema = z.object({
  abn: z.string(),
  abnLegalName: z.string(),
  gstRegistered: z.boolean(),
  superFundName: z.string(),
  superIdentifierType: z.string(),
  superIdentifier: z.string(),
  superMemberNumber: z.string(),
  bankAccountName: z.string(),
  bsb: z.string(),
  accountNumberLastDigits: z.string(),
});

export const adminLearningPassSchema = z.object({
  moduleCode: z.string(),
  scorePercent: z.number().int(),
  passedAt: isoDateTime,
});

export const adminAuditEventSchema = z.object({
  id: z.string(),
  action: z.string(),
  actor: adminPersonRefSchema.nullable(),
  subject: adminPersonRefSchema.nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  createdAt: isoDateTime,
});
export type AdminAuditEvent = z.infer<typeof adminAuditEventSchema>;

export const adminAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  role: z.enum(roles),
  status: z.enum(userStatuses),
  emailVerifiedAt: nullableDateTime,
  createdAt: isoDateTime,
  deactivatedAt: nullableDateTime,
  deactivatedReason: z.string().nullable(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

const cents = z.number().int().nullable();

/** GET /api/admin/workers/{workerId} → 200: everything an administrator reviews. */
export const adminWorkerSchema = z.object({
  account: adminAccountSchema,
  profile: z.object({
    status: z.enum(workerProfileStatuses),
    headline: z.string().nullable(),
    bio: z.string().nullable(),
    gender: z.string().nullable(),
    skills: z.array(z.string()),
    tasks: z.array(z.string()),
    languages: z.array(z.string()),
    qualifications: z.array(z.string()),
    experienceYears: z.number().int().nullable(),
    supportsMinors: z.boolean(),
    locality: z.string().nullable(),
    travelRadiusKm: z.number().int().nullable(),
    hasDriversLicence: z.boolean(),
    hasCar: z.boolean(),
    availability: z.record(z.string(), z.record(z.string(), z.boolean())),
    rates: z.object({
      weekday: cents,
      saturday: cents,
      sunday: cents,
      publicHoliday: cents,
      evening: cents,
      overnight: cents,
      sleepover: cents,
      travelPerKm: cents,
    }),
    /** The photo's public address, when they have one. */
    avatarUrl: z.string().nullable(),
    submittedForReviewAt: nullableDateTime,
    approvedAt: nullableDateTime,
    approvedBy: adminPersonRefSchema.nullable(),
    changesRequested: z.string().nullable(),
    changesRequestedAt: nullableDateTime,
    suspendedAt: nullableDateTime,
    suspendedReason: z.string().nullable(),
    inactiveReason: z.string().nullable(),
  }),
  /** Current documents first, then the ones they replaced. */
  documents: z.array(adminWorkerDocumentSchema.extend({ isSuperseded: z.boolean() })),
  /** The required documents with no approved, current document yet: approval waits for these. */
  missingRequiredDocuments: z.array(z.string()),
  referees: z.array(adminRefereeSchema),
  taxDetails: adminTaxDetailsSchema.nullable(),
  learningPasses: z.array(adminLearningPassSchema),
  /** The latest audit events about this worker, newest first. */
  history: z.array(adminAuditEventSchema),
});
export type AdminWorker = z.infer<typeof adminWorkerSchema>;

/** POST /api/admin/workers/{workerId}/request-changes. */
export const requestChangesSchema = z.object({
  items: z
    .array(adminText('what needs fixing', CHANGE_ITEM_MAX), { error: 'List what the worker needs to fix' })
    .min(1, { error: 'List at least one thing the worker needs to fix' })
    .max(CHANGE_ITEMS_MAX, { error: `List at most ${CHANGE_ITEMS_MAX} things at a time` }),
});
export type RequestChanges = z.infer<typeof requestChangesSchema>;

/** POST .../suspend and POST /api/admin/people/{userId}/deactivate. */
export const adminReasonSchema = z.object({ reason: adminText('a reason', ADMIN_REASON_MAX, 'multi') });
export type AdminReason = z.infer<typeof adminReasonSchema>;

// ----- people -----

export const PEOPLE_QUERY_MAX = 100;
export const peopleQuerySchema = adminPagingSchema.extend({
  /** Part of a name, an email address or a phone number. */
  q: z
    .string()
    .check(safeText())
    .trim()
    .max(PEOPLE_QUERY_MAX, { error: `Search with ${PEOPLE_QUERY_MAX} characters or fewer` })
    .optional(),
  role: z.enum(roles, { error: 'Choose a role from the list' }).optional(),
  status: z.enum(userStatuses, { error: 'Choose a status from the list' }).optional(),
});
export type PeopleQuery = z.input<typeof peopleQuerySchema>;

export const personRowSchema = adminAccountSchema.pick({
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  phone: true,
  role: true,
  status: true,
  createdAt: true,
});
export type PersonRow = z.infer<typeof personRowSchema>;
export const peopleResponseSchema = z.array(personRowSchema);

/** GET /api/admin/people/{userId} → 200. */
export const personDetailSchema = z.object({
  account: adminAccountSchema,
  /** For a worker: their profile's status and review, to suspend or restore. */
  worker: z
    .object({
      status: z.enum(workerProfileStatuses),
      approvedAt: nullableDateTime,
      submittedForReviewAt: nullableDateTime,
      suspendedAt: nullableDateTime,
      suspendedReason: z.string().nullable(),
      inactiveReason: z.string().nullable(),
    })
    .nullable(),
  /** Sessions that are signed in now (their own, and alias sessions acting as them). */
  openSessions: z.number().int().min(0),
  history: z.array(adminAuditEventSchema),
});
export type PersonDetail = z.infer<typeof personDetailSchema>;

// ----- inbox -----

export const inboxStatusCodes = ['NEW', 'IN_PROGRESS', 'RESOLVED'] as const;
export type InboxStatusCode = (typeof inboxStatusCodes)[number];
export const inboxStatusLabels: Readonly<Record<InboxStatusCode, string>> = {
  NEW: 'New',
  IN_PROGRESS: 'In progress',
  RESOLVED: 'Resolved',
};

/** An incident that may be reportable is answered within 24 hours (ndis.md; NDIS Commission). */
export const URGENT_RESPONSE_HOURS = 24;

export const inboxQuerySchema = adminPagingSchema.extend({
  status: z.enum(inboxStatusCodes, { error: 'Choose a status from the list' }).optional(),
  kind: z.enum(inboxItemKinds, { error: 'Choose a kind of form from the list' }).optional(),
  /** Only items flagged for the 24-hour response. */
  urgent: z
    .enum(['true', 'false'], { error: 'urgent must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
});
export type InboxQuery = z.input<typeof inboxQuerySchema>;

export const inboxItemSchema = z.object({
  id: z.string(),
  reference: z.string(),
  kind: z.enum(inboxItemKinds),
  status: z.enum(inboxStatusCodes),
  /** Who sent it, as they gave it; "Anonymous" when they asked to stay anonymous. */
  senderName: z.string(),
  email: z.string().nullable(),
  assignee: adminPersonRefSchema.nullable(),
  needsUrgentResponse: z.boolean(),
  /** When the 24-hour response is due, for flagged items. */
  respondBy: nullableDateTime,
  createdAt: isoDateTime,
  resolvedAt: nullableDateTime,
});
export type InboxItem = z.infer<typeof inboxItemSchema>;
export const inboxResponseSchema = z.array(inboxItemSchema);

export const inboxNoteSchema = z.object({
  id: z.string(),
  author: adminPersonRefSchema.nullable(),
  body: z.string(),
  createdAt: isoDateTime,
});
export type InboxNote = z.infer<typeof inboxNoteSchema>;

/** GET /api/admin/inbox/{submissionId} → 200. */
export const inboxItemDetailSchema = inboxItemSchema.extend({
  data: z.record(z.string(), z.unknown()),
  /** The signed-in account that sent it, if any. */
  sentBy: adminPersonRefSchema.nullable(),
  notes: z.array(inboxNoteSchema),
});
export type InboxItemDetail = z.infer<typeof inboxItemDetailSchema>;

/** PATCH /api/admin/inbox/{submissionId}: any of status, assignee (an administrator, or null) and the urgent flag. */
export const inboxUpdateSchema = z
  .object({
    status: z.enum(inboxStatusCodes, { error: 'Choose a status from the list' }).optional(),
    assigneeUserId: z.string().check(safeText()).nullable().optional(),
    needsUrgentResponse: z.boolean({ error: 'needsUrgentResponse must be true or false' }).optional(),
  })
  .refine((value) => value.status !== undefined || value.assigneeUserId !== undefined || value.needsUrgentResponse !== undefined, {
    error: 'Change the status, the assignee or the urgent flag',
  });
export type InboxUpdate = z.infer<typeof inboxUpdateSchema>;

/** POST /api/admin/inbox/{submissionId}/notes. */
export const inboxNoteRequestSchema = z.object({ body: adminText('a note', ADMIN_NOTE_MAX, 'multi') });

/** GET /api/admin/administrators → 200: who an inbox item can be assigned to. */
export const administratorsResponseSchema = z.array(adminPersonRefSchema);

// ----- audit log -----

const CALENDAR_DATE_MESSAGE = 'Enter the date as YYYY-MM-DD';
const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: CALENDAR_DATE_MESSAGE })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: CALENDAR_DATE_MESSAGE });

export const auditQuerySchema = adminPagingSchema
  .extend({
    /** The actor's email address (exact, any letter case). */
    actor: z.string().check(safeText()).trim().max(254, { error: 'Enter an email address of 254 characters or fewer' }).optional(),
    /** The subject's email address, or a target id (a document, a form, an account). */
    target: z.string().check(safeText()).trim().max(254, { error: 'Enter a target of 254 characters or fewer' }).optional(),
    /** From this day and to this day inclusive, in Australian Eastern time (Sydney). */
    from: calendarDate.optional(),
    to: calendarDate.optional(),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    error: 'The end date must be on or after the start date',
    path: ['to'],
  });
export type AuditQuery = z.input<typeof auditQuerySchema>;
export const auditResponseSchema = z.array(adminAuditEventSchema);

/** The time zone the audit log's dates are read in. */
export const AUDIT_TIME_ZONE = 'Australia/Sydney';
