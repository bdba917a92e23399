import { placeLabel } from '@tendly/domain/api/places';
import { isOneOf } from '@tendly/domain/coded-options';
import { taskCodes, type TaskCode } from '@tendly/domain/tasks';
import {
  NOT_READY_FOR_REVIEW_MESSAGE,
  type WorkerOnboarding,
  type WorkerProfileEditor,
  type WorkerReviewState,
} from '@tendly/domain/api/worker-onboarding';
import type {
  AboutSection,
  AvailabilitySection,
  ExperienceSection,
  GenderSection,
  LanguagesSection,
  LocationSection,
  RatesSection,
  SkillsSection,
  SupportsMinorsSection,
  TransportSection,
} from '@tendly/domain/validation/worker-profile';
import { recordAudit } from '../../platform/audit/audit-log';
import { actingPersonId, type RequestAuth } from '../../platform/auth/authenticate';
import type { Config } from '../../platform/config';
import type { DbExecutor, Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { emailSite } from '../../platform/mail/email-site';
import { queueMail } from '../../platform/mail/outbox';
import { resolveLocality } from '../../platform/places/place-lookup';
import { loadOnboardingChecklist, onboardingIncomplete } from '../../platform/workers/onboarding-checklist';
import { reviewRequestedEmail, reviewSubmittedEmail } from './worker-onboarding-emails';
import {
  findWorkerForEditor,
  markSubmittedForReview,
  updateWorkerProfile,
  type WorkerProfileChanges,
  type WorkerProfileRow,
} from './worker-onboarding-repository';

export interface OnboardingContext {
  db: Db;
  config: Config;
}

export const NO_WORKER_PROFILE_MESSAGE = 'We could not find your worker profile.';

async function requireWorker(db: DbExecutor, workerId: string) {
  const found = await findWorkerForEditor(db, workerId);
  if (!found) throw notFound(NO_WORKER_PROFILE_MESSAGE);
  return found;
}

function reviewStateOf(profile: WorkerProfileRow): WorkerReviewState {
  return {
    status: profile.status,
    submittedForReviewAt: profile.submittedForReviewAt?.toISOString() ?? null,
    approvedAt: profile.approvedAt?.toISOString() ?? null,
    changesRequested: (profile.changesRequested ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
    changesRequestedAt: profile.changesRequestedAt?.toISOString() ?? null,
    inactiveReason: profile.inactiveReason,
  };
}

/** GET /worker/profile: everything the editor shows. */
export async function getWorkerProfileEditor(ctx: OnboardingContext, auth: RequestAuth): Promise<WorkerProfileEditor> {
  const { profile, firstName, email, locality } = await requireWorker(ctx.db, auth.user.id);
  return {
    firstName,
    email,
    avatarUrl: profile.avatarUrl,
    headline: profile.headline,
    bio: profile.bio,
    skills: profile.skills,
    tasks: profile.tasks.filter((code): code is TaskCode => isOneOf(taskCodes, code)),
    experienceYears: profile.experienceYears,
    qualifications: profile.qualifications,
    languages: profile.languages,
    gender: profile.gender,
    location: locality ? { ...locality, label: placeLabel(locality) } : null,
    travelRadiusKm: profile.travelRadiusKm,
    hasDriversLicence: profile.hasDriversLicence,
    hasCar: profile.hasCar,
    supportsMinors: profile.supportsMinors,
    availability: profile.availability,
    rates: {
      weekdayRateCents: profile.weekdayRateCents,
      saturdayRateCents: profile.saturdayRateCents,
      sundayRateCents: profile.sundayRateCents,
      publicHolidayRateCents: profile.publicHolidayRateCents,
      eveningRateCents: profile.eveningRateCents,
      overnightRateCents: profile.overnightRateCents,
      sleepoverRateCents: profile.sleepoverRateCents,
      travelPerKmCents: profile.travelPerKmCents,
    },
    review: reviewStateOf(profile),
  };
}

/** Each section's input as the columns it changes. Location is resolved to a locality first. */
type SectionInputs = {
  about: AboutSection;
  skills: SkillsSection;
  experience: ExperienceSection;
  languages: LanguagesSection;
  gender: GenderSection;
  location: LocationSection;
  transport: TransportSection;
  supportsMinors: SupportsMinorsSection;
  availability: AvailabilitySection;
  rates: RatesSection;
};
export type SectionName = keyof SectionInputs;

async function changesFor<S extends SectionName>(db: DbExecutor, section: S, input: SectionInputs[S]): Promise<WorkerProfileChanges> {
  if (section === 'location') {
    const { location, travelRadiusKm } = input as LocationSection;
    const locality = await resolveLocality(db, location);
    // Copied from the locality so that distance search needs no join (schema/workers.ts).
    return { localityId: locality.id, latitude: locality.latitude, longitude: locality.longitude, travelRadiusKm };
  }
  return { ...input };
}

/**
 * PUT /worker/profile/<section>: saves one section and answers the whole editor. An ACTIVE
 * profile shows the change in search once the search's cached pages expire (SEARCH_CACHE_TTL_MS):
 * search reads worker_profiles directly.
 */
export async function saveProfileSection<S extends SectionName>(
  ctx: OnboardingContext,
  auth: RequestAuth,
  section: S,
  input: SectionInputs[S],
): Promise<WorkerProfileEditor> {
  await requireWorker(ctx.db, auth.user.id);
  const changes = await changesFor(ctx.db, section, input);
  await ctx.db.transaction(async (tx) => {
    await updateWorkerProfile(tx, auth.user.id, changes);
    await recordAudit(tx, {
      actorUserId: actingPersonId(auth),
      subjectUserId: auth.user.id,
      action: 'worker_profile.section_saved',
      detail: { section },
    });
  });
  return getWorkerProfileEditor(ctx, auth);
}

/** GET /worker/onboarding: the checklist, worked out from the tables now. */
export async function getWorkerOnboarding(ctx: OnboardingContext, auth: RequestAuth): Promise<WorkerOnboarding> {
  const { profile } = await requireWorker(ctx.db, auth.user.id);
  const checklist = await loadOnboardingChecklist(ctx.db, profile);
  return { ...checklist, review: reviewStateOf(profile) };
}

/**
 * POST /worker/submit-for-review: 409 listing what is missing unless every required item is
 * done. Submitting again while the profile waits (or once it is approved) changes nothing and
 * sends nothing. Emails the operations team and the worker.
 */
export async function submitForReview(ctx: OnboardingContext, auth: RequestAuth): Promise<WorkerOnboarding> {
  const { profile, firstName, email } = await requireWorker(ctx.db, auth.user.id);
  const checklist = await loadOnboardingChecklist(ctx.db, profile);
  if (!checklist.canSubmitForReview) throw onboardingIncomplete(NOT_READY_FOR_REVIEW_MESSAGE, checklist);
  const site = emailSite(ctx.config);
  await ctx.db.transaction(async (tx) => {
    if (!(await markSubmittedForReview(tx, auth.user.id, new Date()))) return;
    const worker = { firstName, lastName: auth.user.lastName, email };
    await queueMail(tx, reviewRequestedEmail(site, worker, auth.user.id));
    await queueMail(tx, reviewSubmittedEmail(site, worker));
    await recordAudit(tx, { actorUserId: actingPersonId(auth), subjectUserId: auth.user.id, action: 'worker_profile.submitted_for_review' });
  });
  return getWorkerOnboarding(ctx, auth);
}
