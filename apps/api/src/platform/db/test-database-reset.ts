import { PGlite } from '@electric-sql/pglite';
import type { Database } from './client';

/**
 * What an in-memory PGlite test database looked like when it was opened from its snapshot, and
 * how to bring it back there: taken once per database, before its first test file uses it.
 */
export interface ResetPoint {
  /** Empties the tables that were empty in the snapshot; puts back the sequences, the index sizes and the statistics. */
  resetStatement: string;
  /** Describes the schema and everything a reset does not undo; it must come out the same after a reset. */
  fingerprintQuery: string;
  fingerprint: string;
}

/**
 * The catalog rows a test could change by DDL, and the planner statistics an ANALYZE leaves:
 * object ids are in them, so an object dropped and made again (an extension, an index) counts as
 * changed. Temporary objects are left out: DISCARD ALL drops them, though not their schemas.
 */
const catalogFingerprint = `
  select 'c' || row(c.oid, c.relname, c.relnamespace, c.relkind, c.relnatts, c.relhastriggers, c.relrowsecurity, c.relpages, c.reltuples, c.relacl)::text as part
    from pg_class c where c.relnamespace in (select oid from user_schemas)
  union all select 'a' || row(a.attrelid, a.attname, a.atttypid, a.atttypmod, a.attnotnull, a.atthasdef, a.attisdropped, a.attidentity, a.attgenerated)::text
    from pg_attribute a join pg_class c on c.oid = a.attrelid where a.attnum > 0 and c.relnamespace in (select oid from user_schemas)
  union all select 'd' || row(oid, adrelid, adnum)::text from pg_attrdef
  union all select 'k' || row(oid, conname, conrelid, convalidated)::text from pg_constraint
  union all select 't' || row(oid, tgname, tgenabled)::text from pg_trigger
  union all select 'p' || row(oid, proname, md5(prosrc))::text from pg_proc where pronamespace in (select oid from user_schemas)
  union all select 'y' || row(oid, typname)::text from pg_type where typnamespace in (select oid from user_schemas)
  union all select 'v' || row(oid, enumlabel)::text from pg_enum
  union all select 'e' || row(oid, extname, extversion)::text from pg_extension
  union all select 'n' || row(oid, nspname)::text from pg_namespace where nspname !~ '^pg_(toast_)?temp_'
  union all select 'r' || row(oid, rolname, rolsuper)::text from pg_authid
  union all select 's' || row(setdatabase, setrole, setconfig)::text from pg_db_role_setting
  union all select 'g' || row(oid, evtname, evtenabled)::text from pg_event_trigger
  union all select 'o' || row(oid, polname)::text from pg_policy
  union all select 'w' || row(oid, ev_class, ev_enabled)::text from pg_rewrite where ev_class >= 16384
  union all select 'z' || row((select count(*) from pg_statistic where starelid >= 16384), (select count(*) from pg_statistic_ext), (select count(*) from pg_largeobject_metadata))::text
  union all select 'q' || row(seqrelid, pg_sequence_last_value(seqrelid))::text from pg_sequence`;

const userSchemas = `user_schemas as (
  select oid from pg_namespace where nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and nspname !~ '^pg_(toast_)?temp_')`;

/** Reads a fresh database's reset point: which tables to empty, which to keep, the sequences' values. */
export async function captureResetPoint(database: Database): Promise<ResetPoint> {
  const client = pglite(database);
  const { rows: tables } = await client.query<{ id: number; name: string }>(
    `with ${userSchemas} select c.oid::int as id, c.oid::regclass::text as name from pg_class c
       where c.relkind in ('r', 'p') and c.relnamespace in (select oid from user_schemas) order by 1`,
  );
  const { rows: counts } = await client.query<{ counts: number[] }>(
    `select array[${tables.map(({ name }) => `(select count(*)::int from ${name})`).join(', ')}] as counts`,
  );
  const emptied = tables.filter((_, index) => counts[0]?.counts[index] === 0).map(({ name }) => name);
  const kept = tables.filter((_, index) => counts[0]?.counts[index] !== 0);
  const { rows: sequences } = await client.query<{ id: number; value: string; called: boolean }>(
    `select seqrelid::int as id, coalesce(pg_sequence_last_value(seqrelid), seqstart)::text as value,
       pg_sequence_last_value(seqrelid) is not null as called from pg_sequence order by 1`,
  );
  // TRUNCATE rebuilds the indexes of the tables it empties, marking their sizes unknown; the
  // planner reads them (for partial indexes), so they are put back as the snapshot had them.
  const { rows: indexSizes } = await client.query<{ id: number; pages: number; tuples: number }>(
    `with ${userSchemas} select oid::int as id, relpages as pages, reltuples as tuples from pg_class
       where relkind in ('i', 'I') and relnamespace in (select oid from user_schemas) order by 1`,
  );
  // The ledger's tables refuse TRUNCATE by trigger (append-only); the replica role stops every
  // trigger for this one transaction. Foreign keys do not matter: all their tables empty together.
  const resetStatement = [
    'begin',
    'set local session_replication_role = replica',
    ...(emptied.length ? [`truncate ${emptied.join(', ')}`] : []),
    ...(indexSizes.length
      ? [`update pg_class set relpages = s.pages, reltuples = s.tuples from (values ${indexSizes.map(({ id, pages, tuples }) => `(${id}::oid, ${pages}, ${tuples}::real)`).join(', ')}) as s(id, pages, tuples)
           where pg_class.oid = s.id and (relpages, reltuples) is distinct from (s.pages, s.tuples)`]
      : []),
    // ANALYZE in a test leaves statistics that would change the next file's query plans; the
    // snapshot has none for its own tables (oids from 16384 on are those made after initdb; were
    // there any, the fingerprint would differ after every reset and no database would be reused).
    'delete from pg_statistic where starelid >= 16384',
    ...(sequences.length
      ? [`select setval(id, value, called) from (values ${sequences.map(({ id, value, called }) => `(${id}::oid, ${value}::bigint, ${called})`).join(', ')}) as s(id, value, called)`]
      : []),
    'commit',
  ].join(';\n');
  // The tables that held rows in the snapshot (the reference data, the migrations' own record) are
  // kept, not refilled: a row written, changed or deleted in them shows in the count or as a newer
  // transaction id, and the database is then not reused.
  const keptFingerprint = kept.map(
    ({ id, name }) => `union all select 'x' || row(${id}, (select count(*) from ${name}), (select max(xmin::text::bigint) from ${name}))::text`,
  );
  const fingerprintQuery = `with ${userSchemas} select md5(string_agg(part, ',' order by part)) as fingerprint from (${catalogFingerprint}
    ${keptFingerprint.join('\n')}) as parts`;
  return { resetStatement, fingerprintQuery, fingerprint: await fingerprint(client, fingerprintQuery) };
}

/**
 * Brings a database a test file has used back to its reset point, and says whether that worked:
 * false (or a throw) means the file changed what a reset does not undo (the schema, an extension,
 * the reference data), and the database must not be used again.
 *
 * DISCARD ALL ends what the file's session left: settings, temporary tables, advisory locks,
 * prepared statements. It fails inside a transaction, so a transaction left open also
 * makes the database unusable rather than carried over.
 */
export async function resetToPoint(database: Database, point: ResetPoint): Promise<boolean> {
  const client = pglite(database);
  // PGlite keeps a callback per LISTEN besides the server's own listening, and cannot drop the
  // callbacks of a channel it did not get from the caller: a channel still listened to (an app or
  // a test that did not stop listening) would let an old callback hear the next file's
  // notifications. Such a database is not reused.
  const { rows: channels } = await client.query<{ channel: string }>('select pg_listening_channels() as channel');
  if (channels.length > 0) return false;
  await client.exec('discard all');
  await client.exec(point.resetStatement);
  return (await fingerprint(client, point.fingerprintQuery)) === point.fingerprint;
}

async function fingerprint(client: PGlite, query: string): Promise<string> {
  const { rows } = await client.query<{ fingerprint: string }>(query);
  return rows[0]?.fingerprint ?? '';
}

function pglite(database: Database): PGlite {
  if (!(database.client instanceof PGlite)) throw new Error('expected PGlite');
  return database.client;
}
