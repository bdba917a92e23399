import type { RateLimitCounter, RateLimitStore } from './rate-limit-store';

/** Several products may share one Redis; our keys stay apart. */
const KEY_PREFIX = 'tendly:rate-limit:';

/**
 * Rate-limit counters in Redis (when REDIS_URL is set). INCR and PEXPIRE NX run in one MULTI, so
 * the first increment starts the window and later ones leave its end alone; Redis drops the key
 * when the window ends. PEXPIRE NX needs Redis 7. ioredis loads here, only in a process that uses
 * Redis, rather than with every start (issue 33: about 19 MB resident on its own).
 */
export async function createRedisRateLimitStore(redisUrl: string): Promise<RateLimitStore> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, {
    keyPrefix: KEY_PREFIX,
    // A sign-in should fail quickly with a 500 rather than hang while Redis is unreachable.
    maxRetriesPerRequest: 2,
  });

  function counter(count: number, ttlMs: number): RateLimitCounter {
    return { count, resetAt: new Date(Date.now() + Math.max(0, ttlMs)) };
  }

  return {
    async increment(key, windowMs) {
      const results = await redis.multi().incr(key).pexpire(key, windowMs, 'NX').pttl(key).exec();
      const [incr, , pttl] = results ?? [];
      if (!incr || !pttl || incr[0] || pttl[0]) throw incr?.[0] ?? pttl?.[0] ?? new Error('rate limit: the Redis transaction was aborted');
      const count = Number(incr[1]);
      let ttlMs = Number(pttl[1]);
      if (ttlMs < 0) {
        // Cannot normally happen (PEXPIRE NX ran in the same MULTI); never leave a key without an end.
        await redis.pexpire(key, windowMs);
        ttlMs = windowMs;
      }
      return counter(count, ttlMs);
    },

    async get(key) {
      const results = await redis.multi().get(key).pttl(key).exec();
      const [value, pttl] = results ?? [];
      if (!value || !pttl || value[0] || pttl[0]) throw value?.[0] ?? pttl?.[0] ?? new Error('rate limit: the Redis transaction was aborted');
      if (value[1] === null) return null;
      const ttlMs = Number(pttl[1]);
      if (ttlMs <= 0) return null;
      return counter(Number(value[1]), ttlMs);
    },

    async reset(key) {
      await redis.del(key);
    },

    async close() {
      await redis.quit();
    },
  };
}
