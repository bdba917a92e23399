import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';
import { createDatabaseRateLimitStore } from '../../platform/rate-limit/database-rate-limit-store';
import type { RateLimitStore } from '../../platform/rate-limit/rate-limit-store';
import { createRedisRateLimitStore } from '../../platform/rate-limit/redis-rate-limit-store';
import {
  clearFailedSignIns,
  recordFailedSignIn,
  recordSuccessfulSignIn,
  signInAllowance,
  signInDelayMs,
  SIGN_IN_FAILURES_PER_ACCOUNT,
} from './auth-limits';
import { randomIp, uniqueEmail } from './test-factories';

describe('signInDelayMs', () => {
  it('is nothing for the first 9 failures, then 1 s doubling up to a minute', () => {
    expect([1, 9].map(signInDelayMs)).toEqual([0, 0]);
    expect([10, 11, 12, 13, 14, 15, 16, 17, 49].map(signInDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000,
    ]);
  });
});

/** The sign-in locks, as they must behave on every store (the database's, and Redis when TEST_REDIS_URL is set). */
function describeSignInLocks(name: string, store: () => RateLimitStore): void {
  describe(`sign-in locks on ${name}`, () => {
    const failFrom = async (email: string, ips: string[]) => {
      for (const ip of ips) await recordFailedSignIn(store(), email, ip);
    };
    const addresses = (n: number) => Array.from({ length: n }, () => randomIp());

    it('locks one address out of one account after 5 failures, and no other address', async () => {
      const email = uniqueEmail();
      const [guesser = '', owner = ''] = addresses(2);
      await failFrom(email, Array(4).fill(guesser));
      expect((await signInAllowance(store(), email, guesser)).allowed).toBe(true);
      await failFrom(email, [guesser]);
      const locked = await signInAllowance(store(), email, guesser);
      expect(locked.allowed).toBe(false);
      expect(locked.retryAfterSeconds).toBeGreaterThan(14 * 60);
      expect(await signInAllowance(store(), email, owner)).toEqual({ allowed: true, retryAfterSeconds: 0 });
      // Another account from the same address is not affected either.
      expect((await signInAllowance(store(), uniqueEmail(), guesser)).allowed).toBe(true);
    });

    it('makes unfamiliar addresses wait longer after each failure from the 10th, across addresses', async () => {
      const email = uniqueEmail();
      await failFrom(email, addresses(9));
      expect((await signInAllowance(store(), email, randomIp())).allowed).toBe(true);
      await failFrom(email, addresses(1));
      expect((await signInAllowance(store(), email, randomIp())).allowed).toBe(false);
      // (Waits of a second or more from here, so a slow machine cannot outlast one between two steps.)
      const waits: number[] = [];
      for (let n = 11; n <= 14; n++) {
        await failFrom(email, addresses(1));
        const decision = await signInAllowance(store(), email, randomIp());
        expect(decision.allowed).toBe(false);
        waits.push(decision.retryAfterSeconds);
      }
      // Whole seconds left, counted from the failure: a slow step may have used one up.
      [2, 4, 8, 16].forEach((expected, i) => {
        expect(waits[i]).toBeGreaterThanOrEqual(Math.max(1, expected - 1));
        expect(waits[i]).toBeLessThanOrEqual(expected);
      });
    });

    it('locks every unfamiliar address out of an account with 50 failures until the window ends', async () => {
      const email = uniqueEmail();
      await failFrom(email, addresses(SIGN_IN_FAILURES_PER_ACCOUNT));
      const decision = await signInAllowance(store(), email, randomIp());
      expect(decision.allowed).toBe(false);
      // The lock's 15 minutes, not the slowdown's minute.
      expect(decision.retryAfterSeconds).toBeGreaterThan(14 * 60);
    });

    it('lets the owner in from an address they signed in from, whatever happens elsewhere', async () => {
      const email = uniqueEmail();
      const home = randomIp();
      await recordSuccessfulSignIn(store(), email, home);
      await failFrom(email, addresses(SIGN_IN_FAILURES_PER_ACCOUNT));
      expect(await signInAllowance(store(), email, home)).toEqual({ allowed: true, retryAfterSeconds: 0 });
      // ...but a familiar address has its own limit like any other.
      await failFrom(email, Array(5).fill(home));
      expect((await signInAllowance(store(), email, home)).allowed).toBe(false);
    });

    it('forgets the address\'s failures after a right password, and everything after a password reset', async () => {
      const email = uniqueEmail();
      const [home = '', elsewhere = ''] = addresses(2);
      await failFrom(email, Array(4).fill(home));
      await recordSuccessfulSignIn(store(), email, home);
      await failFrom(email, Array(4).fill(home));
      expect((await signInAllowance(store(), email, home)).allowed).toBe(true);

      await failFrom(email, addresses(SIGN_IN_FAILURES_PER_ACCOUNT));
      expect((await signInAllowance(store(), email, elsewhere)).allowed).toBe(false);
      await clearFailedSignIns(store(), email, randomIp());
      expect((await signInAllowance(store(), email, elsewhere)).allowed).toBe(true);
    });
  });
}

let database: TestDatabase;
let databaseStore: RateLimitStore;

beforeAll(async () => {
  database = await createTestDatabase();
  databaseStore = createDatabaseRateLimitStore(database);
});
afterAll(async () => {
  await databaseStore?.close();
  await database?.dispose();
});

describeSignInLocks('the database store', () => databaseStore);

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('with Redis', () => {
  let redisStore: RateLimitStore;
  beforeAll(async () => {
    redisStore = await createRedisRateLimitStore(redisUrl ?? '');
  });
  afterAll(async () => {
    await redisStore?.close();
  });
  describeSignInLocks('the Redis store', () => redisStore);
});
