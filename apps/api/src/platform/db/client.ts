import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type Assume } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { openPgliteDataFolder, type PgliteDataFolder } from './pglite-data-folder';
import { extensionsLoadOnDemand } from './pglite-extension-loading';
import { failOnPgliteTrap } from './pglite-trap-guard';
import { guardPgliteTransactions } from './pglite-transaction-guard';
import { schema, type Schema } from './schema';

/**
 * What `db.execute(sql...)` resolves to on both drivers: node-postgres' QueryResult and
 * PGlite's Results both carry `rows`, which is all that driver-neutral code may rely on.
 */
export interface DbQueryResult<Row> {
  rows: Row[];
}

export interface DbQueryResultHKT extends PgQueryResultHKT {
  type: DbQueryResult<Assume<this['row'], Record<string, unknown>>>;
}

/**
 * The one database type that features write their queries against. Both drivers' databases
 * are PgDatabase subclasses that differ only in the raw result type of `execute`, so a query
 * written once runs on PGlite and on a PostgreSQL server alike.
 */
export type Db = PgDatabase<DbQueryResultHKT, Schema>;

/** The `tx` handed to `db.transaction(async (tx) => ...)`. */
export type DbTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Either a database or an open transaction: what repositories accept. */
export type DbExecutor = Db | DbTransaction;

/** An open database. */
export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /**
   * The raw client, for what drizzle does not cover (the migration lock, LISTEN/NOTIFY on
   * PostgreSQL): a PGlite instance or a `pg` Pool, told apart with `instanceof`.
   */
  client: PGlite | pg.Pool;
  /** Throws when the database cannot answer (for /api/health). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL server; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files (in `<dataDir>/pglite`); absent means in memory. */
  dataDir?: string | undefined;
  /** Start PGlite from this dump of a data directory (`dumpDataDir`): tests use a migrated copy. */
  pgliteSnapshot?: Blob | undefined;
  /** Where a notice goes (taking over a stale lock on the data folder); standard error by default. */
  log?: ((message: string) => void) | undefined;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir, options.pgliteSnapshot, options.log ?? ((message) => process.stderr.write(`${message}\n`)));
}

/**
 * No parallel query on the API's connections. Each request is one of many running at once, so
 * the cores are already busy with other requests: parallel workers only add their start-up time
 * (on the 2-core benchmark machine they doubled the job board's slower queries) and take cores
 * from the requests next in line.
 */
const API_SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0';

/**
 * node-postgres loads only when a PostgreSQL server is configured: the default start runs on
 * PGlite, and pg with its drizzle driver is about 14 MB resident (issue 33).
 */
async function openPostgres(databaseUrl: string): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzleNodePostgres }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
  const pool = new pg.Pool({ connectionString: databaseUrl, options: API_SESSION_OPTIONS });
  // An idle client that loses its connection emits 'error' on the pool; without a listener
  // that would crash the process instead of the next query simply reconnecting.
  pool.on('error', () => undefined);
  const db: Db = drizzleNodePostgres(pool, { schema });
  const database: Database = {
    db,
    driver: 'postgres',
    client: pool,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: closeOnce(() => pool.end()),
  };
  try {
    await database.ping();
  } catch (error) {
    await pool.end();
    throw error;
  }
  return database;
}

/**
 * PGlite's PostgreSQL settings beyond its own defaults. Its shared buffers (128 MB by default) are
 * set up in its WebAssembly memory at start, all of it resident: 16 MB holds the whole demo site
 * and the pages a search or the board reads, and PGlite's files are still cached by the system
 * (measured, issue 33: a PGlite process opening a data folder, 382 MB resident with 128 MB,
 * 260 MB with 32 MB; the default start 18 MB less again with 16 MB, and bench:jobs-mix at 20,000
 * open jobs on PGlite read no page from outside the buffers and ran as fast). Building an index (migrations, the demo seed) may use 32 MB rather than
 * 64 MB: WebAssembly memory, once grown, is never given back.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=32MB'];

async function openPglite(dataDir: string | undefined, snapshot: Blob | undefined, log: (message: string) => void): Promise<Database> {
  let storage: string | undefined;
  let folder: PgliteDataFolder | undefined;
  if (dataDir) {
    storage = path.join(dataDir, 'pglite');
    // One process at a time on the folder, and a damaged one stops start-up with what to do (issue 27).
    folder = openPgliteDataFolder(storage, log);
  }
  // Options go in the one-argument form: `new PGlite(undefined, options)` ignores the options,
  // and the extensions then fail with 'extension "cube" is not available'. The extensions load
  // one at a time, when first used: preloaded in parallel, all but one could be left half
  // initialised (pglite-extension-loading.ts).
  const client = new PGlite({
    dataDir: storage,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    extensions: { cube, earthdistance, pg_trgm, extensionsLoadOnDemand },
    ...(snapshot ? { loadDataDir: snapshot } : {}),
    ...folder?.pgliteOptions,
  });
if (folder) {
    await folder.open(client);
  } else {
    await client.waitReady;
    failOnPgliteTrap(client);
  }
  guardPgliteTransactions(client);
  const db: Db = drizzlePglite(client, { schema });
  return {
    db,
    driver: 'pglite',
    client,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: closeOnce(() => client.close().finally(() => folder?.release())),
  };
}

/** Closing twice is harmless (a health check may close a broken database, then shutdown closes it again). */
function closeOnce(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}
