import { createHash } from 'node:crypto';
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

/** A UUID made from a text, the same in every process (the SHA-256 of the text, shaped as a version 8 UUID). */
export function uuidFromKey(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Queues a job once for a key, however many processes ask: its id is made from the key, so a
 * second insert of the same key does nothing. This is how recurring work is scheduled without a
 * scheduler process: every API process asks for today's run at start-up, and each run queues the
 * next (e.g. key `documents.expiry:2027-03-04`). Returns whether this call queued it.
 */
export async function enqueueJobOnce(db: DbExecutor, key: string, job: NewJob): Promise<boolean> {
  const rows = await db
    .insert(backgroundJobs)
    .values({
      id: uuidFromKey(key),
      type: job.type,
      payload: sql`${JSON.stringify(job.payload ?? null)}::jsonb`,
      ...(job.runAt ? { runAt: job.runAt } : {}),
      ...(job.maxAttempts !== undefined ? { maxAttempts: job.maxAttempts } : {}),
    })
    .onConflictDoNothing({ target: backgroundJobs.id })
    .returning({ id: backgroundJobs.id });
  return rows.length > 0;
}
