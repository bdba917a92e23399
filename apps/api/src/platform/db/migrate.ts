import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsDir } from '../paths';
import type { Database } from './client';

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
  // The lock is per connection, so the migration runs on the very client that holds it.
  const client = await database.client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    try {
      await migrateNodePostgres(drizzleNodePostgres(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [migrationLockKey]);
    }
  } finally {
    client.release();
  }
}
