import { fullName } from '@tendly/domain/format';
import {
  ALREADY_INVITED_CODE,
  canMoveApplication,
  SUGGESTED_WORKERS_SHOWN,
  type Applicant,
  type ApplicationStatus,
  type MyApplication,
  type MyInvitation,
  type SuggestedWorker,
} from '@tendly/domain/api/jobs';
import { workerSearchQuerySchema, type WorkerSearchQuery, type WorkerSummary } from '@tendly/domain/api/search';
import { availabilitySlots, availableDayCodes } from '@tendly/domain/days';
import { INACTIVE_PROFILE, NOT_AUTHORIZED } from '@tendly/domain/errors';
import { actingPersonId, type RequestAuth } from '../../platform/auth/authenticate';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors';
import { queueMail } from '../../platform/mail/outbox';
import { notify } from '../../platform/notifications/notify';
import { insertShortlistItem } from '../../platform/workers/shortlist';
import { applicationDeclinedEmail, jobEmailSite, jobInvitationEmail } from './job-emails';
import { canApplyForJobs, canInviteToJob, canManageApplicants, isTakingApplications } from './job-policies';
import { isUuid } from '../../platform/http/ids';
import { requireJob, viewerOf } from './jobs-service';
import type { JobRecord } from './job-presenter';
import {
  declineApplication,
  findApplication,
  findInvitableWorker,
  findWorkerContact,
  findWorkerProfileStatus,
  insertApplication,
  insertInvitation,
  listApplicants,
  listInvitedWorkerIds,
  listWorkerApplications,
  listWorkerInvitations,
} from './job-applications-repository';

export const ALREADY_APPLIED = 'You have already applied for this job. The care seeker has your message.';
export const NOT_TAKING_APPLICATIONS = 'This job is no longer taking applications.';
export const APPLICATION_NOT_FOUND = 'We could not find this application.';
export const ALREADY_DECLINED = 'This application was already declined, so it cannot be changed.';
export const ALREADY_INVITED = 'You have already invited this worker to apply for this job.';
export const CANNOT_INVITE_TO_CLOSED_JOB = 'This job is closed, so workers can no longer be invited to it.';
export const WORKER_NOT_AVAILABLE = 'We could not find this worker. Their profile may have been removed or is not available yet.';

/** The worker search (features/search), handed in by the app: the one ranking of workers there is. */
export type FindWorkers = (query: WorkerSearchQuery) => Promise<WorkerSummary[]>;

export interface ApplicationsContext {
  db: Db;
  config: Pick<Config, 'BRAND_NAME' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE' | 'publicUrl'>;
  findWorkers: FindWorkers;
}

/**
 * POST /api/jobs/{jobId}/applications: a worker with an active profile applies once (again is a
 * 409) to a job that is open (otherwise a 409). An inactive profile is the domain's 403.
 */
export async function applyForJob(ctx: ApplicationsContext, auth: RequestAuth, jobId: string, message: string): Promise<MyApplication> {
  const workerProfileStatus = await findWorkerProfileStatus(ctx.db, auth.user.id);
  if (!canApplyForJobs({ role: auth.user.role, workerProfileStatus })) throw forbidden(INACTIVE_PROFILE, 'INACTIVE_PROFILE');
  const record = await requireJob(ctx.db, jobId);
  if (!isTakingApplications(record.job)) throw conflict(NOT_TAKING_APPLICATIONS);
  const id = await ctx.db.transaction(async (tx) => {
    const inserted = await insertApplication(tx, jobId, auth.user.id, message);
    if (inserted) {
      const name = fullName(auth.user);
      await notify(tx, {
        userId: record.job.ownerId,
        kind: 'JOB_APPLICATION',
        title: `${name} applied for your job`,
        body: `${name} applied for “${record.job.title}”. See their message and profile with your job’s applicants.`,
        link: '/my-job-posts',
      });
    }
    return inserted;
  });
  if (!id) throw conflict(ALREADY_APPLIED);
  const [application] = await listWorkerApplications(ctx.db, auth.user.id, id);
  if (!application) throw new Error('applyForJob: the application just made is not listed');
  return application;
}

/** GET /api/jobs/{jobId}/applications: the owner's view of who applied. */
export async function getApplicants(ctx: ApplicationsContext, auth: RequestAuth, jobId: string): Promise<Applicant[]> {
  const record = await requireJob(ctx.db, jobId);
  if (!canManageApplicants(viewerOf(auth), record.job)) throw forbidden(NOT_AUTHORIZED);
  return listApplicants(ctx.db, jobId);
}

/**
 * PATCH /api/jobs/{jobId}/applications/{applicationId}: the owner shortlists or declines. The
 * moves are the domain's `applicationTransitions`; the status it already has changes nothing.
 * Shortlisting puts the worker on the owner's shortlist, the one My workers shows (issue 11).
 * Declining emails the worker, in the same transaction.
 */
export async function decideApplication(
  ctx: ApplicationsContext,
  auth: RequestAuth,
  jobId: string,
  applicationId: string,
  status: Exclude<ApplicationStatus, 'PENDING'>,
): Promise<Applicant> {
  const record = await requireJob(ctx.db, jobId);
  if (!canManageApplicants(viewerOf(auth), record.job)) throw forbidden(NOT_AUTHORIZED);
  const application = isUuid(applicationId) ? await findApplication(ctx.db, jobId, { applicationId }) : null;
  if (!application) throw notFound(APPLICATION_NOT_FOUND);
  if (application.status !== status) {
    if (!canMoveApplication(application.status, status)) throw conflict(ALREADY_DECLINED);
    await ctx.db.transaction(async (tx) => {
      if (status === 'SHORTLISTED') {
        await insertShortlistItem(tx, record.job.ownerId, application.workerId);
        return;
      }
      if (!(await declineApplication(tx, applicationId))) throw conflict(ALREADY_DECLINED);
      const worker = await findWorkerContact(tx, application.workerId);
      if (!worker) return;
      const job = { id: record.job.id, title: record.job.title, summary: record.job.summary, suburb: record.place.suburb, state: record.place.state };
      await queueMail(tx, applicationDeclinedEmail(jobEmailSite(ctx.config), worker, job));
    });
  }
  const [applicant] = await listApplicants(ctx.db, jobId, applicationId);
  if (!applicant) throw notFound(APPLICATION_NOT_FOUND);
  return applicant;
}

/** GET /api/my/applications. */
export function getMyApplications(ctx: ApplicationsContext, auth: RequestAuth): Promise<MyApplication[]> {
  return listWorkerApplications(ctx.db, auth.user.id);
}

/**
 * POST /api/jobs/{jobId}/invitations: the owner invites a listed worker to apply for an open job,
 * once; the worker is emailed a link to the job and notified, in the same transaction. Again is
 * a 409 with the code ALREADY_INVITED that sends nothing.
 */
export async function inviteWorker(
  ctx: ApplicationsContext,
  auth: RequestAuth,
  jobId: string,
  workerId: string,
  message: string,
): Promise<{ id: string; carerId: string; invitedAt: string }> {
  const record = await requireJob(ctx.db, jobId);
  if (!canInviteToJob(viewerOf(auth), record.job)) throw forbidden(NOT_AUTHORIZED);
  if (!isTakingApplications(record.job)) throw conflict(CANNOT_INVITE_TO_CLOSED_JOB);
  return ctx.db.transaction(async (tx) => {
    const worker = await findInvitableWorker(tx, workerId);
    if (!worker) throw notFound(WORKER_NOT_AVAILABLE);
    const invitation = await insertInvitation(tx, { jobId, workerId, invitedByUserId: actingPersonId(auth), message });
    // Idempotent: a second invitation changes nothing and sends nothing; its code lets a page say it was already sent.
    if (!invitation) throw new AppError(409, ALREADY_INVITED, { code: ALREADY_INVITED_CODE });
    const job = { id: record.job.id, title: record.job.title, summary: record.job.summary, suburb: record.place.suburb, state: record.place.state };
    await queueMail(tx, jobInvitationEmail(jobEmailSite(ctx.config), worker, { firstName: auth.user.firstName }, job, message));
    await notify(tx, {
      userId: workerId,
      kind: 'JOB_INVITATION',
      title: `${auth.user.firstName} invited you to apply for a job`,
      body: `${auth.user.firstName} invited you to apply for “${record.job.title}” in ${record.place.suburb}. Read the job and apply if it suits you.`,
      link: `/jobs/${record.job.id}`,
    });
    return { id: invitation.id, carerId: workerId, invitedAt: invitation.invitedAt.toISOString() };
  });
}

/** GET /api/my/invitations. */
export function getMyInvitations(ctx: ApplicationsContext, auth: RequestAuth): Promise<MyInvitation[]> {
  return listWorkerInvitations(ctx.db, auth.user.id);
}

/**
 * The worker search's questions for a job: its place and radius, its support types, the gender
 * asked for, and (unless `withTimes` is false) the days and parts of the day it needs help in.
 */
export function suggestionQueries(record: JobRecord): WorkerSearchQuery[] {
  const { job, place } = record;
  const days = availableDayCodes(job.availability);
  const timesOfDay = availabilitySlots.filter((slot) => days.some((day) => job.availability[day][slot]));
  const base = {
    location: `${place.suburb} ${place.state} ${place.postcode}`,
    locationType: job.locationType,
    sortType: 'bestMatch',
    limit: String(SUGGESTED_WORKERS_SHOWN),
    skillType: job.supportType,
    ...(job.gender === 'ANY' ? {} : { gender: job.gender }),
  };
  const atTheseTimes = workerSearchQuerySchema.parse({ ...base, availability: days, timesOfDay });
  const anyTime = workerSearchQuerySchema.parse(base);
  return days.length > 0 ? [atTheseTimes, anyTime] : [anyTime];
}

/**
 * GET /api/jobs/{jobId}/suggested-workers (owner): the best matches the worker search finds for
 * the job. Workers free at all the job's times come first; when they are fewer than
 * SUGGESTED_WORKERS_SHOWN, the best of the others with the skills nearby follow, in the search's
 * order. Each says whether the owner already invited them.
 */
export async function suggestWorkers(ctx: ApplicationsContext, auth: RequestAuth, jobId: string): Promise<SuggestedWorker[]> {
  const record = await requireJob(ctx.db, jobId);
  if (!canInviteToJob(viewerOf(auth), record.job)) throw forbidden(NOT_AUTHORIZED);
  if (!isTakingApplications(record.job)) return [];
  const found = new Map<string, WorkerSummary>();
  for (const query of suggestionQueries(record)) {
    if (found.size >= SUGGESTED_WORKERS_SHOWN) break;
    for (const worker of await ctx.findWorkers(query)) {
      if (found.size < SUGGESTED_WORKERS_SHOWN && !found.has(worker.carerId)) found.set(worker.carerId, worker);
    }
  }
  const invited = await listInvitedWorkerIds(ctx.db, jobId, [...found.keys()]);
  return [...found.values()].map((worker) => ({ worker, isInvited: invited.has(worker.carerId) }));
}
