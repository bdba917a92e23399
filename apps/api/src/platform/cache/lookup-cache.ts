/**
 * A small in-process cache for lookups a search repeats: a place name read through the
 * localities table, a keyword's typo corrections. Each API process keeps its own, and losing it
 * costs one query, so nothing depends on it (ARCHITECTURE.md: no state in memory that matters).
 * The least recently used entry goes first when it is full; entries expire after `ttlMs`.
 */
export class LookupCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > this.now()) {
      // Map keeps insertion order: re-inserting marks the entry as the most recently used.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value;
    }
    const value = await load();
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    return value;
  }
}
