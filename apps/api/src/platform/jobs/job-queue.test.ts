import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backgroundJobs } from '../db/schema/platform';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { enqueueJob } from './job-queue';
import { drainJobs, type JobHandlers } from './job-worker';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});
beforeEach(async () => {
  await database.db.delete(backgroundJobs);
});

function recordingHandlers(): { handlers: JobHandlers; seen: unknown[] } {
  const seen: unknown[] = [];
  return { seen, handlers: { 'test.record': async (payload) => void seen.push(payload) } };
}

describe('enqueueJob', () => {
  it('stores a PENDING job with its payload, due now, with no cap on attempts by default (the retry window decides)', async () => {
    const id = await enqueueJob(database.db, { type: 'test.record', payload: { userId: 'u-1', items: [1, 2] } });
    const [row] = await database.db.select().from(backgroundJobs).where(eq(backgroundJobs.id, id));
    expect(row).toMatchObject({ type: 'test.record', status: 'PENDING', attempts: 0, maxAttempts: null, payload: { userId: 'u-1', items: [1, 2] } });
    expect(row?.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
  });

  it('keeps a null payload as JSON null and honours runAt and maxAttempts', async () => {
    const runAt = new Date(Date.now() + 3_600_000);
    const id = await enqueueJob(database.db, { type: 'test.record', payload: null, runAt, maxAttempts: 2 });
    const [row] = await database.db.select().from(backgroundJobs).where(eq(backgroundJobs.id, id));
    expect(row).toMatchObject({ payload: null, maxAttempts: 2 });
    expect(row?.runAt.toISOString()).toBe(runAt.toISOString());
  });

  it('queues a job only when the caller’s transaction commits', async () => {
    const { handlers, seen } = recordingHandlers();
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueJob(tx, { type: 'test.record', payload: 'rolled back' });
        throw new Error('the sign-up failed');
      }),
    ).rejects.toThrow('the sign-up failed');
    await database.db.transaction(async (tx) => {
      await enqueueJob(tx, { type: 'test.record', payload: 'committed' });
    });

    expect(await drainJobs(database, handlers)).toBe(1);
    expect(seen).toEqual(['committed']);
    expect(await database.db.select().from(backgroundJobs)).toHaveLength(1);
  });

  it('does not run a job before its runAt', async () => {
    const { handlers, seen } = recordingHandlers();
    await enqueueJob(database.db, { type: 'test.record', payload: 'later', runAt: new Date(Date.now() + 60_000) });
    expect(await drainJobs(database, handlers)).toBe(0);
    expect(seen).toEqual([]);
  });
});
