import { and, count, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { MyJobPost } from '@tendly/domain/api/jobs';
import type { DbExecutor } from '../../platform/db/client';
import { users } from '../../platform/db/schema/accounts';
import { jobApplications, jobs } from '../../platform/db/schema/jobs';
import { localities } from '../../platform/db/schema/reference';
import { applicationStatusColumn } from './job-applications-repository';
import { jobSummaryColumns, jobSummaryRowSchema, toJobSummary, type JobRecord } from './job-presenter';

export type NewJobValues = Omit<typeof jobs.$inferInsert, 'id' | 'status' | 'postedAt' | 'updatedAt' | 'closedAt'>;
export type JobChanges = Omit<NewJobValues, 'ownerId' | 'postedByUserId' | 'draftId'>;

/** Posts the job; null when the owner already posted this draft (then `findJobIdByDraft` finds it). */
export async function insertJob(db: DbExecutor, values: NewJobValues): Promise<string | null> {
  const [row] = await db
    .insert(jobs)
    .values({ ...values, postedAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()` })
    .onConflictDoNothing({ target: [jobs.ownerId, jobs.draftId] })
    .returning({ id: jobs.id });
  return row?.id ?? null;
}

export async function findJobIdByDraft(db: DbExecutor, ownerId: string, draftId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.ownerId, ownerId), eq(jobs.draftId, draftId)));
  return row?.id ?? null;
}

/** Who posted a job when it was not its owner: a support coordinator acting for them. */
const actingPosters = alias(users, 'acting_posters');

/** The job, who posted it and where; null when there is none with that id. */
export async function findJob(db: DbExecutor, jobId: string): Promise<JobRecord | null> {
  const [row] = await db
    .select({
      job: jobs,
      postedBy: users.firstName,
      // "Priya Sharma"; null when the owner posted it (no row joined).
      postedByCoordinator: sql<string | null>`trim(${actingPosters.firstName} || ' ' || ${actingPosters.lastName})`,
      place: { suburb: localities.suburb, state: localities.state, postcode: localities.postcode },
    })
    .from(jobs)
    .innerJoin(users, eq(users.id, jobs.ownerId))
    .innerJoin(localities, eq(localities.id, jobs.localityId))
    .leftJoin(actingPosters, and(eq(actingPosters.id, jobs.postedByUserId), ne(actingPosters.id, jobs.ownerId)))
    .where(eq(jobs.id, jobId));
  return row ?? null;
}

/** Changes an OPEN job; false when it is no longer open (closed meanwhile). */
export async function updateOpenJob(db: DbExecutor, jobId: string, changes: JobChanges): Promise<boolean> {
  const updated = await db
    .update(jobs)
    .set({ ...changes, updatedAt: sql`clock_timestamp()` })
    .where(and(eq(jobs.id, jobId), eq(jobs.status, 'OPEN')))
    .returning({ id: jobs.id });
  return updated.length > 0;
}

/** Closes an OPEN job; false when it was not open. */
export async function closeOpenJob(db: DbExecutor, jobId: string): Promise<boolean> {
  const closed = await db
    .update(jobs)
    .set({ status: 'CLOSED', closedAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()` })
    .where(and(eq(jobs.id, jobId), eq(jobs.status, 'OPEN')))
    .returning({ id: jobs.id });
  return closed.length > 0;
}

/** Reopens a CLOSED job (it is open again, as if never closed); false when it was not closed. */
export async function reopenClosedJob(db: DbExecutor, jobId: string): Promise<boolean> {
  const reopened = await db
    .update(jobs)
    .set({ status: 'OPEN', closedAt: null, updatedAt: sql`clock_timestamp()` })
    .where(and(eq(jobs.id, jobId), eq(jobs.status, 'CLOSED')))
    .returning({ id: jobs.id });
  return reopened.length > 0;
}

export async function countApplications(db: DbExecutor, jobId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(jobApplications).where(eq(jobApplications.jobId, jobId));
  return row?.value ?? 0;
}

const myJobPostRowSchema = jobSummaryRowSchema.extend({
  postedByCoordinator: z.string().nullable(),
  applicationCount: z.coerce.number().int(),
  pendingCount: z.coerce.number().int(),
  disableJobBoardPosting: z.boolean(),
});

/**
 * GET /api/my/job-posts: every job of the care seeker, open or not, newest first, with applicant
 * counts and, for a job a coordinator posted for them, who that was.
 */
export async function listJobPosts(db: DbExecutor, ownerId: string): Promise<MyJobPost[]> {
  const result = await db.execute(sql`
    select ${jobSummaryColumns()},
      trim(p.first_name || ' ' || p.last_name) as "postedByCoordinator",
      j.disable_job_board_posting as "disableJobBoardPosting",
      coalesce(counts.total, 0) as "applicationCount",
      coalesce(counts.pending, 0) as "pendingCount"
    from jobs j
    join users u on u.id = j.owner_id
    join localities l on l.id = j.locality_id
    left join users p on p.id = j.posted_by_user_id and p.id <> j.owner_id
    left join lateral (
      select count(*) as total, count(*) filter (where ${applicationStatusColumn} = 'PENDING') as pending
      from job_applications a where a.job_id = j.id
    ) as counts on true
    where j.owner_id = ${ownerId}::uuid
    order by j.posted_at desc, j.id`);
  return z
    .array(myJobPostRowSchema)
    .parse(result.rows)
    .map((row) => ({
      ...toJobSummary(row),
      postedByCoordinator: row.postedByCoordinator,
      applicationCount: row.applicationCount,
      pendingCount: row.pendingCount,
      disableJobBoardPosting: row.disableJobBoardPosting,
    }));
}
