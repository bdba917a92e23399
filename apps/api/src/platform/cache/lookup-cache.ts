import { LRUCache } from 'lru-cache';

/**
 * A small in-process cache for what a search repeats: a place name read through the localities
 * table, a keyword's typo corrections, a page of results. Each API process keeps its own, and
 * losing it costs one query, so nothing depends on it (ARCHITECTURE.md: no state in memory that
 * matters). The least recently used entry goes first when it is full; entries expire after
 * `ttlMs` (0: nothing is kept). Requests for a key that is already loading wait for that load
 * instead of starting another, so a burst of identical searches costs the database one query.
 * A failed load is not kept.
 */
export class LookupCache<V extends NonNullable<unknown>> {
  private readonly cache: LRUCache<string, V, () => Promise<V>> | null;

  constructor(maxEntries: number, ttlMs: number, now?: () => number) {
    this.cache =
      ttlMs === 0
        ? null
        : new LRUCache<string, V, () => Promise<V>>({
            max: maxEntries,
            ...(Number.isFinite(ttlMs) ? { ttl: ttlMs, ttlResolution: 0 } : {}),
            ...(now ? { perf: { now } } : {}),
            fetchMethod: (_key, _stale, { context }) => context(),
          });
  }

  /** Forgets everything: this process changed what the entries were read from. */
  clear(): void {
    this.cache?.clear();
  }

  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    if (!this.cache) return load();
    return (await this.cache.fetch(key, { context: load })) ?? load();
  }
}
