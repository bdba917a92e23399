import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { RESULT_TOTAL_CAP, resultTotalOf, type ResultTotal } from '@tendly/domain/api/result-total';
import type { DbExecutor } from './client';

/**
 * How many rows of `table` match `where`, for an admin list's total. Counting stops one past
 * RESULT_TOTAL_CAP, so a huge table costs no more than a capped one ("1,000+").
 */
export async function countUpToCap(db: DbExecutor, table: PgTable, where: SQL | undefined): Promise<ResultTotal> {
  const counted = await db.execute(
    sql`select count(*)::int as n from (select 1 from ${table} ${where ? sql`where ${where}` : sql``} limit ${RESULT_TOTAL_CAP + 1}) as matches`,
  );
  return resultTotalOf(Number((counted.rows[0] as { n: number | string }).n));
}
