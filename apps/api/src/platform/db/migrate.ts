import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { migrationsDir } from '../paths';
import type { Database, Db } from './client';
import { schema } from './schema';

/**
 * Key of the session-level advisory lock taken while migrating. Several API processes may
 * start together against one server; the first migrates, the others wait and then find
 * nothing left to do. Any constant works as long as nothing else uses it.
 */
const migrationLockKey = 7_146_331_902;

/**
 * Applies the committed SQL migrations in apps/api/drizzle that have not run yet. Tests of a data
 * migration pass a folder holding only the migrations before it, to fill in data of the old shape.
 */
export async function migrateDatabase(database: Database, { migrationsFolder = migrationsDir }: { migrationsFolder?: string } = {}): Promise<void> {
  if (database.client instanceof PGlite) {
    // PGlite is a single connection owned by this process: nothing to race with.
    await migratePglite(drizzlePglite(database.client), { migrationsFolder });
    return;
  }
  // node-postgres loads only on a PostgreSQL server (client.ts).
  const [{ drizzle: drizzleNodePostgres }, { migrate: migrateNodePostgres }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  await holdingMigrationLock(database.client, (client) => migrateNodePostgres(drizzleNodePostgres(client), { migrationsFolder }));
}

/**
 * Runs `work` while holding the migration lock, on the very connection that holds it (the lock is
 * per connection): what every process does to the schema or its reference data at start-up, so
 * that processes starting together on one server take turns (issue 27: a second process loading
 * the reference data at the same time crashed on the first one's rows). On PGlite, at once.
 */
export async function withMigrationLock<T>(database: Database, work: (db: Db) => Promise<T>): Promise<T> {
  if (database.client instanceof PGlite) return work(database.db);
  const { drizzle: drizzleNodePostgres } = await import('drizzle-orm/node-postgres');
  return holdingMigrationLock(database.client, (client) => {
    const db: Db = drizzleNodePostgres(client, { schema });
    return work(db);
  });
}

async function holdingMigrationLock<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    try {
      return await work(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [migrationLockKey]);
    }
  } finally {
    client.release();
  }
}
