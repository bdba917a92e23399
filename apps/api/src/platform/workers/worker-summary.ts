import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { WorkerSummary } from '@tendly/domain/api/search';
import { dayCodes } from '@tendly/domain/days';
import { languageCodes } from '@tendly/domain/languages';
import { genderCodes } from '@tendly/domain/profile-options';
import { qualificationCodes } from '@tendly/domain/qualifications';
import { skillCodes } from '@tendly/domain/skills';
import { stateCodes } from '@tendly/domain/states';
import { knownCodesColumn } from '../db/known-codes-column';

/**
 * The one presenter of a worker in a list (search results, recent workers, the shortlist, a care
 * seeker's workers and a job's applicants): the columns to select and how a row becomes a
 * `WorkerSummary`.
 * Queries alias the tables `wp` (worker_profiles), `u` (users) and `l` (localities, left joined).
 */

/** The columns of a summary. `distance` is the SQL for metres from the searched place, or null. */
export function summaryColumns(distance: SQL = sql`null::float8`): SQL {
  return sql`
    u.id::text as "carerId",
    u.first_name as "firstName",
    u.last_name as "lastName",
    wp.avatar_url as "avatarUrl",
    l.suburb as "suburb",
    l.state::text as "state",
    ${distance} as "distance",
    wp.weekday_rate_cents as "hourlyRate",
    wp.headline as "headline",
    wp.bio as "bio",
    wp.gender::text as "gender",
    wp.skills as "skills",
    wp.languages as "languages",
    wp.qualifications as "qualifications",
    wp.available_days as "availableDays",
    wp.has_drivers_licence as "hasDriversLicence",
    wp.has_car as "hasCar",
    wp.offers_personal_care as "offersPersonalCare",
    wp.police_check_verified_at is not null as "policeCheck",
    wp.ndis_screening_verified_at is not null as "ndisScreening",
    wp.wwcc_verified_at is not null as "workingWithChildren",
    wp.rating::float8 as "rating",
    wp.review_count as "reviewCount",
    wp.last_active_at as "lastActiveAt",
    wp.joined_at as "joinedAt"`;
}

const timestamp = z.coerce.date();

export const summaryRowSchema = z.object({
  carerId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatarUrl: z.string().nullable(),
  suburb: z.string().nullable(),
  state: z.enum(stateCodes).nullable(),
  distance: z.number().nullable(),
  hourlyRate: z.number().int().nullable(),
  headline: z.string().nullable(),
  bio: z.string().nullable(),
  gender: z.enum(genderCodes).nullable(),
  skills: knownCodesColumn(skillCodes),
  languages: knownCodesColumn(languageCodes),
  qualifications: knownCodesColumn(qualificationCodes),
  availableDays: knownCodesColumn(dayCodes),
  hasDriversLicence: z.boolean(),
  hasCar: z.boolean(),
  offersPersonalCare: z.boolean(),
  policeCheck: z.boolean(),
  ndisScreening: z.boolean(),
  workingWithChildren: z.boolean(),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  lastActiveAt: timestamp.nullable(),
  joinedAt: timestamp,
});
export type SummaryRow = z.infer<typeof summaryRowSchema>;

/** A worker without a photo gets the generated avatar of their id. */
export function avatarPath(carerId: string, avatarUrl: string | null): string {
  return avatarUrl && avatarUrl.trim() !== '' ? avatarUrl : `/api/avatars/${carerId}.svg`;
}

/** Only the initial of the last name ever leaves the server for a list or a profile. */
export function lastInitialOf(lastName: string): string {
  return lastName.trim().charAt(0).toUpperCase();
}

export function toWorkerSummary(row: SummaryRow): WorkerSummary {
  return {
    carerId: row.carerId,
    firstName: row.firstName,
    lastInitial: lastInitialOf(row.lastName),
    avatar: avatarPath(row.carerId, row.avatarUrl),
    suburb: row.suburb,
    state: row.state,
    // Whole metres: the client shows kilometres to 2 decimals.
    distance: row.distance === null ? null : Math.round(row.distance),
    hourlyRate: row.hourlyRate,
    headline: row.headline,
    description: row.bio ?? '',
    gender: row.gender,
    skills: row.skills,
    languages: row.languages,
    qualifications: row.qualifications,
    availableDays: row.availableDays,
    // "Driving" means the worker can take someone out in their own car: a licence and a car.
    driving: row.hasDriversLicence && row.hasCar,
    personalCare: row.offersPersonalCare,
    checks: { policeCheck: row.policeCheck, ndisScreening: row.ndisScreening, workingWithChildren: row.workingWithChildren },
    rating: row.rating,
    reviewCount: row.reviewCount,
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
    joinedAt: row.joinedAt.toISOString(),
  };
}

/** Parses rows selected with `summaryColumns` and presents them. */
export function toWorkerSummaries(rows: readonly unknown[]): WorkerSummary[] {
  return z.array(summaryRowSchema).parse(rows).map(toWorkerSummary);
}

/**
 * Who may appear in a public list or profile: an ACTIVE profile of an account that is not
 * deactivated. `users_deactivated_idx` holds only deactivated accounts, so the anti-join is cheap.
 */
export const isListedWorker = sql`wp.status = 'ACTIVE'
  and not exists (select 1 from users d where d.id = wp.user_id and d.status = 'DEACTIVATED')`;
