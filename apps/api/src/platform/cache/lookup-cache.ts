import { LRUCache } from 'lru-cache';

/**
 * A small in-process cache for what a search repeats: a place name read through the localities
 * table, a keyword's typo corrections, a page of results. Each API process keeps its own, and
 * losing it costs one query, so nothing depends on it (ARCHITECTURE.md: no state in memory that
 * matters). The least recently used entry goes first when it is full; entries expire after
 * `ttlMs` (0: nothing is kept). Requests for a key that is already loading wait for that load
 * instead of starting another, so a burst of identical searches costs the database one query.
 * A failed load is not kept.
 *
 * Loads in flight are kept here rather than in lru-cache's `fetch`: lru-cache aborts the fetches
 * in flight when the cache is cleared (or an entry evicted), failing every request waiting on
 * them with Error('deleted'), and its `ignoreFetchAbort` would instead store what the
 * interrupted load read. Issue 10: a job posted while board pages loaded failed those requests
 * with a 500.
 */
export class LookupCache<V extends NonNullable<unknown>> {
  private readonly cache: LRUCache<string, V> | null;
  /** Loads in flight since the last clear; a load no longer here must not be stored. */
  private loading = new Map<string, Promise<V>>();

  constructor(maxEntries: number, ttlMs: number, now?: () => number) {
    this.cache =
      ttlMs === 0
        ? null
        : new LRUCache<string, V>({
            max: maxEntries,
            ...(Number.isFinite(ttlMs) ? { ttl: ttlMs, ttlResolution: 0 } : {}),
            ...(now ? { perf: { now } } : {}),
          });
  }

  /**
   * Forgets everything: this process changed what the entries were read from. Requests already
   * waiting on a load still get its answer (they asked before the change), but that answer is not
   * kept, and a request after the clear starts a fresh load.
   */
  clear(): void {
    this.cache?.clear();
    this.loading = new Map();
  }

  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    if (!this.cache) return load();
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const inFlight = this.loading.get(key);
    if (inFlight) return inFlight;

    const loading = this.loading;
    const promise = load();
    loading.set(key, promise);
    try {
      const value = await promise;
      // Still the current generation: no clear happened while it loaded.
      if (loading === this.loading) this.cache.set(key, value);
      return value;
    } finally {
      if (loading.get(key) === promise) loading.delete(key);
    }
  }
}
