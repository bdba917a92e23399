import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimitCounters } from '../db/schema/platform';
import { createDatabaseRateLimitStore } from './database-rate-limit-store';
import { describeRateLimitStoreContract, useDatabaseRateLimitStore } from './rate-limit-store-contract';

const { database, store } = useDatabaseRateLimitStore();

describeRateLimitStoreContract('the database store', () => store());

describe('the database store', () => {
  it('keeps counters in rate_limit_counters, timed by the database clock', async () => {
    await store().increment('db:ip:203.0.113.9', 60_000);
    const rows = await database().db
      .select({ count: rateLimitCounters.count, secondsLeft: sql<number>`extract(epoch from ${rateLimitCounters.windowEndsAt} - now())::float8` })
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, 'db:ip:203.0.113.9'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.count).toBe(1);
    expect(rows[0]?.secondsLeft).toBeGreaterThan(58);
    expect(rows[0]?.secondsLeft).toBeLessThanOrEqual(60);
  });

  it('deletes expired counters now and then', async () => {
    await database().db.insert(rateLimitCounters).values([
      { key: 'db:expired', count: 3, windowEndsAt: sql`now() - interval '1 second'` },
      { key: 'db:current', count: 1, windowEndsAt: sql`now() + interval '1 minute'` },
    ]);
    const purging = createDatabaseRateLimitStore(database(), { purgeIntervalMs: 0 });
    await purging.increment('db:trigger', 60_000);
    const keys = (await database().db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((row) => row.key);
    expect(keys).not.toContain('db:expired');
    expect(keys).toEqual(expect.arrayContaining(['db:current', 'db:trigger']));
  });
});
