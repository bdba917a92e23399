import { describe, expect, it } from 'vitest';
import { LookupCache } from './lookup-cache';

describe('LookupCache', () => {
  it('loads a key once, until it expires', async () => {
    let now = 5_000;
    let loads = 0;
    const cache = new LookupCache<number>(10, 1000, () => now);
    const load = async () => ++loads;
    expect(await cache.getOrLoad('a', load)).toBe(1);
    now = 6_000;
    expect(await cache.getOrLoad('a', load)).toBe(1);
    now = 6_001;
    expect(await cache.getOrLoad('a', load)).toBe(2);
  });

  it('forgets the least recently used key when full, and nothing that failed to load', async () => {
    const cache = new LookupCache<string>(2, Number.POSITIVE_INFINITY);
    const loaded: string[] = [];
    const load = (key: string) => async () => {
      loaded.push(key);
      return key;
    };
    await cache.getOrLoad('a', load('a'));
    await cache.getOrLoad('b', load('b'));
    await cache.getOrLoad('a', load('a'));
    await cache.getOrLoad('c', load('c'));
    await cache.getOrLoad('a', load('a'));
    await cache.getOrLoad('b', load('b'));
    expect(loaded).toEqual(['a', 'b', 'c', 'b']);
    await expect(cache.getOrLoad('d', () => Promise.reject(new Error('unknown place')))).rejects.toThrow('unknown place');
    expect(await cache.getOrLoad('d', load('d'))).toBe('d');
  });
});

describe('LookupCache, for a burst and when switched off', () => {
  it('loads a key once for requests that arrive while it is loading', async () => {
    const cache = new LookupCache<{ n: number }>(10, 1000);
    let loads = 0;
    let finish: (value: { n: number }) => void = () => undefined;
    const load = () => {
      loads += 1;
      return new Promise<{ n: number }>((resolve) => (finish = resolve));
    };
    const first = cache.getOrLoad('a', load);
    const second = cache.getOrLoad('a', load);
    finish({ n: 7 });
    expect(await Promise.all([first, second])).toEqual([{ n: 7 }, { n: 7 }]);
    expect(loads).toBe(1);
  });

  it('answers the requests waiting on a load that a clear interrupts, and keeps nothing that load read', async () => {
    const cache = new LookupCache<{ n: number }>(10, 60_000);
    let loads = 0;
    const finishers: ((value: { n: number }) => void)[] = [];
    const load = () => {
      loads += 1;
      return new Promise<{ n: number }>((resolve) => finishers.push(resolve));
    };
    const first = cache.getOrLoad('a', load);
    const second = cache.getOrLoad('a', load);
    // What the load is reading changed: the entry is cleared while the load is in flight.
    cache.clear();
    const afterClear = cache.getOrLoad('a', load);
    expect(loads).toBe(2);
    finishers[0]?.({ n: 1 });
    expect(await Promise.all([first, second])).toEqual([{ n: 1 }, { n: 1 }]);
    finishers[1]?.({ n: 2 });
    expect(await afterClear).toEqual({ n: 2 });
    // The load started after the clear is kept; the one it interrupted never is.
    expect(await cache.getOrLoad('a', load)).toEqual({ n: 2 });
    expect(loads).toBe(2);
  });

  it('never keeps a load that a clear interrupted, even when it finishes last', async () => {
    const cache = new LookupCache<{ n: number }>(10, 60_000);
    const finishers: ((value: { n: number }) => void)[] = [];
    const load = () => new Promise<{ n: number }>((resolve) => finishers.push(resolve));
    const before = cache.getOrLoad('a', load);
    cache.clear();
    const after = cache.getOrLoad('a', load);
    finishers[1]?.({ n: 2 });
    expect(await after).toEqual({ n: 2 });
    finishers[0]?.({ n: 1 });
    expect(await before).toEqual({ n: 1 });
    expect(await cache.getOrLoad('a', () => Promise.resolve({ n: 3 }))).toEqual({ n: 2 });
  });

  it('keeps nothing when its time to live is 0', async () => {
    const cache = new LookupCache<{ n: number }>(10, 0);
    let loads = 0;
    const load = async () => ({ n: ++loads });
    await cache.getOrLoad('a', load);
    expect(await cache.getOrLoad('a', load)).toEqual({ n: 2 });
  });
});
