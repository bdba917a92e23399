import { eq, sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { backgroundJobs } from '../db/schema/platform';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { enqueueJob } from './job-queue';
import { defaultBackoffMs, drainJobs, startJobWorker, type JobHandlers, type JobWorker } from './job-worker';

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

  it('never runs a job twice when several workers claim at the same time', async () => {
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

  it('skips a job another process holds locked instead of waiting for it (PostgreSQL)', async () => {
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

