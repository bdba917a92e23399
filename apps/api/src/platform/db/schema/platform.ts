import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { backgroundJobStatuses, type BackgroundJobStatus } from '@tendly/domain/api/background-jobs';
import { at, createdAt } from './columns';
import { users } from './accounts';

/**
 * Tables of the platform services: background jobs, the mail outbox, rate-limit counters and the
 * audit log. They hold no feature data; features reach them through platform/jobs, platform/mail,
 * platform/rate-limit and platform/audit.
 */

/** DISCARDED: an administrator gave up on a failed job (issue 27); kept, never run again unless they retry it. */
export const jobStatuses = backgroundJobStatuses;
export type JobStatus = BackgroundJobStatus;
export const jobStatusEnum = pgEnum('job_status', jobStatuses);

export const mailStatuses = ['PENDING', 'SENT', 'KEPT', 'FAILED'] as const;
export type MailStatus = (typeof mailStatuses)[number];
export const mailStatusEnum = pgEnum('mail_status', mailStatuses);

/**
 * Work done after the request that asked for it (emails, job alerts, invoice runs). Every API
 * process polls this table and claims due rows with FOR UPDATE SKIP LOCKED, so several processes
 * share it and each job runs once (ARCHITECTURE.md).
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    status: jobStatusEnum('status').notNull().default('PENDING'),
    /** Counted when a worker claims the job, so a job that crashed its process still counts. */
    attempts: integer('attempts').notNull().default(0),
    /**
     * A cap on attempts; null (the usual) retries a transient failure until the retry window
     * (JOB_RETRY_HOURS, counted from the first attempt) is spent (issue 27).
     */
    maxAttempts: integer('max_attempts'),
    runAt: at('run_at').notNull().defaultNow(),
    /** When a worker first claimed it: the retry window starts here. An administrator's retry clears it. */
    firstAttemptedAt: at('first_attempted_at'),
    /** When a worker last claimed it, kept after it finishes (the admin list's "last run"). */
    lastAttemptedAt: at('last_attempted_at'),
    lockedAt: at('locked_at'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: at('finished_at'),
  },
  (t) => [index('background_jobs_status_run_at_idx').on(t.status, t.runAt)],
);

/**
 * Every email the product sends. Delivered by the `mail.deliver` job: SENT over SMTP, or KEPT
 * here when no SMTP server is configured (readable at GET /api/dev/outbox outside production).
 */
/** An attachment as the outbox keeps it: a file store key, or the bytes as base64. */
export type MailAttachmentRow = { fileName: string; contentType: string; storageKey: string } | { fileName: string; contentType: string; contentBase64: string };

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** The `List-Unsubscribe` header's address, for emails a person can opt out of (RFC 2369). */
    listUnsubscribe: text('list_unsubscribe'),
    /**
     * What the email is about (issue 17): a notification topic, or SECURITY, ACCOUNT, JOB_ALERTS or
     * EXTERNAL (the domain's `EmailCategory`). Null for emails queued before it was kept.
     */
    category: text('category'),
    /**
     * For an email of a topic: the person who can stop that topic. Delivery adds the signed link
     * that stops it to the footer and to `List-Unsubscribe`. Not a foreign key: the outbox keeps
     * what was sent after an account is gone.
     */
    optOutUserId: uuid('opt_out_user_id'),
    /** Files sent with it (issue 15): remittance PDFs by file store key, read when it is delivered; small invoice PDFs as base64. */
    attachments: jsonb('attachments').$type<MailAttachmentRow[]>(),
    status: mailStatusEnum('status').notNull().default('PENDING'),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
    error: text('error'),
  },
  (t) => [index('mail_outbox_to_address_created_at_idx').on(sql`lower(${t.toAddress})`, t.createdAt.desc())],
);

/** Fixed-window counters for rate limits when no Redis is configured (REDIS_URL). */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: at('window_ends_at').notNull(),
});

/**
 * Who did what to whom. When a support coordinator acts for a client through an alias session,
 * the actor is the coordinator and the subject the client (issue 3).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    subjectUserId: uuid('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    /** What the event concerned when that is not (only) an account: `worker_document`, `form_submission`, ... */
    targetType: text('target_type'),
    targetId: text('target_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_subject_user_id_created_at_idx').on(t.subjectUserId, t.createdAt),
    // The admin audit log lists newest first, filtered by actor, target or date.
    index('audit_events_created_at_idx').on(t.createdAt.desc()),
    index('audit_events_actor_created_at_idx').on(t.actorUserId, t.createdAt.desc()),
    index('audit_events_target_idx').on(t.targetType, t.targetId),
    // Deleting a user sets its events' actor to null, which would otherwise scan the table.
    index('audit_events_actor_user_id_idx').on(t.actorUserId),
  ],
);

/**
 * Secrets the product makes for itself, generated once and shared by every API process through
 * the database: the key that signs emailed links when LINK_SIGNING_SECRET is not set.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const storedFilePurposes = [
  'PROFILE_PHOTO',
  'COMPLIANCE_DOCUMENT',
  'CERTIFICATE',
  'MESSAGE_ATTACHMENT',
  'CONTRACT_PDF',
  'EXPENSE_RECEIPT',
  // Issue 15: a worker's remittance, a payout run's ABA file, an NDIA claim file.
  'REMITTANCE_PDF',
  'PAYOUT_ABA_FILE',
  'NDIS_CLAIM_FILE',
] as const;
export type StoredFilePurpose = (typeof storedFilePurposes)[number];
export const storedFilePurposeEnum = pgEnum('stored_file_purpose', storedFilePurposes);

/**
 * A file the product keeps (platform/files): its bytes live in the file store (local disk or
 * S3) under `storage_key`; this row says whose it is and what it is. Files are served only
 * through routes that check who is asking, never from a public folder.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for the platform's own files (a payout run's ABA file, an NDIA claim file: issue 15). */
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: storedFilePurposeEnum('purpose').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    /** Found from the file's bytes, never from its name. */
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    /** The name it was uploaded with, for the download's file name only. */
    originalName: text('original_name'),
    createdAt: createdAt(),
  },
  (t) => [index('stored_files_owner_user_id_idx').on(t.ownerUserId), check('stored_files_size', sql`${t.byteSize} >= 0`)],
);
