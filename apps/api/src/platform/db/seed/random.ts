/**
 * A small seeded pseudo-random generator (mulberry32) so that the demo data is the same on
 * every machine and every run: tests and screenshots can rely on it.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  between(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight; `weights` pairs each item with a positive weight. */
  weighted<T>(weights: readonly (readonly [T, number])[]): T;
  /** `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[];
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new RangeError('Cannot pick from an empty list');
    return item;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    between: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick,
    weighted: <T>(weights: readonly (readonly [T, number])[]): T => {
      const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [item, weight] of weights) {
        roll -= weight;
        if (roll < 0) return item;
      }
      return pick(weights)[0];
    },
    sample: <T>(items: readonly T[], count: number): T[] => {
      const pool = [...items];
      // Partial Fisher–Yates: the first `count` places are a uniform sample.
      const n = Math.min(count, pool.length);
      for (let i = 0; i < n; i++) {
        const j = i + Math.floor(next() * (pool.length - i));
        const a = pool[i] as T;
        pool[i] = pool[j] as T;
        pool[j] = a;
      }
      return pool.slice(0, n);
    },
  };
}
