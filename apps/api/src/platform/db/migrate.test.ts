import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../paths';
import { migrateDatabase } from './migrate';

/** Every committed migration, from drizzle-kit's journal. */
const committedMigrations = (
  JSON.parse(readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;
import { createTestDatabase, type TestDatabase } from './test-database';

describe('migrateDatabase', { tags: ['drivers'] }, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    // Other tests start from a copy of a migrated database; this one proves the migrations themselves.
    database = await createTestDatabase({ migrated: false });
    await migrateDatabase(database);
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('creates the tables and the extensions on an empty database', async () => {
    const tables = await database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const names = tables.rows.map((row) => row.table_name);
    expect(names).toEqual(
      expect.arrayContaining([
        'users',
        'sessions',
        'verification_codes',
        'password_resets',
        'support_coordinator_links',
        'worker_profiles',
        'localities',
        'ndis_support_items',
      ]),
    );
    const extensions = await database.db.execute<{ extname: string }>(sql`select extname from pg_extension`);
    expect(extensions.rows.map((row) => row.extname)).toEqual(
      expect.arrayContaining(['cube', 'earthdistance', 'pg_trgm']),
    );
    const indexes = await database.db.execute<{ indexname: string }>(
      sql`select indexname from pg_indexes where tablename = 'worker_profiles'`,
    );
    expect(indexes.rows.map((row) => row.indexname)).toEqual(
      expect.arrayContaining(['worker_profiles_earth_idx', 'worker_profiles_text_trgm_idx']),
    );
  });

  it('does nothing on a second run', async () => {
    await migrateDatabase(database);
    const applied = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    await migrateDatabase(database);
    const again = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(again.rows[0]?.n).toBe(applied.rows[0]?.n);
    expect(applied.rows[0]?.n).toBe(committedMigrations);
  });

  it('lets several processes migrate one server at once', async () => {
    if (database.driver !== 'postgres') return;
    await Promise.all([migrateDatabase(database), migrateDatabase(database), migrateDatabase(database)]);
    const applied = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied.rows[0]?.n).toBe(committedMigrations);
  });

  it('answers ping', async () => {
    await expect(database.ping()).resolves.toBeUndefined();
  });
});
