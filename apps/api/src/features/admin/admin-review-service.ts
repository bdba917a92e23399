import type { AdminWorker, ReviewQueueItem } from '@tendly/domain/api/admin';
import type { ResultTotal } from '@tendly/domain/api/result-total';
import { complianceDocumentLabel, complianceDocumentRule, isDocumentRequired } from '@tendly/domain/compliance';
import { todayInAustralia } from '@tendly/domain/validation/compliance-documents';
import { missingRequiredDocuments, type DocumentOnFile } from '@tendly/domain/worker-approval';
import type { Db, DbExecutor } from '../../platform/db/client';
import { AppError, conflict, notFound } from '../../platform/errors';
import { queueMail } from '../../platform/mail/outbox';
import { loadOnboardingChecklist, onboardingIncomplete } from '../../platform/workers/onboarding-checklist';
import { recordAdminAction, type AdminActor } from './admin-actor';
import { adminAccountOf } from './admin-account';
import { findHistoryOf, personRef } from './admin-audit-repository';
import {
  workerApprovedEmail,
  workerChangesRequestedEmail,
  workerRestoredEmail,
  workerSuspendedEmail,
  type AdminEmailSite,
} from './admin-emails';
import {
  findLearningPasses,
  findWorkerDocuments,
  findWorkerForReview,
  findWorkerReferees,
  findWorkerTaxDetails,
  listReviewQueue,
  lockWorkerProfile,
  updateWorkerProfile,
} from './admin-review-repository';
import { isUuid } from '../../platform/http/ids';

export interface AdminReviewContext {
  db: Db;
  site: AdminEmailSite;
  /** The current time; tests move it (document dates are read as dates in Australia on it). */
  now?: () => Date;
}

const nowOf = (ctx: AdminReviewContext) => (ctx.now ? ctx.now() : new Date());

/** Who is acting, and from where, for the audit log. */
export const WORKER_NOT_FOUND = 'We could not find that worker.';
export const NOT_SENT_IN_FOR_REVIEW = 'This worker cannot be approved yet: they have not sent their profile in for review.';

/** Why a worker cannot be approved yet: the onboarding items still missing, and whether they sent their profile in. */
export function notReadyForApprovalMessage(missing: readonly string[], hasSentIn: boolean): string {
  const head = hasSentIn ? 'This worker cannot be approved yet.' : NOT_SENT_IN_FOR_REVIEW;
  return missing.length === 0 ? head : `${head} Still missing: ${missing.join('; ')}.`;
}

export function getReviewQueue(db: DbExecutor, page: { start: number; limit: number }): Promise<{ items: ReviewQueueItem[]; total: ResultTotal }> {
  return listReviewQueue(db, page);
}

type DocumentRow = Awaited<ReturnType<typeof findWorkerDocuments>>[number];

function onFile(row: DocumentRow): DocumentOnFile {
  return {
    kind: row.document.kind,
    status: row.document.status,
    expiresOn: row.document.expiresOn,
    isSuperseded: row.document.supersededAt !== null,
    isMarkedExpired: row.document.expiredAt !== null,
  };
}

/** The labels of the required documents that have no approved, current copy. */
function missingLabels(supportsMinors: boolean, documents: readonly DocumentRow[], today: string): string[] {
  return missingRequiredDocuments(supportsMinors, documents.map(onFile), today).map((kind) => complianceDocumentRule(kind).label);
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** GET /api/admin/workers/{workerId}: everything an administrator needs to review a worker. */
export async function getWorkerForReview(db: DbExecutor, workerId: string, now: Date = new Date()): Promise<AdminWorker> {
  const found = isUuid(workerId) ? await findWorkerForReview(db, workerId) : null;
  if (!found) throw notFound(WORKER_NOT_FOUND);
  const { user, profile, locality, approver } = found;
  const [documents, referees, tax, passes, history] = await Promise.all([
    findWorkerDocuments(db, workerId),
    findWorkerReferees(db, workerId),
    findWorkerTaxDetails(db, workerId),
    findLearningPasses(db, workerId),
    findHistoryOf(db, workerId),
  ]);
  const today = todayInAustralia(now);
  const current = documents.filter((row) => row.document.supersededAt === null);
  const superseded = documents.filter((row) => row.document.supersededAt !== null);
  return {
    account: adminAccountOf(user),
    profile: {
      status: profile.status,
      headline: profile.headline,
      bio: profile.bio,
      gender: profile.gender,
      skills: profile.skills,
      tasks: profile.tasks,
      languages: profile.languages,
      qualifications: profile.qualifications,
      experienceYears: profile.experienceYears,
      supportsMinors: profile.supportsMinors,
      locality: locality ? `${locality.suburb} ${locality.state} ${locality.postcode}` : null,
      travelRadiusKm: profile.travelRadiusKm,
      hasDriversLicence: profile.hasDriversLicence,
      hasCar: profile.hasCar,
      availability: profile.availability,
      rates: {
        weekday: profile.weekdayRateCents,
        saturday: profile.saturdayRateCents,
        sunday: profile.sundayRateCents,
        publicHoliday: profile.publicHolidayRateCents,
        evening: profile.eveningRateCents,
        overnight: profile.overnightRateCents,
        sleepover: profile.sleepoverRateCents,
        travelPerKm: profile.travelPerKmCents,
      },
      avatarUrl: profile.avatarUrl,
      submittedForReviewAt: iso(profile.submittedForReviewAt),
      approvedAt: iso(profile.approvedAt),
      approvedBy: personRef(approver),
      changesRequested: profile.changesRequested,
      changesRequestedAt: iso(profile.changesRequestedAt),
      suspendedAt: iso(profile.suspendedAt),
      suspendedReason: profile.suspendedReason,
      inactiveReason: profile.inactiveReason,
    },
    documents: [...current, ...superseded].map(({ document, contentType, originalName }) => ({
      id: document.id,
      kind: document.kind,
      label: complianceDocumentLabel(document.kind, document.issuingState),
      isRequired: isDocumentRequired(document.kind, profile.supportsMinors),
      number: document.number,
      issuingState: document.issuingState,
      title: document.title,
      issuedOn: document.issuedOn,
      expiresOn: document.expiresOn,
      status: document.status,
      reviewReason: document.reviewReason,
      reviewedAt: iso(document.reviewedAt),
      contentType,
      originalName,
      isExpired: document.expiredAt !== null || (document.expiresOn !== null && document.expiresOn < today),
      uploadedAt: document.createdAt.toISOString(),
      isSuperseded: document.supersededAt !== null,
    })),
    missingRequiredDocuments: missingLabels(profile.supportsMinors, documents, today),
    referees: referees.map((referee) => ({
      id: referee.id,
      position: referee.position,
      name: referee.name,
      relationship: referee.relationship,
      email: referee.email,
      phone: referee.phone,
      invitedAt: iso(referee.invitedAt),
      answeredAt: iso(referee.answeredAt),
      answers: referee.answers,
    })),
    // The bank account leaves the server only as its last three digits; the encrypted number never does.
    taxDetails: tax
      ? {
          abn: tax.abn,
          abnLegalName: tax.abnLegalName,
          gstRegistered: tax.gstRegistered,
          superFundName: tax.superFundName,
          superIdentifierType: tax.superIdentifierType,
          superIdentifier: tax.superIdentifier,
          superMemberNumber: tax.superMemberNumber,
          bankAccountName: tax.bankAccountName,
          bsb: tax.bsb,
          accountNumberLastDigits: tax.accountNumberLastDigits.slice(-3),
        }
      : null,
    learningPasses: passes.map((pass) => ({ moduleCode: pass.moduleCode, scorePercent: pass.scorePercent, passedAt: pass.passedAt.toISOString() })),
    history,
  };
}

async function requireLockedWorker(db: DbExecutor, workerId: string) {
  const locked = isUuid(workerId) ? await lockWorkerProfile(db, workerId) : null;
  if (!locked) throw notFound(WORKER_NOT_FOUND);
  return locked;
}

/** The review fields an audit event records before and after. */
function reviewState(profile: { status: string; approvedAt: Date | null; submittedForReviewAt: Date | null; changesRequested: string | null; suspendedAt: Date | null; suspendedReason: string | null; inactiveReason: string | null }) {
  return {
    status: profile.status,
    approvedAt: iso(profile.approvedAt),
    submittedForReviewAt: iso(profile.submittedForReviewAt),
    changesRequested: profile.changesRequested,
    suspendedAt: iso(profile.suspendedAt),
    suspendedReason: profile.suspendedReason,
    inactiveReason: profile.inactiveReason,
  };
}

/**
 * Approves a worker: ACTIVE and in search, once they sent their profile in with every required
 * item of the onboarding checklist done and every required document has an approved, current
 * copy (409 naming what is missing otherwise). A suspended worker is restored, not approved.
 * The change, its audit event and the worker's email are one transaction.
 */
export async function approveWorker(ctx: AdminReviewContext, actor: AdminActor, workerId: string): Promise<AdminWorker> {
  await ctx.db.transaction(async (tx) => {
    const { profile, user } = await requireLockedWorker(tx, workerId);
    if (profile.suspendedAt) throw conflict('This worker’s profile is suspended. Restore it instead of approving it.');
    const now = nowOf(ctx);
    // Issue 29: approval needs what "Submit for review" needs (the same checklist), and the profile
    // sent in: once approved, a worker who comes back (lapsed documents) need not send it again.
    const checklist = await loadOnboardingChecklist(tx, profile, now);
    const hasSentIn = profile.submittedForReviewAt !== null || profile.approvedAt !== null;
    if (!checklist.canSubmitForReview) throw onboardingIncomplete(notReadyForApprovalMessage(checklist.missing, hasSentIn), checklist);
    if (!hasSentIn) throw new AppError(409, NOT_SENT_IN_FOR_REVIEW, { code: 'NOT_SUBMITTED_FOR_REVIEW' });
    const documents = await findWorkerDocuments(tx, workerId);
    const missing = missingLabels(profile.supportsMinors, documents, todayInAustralia(now));
    if (missing.length > 0) {
      throw conflict(`This worker cannot be approved yet: approve a current ${missing.join(' and a current ')} first.`);
    }
    const after = { ...profile, status: 'ACTIVE' as const, approvedAt: now, inactiveReason: null, changesRequested: null };
    await updateWorkerProfile(tx, workerId, {
      status: 'ACTIVE',
      approvedAt: now,
      approvedByUserId: actor.userId,
      inactiveReason: null,
      changesRequested: null,
      changesRequestedAt: null,
    });
    await recordAdminAction(tx, actor, {
      action: 'worker.approved',
      targetType: 'worker_profile',
      personId: workerId,
      detail: { before: reviewState(profile), after: reviewState(after) },
    });
    await queueMail(tx, workerApprovedEmail(ctx.site, user));
  });
  return getWorkerForReview(ctx.db, workerId, nowOf(ctx));
}

/**
 * Asks the worker to fix things: the list is kept on the profile (one item a line) and emailed,
 * and the worker leaves the queue until they send their profile in again.
 */
export async function requestWorkerChanges(ctx: AdminReviewContext, actor: AdminActor, workerId: string, items: readonly string[]): Promise<AdminWorker> {
  await ctx.db.transaction(async (tx) => {
    const { profile, user } = await requireLockedWorker(tx, workerId);
    const now = new Date();
    const changesRequested = items.join('\n');
    await updateWorkerProfile(tx, workerId, { changesRequested, changesRequestedAt: now, submittedForReviewAt: null });
    await recordAdminAction(tx, actor, {
      action: 'worker.changes_requested',
      targetType: 'worker_profile',
      personId: workerId,
      detail: {
        items,
        before: reviewState(profile),
        after: reviewState({ ...profile, changesRequested, submittedForReviewAt: null }),
      },
    });
    await queueMail(tx, workerChangesRequestedEmail(ctx.site, user, items));
  });
  return getWorkerForReview(ctx.db, workerId, nowOf(ctx));
}

/** Suspends a worker: INACTIVE and out of search, with the reason kept and emailed. */
export async function suspendWorker(ctx: AdminReviewContext, actor: AdminActor, workerId: string, reason: string): Promise<AdminWorker> {
  await ctx.db.transaction(async (tx) => {
    const { profile, user } = await requireLockedWorker(tx, workerId);
    if (profile.suspendedAt) throw conflict('This worker’s profile is already suspended.');
    const now = new Date();
    const inactiveReason = `Your profile is paused by our team: ${reason}`;
    const changes = { status: 'INACTIVE' as const, suspendedAt: now, suspendedReason: reason, inactiveReason };
    await updateWorkerProfile(tx, workerId, changes);
    await recordAdminAction(tx, actor, {
      action: 'worker.suspended',
      targetType: 'worker_profile',
      personId: workerId,
      detail: { reason, before: reviewState(profile), after: reviewState({ ...profile, ...changes }) },
    });
    await queueMail(tx, workerSuspendedEmail(ctx.site, user, reason));
  });
  return getWorkerForReview(ctx.db, workerId, nowOf(ctx));
}

/**
 * Lifts a suspension. The profile is ACTIVE again only if it was approved and no required
 * document has lapsed meanwhile; otherwise it stays INACTIVE and says why.
 */
export async function restoreWorker(ctx: AdminReviewContext, actor: AdminActor, workerId: string): Promise<AdminWorker> {
  await ctx.db.transaction(async (tx) => {
    const { profile, user } = await requireLockedWorker(tx, workerId);
    if (!profile.suspendedAt) throw conflict('This worker’s profile is not suspended.');
    const missing = missingLabels(profile.supportsMinors, await findWorkerDocuments(tx, workerId), todayInAustralia(nowOf(ctx)));
    const isActive = profile.approvedAt !== null && missing.length === 0;
    const inactiveReason = isActive
      ? null
      : profile.approvedAt === null
        ? 'Your profile has not been approved yet.'
        : `Your ${missing.join(' and ')} is not current: upload a renewed one to show in search again.`;
    const changes = { status: isActive ? ('ACTIVE' as const) : ('INACTIVE' as const), suspendedAt: null, suspendedReason: null, inactiveReason };
    await updateWorkerProfile(tx, workerId, changes);
    await recordAdminAction(tx, actor, {
      action: 'worker.restored',
      targetType: 'worker_profile',
      personId: workerId,
      detail: { before: reviewState(profile), after: reviewState({ ...profile, ...changes }) },
    });
    await queueMail(tx, workerRestoredEmail(ctx.site, user, isActive));
  });
  return getWorkerForReview(ctx.db, workerId, nowOf(ctx));
}
