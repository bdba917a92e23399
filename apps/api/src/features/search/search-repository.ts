import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { WorkerSummary } from '@tendly/domain/api/search';
import type { DbExecutor } from '../../platform/db/client';
import { ANY_DISTANCE_REACH_KM, bestMatchScore } from './best-match';
import { bestMatchBounds, boundsFromFloor, firstTry, type BestMatchPlan } from './best-match-bounds';
import { walkCells } from './cell-walk';
import { distanceFrom, filterConditions, radiusKmOf, searchConditions, type SearchCriteria } from './search-filters';
import { summaryColumns, toWorkerSummaries } from '../../platform/workers/worker-summary';

/** Deeper than this, best match scores every match rather than probing for a bound first. */
const MAX_BOUNDED_DEPTH = 500;

/**
 * Orders match the search indexes exactly (`desc nulls last`, then the id), so that a sort over
 * many workers reads them in index order and stops at the page.
 */
function innerOrder(criteria: SearchCriteria): SQL {
  switch (criteria.query.sortType) {
    case 'bestMatch':
      return sql`score desc, wp.user_id`;
    case 'lastActive':
      return sql`wp.last_active_at desc nulls last, wp.user_id`;
    case 'newest':
      return sql`wp.joined_at desc nulls last, wp.user_id`;
  }
}

function outerOrder(criteria: SearchCriteria): SQL {
  switch (criteria.query.sortType) {
    case 'bestMatch':
      return sql`page.score desc, page.user_id`;
    case 'lastActive':
      return sql`wp.last_active_at desc nulls last, wp.user_id`;
    case 'newest':
      return sql`wp.joined_at desc nulls last, wp.user_id`;
  }
}

export interface SearchQueryOptions {
  /** The first `start + limit` workers rather than `limit` from `start`. */
  fromStart?: boolean;
  /** Where the workers come from, instead of worker_profiles: a subquery of it. */
  source?: SQL;
  /** A score returned with every row (see `FirstTry`). */
  enough?: SQL;
}

/** The pieces of a search's SQL: its filters, the distance and the best-match score. */
export function planSearch(criteria: SearchCriteria): BestMatchPlan {
  const distance = distanceFrom(criteria.place);
  const reachKm = radiusKmOf(criteria) ?? ANY_DISTANCE_REACH_KM;
  return {
    criteria,
    conditions: searchConditions(criteria),
    hasFilters: filterConditions(criteria).length > 0,
    distance: distance ?? sql`null::float8`,
    score: bestMatchScore({
      skills: criteria.query.skillType,
      days: criteria.query.availability,
      distance: distance ? { metres: sql`dist.metres`, reachKm } : null,
    }),
    reachKm,
  };
}

/**
 * The SQL of one page of GET /api/search. The inner query finds and orders the matching workers
 * over worker_profiles alone and keeps `limit` of them from `start`; only that page is joined to
 * users and localities and presented. `bounds` are conditions no worker on the page can fail
 * (best-match-bounds.ts): they only spare the database the others.
 */
export function searchQuery(plan: BestMatchPlan, bounds: readonly SQL[] = [], options: SearchQueryOptions = {}): SQL {
  const { criteria } = plan;
  const score = criteria.query.sortType === 'bestMatch' ? plan.score : sql`0::float8`;
  const offset = options.fromStart ? 0 : criteria.query.start;
  const limit = options.fromStart ? criteria.query.start + criteria.query.limit : criteria.query.limit;
  return sql`
    select ${summaryColumns(sql`page.distance`)}, page.score as "score", ${options.enough ?? sql`null::float8`} as "enough"
    from (
      select wp.user_id, dist.metres as distance, ${score} as score
      from ${options.source ?? sql`worker_profiles`} wp
      cross join lateral (select ${plan.distance} as metres) as dist
      where ${sql.join([...plan.conditions, ...bounds], sql` and `)}
      order by ${innerOrder(criteria)}
      offset ${offset} limit ${limit}
    ) as page
    join worker_profiles wp on wp.user_id = page.user_id
    join users u on u.id = wp.user_id
    left join localities l on l.id = wp.locality_id
    order by ${outerOrder(criteria)}`;
}

/** The bounds a best-match page may use (none for the other sorts, or very deep pages). */
export async function searchBounds(db: DbExecutor, plan: BestMatchPlan): Promise<SQL[]> {
  const { query } = plan.criteria;
  const depth = query.start + query.limit;
  if (query.sortType !== 'bestMatch' || depth > MAX_BOUNDED_DEPTH) return [];
  return bestMatchBounds(db, plan, depth);
}

const firstTryRowSchema = z.object({ score: z.number(), enough: z.number() });

type FirstTryOutcome = { kind: 'page'; workers: WorkerSummary[] } | { kind: 'bounds'; bounds: SQL[] };

/**
 * Best match tried on a likely part of the matches first (see `firstTry`): that is the page when
 * it proves to be; otherwise its scores still give the bounds, sparing a probe.
 */
async function tryFirst(db: DbExecutor, plan: BestMatchPlan): Promise<FirstTryOutcome | null> {
  const attempt = firstTry(plan);
  const { start, limit } = plan.criteria.query;
  const depth = start + limit;
  if (!attempt || depth > MAX_BOUNDED_DEPTH) return null;
  const result = await db.execute(
    searchQuery(plan, attempt.restrictions, { fromStart: true, source: attempt.source, enough: attempt.enough }),
  );
  if (result.rows.length < depth) return attempt.isProbedPart ? { kind: 'bounds', bounds: [] } : null;
  const { score: floor, enough } = firstTryRowSchema.parse(result.rows[depth - 1]);
  return floor >= enough
    ? { kind: 'page', workers: toWorkerSummaries(result.rows.slice(start)) }
    : { kind: 'bounds', bounds: boundsFromFloor(plan, floor) };
}

/**
 * One page of GET /api/search. A search with a radius is read cell by cell (cell-walk.ts), which
 * finds the page among a few hundred workers however many the radius holds; other searches, and
 * deep pages, use best match's first try and bounds (best-match-bounds.ts) or the indexes of the
 * other orders.
 */
export async function searchWorkers(db: DbExecutor, criteria: SearchCriteria, options: { cellWalk: boolean } = { cellWalk: true }): Promise<WorkerSummary[]> {
  const plan = planSearch(criteria);
  const walked = options.cellWalk ? await walkCells(db, plan) : null;
  if (walked) return pageOf(db, plan, walked.candidates);
  const first = criteria.query.sortType === 'bestMatch' ? await tryFirst(db, plan) : null;
  if (first?.kind === 'page') return first.workers;
  const bounds = first?.kind === 'bounds' ? first.bounds : await searchBounds(db, plan);
  const result = await db.execute(searchQuery(plan, bounds));
  return toWorkerSummaries(result.rows);
}

/** The page among `candidates` (ids of matching workers that include the whole page), ordered exactly as the full query orders it. */
async function pageOf(db: DbExecutor, plan: BestMatchPlan, candidates: readonly string[]): Promise<WorkerSummary[]> {
  if (candidates.length === 0) return [];
  const result = await db.execute(searchQuery(plan, [sql`wp.user_id = any(${`{${candidates.join(',')}}`}::uuid[])`]));
  return toWorkerSummaries(result.rows);
}

const countRowSchema = z.object({ count: z.number() });

/**
 * How many workers match, counting no further than `atMost`: one query that stops at `atMost`
 * matches, served by the same indexes as the page (the place's grid cells first). The AI worker
 * match asks it whether enough workers are near a place to keep its radius.
 */
export async function countWorkers(db: DbExecutor, criteria: SearchCriteria, atMost: number): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as count
    from (select 1 from worker_profiles wp where ${sql.join(searchConditions(criteria), sql` and `)} limit ${atMost}) as found`);
  return countRowSchema.parse(result.rows[0]).count;
}

const placeLabelRowSchema = z.object({ label: z.string() });

/**
 * Up to `count` places where active workers live, as a person types them ("Suburb STATE
 * postcode"), the first by id: what the start-up warm-up searches.
 */
export async function placesWithWorkers(db: DbExecutor, count: number): Promise<string[]> {
  const result = await db.execute(sql`
    select l.suburb || ' ' || l.state::text || ' ' || l.postcode as label from localities l
    where exists (select 1 from worker_profiles wp where wp.locality_id = l.id and wp.status = 'ACTIVE')
    order by l.id
    limit ${count}`);
  return z.array(placeLabelRowSchema).parse(result.rows).map((row) => row.label);
}

/** Up to `count` active workers' ids (for the warm-up to present their profiles). */
export async function someActiveWorkerIds(db: DbExecutor, count: number): Promise<string[]> {
  const result = await db.execute(sql`select wp.user_id::text as id from worker_profiles wp where wp.status = 'ACTIVE' order by wp.user_id limit ${count}`);
  return z.array(z.object({ id: z.string() })).parse(result.rows).map((row) => row.id);
}
