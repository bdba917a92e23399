import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Availability } from '@tendly/domain/days';
import type { LanguageCode } from '@tendly/domain/languages';
import type { QualificationCode } from '@tendly/domain/qualifications';
import type { SkillCode } from '@tendly/domain/skills';
import { genderCodes, workerProfileStatuses } from '@tendly/domain/profile-options';
import { emptyAvailability } from '@tendly/domain/days';
import { users } from './accounts';
import { localities } from './reference';

export const workerProfileStatusEnum = pgEnum('worker_profile_status', workerProfileStatuses);
export const genderEnum = pgEnum('gender', genderCodes);

const cents = (name: string) => integer(name);
const at = (name: string) => timestamp(name, { withTimezone: true });

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
    localityId: integer('locality_id').references(() => localities.id),
    // Copied from the locality (or a geocoded address) so that distance search needs no join.
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    travelRadiusKm: integer('travel_radius_km'),
    hasDriversLicence: boolean('has_drivers_licence').notNull().default(false),
    hasCar: boolean('has_car').notNull().default(false),
    offersPersonalCare: boolean('offers_personal_care').notNull().default(false),
    policeCheckVerifiedAt: at('police_check_verified_at'),
    ndisScreeningVerifiedAt: at('ndis_screening_verified_at'),
    wwccVerifiedAt: at('wwcc_verified_at'),
    avatarUrl: text('avatar_url'),
    rating: numeric('rating', { precision: 3, scale: 2, mode: 'number' }),
    reviewCount: integer('review_count').notNull().default(0),
    lastActiveAt: at('last_active_at'),
    joinedAt: at('joined_at').notNull().defaultNow(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('worker_profiles_status_idx').on(t.status),
    index('worker_profiles_joined_at_idx').on(t.joinedAt),
    index('worker_profiles_last_active_at_idx').on(t.lastActiveAt),
    index('worker_profiles_locality_id_idx').on(t.localityId),
    index('worker_profiles_skills_idx').using('gin', t.skills),
    index('worker_profiles_languages_idx').using('gin', t.languages),
    // Radius search: earth_box(ll_to_earth(lat, lng), metres) @> ll_to_earth(latitude, longitude).
    index('worker_profiles_earth_idx').using('gist', sql`ll_to_earth(${t.latitude}, ${t.longitude})`),
    // The home page's random worker cards (issue 4): active workers with a photo, a bio and a
    // suburb, picked by random id pivots. Queries must repeat this predicate to use the index.
    index('worker_profiles_card_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'ACTIVE' and ${t.avatarUrl} <> '' and btrim(${t.bio}) <> '' and ${t.localityId} is not null`),
    check('worker_profiles_rating_range', sql`${t.rating} between 0 and 5`),
  ],
);
