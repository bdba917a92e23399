import type { DbExecutor } from './client';

/**
 * Runs a fixed SQL text (`$1`, `$2`, ... for its parameters) as a named prepared statement on the
 * connection it gets: PostgreSQL parses and plans it once per connection and then only binds and
 * runs it, and nothing is built per call. For the few statements that run by the thousand (issuing
 * invoices), where building a query and planning it cost more than running it. Rows come back as
 * the driver gives them: parse them.
 */
export async function runNamedStatement(db: DbExecutor, name: string, text: string, params: readonly unknown[]): Promise<unknown[]> {
  const result = await db._.session.prepareQuery({ sql: text, params: [...params] }, undefined, name, false).execute();
  const rows = (result as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) throw new Error(`The statement ${name} gave no rows`);
  return rows;
}
