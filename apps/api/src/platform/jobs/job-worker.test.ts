import { eq, sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { backgroundJobs } from '../db/schema/platform';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { isPermanentHttpStatus, JobTimeoutError, PermanentJobError } from './job-failure';
import { enqueueJob } from './job-queue';
import { defaultBackoffMs, drainJobs, startJobWorker, withJobTimeout, type JobHandlers, type JobWorker } from './job-worker';

let database: TestDatabase;
const logger = pino({ level: 'silent' });
const workers: JobWorker[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  await database?.dispose();
});
beforeEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  await database.db.delete(backgroundJobs);
});

/** A worker whose polling never fires during a test: the test drives it with runOnce. */
function idleWorker(
  handlers: JobHandlers,
  options: { concurrency?: number; backoffMs?: (attempts: number) => number; leaseMs?: number; heartbeatMs?: number } = {},
): JobWorker {
  const worker = startJobWorker({ database, handlers, logger, pollIntervalMs: 3_600_000, ...options });
  workers.push(worker);
  return worker;
}

async function jobRow(id: string) {
  const [row] = await database.db.select().from(backgroundJobs).where(eq(backgroundJobs.id, id));
  if (!row) throw new Error(`no job ${id}`);
  return row;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `condition` holds, checking every 10 ms, for at most `withinMs`; answers whether it came to hold. */
async function eventually(condition: () => boolean | Promise<boolean>, withinMs = 2_000): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() > deadline) return false;
    await sleep(10);
  }
}

/** A promise the test settles when it chooses: a handler that stalls until then. */
function gate() {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

describe('the job worker', () => {
  it('runs a due job once and marks it DONE', async () => {
    const seen: unknown[] = [];
    const worker = idleWorker({ 'test.once': async (payload, ctx) => void seen.push({ payload, attempt: ctx.attempt }) });
    const id = await enqueueJob(database.db, { type: 'test.once', payload: { n: 1 } });

    expect(await worker.runOnce()).toBe(1);
    expect(await worker.runOnce()).toBe(0);
    expect(seen).toEqual([{ payload: { n: 1 }, attempt: 1 }]);
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'DONE', attempts: 1, lastError: null });
    expect(row.finishedAt).toBeInstanceOf(Date);
  });

  it('retries a failing job until max_attempts, then marks it FAILED with the error', async () => {
    let calls = 0;
    const handlers: JobHandlers = {
      'test.flaky': async () => {
        calls += 1;
        throw new Error(`SMTP said no (${calls})`);
      },
    };
    const id = await enqueueJob(database.db, { type: 'test.flaky', payload: {}, maxAttempts: 3 });

    expect(await drainJobs(database, handlers, { backoffMs: () => 0 })).toBe(3);
    expect(calls).toBe(3);
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'FAILED', attempts: 3, lastError: 'Error: SMTP said no (3)', lockedAt: null });
    expect(row.finishedAt).toBeInstanceOf(Date);
  });

  it('succeeds on a retry after a failure', async () => {
    let calls = 0;
    const handlers: JobHandlers = {
      'test.second-time-lucky': async () => {
        calls += 1;
        if (calls === 1) throw new Error('temporary');
      },
    };
    const id = await enqueueJob(database.db, { type: 'test.second-time-lucky', payload: {} });
    expect(await drainJobs(database, handlers, { backoffMs: () => 0 })).toBe(2);
    expect(await jobRow(id)).toMatchObject({ status: 'DONE', attempts: 2, lastError: null });
  });

  it('waits with exponential backoff before a retry', async () => {
    const worker = idleWorker({ 'test.fails': async () => Promise.reject(new Error('down')) });
    const id = await enqueueJob(database.db, { type: 'test.fails', payload: {} });
    const before = Date.now();
    await worker.runOnce();
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1, lastError: 'Error: down', lockedBy: null });
    expect(row.runAt.getTime()).toBeGreaterThanOrEqual(before + 29_000);
    expect(await worker.runOnce()).toBe(0);
    expect([1, 2, 3, 20].map(defaultBackoffMs)).toEqual([30_000, 60_000, 120_000, 3_600_000]);
  });

  it('claims only the job types it has handlers for', async () => {
    const worker = idleWorker({ 'test.mine': async () => undefined });
    const theirs = await enqueueJob(database.db, { type: 'test.theirs', payload: {} });
    const mine = await enqueueJob(database.db, { type: 'test.mine', payload: {} });
    expect(await worker.runOnce()).toBe(1);
    expect((await jobRow(mine)).status).toBe('DONE');
    expect((await jobRow(theirs)).status).toBe('PENDING');
  });

  it('hands back a job whose claim was not renewed for more than 2 minutes: its process died', async () => {
    const seen: string[] = [];
    const worker = idleWorker({ 'test.stuck': async (_payload, ctx) => void seen.push(ctx.jobId) });
    const stuck = await enqueueJob(database.db, { type: 'test.stuck', payload: {} });
    const busy = await enqueueJob(database.db, { type: 'test.stuck', payload: {} });
    await database.db
      .update(backgroundJobs)
      .set({ status: 'RUNNING', attempts: 1, lockedBy: 'dead-process', lockedAt: sql`now() - interval '150 seconds'` })
      .where(eq(backgroundJobs.id, stuck));
    await database.db
      .update(backgroundJobs)
      .set({ status: 'RUNNING', attempts: 1, lockedBy: 'live-process', lockedAt: sql`now() - interval '90 seconds'` })
      .where(eq(backgroundJobs.id, busy));

    expect(await worker.runOnce()).toBe(1);
    expect(seen).toEqual([stuck]);
    expect(await jobRow(stuck)).toMatchObject({ status: 'DONE', attempts: 2 });
    expect(await jobRow(busy)).toMatchObject({ status: 'RUNNING', lockedBy: 'live-process' });
  });

  it('fails a stuck job that has no attempts left instead of running it again', async () => {
    const worker = idleWorker({ 'test.stuck': async () => undefined });
    const id = await enqueueJob(database.db, { type: 'test.stuck', payload: {}, maxAttempts: 1 });
    await database.db
      .update(backgroundJobs)
      .set({ status: 'RUNNING', attempts: 1, lockedBy: 'dead-process', lockedAt: sql`now() - interval '3 minutes'` })
      .where(eq(backgroundJobs.id, id));
    expect(await worker.runOnce()).toBe(0);
    expect(await jobRow(id)).toMatchObject({ status: 'FAILED', attempts: 1 });
  });

  it('never runs a job twice when several workers claim at the same time', { tags: ['drivers'] }, async () => {
    const runs = new Map<string, number>();
    const handlers: JobHandlers = {
      'test.shared': async (_payload, ctx) => {
        runs.set(ctx.jobId, (runs.get(ctx.jobId) ?? 0) + 1);
        await sleep(5);
      },
    };
    const ids = await Promise.all(Array.from({ length: 40 }, (_, n) => enqueueJob(database.db, { type: 'test.shared', payload: { n } })));
    // Four workers (as four processes would) keep claiming until none is due, racing for the same rows.
    const ran = await Promise.all(Array.from({ length: 4 }, () => drainJobs(database, handlers)));

    expect(ran.reduce((a, b) => a + b, 0)).toBe(40);
    expect([...runs.keys()].sort()).toEqual([...ids].sort());
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    const statuses = await database.db.select({ status: backgroundJobs.status }).from(backgroundJobs);
    expect(statuses.every((row) => row.status === 'DONE')).toBe(true);
  });

  it('skips a job another process holds locked instead of waiting for it (PostgreSQL)', { tags: ['drivers'] }, async () => {
    // PGlite is one connection in one process: there is no second session to hold a lock.
    if (database.driver !== 'postgres' || !(database.client instanceof pg.Pool)) return;
    const worker = idleWorker({ 'test.locked': async () => undefined });
    const locked = await enqueueJob(database.db, { type: 'test.locked', payload: {} });
    const free = await enqueueJob(database.db, { type: 'test.locked', payload: {} });
    const other = await database.client.connect();
    try {
      await other.query('begin');
      await other.query('select id from background_jobs where id = $1 for update', [locked]);
      expect(await worker.runOnce()).toBe(1);
      expect((await jobRow(free)).status).toBe('DONE');
      expect((await jobRow(locked)).status).toBe('PENDING');
      await other.query('rollback');
    } finally {
      other.release();
    }
    expect(await worker.runOnce()).toBe(1);
    expect((await jobRow(locked)).status).toBe('DONE');
  });

  it('renews the claim on a job in hand, so a job that outlasts the lease is never run twice', async () => {
    let runs = 0;
    const handlers: JobHandlers = {
      'test.slow': async () => {
        runs += 1;
        await sleep(1_500);
      },
    };
    const id = await enqueueJob(database.db, { type: 'test.slow', payload: {} });
    const lease = { leaseMs: 400, heartbeatMs: 100 };
    const running = idleWorker(handlers, lease).runOnce();
    // A second process polls all the while the first one works, with the same lease.
    const other = idleWorker(handlers, lease);
    let otherRan = 0;
    for (let i = 0; i < 15; i++) {
      await sleep(100);
      otherRan += await other.runOnce();
    }
    expect(await running).toBe(1);
    expect(otherRan).toBe(0);
    expect(runs).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'DONE', attempts: 1 });
  });

  it('on PGlite, hands back at start every job left RUNNING: no other process can be running it', async () => {
    const seen: string[] = [];
    const id = await enqueueJob(database.db, { type: 'test.left', payload: {} });
    // Claimed a moment ago by a process that was then killed: its lease has not expired.
    await database.db
      .update(backgroundJobs)
      .set({ status: 'RUNNING', attempts: 1, lockedBy: 'killed-process', lockedAt: sql`now()` })
      .where(eq(backgroundJobs.id, id));
    const worker = startJobWorker({ database, handlers: { 'test.left': async (_payload, ctx) => void seen.push(ctx.jobId) }, logger, pollIntervalMs: 10 });
    workers.push(worker);
    for (let i = 0; i < 100 && seen.length === 0; i++) await sleep(10);
    await sleep(50);
    if (database.driver === 'pglite') {
      expect(seen).toEqual([id]);
      expect(await jobRow(id)).toMatchObject({ status: 'DONE', attempts: 2 });
    } else {
      // On PostgreSQL another API process may well be running it: only an expired lease says otherwise.
      expect(seen).toEqual([]);
      expect(await jobRow(id)).toMatchObject({ status: 'RUNNING', lockedBy: 'killed-process' });
    }
  });

  it('polls by itself and stops cleanly', async () => {
    const seen: unknown[] = [];
    await enqueueJob(database.db, { type: 'test.polled', payload: 'hello' });
    const worker = startJobWorker({ database, handlers: { 'test.polled': async (payload) => void seen.push(payload) }, logger, pollIntervalMs: 10 });
    for (let i = 0; i < 100 && seen.length === 0; i++) await sleep(10);
    await worker.stop();
    expect(seen).toEqual(['hello']);
    await enqueueJob(database.db, { type: 'test.polled', payload: 'after stop' });
    await sleep(50);
    expect(seen).toEqual(['hello']);
  });
});

describe('each job in its own slot (issue 27)', () => {
  it('runs a job queued after a stalled one at once, without waiting for the stalled one', async () => {
    const stalled = gate();
    let stalledStarted = false;
    const done: string[] = [];
    const worker = startJobWorker({
      database,
      logger,
      pollIntervalMs: 20,
      concurrency: 4,
      handlers: {
        'test.stalls': async () => {
          stalledStarted = true;
          await stalled.promise;
        },
        'test.fast': async (payload) => void done.push(String(payload)),
      },
    });
    workers.push(worker);
    try {
      const stalledId = await enqueueJob(database.db, { type: 'test.stalls', payload: null });
      expect(await eventually(() => stalledStarted)).toBe(true);
      // Queued once the stalled job is in hand: it cannot share a batch with it.
      const queuedAt = Date.now();
      await enqueueJob(database.db, { type: 'test.fast', payload: 'after the stalled one' });
      expect(await eventually(() => done.length === 1, 1_000)).toBe(true);
      expect(Date.now() - queuedAt).toBeLessThan(1_000);
      expect(await jobRow(stalledId)).toMatchObject({ status: 'RUNNING' });
    } finally {
      stalled.open();
    }
  });

  it('releases a job that outlasts its kind’s timeout for a retry, and never records what its late run did', async () => {
    const runs = [gate(), gate()];
    let calls = 0;
    let abortReason: unknown;
    const handlers: JobHandlers = {
      'test.hangs': withJobTimeout(50, async (_payload, ctx) => {
        const run = runs[calls++];
        if (calls === 1) ctx.signal.addEventListener('abort', () => (abortReason = ctx.signal.reason));
        await run?.promise;
      }),
    };
    const worker = idleWorker(handlers);
    const id = await enqueueJob(database.db, { type: 'test.hangs', payload: {} });
    try {
      const started = Date.now();
      expect(await worker.runOnce()).toBe(1);
      expect(Date.now() - started).toBeLessThan(2_000);
      const afterTimeout = await jobRow(id);
      expect(afterTimeout).toMatchObject({
        status: 'PENDING',
        attempts: 1,
        lockedBy: null,
        lastError: 'JobTimeoutError: The test.hangs job did not finish within 50 ms; it will be tried again.',
      });
      expect(afterTimeout.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
      expect(abortReason).toBeInstanceOf(JobTimeoutError);

      // Its retry is under way when the first run fails at last: that changes nothing on the job.
      await database.db.update(backgroundJobs).set({ runAt: sql`now()` }).where(eq(backgroundJobs.id, id));
      const retry = worker.runOnce();
      expect(await eventually(() => calls === 2)).toBe(true);
      runs[0]?.fail(new Error('the first run failed long after its timeout'));
      await sleep(20);
      expect(await jobRow(id)).toMatchObject({ status: 'RUNNING', attempts: 2, lastError: afterTimeout.lastError });
      runs[1]?.open();
      expect(await retry).toBe(1);
      expect(await jobRow(id)).toMatchObject({ status: 'DONE', attempts: 2, lastError: null });
    } finally {
      for (const run of runs) run.open();
    }
  });

  it('gives a job without a timeout of its own the worker’s default', async () => {
    const hung = gate();
    const worker = startJobWorker({ database, logger, pollIntervalMs: 3_600_000, defaultTimeoutMs: 30, handlers: { 'test.hangs': () => hung.promise } });
    workers.push(worker);
    const id = await enqueueJob(database.db, { type: 'test.hangs', payload: {} });
    try {
      expect(await worker.runOnce()).toBe(1);
      expect(await jobRow(id)).toMatchObject({ status: 'PENDING', lastError: 'JobTimeoutError: The test.hangs job did not finish within 30 ms; it will be tried again.' });
    } finally {
      hung.open();
    }
  });
});

describe('permanent and passing failures (issue 27)', () => {
  it('fails a job at once, without a retry, when its handler says trying again cannot help', async () => {
    let calls = 0;
    const worker = idleWorker({
      'test.refused': async () => {
        calls += 1;
        throw new PermanentJobError('The API answered 404: no such customer');
      },
    });
    // Even with attempts to spare.
    const id = await enqueueJob(database.db, { type: 'test.refused', payload: {}, maxAttempts: 5 });
    expect(await worker.runOnce()).toBe(1);
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'FAILED', attempts: 1, lastError: 'PermanentJobError: The API answered 404: no such customer', lockedBy: null });
    expect(row.finishedAt).toBeInstanceOf(Date);
    await database.db.update(backgroundJobs).set({ runAt: sql`now()` }).where(eq(backgroundJobs.id, id));
    expect(await worker.runOnce()).toBe(0);
    expect(calls).toBe(1);
  });

  /**
   * Runs a job that fails until `outageMs` have passed, taking each backoff off the job's times
   * (the database's clock cannot be moved forward), until it is DONE or FAILED. Answers how long
   * the job was given and the longest wait between two tries.
   */
  async function runThroughOutage(outageMs: number) {
    let elapsedMs = 0;
    let longestWaitMs = 0;
    const worker = idleWorker({
      'test.smtp-down': async () => {
        if (elapsedMs < outageMs) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNREFUSED' });
      },
    });
    const id = await enqueueJob(database.db, { type: 'test.smtp-down', payload: {} });
    for (let round = 0; round < 200; round++) {
      expect(await worker.runOnce()).toBe(1);
      const row = await jobRow(id);
      if (row.status !== 'PENDING') return { row, elapsedMs, longestWaitMs };
      const waitMs = Math.max(0, row.runAt.getTime() - Date.now());
      longestWaitMs = Math.max(longestWaitMs, waitMs);
      elapsedMs += waitMs;
      const wait = sql`make_interval(secs => ${waitMs / 1000}::double precision)`;
      await database.db
        .update(backgroundJobs)
        .set({ runAt: sql`now()`, firstAttemptedAt: sql`${backgroundJobs.firstAttemptedAt} - ${wait}` })
        .where(eq(backgroundJobs.id, id));
    }
    throw new Error('the job was still pending after 200 tries');
  }

  it('retries a passing failure with backoff, so an outage of a few hours loses nothing', async () => {
    const { row, elapsedMs, longestWaitMs } = await runThroughOutage(6 * 3_600_000);
    expect(row).toMatchObject({ status: 'DONE', lastError: null });
    expect(elapsedMs).toBeGreaterThanOrEqual(6 * 3_600_000);
    expect(longestWaitMs).toBeLessThanOrEqual(3_600_000 + 1_000);
  });

  it('gives up on a passing failure only once the retry window (JOB_RETRY_HOURS, 24 by default) is spent', async () => {
    const { row, elapsedMs } = await runThroughOutage(Number.POSITIVE_INFINITY);
    expect(row).toMatchObject({ status: 'FAILED', lastError: 'Error: connect ECONNREFUSED 127.0.0.1:25' });
    expect(elapsedMs).toBeGreaterThanOrEqual(24 * 3_600_000);
    expect(elapsedMs).toBeLessThan(25 * 3_600_000);
    // 30 s, doubling to an hour by the eighth wait, then hourly: about 31 tries in a day.
    expect(row.attempts).toBeGreaterThanOrEqual(30);
  });

  it('tells which HTTP answers of an external API will not change', () => {
    expect([400, 401, 403, 404, 422].map(isPermanentHttpStatus)).toEqual([true, true, true, true, true]);
    expect([408, 409, 425, 429, 500, 502, 503, 504].map(isPermanentHttpStatus)).toEqual(Array(8).fill(false));
  });
});

describe('a job that fails on a query', () => {
  it('stores and logs the error without the query parameters', async () => {
    const lines: string[] = [];
    const captured = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const worker = startJobWorker({
      database,
      logger: captured,
      pollIntervalMs: 3_600_000,
      handlers: {
        'test.query': async () => {
          throw new DrizzleQueryError('update "users" set "password_hash" = $1 where "email" = $2', ['$argon2id$HASH', 'jo@x.com'], new Error('deadlock detected'));
        },
      },
    });
    workers.push(worker);
    const id = await enqueueJob(database.db, { type: 'test.query', payload: null });
    await worker.runOnce();
    const row = await jobRow(id);
    expect(row.lastError).toContain('update "users" set "password_hash" = $1');
    expect(row.lastError).toContain('params: [redacted]');
    const written = lines.join('');
    expect(written).toContain('background job failed');
    for (const secret of ['HASH', 'jo@x.com']) {
      expect(row.lastError).not.toContain(secret);
      expect(written).not.toContain(secret);
    }
  });
});

