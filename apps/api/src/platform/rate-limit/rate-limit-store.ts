import type { Config } from '../config';
import type { Database } from '../db/client';
import { createDatabaseRateLimitStore } from './database-rate-limit-store';
import { createRedisRateLimitStore } from './redis-rate-limit-store';

export interface RateLimitCounter {
  count: number;
  /** When the window ends and the count starts again from nothing. */
  resetAt: Date;
}

/**
 * Fixed-window counters shared by every API process (ARCHITECTURE.md: no state in memory that
 * matters). The first increment of a key starts its window; increments within the window add
 * to it; the first increment after the window ends starts a new one at 1.
 */
export interface RateLimitStore {
  increment(key: string, windowMs: number): Promise<RateLimitCounter>;
  /** The counter of a key, or null when it has none or its window has ended. */
  get(key: string): Promise<RateLimitCounter | null>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Redis when REDIS_URL is set, otherwise the database. */
export async function createRateLimitStore(config: Pick<Config, 'REDIS_URL'>, database: Database): Promise<RateLimitStore> {
  return config.REDIS_URL ? createRedisRateLimitStore(config.REDIS_URL) : createDatabaseRateLimitStore(database);
}
