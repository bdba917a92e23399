import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import { systemErrorCode } from '../system-error-code';

/**
 * A damaged PGlite data folder stops start-up with a message naming the folder and what to do
 * (issue 27, section 2), where PGlite would otherwise fail with a bare "Aborted()" from the
 * WebAssembly, or open and fail later, or (with PG_VERSION missing) take the folder for a new
 * one and write an empty database over it. What PGlite 0.5 does with each kind of damage:
 *
 * - pg_control empty, cut short or missing; a WAL segment emptied, cut or missing: PostgreSQL
 *   PANICs and the WebAssembly aborts ("Aborted()");
 * - pg_xact emptied, a pg_filenode.map emptied, the database's folder (base/5) missing, a catalog
 *   index emptied, a PG_VERSION naming another version: "PGlite failed to initialize properly";
 * - a catalog emptied (pg_type, pg_proc): "could not read blocks" while opening;
 * - a catalog cut short at a page boundary (pg_class, pg_attribute): it opens, with tables or
 *   columns missing, and queries fail later or answer wrong;
 * - a table's file emptied: it opens, and the table is silently empty.
 *
 * So the folder is checked three times: its files before PGlite opens it (whole pages, the files
 * PostgreSQL cannot start without), any failure while opening (with PostgreSQL's own last words
 * from its log), and the catalog right after (each relation's file against what the catalog
 * records, and the catalogs against each other). Together they add about 0.1 to 0.3 s of CPU to
 * a warm start (measured on the busy 2-core development machine; the catalog query is most of it).
 */

/** PostgreSQL's page size, as PGlite is built (the catalog check confirms it). */
const BLOCK_SIZE = 8192;
/** PG_CONTROL_FILE_SIZE: pg_control is always written whole, though only its start is read. */
const CONTROL_FILE_SIZE = 8192;
/** RELMAPPER_FILESIZE (PostgreSQL 16 and later). */
const RELATION_MAP_SIZE = 524;

export class DataDirDamagedError extends Error {
  constructor(
    readonly folder: string,
    readonly problem: string,
    options?: { cause?: unknown },
  ) {
    super(
      `The embedded database in ${folder} is damaged, so the server cannot start on it: ${problem}. ` +
        `Restore ${folder} from a backup (a copy taken while the server was stopped), ` +
        `or move it aside (e.g. mv ${folder} ${folder}.damaged) to start afresh with a new, empty database on the next start ` +
        '(the uploaded files under DATA_DIR/files stay where they are).',
      options,
    );
    this.name = 'DataDirDamagedError';
  }
}

const RELATION_FILE = /^\d+(_(fsm|vm|init))?(\.\d+)?$/;

/**
 * Checks the files of a PGlite data folder before PGlite opens it. An absent or empty folder is
 * a new database (PGlite runs initdb in it); anything else must look like a whole one.
 */
export function checkDataFolderFiles(folder: string): void {
  const entries = listFolder(folder);
  if (entries.length === 0) return;
  const damaged = (problem: string) => new DataDirDamagedError(folder, problem);

  // Without PG_VERSION, PGlite takes the folder for a new one and runs initdb over what is there.
  const version = readText(path.join(folder, 'PG_VERSION'));
  if (version === undefined) throw damaged('PG_VERSION is missing (without it the folder would be taken for a new database and overwritten)');
  if (!/^\d+\s*$/.test(version)) throw damaged('PG_VERSION does not hold a version number');

  const control = sizeOf(path.join(folder, 'global', 'pg_control'));
  if (control === undefined) throw damaged('global/pg_control is missing');
  if (control !== CONTROL_FILE_SIZE) throw damaged(`global/pg_control has ${control} bytes where it always has ${CONTROL_FILE_SIZE}`);

  // A database's folder is named by its number (OID). PostgreSQL keeps the temporary files of a
  // sort or an index build too large for memory in base/pgsql_tmp, which is no database and has
  // no relation map: taking it for one called a whole folder damaged after a large seed.
  const databases = listFolder(path.join(folder, 'base')).filter((name) => /^\d+$/.test(name));
  if (databases.length === 0) throw damaged('the folder base, which holds the databases, is missing or empty');
  for (const directory of ['global', ...databases.map((name) => path.join('base', name))]) {
    const map = sizeOf(path.join(folder, directory, 'pg_filenode.map'));
    if (map !== RELATION_MAP_SIZE) {
      throw damaged(`${directory}/pg_filenode.map ${map === undefined ? 'is missing' : `has ${map} bytes where it always has ${RELATION_MAP_SIZE}`}`);
    }
    checkWholePages(folder, directory, (name) => RELATION_FILE.test(name), 'relation file');
  }
  // The commit log and multixact files are written a page at a time and never empty.
  for (const directory of ['pg_xact', 'pg_multixact/offsets', 'pg_multixact/members', 'pg_commit_ts']) {
    checkWholePages(folder, directory, (name) => /^[0-9A-F]+$/.test(name), 'transaction status file', { empty: false });
  }
}

function checkWholePages(
  folder: string,
  directory: string,
  isChecked: (name: string) => boolean,
  what: string,
  options: { empty: boolean } = { empty: true },
): void {
  const names = listFolder(path.join(folder, directory));
  for (const name of names.filter(isChecked)) {
    const size = sizeOf(path.join(folder, directory, name));
    if (size === undefined) continue;
    if (size % BLOCK_SIZE !== 0 || (!options.empty && size === 0)) {
      throw new DataDirDamagedError(folder, `the ${what} ${directory}/${name} is cut short (${size} bytes, not a whole number of ${BLOCK_SIZE}-byte pages)`);
    }
  }
}

/**
 * Keeps the last lines PostgreSQL wrote to its log while PGlite opened the folder: a failed start
 * says why there ("could not read file "global/pg_control": read 0 of 296"), where PGlite itself
 * says only "Aborted()" or "PGlite failed to initialize properly".
 */
export function postgresLogTail(): { onStderr: (text: string) => boolean; lastWords(): string | undefined; stop(): void } {
  const lines: string[] = [];
  let listening = true;
  return {
    onStderr: (text) => {
      if (listening) {
        lines.push(text);
        if (lines.length > 20) lines.shift();
      }
      // False: PGlite goes on with its own handling (printing it in debug mode).
      return false;
    },
    lastWords: () => {
      const serious = lines.filter((line) => /\b(PANIC|FATAL|ERROR|DETAIL):/.test(line)).slice(-3);
      return serious.length > 0 ? serious.map((line) => line.replace(/^.*?\b(PANIC|FATAL|ERROR|DETAIL):\s*/, '$1: ')).join(' ') : undefined;
    },
    stop: () => {
      listening = false;
      lines.length = 0;
    },
  };
}

/**
 * What PGlite failing to open the folder means: damage, said in PostgreSQL's own words when it
 * gave them (PGlite's "Aborted()" or "failed to initialize properly" then adds nothing). A failure
 * that is neither (no memory for the WebAssembly, say) is not blamed on the folder: undefined.
 */
export function damageFromOpenFailure(folder: string, error: unknown, lastWords: string | undefined): DataDirDamagedError | undefined {
  const message = error instanceof Error ? error.message : String(error);
  if (!lastWords && !/^Aborted\(\)|failed to initialize properly/.test(message)) return undefined;
  return new DataDirDamagedError(folder, `PGlite could not open it (${lastWords ?? message})`, { cause: error });
}

const catalogRow = z.object({
  block_size: z.coerce.number(),
  wal_segment_size: z.coerce.number(),
  /**
   * Each relation with a file, as "oid pages path [table oid]" (the table's oid for a btree
   * index), joined with commas: one string, because PGlite takes 80 ms to hand over the same as
   * some 750 rows, at every start.
   */
  relations: z.string(),
  row_types_of_no_table: z.coerce.number(),
  tables_without_row_type: z.coerce.number(),
  tables_in_no_schema: z.coerce.number(),
  indexes_without_definition: z.coerce.number(),
  tables_missing_columns: z.string().nullable(),
});

/**
 * Checks, right after opening, that the catalog and the files agree: every relation's file is
 * there, none is shorter than the catalog last recorded, no table's file is empty while its
 * index lists rows, and the catalogs refer to each other whole (a catalog cut short at a page
 * boundary loses rows, and the others then point at nothing). Reading the catalogs also fails at
 * once on a catalog file whose index points past its end.
 */
export async function checkDataFolderCatalog(client: PGlite, folder: string): Promise<void> {
  let catalog: z.infer<typeof catalogRow>;
  try {
    // Only the default and the shared tablespace (1664) exist in PGlite, so each path is relative to the folder.
    const { rows } = await client.query(
      `select current_setting('block_size') as block_size,
              pg_size_bytes(current_setting('wal_segment_size')) as wal_segment_size,
              (select string_agg(concat_ws(' ', c.oid, c.relpages,
                        case when c.reltablespace = 1664 then 'global/' else 'base/' || d.oid || '/' end
                          || coalesce(nullif(c.relfilenode, 0), pg_relation_filenode(c.oid)),
                        x.indrelid), ',')
                 from pg_class c
                cross join (select oid from pg_database where datname = current_database()) d
                 left join pg_index x on x.indexrelid = c.oid and c.relam = 403
                where c.relkind in ('r', 'i', 't', 'm', 'S') and c.relpersistence = 'p') as relations,
              (select count(*) from pg_type t where t.typrelid <> 0 and not exists (select from pg_class c where c.oid = t.typrelid)) as row_types_of_no_table,
              (select count(*) from pg_class c where c.reltype <> 0 and not exists (select from pg_type t where t.oid = c.reltype)) as tables_without_row_type,
              (select count(*) from pg_class c where not exists (select from pg_namespace n where n.oid = c.relnamespace)) as tables_in_no_schema,
              (select count(*) from pg_class c where c.relkind = 'i' and not exists (select from pg_index x where x.indexrelid = c.oid)) as indexes_without_definition,
              (select string_agg(c.relname, ', ') from pg_class c
                 left join (select attrelid, count(*) as columns from pg_attribute where attnum > 0 group by attrelid) a on a.attrelid = c.oid
                where c.relnatts <> coalesce(a.columns, 0)) as tables_missing_columns`,
    );
    catalog = catalogRow.parse(rows[0]);
  } catch (error) {
    if (error instanceof z.ZodError) throw error;
    throw new DataDirDamagedError(folder, `reading its catalog failed (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  const damaged = (problem: string) => new DataDirDamagedError(folder, problem);
  if (catalog.block_size !== BLOCK_SIZE) throw new Error(`PGlite's page size is ${catalog.block_size}, not ${BLOCK_SIZE}: update data-dir-check.ts`);
  const inconsistencies = [
    [catalog.row_types_of_no_table, 'row types belong to no table (pg_class lost rows)'],
    [catalog.tables_without_row_type, 'tables have no row type (pg_type lost rows)'],
    [catalog.tables_in_no_schema, 'tables are in no schema (pg_namespace lost rows)'],
    [catalog.indexes_without_definition, 'indexes have no definition (pg_index lost rows)'],
  ] as const;
  for (const [count, what] of inconsistencies) if (count > 0) throw damaged(`its catalog is incomplete: ${count} ${what}`);
  if (catalog.tables_missing_columns) {
    const names = catalog.tables_missing_columns.split(', ');
    const named = names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
    throw damaged(`its catalog is incomplete: columns are missing from ${named} (pg_attribute lost rows)`);
  }

  const relations = catalog.relations.split(',').map((entry) => {
    const [oid = '', pages = '', file = '', tableOid] = entry.split(' ');
    return { oid, pages: Number(pages), file, tableOid, size: sizeOf(path.join(folder, file)) };
  });
  const byOid = new Map(relations.map((relation) => [relation.oid, relation]));
  const problem = (() => {
    for (const { oid, pages, file, tableOid, size } of relations) {
      if (size === undefined) return { oid, text: (name: string) => `the file ${file} of ${name} is missing` };
      if (size % BLOCK_SIZE !== 0) return { oid, text: (name: string) => `the file ${file} of ${name} is cut short (${size} bytes, not a whole number of pages)` };
      if (size < pages * BLOCK_SIZE) return { oid, text: (name: string) => `the file ${file} of ${name} is cut short (${size / BLOCK_SIZE} pages where the catalog records ${pages})` };
      // An index with entries (more than its meta page) on a table whose file is empty: only a
      // truncation of the table's file leaves that (TRUNCATE gives both new files).
      const table = tableOid === undefined ? undefined : byOid.get(tableOid);
      if (table?.size === 0 && size > BLOCK_SIZE) return { oid, text: (name: string) => `the file ${table.file} is empty though its index ${name} lists rows: it was emptied` };
    }
    return undefined;
  })();
  if (problem) {
    // Names only now: looking them up for every relation would cost each start more.
    const { rows } = await client.query<{ name: string }>('select $1::oid::regclass::text as name', [problem.oid]);
    throw damaged(problem.text(rows[0]?.name ?? `relation ${problem.oid}`));
  }
  const walDirectory = path.join(folder, 'pg_wal');
  for (const name of listFolder(walDirectory).filter((entry) => /^[0-9A-F]{24}$/.test(entry))) {
    const size = sizeOf(path.join(walDirectory, name));
    if (size !== undefined && size !== catalog.wal_segment_size) {
      throw damaged(`the write-ahead log segment pg_wal/${name} has ${size} bytes where it should have ${catalog.wal_segment_size}`);
    }
  }
}

/** Synchronous: a few hundred files' sizes take milliseconds this way, where the thread pool (shared with everything else starting) took up to a second. */
function sizeOf(file: string): number | undefined {
  try {
    return statSync(file).size;
  } catch (error) {
    if (systemErrorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

/** The names in a folder; none when it does not exist. */
function listFolder(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch (error) {
    if (systemErrorCode(error) === 'ENOENT') return [];
    throw error;
  }
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if (systemErrorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}
