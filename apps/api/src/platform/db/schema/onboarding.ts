import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { complianceDocumentKinds, documentReviewStatuses } from '@tendly/domain/compliance';
import { at, createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { storedFiles } from './platform';
import { stateCode } from './reference';
import { workerIdColumn, workerProfiles } from './workers';

/**
 * A worker's path from sign-up to an approved profile (issue 12; workflows.md, worker
 * onboarding): compliance documents, referees, tax and bank details, learning hub results,
 * quarterly check-ins and the annual review.
 */


export const complianceDocumentKindEnum = pgEnum('compliance_document_kind', complianceDocumentKinds);
export const documentReviewStatusEnum = pgEnum('document_review_status', documentReviewStatuses);

/**
 * One compliance document as the worker gave it. A renewal is a new row; the one it replaces
 * gets `superseded_at`, so the history stays. Dates are calendar dates (no time of day).
 */
export const workerDocuments = pgTable(
  'worker_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workerId: workerIdColumn(),
    kind: complianceDocumentKindEnum('kind').notNull(),
    number: text('number'),
    issuingState: stateCode('issuing_state'),
    /** For qualifications and certificates: what it is (e.g. "Certificate III in Individual Support"). */
    title: text('title'),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    expiresOn: date('expires_on', { mode: 'string' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id),
    status: documentReviewStatusEnum('status').notNull().default('PENDING'),
    /** Why an administrator rejected it; shown to the worker. */
    reviewReason: text('review_reason'),
    reviewedByUserId: uuid('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: at('reviewed_at'),
    /** The expiry job's marks, so each warning is sent once. */
    expiryWarning30SentAt: at('expiry_warning_30_sent_at'),
    expiryWarning7SentAt: at('expiry_warning_7_sent_at'),
    expiredAt: at('expired_at'),
    supersededAt: at('superseded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('worker_documents_worker_id_kind_idx').on(t.workerId, t.kind, t.createdAt),
    index('worker_documents_file_id_idx').on(t.fileId),
    index('worker_documents_reviewed_by_user_id_idx').on(t.reviewedByUserId),
    // The daily expiry job: current approved documents by expiry date.
    index('worker_documents_expiry_idx')
      .on(t.expiresOn)
      .where(sql`${t.status} = 'APPROVED' and ${t.supersededAt} is null`),
    check('worker_documents_dates', sql`${t.expiresOn} is null or ${t.expiresOn} > ${t.issuedOn}`),
  ],
);

/**
 * A referee (two per worker). The emailed link carries a token of which only the SHA-256 is
 * kept; it works once and expires.
 */
export const workerReferees = pgTable(
  'worker_referees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workerId: workerIdColumn(),
    /** 1 or 2. */
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    relationship: text('relationship').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    tokenHash: text('token_hash').unique(),
    linkExpiresAt: at('link_expires_at'),
    invitedAt: at('invited_at'),
    answeredAt: at('answered_at'),
    /** The referee's answers (domain validation/referees). */
    answers: jsonb('answers').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('worker_referees_worker_position_key').on(t.workerId, t.position),
    check('worker_referees_position_range', sql`${t.position} in (1, 2)`),
  ],
);

/**
 * Where a worker's payouts go and how they are taxed. The bank account number is stored only
 * encrypted (AES-256-GCM, platform/crypto) with its last three digits beside it for display.
 */
export const workerTaxDetails = pgTable('worker_tax_details', {
  workerId: uuid('worker_id')
    .primaryKey()
    .references(() => workerProfiles.userId, { onDelete: 'cascade' }),
  abn: text('abn').notNull(),
  abnLegalName: text('abn_legal_name').notNull(),
  gstRegistered: boolean('gst_registered').notNull(),
  superFundName: text('super_fund_name').notNull(),
  /** USI for an APRA fund, ESA for a self-managed fund. */
  superIdentifierType: text('super_identifier_type').notNull(),
  superIdentifier: text('super_identifier').notNull(),
  superMemberNumber: text('super_member_number').notNull(),
  bankAccountName: text('bank_account_name').notNull(),
  bsb: text('bsb').notNull(),
  accountNumberEncrypted: text('account_number_encrypted').notNull(),
  accountNumberLastDigits: text('account_number_last_digits').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Every learning hub quiz a worker sends; a pass is an attempt that scored at least the pass mark. */
export const learningQuizAttempts = pgTable(
  'learning_quiz_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workerId: workerIdColumn(),
    moduleCode: text('module_code').notNull(),
    scorePercent: smallint('score_percent').notNull(),
    passed: boolean('passed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('learning_quiz_attempts_worker_module_idx').on(t.workerId, t.moduleCode, t.createdAt),
    check('learning_quiz_attempts_score_range', sql`${t.scorePercent} between 0 and 100`),
  ],
);

/** The quarterly check-in (spec sections 3 and 4): one per number and year; an update replaces it. */
export const workerCheckIns = pgTable(
  'worker_check_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workerId: workerIdColumn(),
    checkInNumber: smallint('check_in_number').notNull(),
    checkInYear: integer('check_in_year').notNull(),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('worker_check_ins_number_year_key').on(t.workerId, t.checkInYear, t.checkInNumber),
    check('worker_check_ins_number_range', sql`${t.checkInNumber} between 1 and 4`),
  ],
);

/** The yearly self-review, which an administrator signs off. */
export const workerAnnualReviews = pgTable(
  'worker_annual_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workerId: workerIdColumn(),
    reviewYear: integer('review_year').notNull(),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    submittedAt: at('submitted_at').notNull().defaultNow(),
    signedOffByUserId: uuid('signed_off_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    signedOffAt: at('signed_off_at'),
    signOffNote: text('sign_off_note'),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('worker_annual_reviews_year_key').on(t.workerId, t.reviewYear),
    index('worker_annual_reviews_sign_off_idx').on(t.submittedAt).where(sql`${t.signedOffAt} is null`),
  ],
);
