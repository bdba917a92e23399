import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from './client';
import { migrateDatabase } from './migrate';
import { loadReferenceData } from './reference-data';

export type TestDatabase = Database & { dispose(): Promise<void> };

export interface TestDatabaseOptions {
  /** Load localities and NDIS support items (about a second on PGlite). */
  referenceData?: boolean;
}

/**
 * A fresh, migrated database for one test file. With TEST_DB=postgres it is a new database
 * on the server named by TEST_DATABASE_URL, dropped again by dispose(); otherwise an
 * in-memory PGlite. Either way no test sees another's rows.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const { database, drop } =
    process.env.TEST_DB === 'postgres' ? await createServerDatabase() : await createPgliteDatabase();
  try {
    await migrateDatabase(database);
    if (options.referenceData) await loadReferenceData(database.db);
  } catch (error) {
    await database.close();
    await drop();
    throw error;
  }
  return Object.assign(database, {
    dispose: async () => {
      try {
        await database.close();
      } finally {
        await drop();
      }
    },
  });
}

async function createPgliteDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  return { database: await openDatabase({}), drop: async () => undefined };
}

async function createServerDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (postgres://user@host:port/db)');
  const name = `tendly_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = () =>
    withAdminClient(serverUrl, async (admin) => {
      // A connection left open by a failed test would otherwise block the drop.
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    });
  try {
    return { database: await openDatabase({ databaseUrl: url.toString() }), drop };
  } catch (error) {
    await drop();
    throw error;
  }
}

async function withAdminClient<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
