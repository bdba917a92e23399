import { sql, type SQL } from 'drizzle-orm';

/** A list of strings as a PostgreSQL `text[]` literal, each element a bound parameter. */
export function textArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}
