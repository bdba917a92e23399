import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import { backgroundJobs } from '../db/schema/platform';

export interface NewJob {
  /** Names the handler that runs it, e.g. `mail.deliver`. */
  type: string;
  /** Stored as JSON; the handler parses it. */
  payload: unknown;
  /** Not before this time; now when absent. */
  runAt?: Date;
  maxAttempts?: number;
}

/**
 * Queues a background job and returns its id. Pass the caller's transaction to queue the job
 * only if that transaction commits: a rolled-back sign-up must not send its welcome email.
 */
export async function enqueueJob(db: DbExecutor, job: NewJob): Promise<string> {
  const [row] = await db
    .insert(backgroundJobs)
    .values({
      type: job.type,
      // Serialised here so that a null (or absent) payload is stored as JSON null, not SQL NULL.
      payload: sql`${JSON.stringify(job.payload ?? null)}::jsonb`,
      ...(job.runAt ? { runAt: job.runAt } : {}),
      ...(job.maxAttempts !== undefined ? { maxAttempts: job.maxAttempts } : {}),
    })
    .returning({ id: backgroundJobs.id });
  if (!row) throw new Error('enqueueJob: the insert returned no row');
  return row.id;
}
