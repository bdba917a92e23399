import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { Database, Db } from '../db/client';
import { backgroundJobs } from '../db/schema/platform';
import { withoutQueryParameters } from '../logger';
import { isPermanentJobFailure, JobTimeoutError } from './job-failure';

export interface JobContext {
  /** The database, outside any transaction: a handler opens its own when it needs one. */
  db: Db;
  jobId: string;
  type: string;
  /** 1 on the first run. */
  attempt: number;
  /** The job's cap on attempts, if it has one (usually not: the retry window decides). */
  maxAttempts: number | null;
  /** Whether a failure of this run is final: no attempts left, or the retry window is spent. */
  isLastAttempt: boolean;
  /** Aborted when the run outlasts its kind's timeout: a handler that can stop early should. */
  signal: AbortSignal;
  logger: FastifyBaseLogger;
}

/**
 * Runs one job. Throwing makes the job retry later, with backoff, until the retry window is
 * spent; throwing a PermanentJobError (job-failure.ts) fails it at once.
 */
export type JobHandler = ((payload: unknown, ctx: JobContext) => Promise<void>) & {
  /** How long one run of this kind may take; DEFAULT_JOB_TIMEOUT_MS when not set (see `withJobTimeout`). */
  readonly timeoutMs?: number;
};
export type JobHandlers = Record<string, JobHandler>;

/** A handler whose runs may take up to `timeoutMs`, instead of the default. */
export function withJobTimeout(timeoutMs: number, handler: (payload: unknown, ctx: JobContext) => Promise<void>): JobHandler {
  return Object.assign(handler, { timeoutMs });
}

export interface JobWorkerOptions {
  database: Database;
  /** Only jobs of these types are claimed: a process never takes work it cannot do. */
  handlers: JobHandlers;
  logger: FastifyBaseLogger;
  /** How long to wait between polls for due jobs (a job that finishes claims the next at once). */
  pollIntervalMs?: number;
  /** How many jobs run side by side in this process, each in its own slot. */
  concurrency?: number;
  /** Delay before the next try after a failed attempt (1 for the first failure). */
  backoffMs?: (attempts: number) => number;
  /**
   * How long a job that keeps failing for a passing reason is retried, from its first attempt
   * (JOB_RETRY_HOURS); a failure after it is final. 24 hours by default.
   */
  retryWindowMs?: number;
  /** How long a run may take when its handler does not say (`withJobTimeout`). */
  defaultTimeoutMs?: number;
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
  /** Stops polling and waits for the jobs in hand to finish (each at most its timeout). */
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
/** JOB_RETRY_HOURS' default. */
export const DEFAULT_JOB_RETRY_WINDOW_MS = 24 * 3_600_000;
/**
 * How long one run may take unless its kind says otherwise (`withJobTimeout`). Past it the run
 * counts as a passing failure and its slot takes the next job (issue 27: one stalled SMTP send
 * held every other job for 49 s). The run itself cannot be stopped from outside: it is told
 * through its signal, and whatever it does after is not recorded on the job.
 */
export const DEFAULT_JOB_TIMEOUT_MS = 5 * 60_000;

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

const TIMED_OUT = Symbol('timed out');

/** The claim-run-record cycle without any polling: what `startJobWorker` and `drainJobs` share. */
function createJobRunner(options: JobWorkerOptions) {
  const { database, handlers, logger } = options;
  const db = database.db;
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const retryWindowMs = options.retryWindowMs ?? DEFAULT_JOB_RETRY_WINDOW_MS;
  const defaultTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
  const types = Object.keys(handlers);
  const workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const leaseMs = options.leaseMs ?? DEFAULT_JOB_LEASE_MS;
  const heartbeatMs = options.heartbeatMs ?? Math.max(1, Math.floor(leaseMs / 4));
  const lease = sql`make_interval(secs => ${leaseMs / 1000}::double precision)`;
  const retryWindow = sql`make_interval(secs => ${retryWindowMs / 1000}::double precision)`;

  /** Hands back jobs whose lease expired, or every RUNNING job when `everyRunningJob`. */
  async function recoverStuckJobs(everyRunningJob = false): Promise<void> {
    const exhausted = sql`(${backgroundJobs.attempts} >= ${backgroundJobs.maxAttempts} or ${backgroundJobs.firstAttemptedAt} + ${retryWindow} <= now())`;
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
   * Claims up to `limit` due jobs in one statement, so no transaction stays open while handlers
   * run (PGlite has one connection, and a PostgreSQL pool should not hold a connection per running
   * job). SKIP LOCKED lets processes that poll at the same moment claim different jobs instead of
   * waiting or claiming the same one.
   */
  async function claimDueJobs(limit: number) {
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
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(backgroundJobs)
      .set({
        status: 'RUNNING',
        attempts: sql`${backgroundJobs.attempts} + 1`,
        lockedAt: sql`now()`,
        lockedBy: workerId,
        firstAttemptedAt: sql`coalesce(${backgroundJobs.firstAttemptedAt}, now())`,
        lastAttemptedAt: sql`now()`,
      })
      .where(and(inArray(backgroundJobs.id, due), eq(backgroundJobs.status, 'PENDING')))
      .returning();
  }

  type ClaimedJob = Awaited<ReturnType<typeof claimDueJobs>>[number];

  /**
   * Whether a failure of this run would be tried again: attempts left under the job's cap, if it
   * has one, and the run started inside the retry window. Decided as the run starts (with the
   * database's clock), so the handler is told the same (`isLastAttempt`). A run that starts just
   * before the window ends still gets a retry after it, so the tries span the whole window.
   */
  function mayRetry(job: ClaimedJob): boolean {
    if (job.maxAttempts !== null && job.attempts >= job.maxAttempts) return false;
    const claimedAt = job.lastAttemptedAt ?? new Date();
    const firstAt = job.firstAttemptedAt ?? claimedAt;
    return claimedAt.getTime() < firstAt.getTime() + retryWindowMs;
  }

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

  /**
   * Runs one claimed job to its outcome, or to its kind's timeout: then the job is recorded as a
   * passing failure and this returns, freeing the slot. The handler may still finish later; the
   * job's record is no longer its to write (it waits for its retry, or another process has it),
   * so that outcome is only logged.
   */
  async function runJob(job: ClaimedJob): Promise<void> {
    const handler = handlers[job.type];
    const timeoutMs = handler?.timeoutMs ?? defaultTimeoutMs;
    const willRetry = mayRetry(job);
    const controller = new AbortController();
    const context: JobContext = {
      db,
      jobId: job.id,
      type: job.type,
      attempt: job.attempts,
      maxAttempts: job.maxAttempts,
      isLastAttempt: !willRetry,
      signal: controller.signal,
      logger,
    };
    const heartbeat = setInterval(() => void renewClaim(job), heartbeatMs);
    // A job in hand must not keep the process alive by itself (shutdown has its own deadline).
    heartbeat.unref();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
      timer.unref();
    });
    const run = (async (): Promise<undefined> => {
      if (!handler) throw new Error(`No handler for background job type ${job.type}`);
      await handler(job.payload, context);
      return undefined;
    })();
    try {
      let outcome: typeof TIMED_OUT | undefined;
      try {
        outcome = await Promise.race([run, timedOut]);
      } catch (error) {
        await recordFailure(job, error, willRetry);
        return;
      }
      if (outcome === TIMED_OUT) {
        const error = new JobTimeoutError(job.type, timeoutMs);
        controller.abort(error);
        const late = { jobId: job.id, jobType: job.type, attempt: job.attempts };
        run.then(
          () => logger.warn(late, 'background job finished after its timeout; its outcome is not recorded'),
          (failure: unknown) => logger.warn({ ...late, err: withoutQueryParameters(failure) }, 'background job failed after its timeout'),
        );
        await recordFailure(job, error, willRetry);
        return;
      }
      await db
        .update(backgroundJobs)
        .set({ status: 'DONE', finishedAt: sql`now()`, lockedAt: null, lastError: null })
        .where(heldByUs(job));
    } finally {
      clearInterval(heartbeat);
      clearTimeout(timer);
    }
  }

  async function recordFailure(job: ClaimedJob, error: unknown, willRetry: boolean): Promise<void> {
    const lastError = errorText(error);
    const isPermanent = isPermanentJobFailure(error);
    // Payloads are never logged: they may carry personal details.
    const fields = { jobId: job.id, jobType: job.type, attempt: job.attempts, maxAttempts: job.maxAttempts, err: withoutQueryParameters(error) };
    if (isPermanent || !willRetry) {
      logger.error(fields, isPermanent ? 'background job failed for good: trying again cannot help' : 'background job failed for the last time');
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
    concurrency,
    hasHandlers: types.length > 0,
    recoverStuckJobs,
    claimDueJobs,
    runJob,
    async runOnce(): Promise<number> {
      if (types.length === 0) return 0;
      await recoverStuckJobs();
      const claimed = await claimDueJobs(concurrency);
      await Promise.all(claimed.map((job) => runJob(job)));
      return claimed.length;
    },
  };
}

/**
 * Works the background_jobs table in this process until stopped. Every API process runs one;
 * they share the table safely. Up to `concurrency` jobs run at once, each in its own slot: as
 * soon as one finishes (or passes its timeout) the slot claims the next due job, so a slow job
 * never holds up the others (issue 27). Tests call `runOnce` (or `drainJobs`) instead of waiting
 * for polls.
 */
export function startJobWorker(options: JobWorkerOptions): JobWorker {
  const runner = createJobRunner(options);
  const { logger } = options;
  let releaseAtStart = options.releaseRunningJobsAtStart ?? options.database.driver === 'pglite';
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const inHand = new Set<Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let filling: Promise<void> | undefined;
  let fillAgain = false;
  let polling: Promise<void> | undefined;

  /**
   * Claims due jobs for the free slots and starts them. One claim at a time: a slot that frees
   * meanwhile asks for another claim, made as soon as this one is done.
   */
  function fillSlots(): Promise<void> {
    if (filling) {
      fillAgain = true;
      return filling;
    }
    fillAgain = false;
    filling = claimForFreeSlots().finally(() => {
      filling = undefined;
      if (fillAgain && !stopped) void fillSlots();
    });
    return filling;
  }

  async function claimForFreeSlots(): Promise<void> {
    const free = runner.concurrency - inHand.size;
    if (stopped || free <= 0 || !runner.hasHandlers) return;
    try {
      for (const job of await runner.claimDueJobs(free)) start(job);
    } catch (error) {
      logger.error({ err: withoutQueryParameters(error) }, 'background jobs: claiming jobs failed');
    }
  }

  function start(job: Parameters<typeof runner.runJob>[0]): void {
    const running: Promise<void> = runner
      .runJob(job)
      .catch((error: unknown) => logger.error({ jobId: job.id, jobType: job.type, err: withoutQueryParameters(error) }, 'background job: recording its outcome failed'))
      .finally(() => {
        inHand.delete(running);
        // The slot is free: the next due job need not wait for the next poll.
        if (!stopped) void fillSlots();
      });
    inHand.add(running);
  }

  async function poll(): Promise<void> {
    try {
      if (releaseAtStart) {
        await runner.recoverStuckJobs(true);
        releaseAtStart = false;
      }
      if (runner.hasHandlers) await runner.recoverStuckJobs();
    } catch (error) {
      logger.error({ err: withoutQueryParameters(error) }, 'background jobs: polling failed');
    }
    await fillSlots();
  }

  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      timer = undefined;
      polling = poll().finally(() => {
        polling = undefined;
        if (!stopped) schedule(pollIntervalMs);
      });
    }, delayMs);
    // The worker alone must not keep a process alive (the HTTP server does that).
    timer.unref();
  };

  // The first poll waits one interval too: start-up has enough to do, and tests that drive the
  // worker with runOnce are not raced by a poll of its own.
  schedule(pollIntervalMs);
  return {
    runOnce: runner.runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await polling;
      await filling;
      // A job past its timeout has left its slot already: only the jobs in hand are waited for.
      await Promise.all(inHand);
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
  options: { logger?: FastifyBaseLogger; backoffMs?: (attempts: number) => number; retryWindowMs?: number; maxRounds?: number } = {},
): Promise<number> {
  const { runOnce } = createJobRunner({
    database,
    handlers,
    logger: options.logger ?? pino({ level: 'silent' }),
    ...(options.backoffMs ? { backoffMs: options.backoffMs } : {}),
    ...(options.retryWindowMs !== undefined ? { retryWindowMs: options.retryWindowMs } : {}),
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
