import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { todayInAustralia } from '@tendly/domain/validation/compliance-documents';
import { createTestDatabase } from './db/test-database';
import { installTestClock } from './test-clock';

const JUST_BEFORE_MIDNIGHT_IN_SYDNEY = new Date('2026-12-06T23:59:30+11:00');

describe('installTestClock (TEST_CLOCK)', () => {
  let uninstall: (() => void) | null = null;
  afterEach(() => {
    uninstall?.();
    uninstall = null;
  });

  it('reads the instant it was given and runs on in real time', async () => {
    const realDate = Date;
    uninstall = installTestClock(JUST_BEFORE_MIDNIGHT_IN_SYDNEY);
    const first = Date.now();
    expect(first - JUST_BEFORE_MIDNIGHT_IN_SYDNEY.getTime()).toBeGreaterThanOrEqual(0);
    expect(first - JUST_BEFORE_MIDNIGHT_IN_SYDNEY.getTime()).toBeLessThan(1000);
    expect(new Date().getTime() - first).toBeLessThan(1000);
    expect(Date()).toContain('2026');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(Date.now() - first).toBeGreaterThanOrEqual(45);
    // Dates built from a value, made before the clock, or by a class that extends Date are all still dates.
    expect(new Date(0).toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(new realDate(0)).toBeInstanceOf(Date);
    expect(new (class ZonedDate extends Date {})(Date.now())).toBeInstanceOf(Date);
    expect(todayInAustralia()).toBe('2026-12-06');
    uninstall();
    uninstall = null;
    expect(Date).toBe(realDate);
    expect(Math.abs(Date.now() - performance.timeOrigin - performance.now())).toBeLessThan(1000);
  });

  it('can count from an earlier real instant, e.g. the process start, as the server does', () => {
    uninstall = installTestClock(JUST_BEFORE_MIDNIGHT_IN_SYDNEY, Date.now() - 60_000);
    const sinceStart = Date.now() - JUST_BEFORE_MIDNIGHT_IN_SYDNEY.getTime();
    expect(sinceStart).toBeGreaterThanOrEqual(60_000);
    expect(sinceStart).toBeLessThan(61_000);
    expect(todayInAustralia()).toBe('2026-12-07');
  });

  // A PostgreSQL server keeps its own clock, which is why TEST_CLOCK is refused with DATABASE_URL.
  it.skipIf(process.env.TEST_DB === 'postgres')('moves the embedded database’s now() with it, so the server never mixes two clocks', async () => {
    const database = await createTestDatabase();
    try {
      uninstall = installTestClock(JUST_BEFORE_MIDNIGHT_IN_SYDNEY);
      const result = await database.db.execute(sql`select extract(epoch from now())::float8 * 1000 as "nowMs", (now() at time zone 'Australia/Sydney')::date::text as today`);
      const row = result.rows[0] as { nowMs: number; today: string };
      expect(Math.abs(row.nowMs - Date.now())).toBeLessThan(5000);
      expect(row.today).toBe('2026-12-06');
    } finally {
      await database.dispose();
    }
  });
});
