import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { Database, Db } from '../db/client';
import { backgroundJobs } from '../db/schema/platform';
import { withoutQueryParameters } from '../logger';

export interface JobContext {
  /** The database, outside any transaction: a handler opens its own when it needs one. */
  db: Db;
  jobId: string;
  type: string;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  logger: FastifyBaseLogger;
}

/** Runs one job. Throwing makes the job retry later, until its attempts are used up. */
export type JobHandler = (payload: unknown, ctx: JobContext) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

export interface JobWorkerOptions {
  database: Database;
  /** Only jobs of these types are claimed: a process never takes work it cannot do. */
  handlers: JobHandlers;
  logger: FastifyBaseLogger;
  /** How long to wait after a poll that found less than a full batch. */
  pollIntervalMs?: number;
  /** How many jobs one poll claims and runs side by side. */
  concurrency?: number;
  /** Delay before the next try after a failed attempt (1 for the first failure). */
  backoffMs?: (attempts: number) => number;
  /**
   * How long a claim on a job holds without being renewed: a job RUNNING whose claim is older
   * belongs to a process that died, and is handed back to the queue. Tests shorten it.
   */
  leaseMs?: number;
  /** How often the claims on the jobs in hand are renewed; a quarter of the lease by default. */
  heartbeatMs?: number;
  /**
   * Hand back every job left RUNNING before the first poll. Right when this process is the only
   * one working the table (PGlite: one process owns the data directory), so whatever is RUNNING
   * was left by a process that stopped; the default there. With PostgreSQL other processes may
   * be running those jobs: only an expired lease says a job was abandoned.
   */
  releaseRunningJobsAtStart?: boolean;
}

export interface JobWorker {
  /** Stops polling and waits for the jobs in hand to finish. */
  stop(): Promise<void>;
  /** Claims the due jobs (up to `concurrency`), runs them and returns how many ran. */
  runOnce(): Promise<number>;
}

const DEFAULT_POLL_INTERVAL_MS = 1_000;
const DEFAULT_CONCURRENCY = 4;
/**
 * A job whose claim has not been renewed for this long belongs to a process that died (or hung)
 * while running it, and is handed back to the queue (at-least-once: handlers must be safe to run
 * again). The worker renews the claims on its jobs in hand every quarter of it, so a job that
 * legitimately runs longer is never taken from a live process. Issue 10: 10 minutes left a
 * crashed process's emails waiting that long; 2 minutes is several missed renewals.
 */
export const DEFAULT_JOB_LEASE_MS = 2 * 60_000;
const MAX_ERROR_LENGTH = 2_000;

/** 30 s, 1 min, 2 min, 4 min, ... capped at an hour: an SMTP outage gets time to pass. */
export function defaultBackoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** What is stored as the job's last error: never a failed query's parameters (see logger.ts). */
function errorText(failure: unknown): string {
  const error = withoutQueryParameters(failure);
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, MAX_ERROR_LENGTH);
}

/** The claim-run-record cycle without any polling: what `startJobWorker` and `drainJobs` share. */
function createJobRunner(options: JobWorkerOptions): { runOnce: () => Promise<number>; releaseRunningJobs: () => Promise<void> } {
  const { database, handlers, logger } = options;
  const db = database.db;
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const types = Object.keys(handlers);
  const workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const leaseMs = options.leaseMs ?? DEFAULT_JOB_LEASE_MS;
  const heartbeatMs = options.heartbeatMs ?? Math.max(1, Math.floor(leaseMs / 4));
  const lease = sql`make_interval(secs => ${leaseMs / 1000}::double precision)`;

  /** Hands back jobs whose lease expired, or every RUNNING job when `everyRunningJob`. */
  async function recoverStuckJobs(everyRunningJob = false): Promise<void> {
    const exhausted = sql`${backgroundJobs.attempts} >= ${backgroundJobs.maxAttempts}`;
    await db
      .update(backgroundJobs)
      .set({
        status: sql`case when ${exhausted} then 'FAILED'::job_status else 'PENDING'::job_status end`,
        finishedAt: sql`case when ${exhausted} then now() end`,
        lastError: 'The process running this job stopped before the job finished.',
        lockedAt: null,
        lockedBy: null,
      })
      .where(
        and(
          eq(backgroundJobs.status, 'RUNNING'),
          everyRunningJob ? undefined : sql`${backgroundJobs.lockedAt} < now() - ${lease}`,
        ),
      );
  }

  /**
   * One statement, so no transaction stays open while handlers run (PGlite has one connection,
   * and a PostgreSQL pool should not hold a connection per running job). SKIP LOCKED lets
   * processes that poll at the same moment claim different jobs instead of waiting or
   * claiming the same one.
   */
  async function claimDueJobs() {
    const due = db
      .select({ id: backgroundJobs.id })
      .from(backgroundJobs)
      .where(
        and(
          eq(backgroundJobs.status, 'PENDING'),
          lte(backgroundJobs.runAt, sql`now()`),
          inArray(backgroundJobs.type, types),
        ),
      )
      .orderBy(backgroundJobs.runAt)
      .limit(concurrency)
      .for('update', { skipLocked: true });
    return db
      .update(backgroundJobs)
      .set({
        status: 'RUNNING',
        attempts: sql`${backgroundJobs.attempts} + 1`,
        lockedAt: sql`now()`,
        lockedBy: workerId,
      })
      .where(and(inArray(backgroundJobs.id, due), eq(backgroundJobs.status, 'PENDING')))
      .returning();
  }

  type ClaimedJob = Awaited<ReturnType<typeof claimDueJobs>>[number];

  /** Only the holder of the claim records the outcome: a recovered job may be someone else's now. */
  const heldByUs = (job: ClaimedJob) =>
    and(eq(backgroundJobs.id, job.id), eq(backgroundJobs.status, 'RUNNING'), eq(backgroundJobs.lockedBy, workerId));

  /** Renews the claim on a job in hand, so that no other process takes it while it runs. */
  async function renewClaim(job: ClaimedJob): Promise<void> {
    try {
      await db.update(backgroundJobs).set({ lockedAt: sql`now()` }).where(heldByUs(job));
    } catch (error) {
      logger.warn({ jobId: job.id, jobType: job.type, err: error }, 'background job: could not renew its claim');
    }
  }

  async function runJob(job: ClaimedJob): Promise<void> {
    const heartbeat = setInterval(() => void renewClaim(job), heartbeatMs);
    // A job in hand must not keep the process alive by itself (shutdown has its own deadline).
    heartbeat.unref();
    try {
      await runClaimedJob(job);
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function runClaimedJob(job: ClaimedJob): Promise<void> {
    const handler = handlers[job.type];
    const context: JobContext = {
      db,
      jobId: job.id,
      type: job.type,
      attempt: job.attempts,
      maxAttempts: job.maxAttempts,
      logger,
    };
    try {
      if (!handler) throw new Error(`No handler for background job type ${job.type}`);
      await handler(job.payload, context);
    } catch (error) {
      await recordFailure(job, error);
      return;
    }
    await db
      .update(backgroundJobs)
      .set({ status: 'DONE', finishedAt: sql`now()`, lockedAt: null, lastError: null })
      .where(heldByUs(job));
  }

  async function recordFailure(job: ClaimedJob, error: unknown): Promise<void> {
    const lastError = errorText(error);
    // Payloads are never logged: they may carry personal details.
    const fields = { jobId: job.id, jobType: job.type, attempt: job.attempts, maxAttempts: job.maxAttempts, err: withoutQueryParameters(error) };
    if (job.attempts >= job.maxAttempts) {
      logger.error(fields, 'background job failed for the last time');
      await db
        .update(backgroundJobs)
        .set({ status: 'FAILED', finishedAt: sql`now()`, lockedAt: null, lockedBy: null, lastError })
        .where(heldByUs(job));
      return;
    }
    const delayMs = Math.max(0, Math.round(backoffMs(job.attempts)));
    logger.warn({ ...fields, retryInMs: delayMs }, 'background job failed; it will be retried');
    await db
      .update(backgroundJobs)
      .set({
        status: 'PENDING',
        runAt: sql`now() + make_interval(secs => ${delayMs / 1000}::double precision)`,
        lockedAt: null,
        lockedBy: null,
        lastError,
      })
      .where(heldByUs(job));
  }

  return {
    async runOnce(): Promise<number> {
      if (types.length === 0) return 0;
      await recoverStuckJobs();
      const claimed = await claimDueJobs();
      await Promise.all(claimed.map((job) => runJob(job)));
      return claimed.length;
    },
    async releaseRunningJobs(): Promise<void> {
      await recoverStuckJobs(true);
    },
  };
}

/**
 * Works the background_jobs table in this process until stopped. Every API process runs one;
 * they share the table safely. Tests call `runOnce` (or `drainJobs`) instead of waiting for polls.
 */
export function startJobWorker(options: JobWorkerOptions): JobWorker {
  const { runOnce, releaseRunningJobs } = createJobRunner(options);
  let releaseAtStart = options.releaseRunningJobsAtStart ?? options.database.driver === 'pglite';
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const batchSize = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;

  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      timer = undefined;
      polling = poll().finally(() => {
        polling = undefined;
      });
    }, delayMs);
    // The worker alone must not keep a process alive (the HTTP server does that).
    timer.unref();
  };

  async function poll(): Promise<void> {
    let ran = 0;
    try {
      if (releaseAtStart) {
        await releaseRunningJobs();
        releaseAtStart = false;
      }
      ran = await runOnce();
    } catch (error) {
      options.logger.error({ err: withoutQueryParameters(error) }, 'background jobs: polling failed');
    }
    // A full batch suggests more work is waiting: poll again at once.
    if (!stopped) schedule(ran >= batchSize ? 0 : pollIntervalMs);
  }

  // The first poll waits one interval too: start-up has enough to do, and tests that drive the
  // worker with runOnce are not raced by a poll of its own.
  schedule(pollIntervalMs);
  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await polling;
    },
  };
}

/**
 * For tests: runs jobs until none is due, and returns how many ran. A job that failed and waits
 * for its retry is not due, so this ends; `maxRounds` stops handlers that keep queueing work.
 */
export async function drainJobs(
  database: Database,
  handlers: JobHandlers,
  options: { logger?: FastifyBaseLogger; backoffMs?: (attempts: number) => number; maxRounds?: number } = {},
): Promise<number> {
  const { runOnce } = createJobRunner({
    database,
    handlers,
    logger: options.logger ?? pino({ level: 'silent' }),
    ...(options.backoffMs ? { backoffMs: options.backoffMs } : {}),
  });
  const maxRounds = options.maxRounds ?? 100;
  let total = 0;
  for (let round = 0; round < maxRounds; round++) {
    const ran = await runOnce();
    if (ran === 0) return total;
    total += ran;
  }
  throw new Error(`drainJobs: jobs were still due after ${maxRounds} rounds`);
}
