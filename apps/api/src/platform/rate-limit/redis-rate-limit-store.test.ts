import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimitStore } from './rate-limit-store';
import { describeRateLimitStoreContract } from './rate-limit-store-contract';
import { createRedisRateLimitStore } from './redis-rate-limit-store';

/** Runs against the Redis named by TEST_REDIS_URL (CI sets it); without one there is nothing to test. */
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('the Redis store', () => {
  let store: RateLimitStore;
  let inspector: Redis;

  beforeAll(async () => {
    store = await createRedisRateLimitStore(redisUrl ?? '');
    inspector = new Redis(redisUrl ?? '');
  });
  afterAll(async () => {
    await store?.close();
    await inspector?.quit();
  });

  describeRateLimitStoreContract('the Redis store', () => store);

  it('keeps its keys under its own prefix, expiring when the window ends', async () => {
    const key = `test:${randomUUID()}`;
    await store.increment(key, 60_000);
    const ttl = await inspector.pttl(`tendly:rate-limit:${key}`);
    expect(ttl).toBeGreaterThan(58_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(await inspector.get(`tendly:rate-limit:${key}`)).toBe('1');
  });
});
