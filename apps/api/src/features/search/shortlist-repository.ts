import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { MyCarer, ShortlistItem } from '@tendly/domain/api/search';
import type { DbExecutor } from '../../platform/db/client';
import { shortlistItems } from '../../platform/db/schema/search';
import { isListedWorker, summaryColumns, summaryRowSchema, toWorkerSummary } from '../../platform/workers/worker-summary';

/** Whether the worker may be listed: an ACTIVE profile of an account that is not deactivated. */
export async function isListedWorkerId(db: DbExecutor, workerId: string): Promise<boolean> {
  const result = await db.execute(sql`select 1 as "found" from worker_profiles wp where wp.user_id = ${workerId}::uuid and ${isListedWorker}`);
  return result.rows.length > 0;
}

/** Takes the worker off the list; false when they were not on it. */
export async function deleteShortlistItem(db: DbExecutor, userId: string, workerId: string): Promise<boolean> {
  const deleted = await db
    .delete(shortlistItems)
    .where(and(eq(shortlistItems.userId, userId), eq(shortlistItems.workerId, workerId)))
    .returning({ workerId: shortlistItems.workerId });
  return deleted.length > 0;
}

const shortlistRowSchema = summaryRowSchema.extend({ addedAt: z.coerce.date() });

/**
 * The care seeker's shortlist, newest first, with a summary of each worker. A worker whose
 * profile became INACTIVE or whose account was deactivated stays on the list but is not shown.
 */
export async function listShortlist(db: DbExecutor, userId: string, onlyWorkerId?: string): Promise<ShortlistItem[]> {
  const result = await db.execute(sql`
    select ${summaryColumns()}, s.created_at as "addedAt"
    from shortlist_items s
    join worker_profiles wp on wp.user_id = s.worker_id
    join users u on u.id = wp.user_id
    left join localities l on l.id = wp.locality_id
    where s.user_id = ${userId}::uuid and ${isListedWorker}
      ${onlyWorkerId ? sql`and s.worker_id = ${onlyWorkerId}::uuid` : sql``}
    order by s.created_at desc, s.worker_id`);
  return z
    .array(shortlistRowSchema)
    .parse(result.rows)
    .map((row) => ({ carerId: row.carerId, addedAt: row.addedAt.toISOString(), worker: toWorkerSummary(row) }));
}

const myCarerRowSchema = summaryRowSchema.extend({ shortlisted: z.boolean(), hasContract: z.boolean() });

/**
 * A care seeker's workers: everyone on their shortlist, and everyone they have hired (a signed
 * service agreement, active or since ended), most recently added or signed first. The grouping
 * merges a worker who is both.
 */
export async function listMyCarers(db: DbExecutor, userId: string, withContractsOnly: boolean): Promise<MyCarer[]> {
  const result = await db.execute(sql`
    select ${summaryColumns()},
      bool_or(carers.shortlisted) as "shortlisted",
      bool_or(carers.has_contract) as "hasContract"
    from (
      select s.worker_id, true as shortlisted, false as has_contract, s.created_at as since
      from shortlist_items s
      where s.user_id = ${userId}::uuid
      union all
      select c.worker_id, false, true, coalesce(c.signed_at, c.offered_at)
      from contracts c
      where c.care_seeker_id = ${userId}::uuid and c.status in ('ACTIVE', 'ENDED', 'TERMINATED')
    ) as carers
    join worker_profiles wp on wp.user_id = carers.worker_id
    join users u on u.id = wp.user_id
    left join localities l on l.id = wp.locality_id
    where ${isListedWorker}
    group by wp.user_id, u.id, l.id
    having ${withContractsOnly ? sql`bool_or(carers.has_contract)` : sql`true`}
    order by max(carers.since) desc, wp.user_id`);
  return z
    .array(myCarerRowSchema)
    .parse(result.rows)
    .map((row) => ({ worker: toWorkerSummary(row), shortlisted: row.shortlisted, hasContract: row.hasContract }));
}
