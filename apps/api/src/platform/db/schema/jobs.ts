import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { applicationDecisionCodes, jobStatusCodes } from '@tendly/domain/api/jobs';
import type { CareFor } from '@tendly/domain/care-for';
import type { Availability, DayCode } from '@tendly/domain/days';
import type {
  ExperienceLevel,
  GenderPreference,
  LocationType,
  PayingForCareType,
  RestrictivePractices,
  SupportCategory,
} from '@tendly/domain/job-options';
import type { LanguageCode } from '@tendly/domain/languages';
import type { RequirementCode } from '@tendly/domain/requirements';
import type { SearcherRole } from '@tendly/domain/searcher-roles';
import type { SkillCode } from '@tendly/domain/skills';
import type { TaskCode } from '@tendly/domain/tasks';
import { at } from './columns';
import { users } from './accounts';
import { localities } from './reference';
import { availableDaysExpression, placeCellExpression, tsvector, workerIdColumn } from './workers';

/**
 * Jobs (issue 6): a care seeker's job posts, workers' applications and invitations, and the
 * record of job alerts sent. Codes from the domain's lists are stored as text (as worker profiles
 * store skills): the API validates them with the domain's schemas on the way in and out.
 */

/** A row about one job: it goes when the job does. */
const jobIdColumn = () =>
  uuid('job_id')
    .notNull()
    .references(() => jobs.id, { onDelete: 'cascade' });

const textList = <T extends string>(name: string) => text(name).array().$type<T[]>().notNull().default(sql`'{}'::text[]`);

export const jobPostStatusEnum = pgEnum('job_post_status', jobStatusCodes);
/** The owner's decision only: whether an application is shortlisted is whether its worker is on the owner's shortlist. */
export const jobApplicationStatusEnum = pgEnum('job_application_status', applicationDecisionCodes);

/** A job shows on the board while this holds; the board's indexes are partial on it. */
export const isOnJobBoard = sql`status = 'OPEN' and not disable_job_board_posting`;

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The care seeker the job belongs to (a coordinator acting for a client posts for the client). */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who really posted it: the owner, or the coordinator acting for them. */
    postedByUserId: uuid('posted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The wizard's draft id: posting the same draft again returns this job (spec section 3, retryJobPost). */
    draftId: uuid('draft_id').notNull(),
    status: jobPostStatusEnum('status').notNull().default('OPEN'),

    supportCategory: text('support_category').$type<SupportCategory>().notNull(),
    supportType: textList<SkillCode>('support_type'),
    careFor: text('care_for').$type<CareFor>().notNull(),
    searcherRole: text('searcher_role').$type<SearcherRole>(),

    /** The place as the poster typed it; the locality and its point are what it resolved to. */
    location: text('location').notNull(),
    localityId: integer('locality_id')
      .notNull()
      .references(() => localities.id),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    placeCell: integer('place_cell').generatedAlwaysAs(placeCellExpression),
    locationType: text('location_type').$type<LocationType>().notNull().default('ANY'),

    availability: jsonb('availability').$type<Availability>().notNull(),
    availableDays: text('available_days').array().$type<DayCode[]>().notNull().generatedAlwaysAs(availableDaysExpression),
    approxHoursPerDay: doublePrecision('approx_hours_per_day'),
    approxHoursPerWeek: doublePrecision('approx_hours_per_week'),
    approxStartDate: date('approx_start_date', { mode: 'string' }),

    gender: text('gender').$type<GenderPreference>().notNull().default('ANY'),
    experience: text('experience').$type<ExperienceLevel>().notNull().default('ANY'),
    tasks: textList<TaskCode>('tasks'),
    otherRequirements: textList<RequirementCode>('other_requirements'),
    languages: textList<LanguageCode>('languages'),

    medicationRequired: boolean('medication_required').notNull().default(false),
    medicationDetails: text('medication_details').notNull().default(''),
    behaviourOfConcern: boolean('behaviour_of_concern').notNull().default(false),
    restrictivePractices: text('restrictive_practices').$type<RestrictivePractices>().notNull().default('UNSURE'),
    goal: text('goal').notNull().default(''),
    isGoalVisible: boolean('is_goal_visible').notNull().default(true),

    payingForCareType: text('paying_for_care_type').$type<PayingForCareType>().notNull().default('NONE'),
    hourlyRateCents: integer('hourly_rate_cents'),
    ndisFundingCode: text('ndis_funding_code').notNull().default(''),
    clientName: text('client_name').notNull().default(''),
    invoiceDescription: text('invoice_description').notNull().default(''),
    addressForInvoice: text('address_for_invoice').notNull().default(''),
    practitionerName: text('practitioner_name').notNull().default(''),
    practitionerPhone: text('practitioner_phone').notNull().default(''),
    practitionerEmail: text('practitioner_email').notNull().default(''),

    title: text('title').notNull(),
    /** Sanitised on the way in (features/jobs/job-html.ts); never stored as sent. */
    htmlDescription: text('html_description').notNull(),
    /** The description as plain text, for lists and keyword search. */
    summary: text('summary').notNull(),
    /** Keyword search on the board: the title and the description as English full text. */
    searchText: tsvector('search_text')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english', title || ' ' || summary)`),
    disableWorkerNotification: boolean('disable_worker_notification').notNull().default(false),
    disableJobBoardPosting: boolean('disable_job_board_posting').notNull().default(false),
    referralId: text('referral_id'),

    postedAt: at('posted_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    closedAt: at('closed_at'),
  },
  (t) => [
    unique('jobs_owner_id_draft_id_key').on(t.ownerId, t.draftId),
    // A care seeker's posts, newest first (GET /api/my/job-posts).
    index('jobs_owner_id_posted_at_idx').on(t.ownerId, t.postedAt.desc()),
    index('jobs_posted_by_user_id_idx').on(t.postedByUserId),
    index('jobs_locality_id_idx').on(t.localityId),
    // The board (GET /api/jobs/search) sees only open jobs not hidden from it: every index it
    // uses is partial on that, so closed and hidden jobs cost the board nothing.
    // Newest first, the id breaking ties so that paging never repeats or skips a job:
    // `jobs_board_posted_idx` on (posted_at desc nulls last, id) INCLUDE (the filtered columns),
    // hand-written in migration 0007 because drizzle cannot say INCLUDE.
    // Within a radius: the grid cells around the place (see platform/places/place-geometry.ts),
    // read from `jobs_board_cell_posted_idx` on (place_cell, posted_at desc nulls last, id)
    // INCLUDE (the filtered columns), hand-written in migration 0027 for the same reason, so
    // that a radius's jobs, their distances and their total come from the index alone. It
    // replaced a plain index on place_cell (dropped in 0026), which the planner preferred and
    // which sent every search to the table's rows.
    // Nearest first: the GiST index's distance order (`<->`).
    index('jobs_board_earth_idx').using('gist', sql`ll_to_earth(${t.latitude}, ${t.longitude})`).where(isOnJobBoard),
    index('jobs_board_support_type_idx').using('gin', t.supportType).where(isOnJobBoard),
    index('jobs_board_search_text_idx').using('gin', t.searchText).where(isOnJobBoard),
  ],
);

/** A worker's application to a job: once per job and worker. */
export const jobApplications = pgTable(
  'job_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: jobIdColumn(),
    workerId: workerIdColumn(),
    message: text('message').notNull(),
    status: jobApplicationStatusEnum('status').notNull().default('PENDING'),
    appliedAt: at('applied_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('job_applications_job_id_worker_id_key').on(t.jobId, t.workerId),
    index('job_applications_worker_id_applied_at_idx').on(t.workerId, t.appliedAt.desc()),
  ],
);

/** A care seeker's invitation to a worker to apply for a job: once per job and worker. */
export const jobInvitations = pgTable(
  'job_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: jobIdColumn(),
    workerId: workerIdColumn(),
    /** Who really sent it: the owner, or the coordinator acting for them. */
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull().default(''),
    invitedAt: at('invited_at').notNull().defaultNow(),
  },
  (t) => [
    unique('job_invitations_job_id_worker_id_key').on(t.jobId, t.workerId),
    index('job_invitations_worker_id_invited_at_idx').on(t.workerId, t.invitedAt.desc()),
    index('job_invitations_invited_by_user_id_idx').on(t.invitedByUserId),
  ],
);

/**
 * Which workers were emailed about which job. The alert job runs at least once (platform/jobs):
 * a worker already recorded here is never emailed about the job again.
 */
export const jobAlertsSent = pgTable(
  'job_alerts_sent',
  {
    jobId: jobIdColumn(),
    workerId: workerIdColumn(),
    sentAt: at('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.workerId] }), index('job_alerts_sent_worker_id_idx').on(t.workerId)],
);
