import { describe, expect, it } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('loads on first use only, and shares the one load between uses at once', async () => {
    let loads = 0;
    const load = loadOnce(async () => ++loads);
    expect(loads).toBe(0);
    await expect(Promise.all([load(), load()])).resolves.toEqual([1, 1]);
    await expect(load()).resolves.toBe(1);
    expect(loads).toBe(1);
  });

  it('forgets a failed load, so the next use tries again', async () => {
    let loads = 0;
    const load = loadOnce(async () => {
      loads += 1;
      if (loads === 1) throw new Error('not installed');
      return 'loaded';
    });
    await expect(load()).rejects.toThrow('not installed');
    await expect(load()).resolves.toBe('loaded');
    expect(loads).toBe(2);
  });
});
