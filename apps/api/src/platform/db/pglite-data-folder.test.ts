import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DataDirDamagedError, damageFromOpenFailure } from './data-dir-check';
import { LOCK_FILE_NAME } from './data-dir-lock';
import { createPgliteDataDir } from './test-database';

/**
 * Issue 27, section 2: a damaged PGlite data folder stops start-up with a message naming the
 * folder and what to do, where PGlite failed with "Aborted()", opened and failed later, or (with
 * PG_VERSION gone) wrote a new, empty database over the old one.
 */
const root = mkdtempSync(path.join(os.tmpdir(), 'tendly-data-folder-'));
const prepared = path.join(root, 'prepared');
/** Files of the prepared folder, relative to its pglite folder. */
const files = { probeTable: '', pgClass: '', pgAttribute: '' };
let caseNumber = 0;

beforeAll(async () => {
  if (process.env.TEST_DB === 'postgres') return;
  const database = await createPgliteDataDir(prepared);
  try {
    // A table with rows and a btree index, whose file the tests empty.
    await database.db.execute(sql`create table damage_probe (id int primary key, note text)`);
    await database.db.execute(sql`insert into damage_probe select n, 'row ' || n from generate_series(1, 2000) n`);
    const { rows } = await database.db.execute<{ probe: string; class: string; attribute: string }>(
      sql`select pg_relation_filepath('damage_probe') as probe, pg_relation_filepath('pg_class') as class, pg_relation_filepath('pg_attribute') as attribute`,
    );
    files.probeTable = rows[0]!.probe;
    files.pgClass = rows[0]!.class;
    files.pgAttribute = rows[0]!.attribute;
  } finally {
    await database.close();
  }
}, 120_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

/**
 * A copy of the prepared folder, damaged by `damage` (given the path of its pglite folder), for
 * damage PGlite opens the folder on (which may write to it before it fails).
 */
function damagedCopy(damage: (pglite: string) => void): string {
  caseNumber += 1;
  const dataDir = path.join(root, `case-${caseNumber}`);
  cpSync(prepared, dataDir, { recursive: true });
  damage(path.join(dataDir, 'pglite'));
  return dataDir;
}

/**
 * The prepared folder itself with `file` (relative to its pglite folder) damaged while `check`
 * runs, then put back: for damage found before PGlite opens anything (copying the folder costs
 * more than the check).
 */
async function withDamagedFile(file: string, damage: (file: string) => void, check: (dataDir: string) => Promise<void>): Promise<void> {
  const whole = path.join(prepared, 'pglite', file);
  const bytes = readFileSync(whole);
  damage(whole);
  try {
    await check(prepared);
  } finally {
    writeFileSync(whole, bytes);
  }
}

const halve = (file: string) => truncateSync(file, Math.floor(statSync(file).size / 2 / 8192) * 8192);

async function openingFails(dataDir: string): Promise<string> {
  const failure = await openDatabase({ dataDir }).then(
    async (database) => {
      await database.close();
      return undefined;
    },
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(DataDirDamagedError);
  const message = (failure as DataDirDamagedError).message;
  const folder = path.join(dataDir, 'pglite');
  expect(message).toMatch(new RegExp(`^The embedded database in ${folder} is damaged, so the server cannot start on it: `));
  expect(message).toContain(`Restore ${folder} from a backup`);
  expect(message).toContain(`move it aside (e.g. mv ${folder} ${folder}.damaged) to start afresh`);
  expect(message).not.toMatch(/Aborted\(\)|failed to initialize properly/);
  // The folder is not left locked: once mended, it opens.
  expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  return message;
}

// Only PGlite has a data folder.
describe.skipIf(process.env.TEST_DB === 'postgres')('opening a PGlite data folder', () => {
  it('opens a whole folder, locked while open and released when closed', async () => {
    const dataDir = prepared;
    const database = await openDatabase({ dataDir });
    try {
      expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(true);
      const { rows } = await database.db.execute<{ count: number }>(sql`select count(*)::int as count from damage_probe`);
      expect(rows).toEqual([{ count: 2000 }]);
    } finally {
      await database.close();
    }
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });

  it('opens a folder holding the temporary files folder (base/pgsql_tmp) a large sort leaves, which is no database', async () => {
    const temporary = path.join(prepared, 'pglite', 'base', 'pgsql_tmp');
    mkdirSync(temporary);
    writeFileSync(path.join(temporary, 'pgsql_tmp42.0'), Buffer.alloc(1000));
    try {
      const database = await openDatabase({ dataDir: prepared });
      try {
        const { rows } = await database.db.execute<{ count: number }>(sql`select count(*)::int as count from damage_probe`);
        expect(rows).toEqual([{ count: 2000 }]);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(temporary, { recursive: true, force: true });
    }
  });

  it('refuses a folder without PG_VERSION, which PGlite took for a new one and wrote an empty database over', async () => {
    await withDamagedFile('PG_VERSION', unlinkSync, async (dataDir) => {
      expect(await openingFails(dataDir)).toContain('PG_VERSION is missing');
      expect(existsSync(path.join(dataDir, 'pglite', files.probeTable))).toBe(true);
    });
  });

  it('refuses a pg_control cut short (PGlite: "Aborted()")', async () => {
    await withDamagedFile(path.join('global', 'pg_control'), (file) => truncateSync(file, 100), async (dataDir) => {
      expect(await openingFails(dataDir)).toContain('global/pg_control has 100 bytes where it always has 8192');
    });
  });

  it('refuses a relation file cut in the middle of a page', async () => {
    await withDamagedFile(files.probeTable, (file) => truncateSync(file, 1000), async (dataDir) => {
      expect(await openingFails(dataDir)).toContain(`the relation file ${files.probeTable} is cut short (1000 bytes, not a whole number of 8192-byte pages)`);
    });
  });

  it('refuses an emptied commit log (PGlite: "failed to initialize properly")', async () => {
    await withDamagedFile(path.join('pg_xact', '0000'), (file) => truncateSync(file, 0), async (dataDir) => {
      expect(await openingFails(dataDir)).toContain('the transaction status file pg_xact/0000 is cut short (0 bytes');
    });
  });

  it("refuses an emptied pg_class with PostgreSQL's reason (PGlite: \"Aborted()\")", async () => {
    const dataDir = damagedCopy((pglite) => truncateSync(path.join(pglite, files.pgClass), 0));
    expect(await openingFails(dataDir)).toMatch(/PGlite could not open it \(PANIC: could not open critical system index \d+\)/);
  });

  it('refuses a write-ahead log segment cut short', async () => {
    // The first segment: the one the last checkpoint is in (PostgreSQL cannot start without it).
    const dataDir = damagedCopy((pglite) => {
      const segment = readdirSync(path.join(pglite, 'pg_wal')).filter((name) => /^[0-9A-F]{24}$/.test(name)).sort()[0]!;
      halve(path.join(pglite, 'pg_wal', segment));
    });
    expect(await openingFails(dataDir)).toMatch(/PANIC: could not locate a valid checkpoint record|pg_wal\/[0-9A-F]{24} has \d+ bytes where it should have/);
  });

  it('refuses a catalog cut at a page boundary, which PGlite opened with columns missing', async () => {
    const dataDir = damagedCopy((pglite) => halve(path.join(pglite, files.pgAttribute)));
    expect(await openingFails(dataDir)).toMatch(/its catalog is incomplete: columns are missing from|reading its catalog failed \(could not read blocks/);
  });

  it('refuses a table whose file was emptied, which PGlite opened as an empty table', async () => {
    const dataDir = damagedCopy((pglite) => truncateSync(path.join(pglite, files.probeTable), 0));
    expect(await openingFails(dataDir)).toContain(`the file ${files.probeTable} is empty though its index damage_probe_pkey lists rows: it was emptied`);
  });

  it('does not blame the folder for a failure that is not damage', () => {
    const noMemory = new RangeError('WebAssembly.Memory(): could not allocate memory');
    expect(damageFromOpenFailure('/data/pglite', noMemory, undefined)).toBeUndefined();
    expect(damageFromOpenFailure('/data/pglite', new Error('Aborted(). Build with -sASSERTIONS for more info.'), undefined)).toBeInstanceOf(DataDirDamagedError);
  });
});
