import type { WorkerProfile } from '@tendly/domain/api/search';
import { availabilitySchema } from '@tendly/domain/days';
import { isOneOf } from '@tendly/domain/coded-options';
import { languageCodes, languageLabel } from '@tendly/domain/languages';
import type { UserStatus, WorkerProfileStatus } from '@tendly/domain/profile-options';
import { qualificationCodes, qualificationLabel } from '@tendly/domain/qualifications';
import { skillCodes, skillLabel } from '@tendly/domain/skills';
import { taskCodes, taskLabel } from '@tendly/domain/tasks';
import type { DbExecutor } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { findNewestReviews, findWorkerProfile, type WorkerProfileRow, type WorkerReviewRow } from './worker-profile-repository';
import { avatarPath, lastInitialOf } from '../../platform/workers/worker-summary';
import { isUuid } from '../../platform/http/ids';

export const WORKER_NOT_FOUND = 'We could not find this worker. Their profile may have been removed or is not available yet.';

/** Any id PostgreSQL can store as a uuid; anything else names no worker. */
export function isWorkerId(id: string): boolean {
  return isUuid(id);
}

/**
 * Policy: may this person see that worker's profile? Everyone may see an ACTIVE profile of an
 * account that is not deactivated (spec section 6: worker profiles are public); the worker may
 * always see their own, INACTIVE or not ("my profile as others see it", /carer/profile).
 */
export function canSeeWorkerProfile(input: {
  readonly viewerId: string | null;
  readonly workerId: string;
  readonly profileStatus: WorkerProfileStatus;
  readonly accountStatus: UserStatus;
}): boolean {
  if (input.viewerId !== null && input.viewerId === input.workerId) return true;
  return input.profileStatus === 'ACTIVE' && input.accountStatus === 'ACTIVE';
}

function labelled<const C extends string>(codes: readonly C[], stored: readonly string[], label: (code: C) => string) {
  return stored.filter((value): value is C => isOneOf(codes, value)).map((code) => ({ code, label: label(code) }));
}

const verifiedCheck = (at: Date | null) => ({ verified: at !== null, verifiedAt: at?.toISOString() ?? null });

export function toWorkerProfile(row: WorkerProfileRow, reviews: readonly WorkerReviewRow[]): WorkerProfile {
  const p = row.profile;
  return {
    carerId: p.userId,
    firstName: row.firstName,
    lastInitial: lastInitialOf(row.lastName),
    avatar: avatarPath(p.userId, p.avatarUrl),
    suburb: row.suburb,
    state: row.state,
    headline: p.headline,
    bio: p.bio ?? '',
    gender: p.gender,
    skills: labelled(skillCodes, p.skills, skillLabel),
    tasks: labelled(taskCodes, p.tasks, taskLabel),
    languages: labelled(languageCodes, p.languages, languageLabel),
    qualifications: labelled(qualificationCodes, p.qualifications, qualificationLabel),
    rates: {
      weekday: p.weekdayRateCents,
      saturday: p.saturdayRateCents,
      sunday: p.sundayRateCents,
      publicHoliday: p.publicHolidayRateCents,
      evening: p.eveningRateCents,
      overnight: p.overnightRateCents,
      sleepover: p.sleepoverRateCents,
    },
    // Stored availability is parsed, so a partial week reads as all seven days.
    availability: availabilitySchema.parse(p.availability),
    driving: { hasDriversLicence: p.hasDriversLicence, hasCar: p.hasCar },
    personalCare: p.offersPersonalCare,
    travelRadiusKm: p.travelRadiusKm,
    checks: {
      policeCheck: verifiedCheck(p.policeCheckVerifiedAt),
      ndisScreening: verifiedCheck(p.ndisScreeningVerifiedAt),
      workingWithChildren: verifiedCheck(p.wwccVerifiedAt),
    },
    rating: p.rating,
    reviewCount: p.reviewCount,
    reviews: reviews.map((review) => ({
      id: review.id,
      authorFirstName: review.authorFirstName,
      rating: review.rating,
      comment: review.comment,
      createdAt: review.createdAt.toISOString(),
      updatedAt: review.updatedAt?.toISOString() ?? null,
      reply: review.reply !== null && review.repliedAt ? { text: review.reply, repliedAt: review.repliedAt.toISOString() } : null,
    })),
    lastActiveAt: p.lastActiveAt?.toISOString() ?? null,
    joinedAt: p.joinedAt.toISOString(),
  };
}

/**
 * GET /api/carer/{id}: the public profile (issue 5). An id that is not a worker's, an INACTIVE
 * profile or a deactivated account is a 404, as if it did not exist, except for the worker
 * themself. `viewerId` is the person the request acts as.
 */
export async function getWorkerProfile(db: DbExecutor, workerId: string, viewerId: string | null): Promise<WorkerProfile> {
  if (!isWorkerId(workerId)) throw notFound(WORKER_NOT_FOUND);
  const row = await findWorkerProfile(db, workerId);
  const isVisible =
    row !== null &&
    canSeeWorkerProfile({ viewerId, workerId, profileStatus: row.profile.status, accountStatus: row.accountStatus });
  if (!row || !isVisible) throw notFound(WORKER_NOT_FOUND);
  return toWorkerProfile(row, await findNewestReviews(db, workerId));
}
