import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase, type Database } from './client';
import { migrateDatabase } from './migrate';
import { loadReferenceData, toCents } from './reference-data';
import { localities, ndisSupportItems } from './schema/reference';
import { createTestDatabase, type TestDatabase } from './test-database';

describe('loadReferenceData', () => {
  let database: TestDatabase;
  let first: Awaited<ReturnType<typeof loadReferenceData>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    first = await loadReferenceData(database);
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('loads about 18.5k localities and the 74 support items', async () => {
    expect(first.loaded).toBe(true);
    expect(first.localities).toBeGreaterThan(18_400);
    expect(first.localities).toBeLessThanOrEqual(18_545);
    expect(first.supportItems).toBe(74);
    const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(localities);
    expect(row?.n).toBe(first.localities);
  });

  it('writes suburbs in title case with their coordinates and MMM class', async () => {
    const rows = await database.db
      .select()
      .from(localities)
      .where(and(eq(localities.suburb, 'Bondi Junction'), eq(localities.postcode, '2022')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'NSW', mmmClass: 1 });
    expect(rows[0]?.latitude).toBeCloseTo(-33.89, 1);
    const [zero] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(localities)
      .where(sql`${localities.latitude} = 0 or ${localities.longitude} = 0`);
    expect(zero?.n).toBe(0);
  });

  it('stores prices in exact cents, by edition', async () => {
    const rows = await database.db
      .select()
      .from(ndisSupportItems)
      .where(eq(ndisSupportItems.number, '01_011_0107_1_1'));
    const byEdition = new Map(rows.map((r) => [r.edition, r]));
    expect(byEdition.get('2025-26')).toMatchObject({
      priceNationalCents: 7023,
      priceRemoteCents: 9832,
      priceVeryRemoteCents: 10535,
      effectiveFrom: '2025-07-01',
    });
    expect(byEdition.get('2026-27')).toMatchObject({
      priceNationalCents: 7358,
      priceRemoteCents: null,
      effectiveFrom: '2026-07-01',
    });
  });

  it('leaves loaded tables alone on the next start', async () => {
    const again = await loadReferenceData(database);
    expect(again).toEqual({ localities: first.localities, supportItems: 74, loaded: false });
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two processes starting together on an empty PostgreSQL database (PGlite: one process owns its data, nothing races)', { tags: ['drivers'] }, () => {
  let empty: TestDatabase;
  let second: Database | undefined;
  beforeAll(async () => {
    empty = await createTestDatabase({ migrated: false });
  });
  afterAll(async () => {
    await second?.close();
    await empty?.dispose();
  });

  it('both migrate and load the reference data: one loads it, the other finds it loaded', async () => {
    if (!(empty.client instanceof pg.Pool) || !empty.client.options.connectionString) throw new Error('expected a PostgreSQL pool');
    // A pool of its own, as a second API process has.
    second = await openDatabase({ databaseUrl: empty.client.options.connectionString });
    const start = async (database: Database) => {
      await migrateDatabase(database);
      return loadReferenceData(database);
    };
    const results = await Promise.all([start(empty), start(second)]);
    expect(results.map((result) => result.loaded).sort()).toEqual([false, true]);
    expect(results[0]?.localities).toBe(results[1]?.localities);
    const [row] = await empty.db.select({ n: sql<number>`count(*)::int` }).from(localities);
    expect(row?.n).toBe(results[0]?.localities);
  });
});

describe('toCents', () => {
  it('converts without floating point drift', () => {
    expect(toCents(70.23)).toBe(7023);
    expect(toCents(0.29)).toBe(29);
    expect(toCents(1.005 * 100)).toBe(10050);
    expect(toCents(null)).toBeNull();
  });
  it('refuses fractions of a cent', () => {
    expect(() => toCents(1.234)).toThrow();
  });
});
