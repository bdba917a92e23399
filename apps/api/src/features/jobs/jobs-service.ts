import { isUuid } from '../../platform/http/ids';
import {
  canMoveJob,
  JOB_DESCRIPTION_MIN_TEXT,
  type Job,
  type JobDraft,
  type JobStatus,
  type MyJobPost,
  type createJobRequestSchema,
} from '@tendly/domain/api/jobs';
import { NOT_AUTHORIZED } from '@tendly/domain/errors';
import type { z } from 'zod';
import { desc, eq } from 'drizzle-orm';
import { actingPersonId, type RequestAuth } from '../../platform/auth/authenticate';
import type { Db, DbExecutor } from '../../platform/db/client';
import { contracts, jobAwards } from '../../platform/db/schema/engagements';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs/job-queue';
import { resolveLocality, type Locality } from '../../platform/places/place-lookup';
import { JOB_ALERTS_JOB } from './job-alert-queue';
import { findApplication } from './job-applications-repository';
import { sanitiseJobDescription } from './job-html';
import { canCloseJob, canEditJob, canReopenJob, isJobOwner, type JobViewer } from './job-policies';
import { presentJob, type JobRecord } from './job-presenter';
import {
  closeOpenJob,
  countApplications,
  findJob,
  findJobIdByDraft,
  insertJob,
  listJobPosts,
  reopenClosedJob,
  updateOpenJob,
  type JobChanges,
} from './jobs-repository';

export const JOB_NOT_FOUND = 'We could not find this job. It may have been removed.';

export function jobClosedMessage(status: JobStatus, doing: 'change' | 'close'): string {
  if (status === 'FILLED') return doing === 'close' ? 'This job has been filled, so it is already closed.' : 'This job has been filled, so it can no longer be changed.';
  return doing === 'close' ? 'This job is already closed.' : 'This job is closed, so it can no longer be changed.';
}

/** Why a job cannot be reopened: it is open already, or filled. */
export function cannotReopenMessage(status: JobStatus): string {
  return status === 'FILLED' ? 'This job has been filled, so it cannot be reopened.' : 'This job is already open.';
}

export function viewerOf(auth: RequestAuth | null): JobViewer | null {
  return auth ? { userId: auth.user.id, role: auth.user.role } : null;
}


/** The job, or a 404. */
export async function requireJob(db: DbExecutor, jobId: string): Promise<JobRecord> {
  const record = isUuid(jobId) ? await findJob(db, jobId) : null;
  if (!record) throw notFound(JOB_NOT_FOUND);
  return record;
}

/**
 * The columns a draft sets: the description cleaned (and still long enough once cleaned), the
 * place resolved to a locality (an unknown place is a 400 on `location`).
 */
async function jobChanges(db: DbExecutor, draft: JobDraft): Promise<JobChanges> {
  const description = await sanitiseJobDescription(draft.htmlDescription);
  if (description.text.length < JOB_DESCRIPTION_MIN_TEXT) {
    const message = `Describe the support needed in at least ${JOB_DESCRIPTION_MIN_TEXT} characters`;
    throw badRequest(message, { htmlDescription: message });
  }
  const locality: Locality = await resolveLocality(db, draft.location);
  return {
    supportCategory: draft.supportCategory,
    supportType: draft.supportType,
    careFor: draft.careFor,
    // Only a job for a client says who is posting it.
    searcherRole: draft.careFor === 'Client' ? draft.searcherRole : null,
    location: draft.location,
    localityId: locality.id,
    latitude: locality.latitude,
    longitude: locality.longitude,
    locationType: draft.locationType,
    availability: draft.availability,
    approxHoursPerDay: draft.approxHoursPerDay,
    approxHoursPerWeek: draft.approxHoursPerWeek,
    approxStartDate: draft.approxStartDate,
    gender: draft.gender,
    experience: draft.experience,
    tasks: draft.tasks,
    otherRequirements: draft.other_requirements,
    languages: draft.languages,
    medicationRequired: draft.medicationRequired,
    // Details of medication that is not needed are not kept.
    medicationDetails: draft.medicationRequired ? draft.medicationDetails : '',
    behaviourOfConcern: draft.behaviourOfConcern,
    restrictivePractices: draft.restrictivePractices,
    goal: draft.goal,
    isGoalVisible: draft.isGoalVisible,
    payingForCareType: draft.payingForCareType,
    hourlyRateCents: draft.hourlyRate,
    ndisFundingCode: draft.ndisFundingCode,
    clientName: draft.clientName,
    invoiceDescription: draft.invoiceDescription,
    addressForInvoice: draft.addressForInvoice,
    practitionerName: draft.practitionerName,
    practitionerPhone: draft.practitionerPhone,
    practitionerEmail: draft.practitionerEmail,
    title: draft.title,
    htmlDescription: description.html,
    summary: description.text,
    disableWorkerNotification: draft.disableWorkerNotification,
    disableJobBoardPosting: draft.disableJobBoardPosting,
    referralId: draft.referralId,
  };
}

async function presentForOwner(db: DbExecutor, auth: RequestAuth, jobId: string): Promise<Job> {
  const record = await requireJob(db, jobId);
  return presentJob(record, viewerOf(auth), { applicationCount: await countApplications(db, jobId) });
}

/**
 * POST /api/jobs: posts the draft for the person the request acts as (a coordinator acting for a
 * client posts for the client, and is recorded as who posted it). The same draft again from the
 * same owner is the job already posted (`isNew` false, a 200), never a second job, however the
 * two requests interleave. A new job queues its alert emails in the same transaction, unless the
 * poster turned them off.
 */
export async function createJob(
  db: Db,
  auth: RequestAuth,
  request: z.output<typeof createJobRequestSchema>,
): Promise<{ job: Job; isNew: boolean }> {
  const ownerId = auth.user.id;
  const { draftId, ...draft } = request;
  const posted = await findJobIdByDraft(db, ownerId, draftId);
  if (posted) return { job: await presentForOwner(db, auth, posted), isNew: false };
  const changes = await jobChanges(db, draft);
  const created = await db.transaction(async (tx) => {
    const id = await insertJob(tx, { ...changes, ownerId, postedByUserId: actingPersonId(auth), draftId });
    if (id && !changes.disableWorkerNotification) await enqueueJob(tx, { type: JOB_ALERTS_JOB, payload: { jobId: id } });
    return id;
  });
  if (created) return { job: await presentForOwner(db, auth, created), isNew: true };
  // Another request posted the same draft between our look and our insert.
  const raced = await findJobIdByDraft(db, ownerId, draftId);
  if (!raced) throw new Error('createJob: the draft was neither inserted nor found');
  return { job: await presentForOwner(db, auth, raced), isNew: false };
}

/** The job's award and the agreements offered for it (issue 13), for its owner. */
async function jobContracts(db: DbExecutor, jobId: string) {
  const [award] = await db.select().from(jobAwards).where(eq(jobAwards.jobId, jobId));
  const offered = await db
    .select({ id: contracts.id, workerId: contracts.workerId, status: contracts.status, offeredAt: contracts.offeredAt })
    .from(contracts)
    .where(eq(contracts.jobId, jobId))
    .orderBy(desc(contracts.offeredAt));
  return {
    jobAward: award ? { contractId: award.contractId, workerId: offered.find((row) => row.id === award.contractId)?.workerId ?? '', awardedAt: award.awardedAt.toISOString() } : null,
    contracts: offered.map((row) => ({ ...row, offeredAt: row.offeredAt.toISOString() })),
  };
}

/** GET /api/jobs/{jobId}: anyone; the owner sees the private fields and the applicant count, a worker their application. */
export async function getJob(db: DbExecutor, auth: RequestAuth | null, jobId: string): Promise<Job> {
  const record = await requireJob(db, jobId);
  const viewer = viewerOf(auth);
  if (isJobOwner(viewer, record.job)) {
    return presentJob(record, viewer, { applicationCount: await countApplications(db, jobId), ...(await jobContracts(db, jobId)) });
  }
  if (viewer?.role === 'CR') {
    const application = await findApplication(db, jobId, { workerId: viewer.userId });
    return presentJob(record, viewer, { myApplication: application && { id: application.id, status: application.status } });
  }
  return presentJob(record, viewer);
}

/** PUT /api/jobs/{jobId}: the owner changes an open job (a closed or filled one is a 409). */
export async function updateJob(db: DbExecutor, auth: RequestAuth, jobId: string, draft: JobDraft): Promise<Job> {
  const record = await requireJob(db, jobId);
  if (!canEditJob(viewerOf(auth), record.job)) throw forbidden(NOT_AUTHORIZED);
  if (record.job.status !== 'OPEN') throw conflict(jobClosedMessage(record.job.status, 'change'));
  const changes = await jobChanges(db, draft);
  if (!(await updateOpenJob(db, jobId, changes))) throw conflict(jobClosedMessage('CLOSED', 'change'));
  return presentForOwner(db, auth, jobId);
}

/** POST /api/jobs/{jobId}/close: the owner closes an open job; closing it again is a 409. */
export async function closeJob(db: DbExecutor, auth: RequestAuth, jobId: string): Promise<Job> {
  const record = await requireJob(db, jobId);
  if (!canCloseJob(viewerOf(auth), record.job)) throw forbidden(NOT_AUTHORIZED);
  if (record.job.status !== 'OPEN' || !(await closeOpenJob(db, jobId))) {
    throw conflict(jobClosedMessage(record.job.status === 'OPEN' ? 'CLOSED' : record.job.status, 'close'));
  }
  return presentForOwner(db, auth, jobId);
}

/**
 * POST /api/jobs/{jobId}/reopen: the owner reopens a closed job. It is back on the board and takes
 * applications again, and, as when it was posted, its alerts are queued in the same transaction
 * unless the poster turned them off; a worker already told about the job is not emailed again
 * (job-alerts.ts). An open or filled job is a 409.
 */
export async function reopenJob(db: Db, auth: RequestAuth, jobId: string): Promise<Job> {
  const record = await requireJob(db, jobId);
  if (!canReopenJob(viewerOf(auth), record.job)) throw forbidden(NOT_AUTHORIZED);
  if (!canMoveJob(record.job.status, 'OPEN')) throw conflict(cannotReopenMessage(record.job.status));
  await db.transaction(async (tx) => {
    if (!(await reopenClosedJob(tx, jobId))) throw conflict(cannotReopenMessage('OPEN'));
    if (!record.job.disableWorkerNotification) await enqueueJob(tx, { type: JOB_ALERTS_JOB, payload: { jobId } });
  });
  return presentForOwner(db, auth, jobId);
}

/** GET /api/my/job-posts: the care seeker's own jobs (a coordinator acting for a client: the client's). */
export function getMyJobPosts(db: DbExecutor, auth: RequestAuth): Promise<MyJobPost[]> {
  return listJobPosts(db, auth.user.id);
}
