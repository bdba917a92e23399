import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { createDatabaseRateLimitStore } from './database-rate-limit-store';
import type { RateLimitStore } from './rate-limit-store';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What every RateLimitStore must do, as tests: the database and Redis stores both run these.
 * Keys are random so that test runs sharing one Redis never meet.
 */
export function describeRateLimitStoreContract(name: string, store: () => RateLimitStore): void {
  describe(`${name}: the RateLimitStore contract`, () => {
    const key = () => `test:${randomUUID()}`;

    it('starts a window with the first increment and counts within it', async () => {
      const k = key();
      const before = Date.now();
      const first = await store().increment(k, 60_000);
      expect(first.count).toBe(1);
      expect(first.resetAt.getTime()).toBeGreaterThanOrEqual(before + 59_000);
      expect(first.resetAt.getTime()).toBeLessThanOrEqual(Date.now() + 61_000);
      const second = await store().increment(k, 60_000);
      expect(second.count).toBe(2);
      // The window is fixed: later increments do not push its end back.
      expect(Math.abs(second.resetAt.getTime() - first.resetAt.getTime())).toBeLessThan(1_000);
    });

    it('starts again from 1 once the window has ended', async () => {
      const k = key();
      await store().increment(k, 300);
      await store().increment(k, 300);
      await sleep(400);
      expect(await store().get(k)).toBeNull();
      const fresh = await store().increment(k, 60_000);
      expect(fresh.count).toBe(1);
      expect(fresh.resetAt.getTime()).toBeGreaterThan(Date.now() + 59_000);
    });

    it('reads a counter without counting', async () => {
      const k = key();
      expect(await store().get(k)).toBeNull();
      const counted = await store().increment(k, 60_000);
      const read = await store().get(k);
      expect(read?.count).toBe(1);
      expect(Math.abs((read?.resetAt.getTime() ?? 0) - counted.resetAt.getTime())).toBeLessThan(1_000);
      expect((await store().get(k))?.count).toBe(1);
    });

    it('resets a counter, and keeps keys apart', async () => {
      const [a, b] = [key(), key()];
      await store().increment(a, 60_000);
      await store().increment(a, 60_000);
      await store().increment(b, 60_000);
      await store().reset(a);
      expect(await store().get(a)).toBeNull();
      expect((await store().get(b))?.count).toBe(1);
      expect((await store().increment(a, 60_000)).count).toBe(1);
    });

    it('never loses a count when increments arrive together', async () => {
      const k = key();
      const results = await Promise.all(Array.from({ length: 10 }, () => store().increment(k, 60_000)));
      expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect((await store().get(k))?.count).toBe(10);
    });
  });
}

/** A database of the test file's own with a database store on it, both closed after the file's tests. */
export function useDatabaseRateLimitStore(): { database: () => TestDatabase; store: () => RateLimitStore } {
  let database: TestDatabase | undefined;
  let store: RateLimitStore | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    store = createDatabaseRateLimitStore(database);
  });
  afterAll(async () => {
    await store?.close();
    await database?.dispose();
  });
  return {
    database: () => database ?? expectSetUp(),
    store: () => store ?? expectSetUp(),
  };
}

function expectSetUp(): never {
  throw new Error('useDatabaseRateLimitStore: used before its beforeAll ran');
}
