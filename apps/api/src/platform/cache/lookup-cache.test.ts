import { describe, expect, it } from 'vitest';
import { LookupCache } from './lookup-cache';

describe('LookupCache', () => {
  it('loads a key once, until it expires', async () => {
    let now = 0;
    let loads = 0;
    const cache = new LookupCache<number>(10, 1000, () => now);
    const load = async () => ++loads;
    expect(await cache.getOrLoad('a', load)).toBe(1);
    now = 999;
    expect(await cache.getOrLoad('a', load)).toBe(1);
    now = 1000;
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
