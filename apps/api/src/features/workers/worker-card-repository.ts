import { sql, type SQL } from 'drizzle-orm';
import { workerCardsSchema, type WorkerCard } from '@tendly/domain/api/workers';
import type { DbExecutor } from '../../platform/db/client';

/**
 * The SQL behind the home page's random worker cards (spec sections 2.9 and 3: "active workers
 * with a photo and a bio"). `worker_profiles_card_idx` is a partial index on user_id with exactly
 * this predicate, so each pick below is one short index descent however many workers there are.
 */
const isCardWorker = sql`wp.status = 'ACTIVE' and wp.avatar_url <> '' and btrim(wp.bio) <> '' and wp.locality_id is not null`;

const cardColumns = sql`
  u.id::text as "carerId", u.first_name as "firstName", wp.avatar_url as "avatar",
  l.suburb as "suburb", l.state::text as "state", wp.bio as "description"`;

function uuidArray(ids: readonly string[]): SQL {
  return ids.length === 0 ? sql`array[]::uuid[]` : sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::uuid[]`;
}

async function selectCards(db: DbExecutor, query: SQL): Promise<WorkerCard[]> {
  const result = await db.execute(query);
  return workerCardsSchema.parse(result.rows);
}

/**
 * For each pivot, the first card worker whose id is at or after it, wrapping round to the
 * lowest id past the end. Ids are random UUIDs, so a random pivot lands on a random worker
 * (weighted by the gap before it, which is even enough for a home page). Deactivated accounts
 * are dropped, so the answer may hold fewer rows than pivots, and repeats.
 */
export async function findCardWorkersAtPivots(db: DbExecutor, pivots: readonly string[]): Promise<WorkerCard[]> {
  if (pivots.length === 0) return [];
  return selectCards(
    db,
    sql`
      select ${cardColumns}
      from unnest(${uuidArray(pivots)}) as p(pivot)
      cross join lateral (
        (select wp.user_id from worker_profiles wp where ${isCardWorker} and wp.user_id >= p.pivot order by wp.user_id limit 1)
        union all
        (select wp.user_id from worker_profiles wp where ${isCardWorker} order by wp.user_id limit 1)
        limit 1
      ) as pick
      join worker_profiles wp on wp.user_id = pick.user_id
      join users u on u.id = wp.user_id
      join localities l on l.id = wp.locality_id
      where u.status = 'ACTIVE'`,
  );
}

/**
 * Up to `limit` card workers from a random point of the id range, leaving out `excludeIds`:
 * fills the answer when pivots keep landing on the same few workers (a small catalogue).
 */
export async function findCardWorkersFrom(
  db: DbExecutor,
  start: string,
  excludeIds: readonly string[],
  limit: number,
): Promise<WorkerCard[]> {
  const from = (condition: SQL) => sql`
    (select ${cardColumns}
     from worker_profiles wp
     join users u on u.id = wp.user_id
     join localities l on l.id = wp.locality_id
     where ${isCardWorker} and u.status = 'ACTIVE' and ${condition}
       and not (wp.user_id = any(${uuidArray(excludeIds)}))
     order by wp.user_id
     limit ${limit})`;
  const afterStart = await selectCards(db, from(sql`wp.user_id >= ${start}::uuid`));
  if (afterStart.length >= limit) return afterStart;
  const beforeStart = await selectCards(db, from(sql`wp.user_id < ${start}::uuid`));
  return [...afterStart, ...beforeStart].slice(0, limit);
}
