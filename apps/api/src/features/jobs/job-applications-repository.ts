import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { applicationStatusCodes, type Applicant, type ApplicationStatus, type MyApplication, type MyInvitation } from '@tendly/domain/api/jobs';
import type { DbExecutor } from '../../platform/db/client';
import { users } from '../../platform/db/schema/accounts';
import { jobApplications, jobInvitations } from '../../platform/db/schema/jobs';
import { workerProfiles } from '../../platform/db/schema/workers';
import { isOnShortlistOf } from '../../platform/workers/shortlist';
import { isListedWorker, summaryColumns, summaryRowSchema, toWorkerSummary } from '../../platform/workers/worker-summary';
import { jobSummaryColumns, jobSummaryRowSchema, toJobSummary } from './job-presenter';

/** The worker's profile status, or null when they have no worker profile. */
export async function findWorkerProfileStatus(db: DbExecutor, workerId: string): Promise<'ACTIVE' | 'INACTIVE' | null> {
  const [row] = await db.select({ status: workerProfiles.status }).from(workerProfiles).where(eq(workerProfiles.userId, workerId));
  return row?.status ?? null;
}

/** Records the application; null when the worker already applied for the job. */
export async function insertApplication(db: DbExecutor, jobId: string, workerId: string, message: string): Promise<string | null> {
  const [row] = await db
    .insert(jobApplications)
    .values({ jobId, workerId, message, appliedAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()` })
    .onConflictDoNothing({ target: [jobApplications.jobId, jobApplications.workerId] })
    .returning({ id: jobApplications.id });
  return row?.id ?? null;
}

/**
 * An application's status as everyone sees it: DECLINED when the job's owner declined it,
 * otherwise SHORTLISTED while the worker is on the owner's shortlist (the one shortlist, shared with
 * My workers), otherwise PENDING. Queries alias the application `a` and its job `j`.
 */
export const applicationStatusColumn = sql`case
    when a.status = 'DECLINED' then 'DECLINED'
    when ${isOnShortlistOf(sql`j.owner_id`, sql`a.worker_id`)} then 'SHORTLISTED'
    else 'PENDING' end`;

const applicationOfJobSchema = z.object({ id: z.string(), status: z.enum(applicationStatusCodes), workerId: z.string() });

/** An application for the job, with its status as `applicationStatusColumn` reads it; null when there is none. */
export async function findApplication(
  db: DbExecutor,
  jobId: string,
  where: { applicationId: string } | { workerId: string },
): Promise<{ id: string; status: ApplicationStatus; workerId: string } | null> {
  const result = await db.execute(sql`
    select a.id::text as "id", ${applicationStatusColumn} as "status", a.worker_id::text as "workerId"
    from job_applications a join jobs j on j.id = a.job_id
    where a.job_id = ${jobId}::uuid
      and ${'applicationId' in where ? sql`a.id = ${where.applicationId}::uuid` : sql`a.worker_id = ${where.workerId}::uuid`}`);
  return z.array(applicationOfJobSchema).parse(result.rows)[0] ?? null;
}

/** Declines an application its owner has not declined yet; false when it already was. */
export async function declineApplication(db: DbExecutor, applicationId: string): Promise<boolean> {
  const updated = await db
    .update(jobApplications)
    .set({ status: 'DECLINED', updatedAt: sql`clock_timestamp()` })
    .where(and(eq(jobApplications.id, applicationId), eq(jobApplications.status, 'PENDING')))
    .returning({ id: jobApplications.id });
  return updated.length > 0;
}

/** An application's own columns, as both the job's applicants and the worker's applications select them. */
const applicationColumns = sql`a.id::text as "applicationId", ${applicationStatusColumn} as "applicationStatus", a.message as "message", a.applied_at as "appliedAt"`;
const applicationRowShape = {
  applicationId: z.string(),
  applicationStatus: z.enum(applicationStatusCodes),
  message: z.string(),
  appliedAt: z.coerce.date(),
};

function presentApplication(row: z.output<z.ZodObject<typeof applicationRowShape>>) {
  return { id: row.applicationId, status: row.applicationStatus, message: row.message, appliedAt: row.appliedAt.toISOString() };
}

/** Only the one application when an id is given (to answer it after a change), else all. */
function onlyApplication(applicationId: string | undefined) {
  return applicationId ? sql`and a.id = ${applicationId}::uuid` : sql``;
}

const applicantRowSchema = summaryRowSchema.extend({ ...applicationRowShape, updatedAt: z.coerce.date() });

/**
 * The workers who applied for a job, newest first, each with the search's summary of them and
 * their distance from the job. A worker whose account was deactivated is left out.
 */
export async function listApplicants(db: DbExecutor, jobId: string, onlyApplicationId?: string): Promise<Applicant[]> {
  const result = await db.execute(sql`
    select ${summaryColumns(sql`case when wp.latitude is not null
        then earth_distance(ll_to_earth(j.latitude, j.longitude), ll_to_earth(wp.latitude, wp.longitude)) end`)},
      ${applicationColumns}, a.updated_at as "updatedAt"
    from job_applications a
    join jobs j on j.id = a.job_id
    join worker_profiles wp on wp.user_id = a.worker_id
    join users u on u.id = wp.user_id
    left join localities l on l.id = wp.locality_id
    where a.job_id = ${jobId}::uuid and u.status <> 'DEACTIVATED'
      ${onlyApplication(onlyApplicationId)}
    order by a.applied_at desc, a.id`);
  return z
    .array(applicantRowSchema)
    .parse(result.rows)
    .map((row) => ({ ...presentApplication(row), updatedAt: row.updatedAt.toISOString(), worker: toWorkerSummary(row) }));
}

const myApplicationRowSchema = jobSummaryRowSchema.extend(applicationRowShape);

/** A worker's applications, newest first, with the job each is for (open or not). */
export async function listWorkerApplications(db: DbExecutor, workerId: string, onlyApplicationId?: string): Promise<MyApplication[]> {
  const result = await db.execute(sql`
    select ${jobSummaryColumns()},
      ${applicationColumns}
    from job_applications a
    join jobs j on j.id = a.job_id
    join users u on u.id = j.owner_id
    join localities l on l.id = j.locality_id
    where a.worker_id = ${workerId}::uuid
      ${onlyApplication(onlyApplicationId)}
    order by a.applied_at desc, a.id`);
  return z
    .array(myApplicationRowSchema)
    .parse(result.rows)
    .map((row) => ({ ...presentApplication(row), job: toJobSummary(row, true) }));
}

/** A worker who may be invited: listed (an ACTIVE profile of an active account); their email and first name. */
export async function findInvitableWorker(db: DbExecutor, workerId: string): Promise<{ email: string; firstName: string } | null> {
  const result = await db.execute(sql`
    select u.email, u.first_name as "firstName"
    from worker_profiles wp join users u on u.id = wp.user_id
    where wp.user_id = ${workerId}::uuid and ${isListedWorker}`);
  return z.array(z.object({ email: z.string(), firstName: z.string() })).parse(result.rows)[0] ?? null;
}

export async function findWorkerContact(db: DbExecutor, workerId: string): Promise<{ email: string; firstName: string } | null> {
  const [row] = await db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, workerId));
  return row ?? null;
}

/** Which of these workers were invited to apply for the job. */
export async function listInvitedWorkerIds(db: DbExecutor, jobId: string, workerIds: readonly string[]): Promise<Set<string>> {
  if (workerIds.length === 0) return new Set();
  const rows = await db
    .select({ workerId: jobInvitations.workerId })
    .from(jobInvitations)
    .where(and(eq(jobInvitations.jobId, jobId), inArray(jobInvitations.workerId, [...workerIds])));
  return new Set(rows.map((row) => row.workerId));
}

/** Records the invitation; null when the worker was already invited to the job. */
export async function insertInvitation(
  db: DbExecutor,
  values: { jobId: string; workerId: string; invitedByUserId: string; message: string },
): Promise<{ id: string; invitedAt: Date } | null> {
  const [row] = await db
    .insert(jobInvitations)
    .values({ ...values, invitedAt: sql`clock_timestamp()` })
    .onConflictDoNothing({ target: [jobInvitations.jobId, jobInvitations.workerId] })
    .returning({ id: jobInvitations.id, invitedAt: jobInvitations.invitedAt });
  return row ?? null;
}

const myInvitationRowSchema = jobSummaryRowSchema.extend({
  invitationId: z.string(),
  invitedAt: z.coerce.date(),
  message: z.string(),
  hasApplied: z.boolean(),
});

/** The jobs a worker was invited to apply for, newest invitation first. */
export async function listWorkerInvitations(db: DbExecutor, workerId: string): Promise<MyInvitation[]> {
  const result = await db.execute(sql`
    select ${jobSummaryColumns()},
      i.id::text as "invitationId", i.invited_at as "invitedAt", i.message as "message",
      exists (select 1 from job_applications a where a.job_id = j.id and a.worker_id = i.worker_id) as "hasApplied"
    from job_invitations i
    join jobs j on j.id = i.job_id
    join users u on u.id = j.owner_id
    join localities l on l.id = j.locality_id
    where i.worker_id = ${workerId}::uuid
    order by i.invited_at desc, i.id`);
  return z
    .array(myInvitationRowSchema)
    .parse(result.rows)
    .map((row) => ({
      id: row.invitationId,
      invitedAt: row.invitedAt.toISOString(),
      message: row.message,
      job: toJobSummary(row, row.hasApplied),
    }));
}
