import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Availability, DayCode } from '@tendly/domain/days';
import type { LanguageCode } from '@tendly/domain/languages';
import type { QualificationCode } from '@tendly/domain/qualifications';
import type { SkillCode } from '@tendly/domain/skills';
import { genderCodes, workerProfileStatuses } from '@tendly/domain/profile-options';
import { availabilitySlots, dayCodes, emptyAvailability } from '@tendly/domain/days';
import { PERSONAL_CARE_TASK } from '@tendly/domain/tasks';
import { at, createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { storedFiles } from './platform';
import { localities } from './reference';

export const workerProfileStatusEnum = pgEnum('worker_profile_status', workerProfileStatuses);
export const genderEnum = pgEnum('gender', genderCodes);

const cents = (name: string) => integer(name);

/**
 * The days of `availability` with any slot ticked, as search lists and filters them: kept by
 * PostgreSQL itself, so no writer can forget it. Not indexed: every day is free for most
 * workers (see features/search/search-filters.ts).
 */
export const availableDaysExpression = sql.raw(
  `array_remove(array[${dayCodes
    .map(
      (day) =>
        `case when ${availabilitySlots.map((slot) => `(availability -> '${day}') @> '{"${slot}": true}'`).join(' or ')} then '${day}' end`,
    )
    .join(', ')}]::text[], null)`,
);

/**
 * The part of the search's best-match score that depends on the profile alone (see
 * features/search/best-match.ts): 5 points per verified check (police, NDIS worker screening,
 * working with children) and up to 10 for the rating, taken as a Bayesian average that starts a
 * worker with no reviews at 4 stars (as if they had three 4-star reviews), so one 5-star review
 * does not outrank forty 4.8s. Stored so the score can be bounded through an index.
 */
const matchQualitySql =
  `5 * ((police_check_verified_at is not null)::int + (ndis_screening_verified_at is not null)::int + (wwcc_verified_at is not null)::int)` +
  ` + 2 * ((coalesce(rating, 0)::float8 * review_count + 12) / (review_count + 3))`;
const matchQualityExpression = sql.raw(matchQualitySql);

/** Best match's recent activity: 10 points on the day of activity, down to 0 after 90 days, in Sydney calendar days. */
export const MATCH_ACTIVITY_POINTS = 10;
export const MATCH_ACTIVITY_DAYS = 90;
export const MATCH_DAY_TIME_ZONE = 'Australia/Sydney';
/** Day 0 of `match_recency_key`. */
export const MATCH_DAY_EPOCH = '2000-01-01';

/**
 * `match_quality` plus the activity points the worker would have if today were day 0, counting
 * 10 ÷ 90 of a point for each day from day 0 to their last activity. On any day `today`, the
 * worker's quality and activity points are greatest(match_recency_key + 10 − 10 × today ÷ 90,
 * match_quality): the first term while they were active in the last 90 days, the second after.
 * Being stored, it orders workers by those points through an index whatever the day, which lets
 * best match skip workers who cannot make the page (features/search/best-match-bounds.ts).
 * Null for a worker never active.
 */
const matchRecencyKeyExpression = sql.raw(
  `(${matchQualitySql}) + ${MATCH_ACTIVITY_POINTS}::float8 / ${MATCH_ACTIVITY_DAYS}` +
    ` * (((last_active_at at time zone '${MATCH_DAY_TIME_ZONE}')::date) - date '${MATCH_DAY_EPOCH}')`,
);

/** The map grid of `place_cell`: cells a tenth of a degree high and wide (about 11 by 9 km). */
export const PLACE_CELLS_PER_DEGREE = 10;
/** Cell numbers: rows of latitude times this, plus columns of longitude. */
export const PLACE_CELL_ROW = 4000;

/**
 * The grid cell of the worker's place, for radius search: PostgreSQL keeps real statistics of
 * how many workers each cell holds (Sydney's cells hold hundreds, the outback's none), so the
 * planner can weigh "in these cells" against the other filters, which it cannot do for
 * `earth_box` (every cube containment is estimated at 0.1% of rows) nor for separate latitude
 * and longitude ranges (taken as independent, they miss how workers crowd into cities).
 */
const personalCareExpression = sql.raw(`'${PERSONAL_CARE_TASK}' = any(tasks)`);

export const placeCellExpression = sql.raw(
  `(floor(latitude * ${PLACE_CELLS_PER_DEGREE})::int + ${90 * PLACE_CELLS_PER_DEGREE}) * ${PLACE_CELL_ROW}` +
    ` + (floor(longitude * ${PLACE_CELLS_PER_DEGREE})::int + ${180 * PLACE_CELLS_PER_DEGREE})`,
);

/** A PostgreSQL full-text search document. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A care worker's profile (workflows.md, worker onboarding). Rates are integer cents and null
 * until the worker sets them. A profile is INACTIVE until an admin approves it.
 *
 * Two indexes live in the hand-written migration because drizzle cannot express an operator
 * class on an expression: the trigram index on
 * `(coalesce(headline, '') || ' ' || coalesce(bio, ''))` — keyword search must use exactly
 * that expression to hit it.
 */
export const workerProfiles = pgTable(
  'worker_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: workerProfileStatusEnum('status').notNull().default('INACTIVE'),
    headline: text('headline'),
    bio: text('bio'),
    gender: genderEnum('gender'),
    weekdayRateCents: cents('weekday_rate_cents'),
    saturdayRateCents: cents('saturday_rate_cents'),
    sundayRateCents: cents('sunday_rate_cents'),
    publicHolidayRateCents: cents('public_holiday_rate_cents'),
    eveningRateCents: cents('evening_rate_cents'),
    /** Active overnight (awake all night), per hour. */
    overnightRateCents: cents('overnight_rate_cents'),
    /** Night-time sleepover, a flat amount per night. */
    sleepoverRateCents: cents('sleepover_rate_cents'),
    travelPerKmCents: cents('travel_per_km_cents'),
    skills: text('skills').array().$type<SkillCode[]>().notNull().default(sql`'{}'::text[]`),
    tasks: text('tasks').array().$type<string[]>().notNull().default(sql`'{}'::text[]`),
    languages: text('languages').array().$type<LanguageCode[]>().notNull().default(sql`'{}'::text[]`),
    qualifications: text('qualifications')
      .array()
      .$type<QualificationCode[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    availability: jsonb('availability')
      .$type<Availability>()
      .notNull()
      .$defaultFn(() => emptyAvailability()),
    availableDays: text('available_days')
      .array()
      .$type<DayCode[]>()
      .notNull()
      .generatedAlwaysAs(availableDaysExpression),
    localityId: integer('locality_id').references(() => localities.id),
    // Copied from the locality (or a geocoded address) so that distance search needs no join.
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    placeCell: integer('place_cell').generatedAlwaysAs(placeCellExpression),
    travelRadiusKm: integer('travel_radius_km'),
    hasDriversLicence: boolean('has_drivers_licence').notNull().default(false),
    hasCar: boolean('has_car').notNull().default(false),
    /** Follows `tasks`: a worker offers personal care when they list the personal care service. */
    offersPersonalCare: boolean('offers_personal_care').notNull().generatedAlwaysAs(personalCareExpression),
    policeCheckVerifiedAt: at('police_check_verified_at'),
    ndisScreeningVerifiedAt: at('ndis_screening_verified_at'),
    wwccVerifiedAt: at('wwcc_verified_at'),
    avatarUrl: text('avatar_url'),
    /** The uploaded photo (platform/files); `avatar_url` then points at its public route. */
    avatarFileId: uuid('avatar_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    /** Years of paid or unpaid experience in care and support work. */
    experienceYears: integer('experience_years'),
    /** Whether they support people under 18: then a working-with-children check is required. */
    supportsMinors: boolean('supports_minors').notNull().default(false),
    /** Onboarding and review (issue 12): when the worker asked for review, and the outcome. */
    submittedForReviewAt: at('submitted_for_review_at'),
    approvedAt: at('approved_at'),
    approvedByUserId: uuid('approved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What an administrator asked the worker to fix, one item per line; cleared on resubmission. */
    changesRequested: text('changes_requested'),
    changesRequestedAt: at('changes_requested_at'),
    /** An administrator's suspension: INACTIVE, out of search, until restored. */
    suspendedAt: at('suspended_at'),
    suspendedReason: text('suspended_reason'),
    /** Why an approved profile is INACTIVE now (a lapsed document, a suspension), shown on the dashboard. */
    inactiveReason: text('inactive_reason'),
    rating: numeric('rating', { precision: 3, scale: 2, mode: 'number' }),
    reviewCount: integer('review_count').notNull().default(0),
    matchQuality: doublePrecision('match_quality').notNull().generatedAlwaysAs(matchQualityExpression),
    matchRecencyKey: doublePrecision('match_recency_key').generatedAlwaysAs(matchRecencyKeyExpression),
    /** When the worker turned off emails about new jobs near them (issue 6); null: they get them. */
    jobAlertsOptedOutAt: at('job_alerts_opted_out_at'),
    /** Keyword search (features/search): the headline and bio as English full text. */
    searchText: tsvector('search_text')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english', coalesce(headline, '') || ' ' || coalesce(bio, ''))`),
    lastActiveAt: at('last_active_at'),
    joinedAt: at('joined_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('worker_profiles_status_idx').on(t.status),
    // The admin review queue: submitted and not yet approved, oldest first.
    index('worker_profiles_review_queue_idx')
      .on(t.submittedForReviewAt)
      .where(sql`${t.submittedForReviewAt} is not null and ${t.approvedAt} is null`),
    check('worker_profiles_experience_years_range', sql`${t.experienceYears} between 0 and 70`),
    index('worker_profiles_joined_at_idx').on(t.joinedAt),
    index('worker_profiles_last_active_at_idx').on(t.lastActiveAt),
    index('worker_profiles_locality_id_idx').on(t.localityId),
    index('worker_profiles_skills_idx').using('gin', t.skills),
    index('worker_profiles_languages_idx').using('gin', t.languages),
    index('worker_profiles_qualifications_idx').using('gin', t.qualifications),
    index('worker_profiles_search_text_idx').using('gin', t.searchText),
    // The search's orderings among ACTIVE profiles: recently active, newest, and the bound of
    // best match; the id breaks ties so that paging never repeats or skips anyone.
    index('worker_profiles_search_last_active_idx')
      .on(t.lastActiveAt.desc().nullsLast(), t.userId)
      .where(sql`${t.status} = 'ACTIVE'`),
    index('worker_profiles_search_joined_idx').on(t.joinedAt.desc(), t.userId).where(sql`${t.status} = 'ACTIVE'`),
    index('worker_profiles_search_quality_idx').on(t.matchQuality.desc(), t.userId).where(sql`${t.status} = 'ACTIVE'`),
    index('worker_profiles_search_recency_idx')
      .on(t.matchRecencyKey.desc().nullsLast(), t.userId)
      .where(sql`${t.status} = 'ACTIVE'`),
    // Radius search: earth_box(ll_to_earth(lat, lng), metres) @> ll_to_earth(latitude, longitude).
    index('worker_profiles_earth_idx').using('gist', sql`ll_to_earth(${t.latitude}, ${t.longitude})`),
    // Radius search (features/search): the grid cells around the place; the GiST index above
    // serves the nearest-first (KNN) probes of best match.
    index('worker_profiles_search_place_idx').on(t.placeCell).where(sql`${t.status} = 'ACTIVE'`),
    // Radius search read cell by cell (features/search/cell-walk.ts, issue 18): within a grid
    // cell, each of the search's three orders, covering the columns a radius search with skills
    // filters and scores on, so that a cell's first few matches are read from the index alone:
    // `worker_profiles_cell_recency_idx`, `worker_profiles_cell_joined_idx` and
    // `worker_profiles_cell_last_active_idx`, hand-written in migration 0025 because drizzle
    // cannot say INCLUDE.
    // The home page's random worker cards (issue 4): active workers with a photo, a bio and a
    // suburb, picked by random id pivots. Queries must repeat this predicate to use the index.
    index('worker_profiles_card_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'ACTIVE' and ${t.avatarUrl} <> '' and btrim(${t.bio}) <> '' and ${t.localityId} is not null`),
    check('worker_profiles_rating_range', sql`${t.rating} between 0 and 5`),
  ],
);

/** A row that belongs to one worker: it goes when the worker's profile does. */
export const workerIdColumn = () =>
  uuid('worker_id')
    .notNull()
    .references(() => workerProfiles.userId, { onDelete: 'cascade' });
