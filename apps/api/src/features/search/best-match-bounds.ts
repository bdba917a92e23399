import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DbExecutor } from '../../platform/db/client';
import {
  ACTIVITY_POINTS,
  AVAILABILITY_POINTS,
  DISTANCE_POINTS,
  QUALITY_POINTS,
  recencyOffset,
  SKILLS_POINTS,
} from './best-match';
import { placePoint } from '../../platform/places/place-geometry';
import { radiusKmOf, withinKm, workerPoint, type SearchCriteria } from './search-filters';
import { textArray } from '../../platform/db/text-array';
import type { SearchPlace } from '../../platform/places/place-lookup';

/**
 * Best match without scoring every match (issue 5 budget: p95 under 50 ms at 100,000 workers).
 *
 * A page of best match is the `depth` (start + limit) best scores. First, probes score a few
 * matching workers likely to score well, found through indexes. If they find `depth` workers,
 * the worst of their best `depth` scores, θ, is a score the page cannot go below, and a worker
 * can only reach θ if each part of their score reaches θ less the most the other parts can add.
 * That gives conditions an index can check:
 *
 * - checks, rating and activity ≥ θ − (most skills + distance + availability points), through
 *   the btree indexes on `match_quality` and `match_recency_key`;
 * - every skill asked for (GIN), when fewer would leave them below θ;
 * - a smaller radius (the grid cells of `place_cell`), when being further away would.
 *
 * The page query adds these conditions: they leave out only workers who cannot make the page,
 * so the page is exactly the one scoring everyone would give, in the same order (the test
 * best-match-bounds.test.ts checks this against scoring everyone). Before probing, `firstTry`
 * runs the page query on a likely part of the matches, which often proves to be the page.
 *
 * The probes: with several skills asked for, the workers with all of them (within the radius,
 * or 25 km); otherwise, with a place, the nearest workers (GiST KNN on the earth index), then
 * the best by checks, rating and activity among those the first bound leaves; without a place,
 * the best by checks, rating and activity (the index on `match_recency_key`). Each probe reads
 * a bounded number of workers.
 */
export interface BestMatchPlan {
  criteria: SearchCriteria;
  /** Who is listed and the search's filters, over `wp`. */
  conditions: SQL[];
  /** Whether the search filters anything beyond who is listed. */
  hasFilters: boolean;
  /** Metres from the searched place (`null::float8` without one), over `wp`. */
  distance: SQL;
  /** The best-match score over `wp` and `dist.metres`. */
  score: SQL;
  /** The distance at which distance points reach 0. */
  reachKm: number;
}

/** The most checks, rating and activity can add. */
const PROFILE_POINTS = QUALITY_POINTS + ACTIVITY_POINTS;
/** Scores are floating point, and the Sydney day may turn between a probe and the page. */
const SLACK = ACTIVITY_POINTS / 60;
/** With a place, the probe scores at least this many of the nearest matching workers. */
const NEAREST_PROBED = 100;
/** The probes by profile look at this many of the best profiles, or 20 per place on the page. */
const PROFILES_PROBED = 500;
/** With a place but any distance, workers with every skill are first looked for this close. */
const SKILLED_PROBE_KM = 25;

/** The most each part of the score can add for this search. */
function partMaxima(criteria: SearchCriteria) {
  const { query, place } = criteria;
  return {
    skills: query.skillType.length > 0 ? SKILLS_POINTS : 0,
    distance: place ? DISTANCE_POINTS : 0,
    availability: query.availability.length > 0 ? AVAILABILITY_POINTS : 0,
  };
}

interface Scored {
  id: string;
  score: number;
}

const scoredSchema = z.array(z.object({ id: z.string(), score: z.number() }));

async function scored(db: DbExecutor, query: SQL): Promise<Scored[]> {
  const result = await db.execute(query);
  return scoredSchema.parse(result.rows);
}

/** The `depth`-th best score of the workers found (each counted once), or null with fewer. */
function depthScore(found: readonly Scored[], depth: number): number | null {
  const best = new Map<string, number>();
  for (const { id, score } of found) best.set(id, score);
  const scores = [...best.values()].sort((a, b) => b - a);
  return scores.length >= depth ? (scores[depth - 1] ?? null) : null;
}

function matching(plan: BestMatchPlan, restrictions: readonly SQL[]): SQL {
  return sql`from worker_profiles wp cross join lateral (select ${plan.distance} as metres) as dist
    where ${sql.join([...plan.conditions, ...restrictions], sql` and `)}`;
}

/** Every matching worker within the restrictions, scored: for small sets only. */
function bestScored(plan: BestMatchPlan, restrictions: readonly SQL[], depth: number): SQL {
  return sql`select wp.user_id::text as id, ${plan.score} as score ${matching(plan, restrictions)}
    order by score desc, wp.user_id limit ${depth}`;
}

/** The nearest matching workers, through the GiST index's nearest-first order. */
function nearest(plan: BestMatchPlan, place: SearchPlace, restrictions: readonly SQL[], depth: number): SQL {
  return sql`select wp.user_id::text as id, ${plan.score} as score ${matching(plan, restrictions)}
    order by ${workerPoint} <-> ${placePoint(place)} limit ${Math.max(NEAREST_PROBED, depth)}`;
}

/**
 * How many of the best profiles a search looks at: with no filter but the listing rules nearly
 * every profile matches, so twice the page will do.
 */
function profilesReach(plan: BestMatchPlan, depth: number): number {
  return plan.hasFilters ? Math.max(PROFILES_PROBED, depth * 20) : depth * 2 + 10;
}

/** The `reach` best profiles by checks, rating and activity: the start of the index on `match_recency_key`. */
function bestProfilesSource(reach: number): SQL {
  return sql`(select * from worker_profiles where status = 'ACTIVE'
    order by match_recency_key desc nulls last, user_id limit ${reach})`;
}

/**
 * The first `depth` matching workers (within the restrictions) in order of checks, rating and
 * recent activity (`match_recency_key`), looking only at the best `reach` workers by that order,
 * so the cost is bounded however selective the filters are.
 */
function topProfiles(plan: BestMatchPlan, restrictions: readonly SQL[], depth: number): SQL {
  return sql`select wp.user_id::text as id, ${plan.score} as score
    from ${bestProfilesSource(profilesReach(plan, depth))} as wp
    cross join lateral (select ${plan.distance} as metres) as dist
    where ${sql.join([...plan.conditions, ...restrictions], sql` and `)}
    limit ${depth}`;
}

/** The score the page cannot go below, or null when the probes find fewer than `depth` workers. */
async function floorScore(db: DbExecutor, plan: BestMatchPlan, depth: number): Promise<number | null> {
  const { place, query } = plan.criteria;
  const found: Scored[] = [];
  const skills = query.skillType;
  if (skills.length >= 2) {
    // Workers with every skill asked for usually fill the page; there are few of them (GIN).
    const allSkills = sql`wp.skills @> ${textArray(skills)}`;
    const near = place && radiusKmOf(plan.criteria) === null ? withinKm(place, SKILLED_PROBE_KM) : [];
    found.push(...(await scored(db, bestScored(plan, [allSkills, ...near], depth))));
    const floor = depthScore(found, depth);
    if (floor !== null) return floor;
  }
  if (place) {
    // The nearest give a first floor; the best profiles among those it leaves raise it.
    found.push(...(await scored(db, nearest(plan, place, [], depth))));
    const first = depthScore(found, depth);
    if (first === null) return null;
    found.push(...(await scored(db, topProfiles(plan, boundsFor(plan, first), depth))));
    return depthScore(found, depth);
  }
  // Without a place, the best profiles that match; when the filters leave too few of them among
  // the best profiles, the matches are few enough for the page to score them all.
  found.push(...(await scored(db, topProfiles(plan, [], depth))));
  return depthScore(found, depth);
}

/** Checks, rating and activity worth at least `points` today. */
function profileAtLeast(points: number): SQL {
  return sql`(wp.match_recency_key >= ${points}::float8 - ${recencyOffset} or wp.match_quality >= ${points}::float8)`;
}

/** Conditions that every worker scoring at least `floor` meets. */
function boundsFor(plan: BestMatchPlan, floor: number): SQL[] {
  const theta = floor - SLACK;
  const most = partMaxima(plan.criteria);
  const bounds: SQL[] = [];

  const skills = plan.criteria.query.skillType;
  const skillsNeeded = theta - (PROFILE_POINTS + most.distance + most.availability);
  if (skills.length >= 2 && skillsNeeded > (SKILLS_POINTS * (skills.length - 1)) / skills.length) {
    bounds.push(sql`wp.skills @> ${textArray(skills)}`);
  }

  const { place } = plan.criteria;
  const profileNeeded = theta - (most.skills + most.distance + most.availability);
  if (!place) {
    if (profileNeeded > 0) bounds.push(profileAtLeast(profileNeeded));
    return bounds;
  }
  // Distance points need the worker within the reach (the radius, or 25 km with any distance),
  // and the more of them are needed the closer the worker must be.
  const distanceNeeded = theta - (PROFILE_POINTS + most.skills + most.availability);
  const withinReachKm = plan.reachKm * (1 - Math.max(0, distanceNeeded) / DISTANCE_POINTS);
  const near = [...withinKm(place, Math.max(0, withinReachKm)), ...(profileNeeded > 0 ? [profileAtLeast(profileNeeded)] : [])];
  const radiusKm = radiusKmOf(plan.criteria);
  if (radiusKm !== null) {
    // Everyone is within the radius already: only a smaller radius or the profile can narrow.
    if (withinReachKm < radiusKm) bounds.push(...withinKm(place, Math.max(0, withinReachKm)));
    if (profileNeeded > 0) bounds.push(profileAtLeast(profileNeeded));
    return bounds;
  }
  // Any distance: a worker beyond the reach gets no distance points, so needs the profile alone.
  const farProfileNeeded = profileNeeded + most.distance;
  if (distanceNeeded > 0 || farProfileNeeded > PROFILE_POINTS) {
    bounds.push(...near);
  } else if (profileNeeded > 0) {
    bounds.push(sql`((${sql.join(near, sql` and `)}) or ${profileAtLeast(farProfileNeeded)})`);
  }
  return bounds;
}

/** Conditions every worker on a best-match page of this depth meets (none when no floor is found). */
export async function bestMatchBounds(db: DbExecutor, plan: BestMatchPlan, depth: number): Promise<SQL[]> {
  const floor = await floorScore(db, plan, depth);
  return floor === null ? [] : boundsFor(plan, floor);
}

/** Bounds from a floor already known (the `depth`-th best score among some matching workers). */
export function boundsFromFloor(plan: BestMatchPlan, floor: number): SQL[] {
  return boundsFor(plan, floor);
}

/**
 * Where best match looks first: a part of the matches that usually holds the page, with the
 * score that proves it does. The page query runs on that part alone; if its `depth`-th score is
 * at least `enough` (the most a worker outside the part could score), it is the page.
 */
export interface FirstTry {
  /** A subquery standing for worker_profiles, or undefined for the table itself. */
  source?: SQL;
  restrictions: SQL[];
  /** SQL for the most a worker outside the part could score, plus the slack. */
  enough: SQL;
  /** True when the probes would look at the same part: with too few matches in it, skip them. */
  isProbedPart: boolean;
}

/**
 * - within a radius, for several skills: the workers with every skill (there are few, GIN);
 * - without a place or several skills: the best profiles by checks, rating and activity (the
 *   first few hundred of the index on `match_recency_key`). A worker outside scores at most the
 *   last of those profiles' points, or 25 for one never active lately, plus the search's parts.
 * Other searches go straight to the probes.
 */
export function firstTry(plan: BestMatchPlan): FirstTry | null {
  const { query, place } = plan.criteria;
  const skills = query.skillType;
  const most = partMaxima(plan.criteria);
  if (skills.length >= 2 && place && radiusKmOf(plan.criteria) !== null) {
    const missingOne = (SKILLS_POINTS * (skills.length - 1)) / skills.length;
    return {
      restrictions: [sql`wp.skills @> ${textArray(skills)}`],
      enough: sql`${PROFILE_POINTS + missingOne + most.distance + most.availability + SLACK}::float8`,
      isProbedPart: false,
    };
  }
  if (place || skills.length >= 2) return null;
  const reach = profilesReach(plan, query.start + query.limit);
  const lastOfBest = sql`(select min(b.match_recency_key) from (select match_recency_key from worker_profiles
    where status = 'ACTIVE' order by match_recency_key desc nulls last, user_id limit ${reach}) as b)`;
  const parts = most.skills + most.availability + SLACK;
  return {
    source: bestProfilesSource(reach),
    restrictions: [],
    enough: sql`(greatest(${lastOfBest} + ${recencyOffset}, ${QUALITY_POINTS}::float8) + ${parts}::float8)`,
    isProbedPart: true,
  };
}
