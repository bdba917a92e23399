import { desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  backgroundJobStatuses,
  canDiscardJob,
  canRetryJob,
  type BackgroundJob,
  type BackgroundJobCounts,
  type BackgroundJobState,
  type BackgroundJobStatus,
} from '@tendly/domain/api/background-jobs';
import type { ResultTotal } from '@tendly/domain/api/result-total';
import type { DbExecutor } from '../../platform/db/client';
import { countUpToCap } from '../../platform/db/count-up-to-cap';
import { backgroundJobs, mailOutbox } from '../../platform/db/schema/platform';
import { MAIL_DELIVER_JOB } from '../../platform/mail/outbox';
import { describeJobPayload } from './background-job-subject';

export type BackgroundJobRow = typeof backgroundJobs.$inferSelect;

const uuidText = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** The outbox row a `mail.deliver` job sends (its payload's `outboxId`), found by its key; none for other kinds. */
const outboxIdOfJob = sql`case when ${backgroundJobs.type} = ${MAIL_DELIVER_JOB} and ${backgroundJobs.payload}->>'outboxId' ~ ${uuidText} then (${backgroundJobs.payload}->>'outboxId')::uuid end`;

function selectJobs(db: DbExecutor) {
  return db
    .select({ job: backgroundJobs, mailTo: mailOutbox.toAddress, mailSubject: mailOutbox.subject })
    .from(backgroundJobs)
    .leftJoin(mailOutbox, eq(mailOutbox.id, outboxIdOfJob));
}

type JobWithMail = Awaited<ReturnType<ReturnType<typeof selectJobs>['execute']>>[number];

export function jobStateOf(job: Pick<BackgroundJobRow, 'status' | 'lastError'>): BackgroundJobState {
  return { status: job.status, hasFailed: job.lastError !== null };
}

/** What leaves the server: the job's subject in a line, never its payload. */
function presentJob({ job, mailTo, mailSubject }: JobWithMail): BackgroundJob {
  const state = jobStateOf(job);
  const subject =
    job.type === MAIL_DELIVER_JOB
      ? mailTo !== null
        ? `Email to ${mailTo}: ${mailSubject ?? ''}`
        : 'An email no longer in the outbox'
      : describeJobPayload(job.payload);
  return {
    id: job.id,
    type: job.type,
    status: job.status,
    subject,
    attempts: job.attempts,
    lastError: job.lastError,
    createdAt: job.createdAt.toISOString(),
    runAt: job.runAt.toISOString(),
    lastRunAt: job.lastAttemptedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
    canRetry: canRetryJob(state),
    canDiscard: canDiscardJob(state),
  };
}

/** One page of jobs, the latest to run or finish first, and how many match (counted up to the cap). */
export async function listBackgroundJobs(
  db: DbExecutor,
  filter: { status?: BackgroundJobStatus; start: number; limit: number },
): Promise<{ jobs: BackgroundJob[]; total: ResultTotal }> {
  const where: SQL | undefined = filter.status ? eq(backgroundJobs.status, filter.status) : undefined;
  const rows = await selectJobs(db)
    .where(where)
    .orderBy(desc(sql`coalesce(${backgroundJobs.finishedAt}, ${backgroundJobs.lastAttemptedAt}, ${backgroundJobs.createdAt})`), desc(backgroundJobs.id))
    .limit(filter.limit)
    .offset(filter.start);
  return { jobs: rows.map(presentJob), total: await countUpToCap(db, backgroundJobs, where) };
}

/** One job as the list shows it, or null. */
export async function findBackgroundJob(db: DbExecutor, jobId: string): Promise<BackgroundJob | null> {
  const [row] = await selectJobs(db).where(eq(backgroundJobs.id, jobId));
  return row ? presentJob(row) : null;
}

/** The job, locked until the transaction ends: a worker's claim (SKIP LOCKED) passes it by meanwhile. */
export async function lockBackgroundJob(db: DbExecutor, jobId: string): Promise<BackgroundJobRow | null> {
  const [row] = await db.select().from(backgroundJobs).where(eq(backgroundJobs.id, jobId)).for('update');
  return row ?? null;
}

/** Back in the queue to run now, with its attempts and its retry window started afresh. */
export async function requeueBackgroundJob(db: DbExecutor, jobId: string): Promise<void> {
  await db
    .update(backgroundJobs)
    .set({ status: 'PENDING', runAt: sql`now()`, attempts: 0, firstAttemptedAt: null, finishedAt: null, lockedAt: null, lockedBy: null })
    .where(eq(backgroundJobs.id, jobId));
}

export async function discardBackgroundJobRow(db: DbExecutor, jobId: string): Promise<void> {
  await db
    .update(backgroundJobs)
    .set({ status: 'DISCARDED', finishedAt: sql`now()`, lockedAt: null, lockedBy: null })
    .where(eq(backgroundJobs.id, jobId));
}

/** How many jobs are in each status. */
export async function countBackgroundJobs(db: DbExecutor): Promise<BackgroundJobCounts> {
  const rows = await db
    .select({ status: backgroundJobs.status, n: sql<number>`count(*)::int` })
    .from(backgroundJobs)
    .groupBy(backgroundJobs.status);
  const counts = Object.fromEntries(backgroundJobStatuses.map((status) => [status, 0])) as BackgroundJobCounts;
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}
