import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimitCounters } from '../db/schema/platform';
import type { RateLimitCounter, RateLimitStore } from './rate-limit-store';

/** Expired counters are deleted at most this often, by whichever increment comes along. */
const DEFAULT_PURGE_INTERVAL_MS = 60_000;

/**
 * Rate-limit counters in the rate_limit_counters table. Each increment is one atomic upsert, so
 * parallel requests (in one process or many) never lose a count, and windows are timed by the
 * database's clock, which all processes share.
 */
export function createDatabaseRateLimitStore(database: Database, options: { purgeIntervalMs?: number } = {}): RateLimitStore {
  const db = database.db;
  const purgeIntervalMs = options.purgeIntervalMs ?? DEFAULT_PURGE_INTERVAL_MS;
  let lastPurge = Date.now();

  async function purgeExpiredSometimes(): Promise<void> {
    if (Date.now() - lastPurge < purgeIntervalMs) return;
    lastPurge = Date.now();
    await db.delete(rateLimitCounters).where(lte(rateLimitCounters.windowEndsAt, sql`now()`));
  }

  return {
    async increment(key, windowMs) {
      const windowEnd = sql`now() + make_interval(secs => ${windowMs / 1000}::double precision)`;
      const expired = sql`${rateLimitCounters.windowEndsAt} <= now()`;
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, count: 1, windowEndsAt: windowEnd })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
            windowEndsAt: sql`case when ${expired} then excluded.window_ends_at else ${rateLimitCounters.windowEndsAt} end`,
          },
        })
        .returning({ count: rateLimitCounters.count, resetAt: rateLimitCounters.windowEndsAt });
      if (!row) throw new Error('rate limit: the upsert returned no row');
      await purgeExpiredSometimes();
      return row;
    },

    async get(key): Promise<RateLimitCounter | null> {
      const [row] = await db
        .select({ count: rateLimitCounters.count, resetAt: rateLimitCounters.windowEndsAt })
        .from(rateLimitCounters)
        .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.windowEndsAt, sql`now()`)));
      return row ?? null;
    },

    async reset(key) {
      await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
    },

    // The database belongs to the application, which closes it.
    async close() {},
  };
}
