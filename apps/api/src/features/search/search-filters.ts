import { sql, type SQL } from 'drizzle-orm';
import type { WorkerSearchQuery } from '@tendly/domain/api/search';
import { ACTIVE_WORKER_DAYS, NEW_WORKER_DAYS } from '@tendly/domain/constants';
import { locationTypeRadiusKm } from '@tendly/domain/job-options';
import { placePoint, withinKmOf } from '../../platform/places/place-geometry';
import { keywordCondition } from './search-keyword';
import type { SearchPlace } from '../../platform/places/place-lookup';
import { isListedWorker } from '../../platform/workers/worker-summary';
import { textArray } from '../../platform/db/text-array';

/**
 * The filters of GET /api/search (spec section 7) as SQL over `wp` (worker_profiles), each
 * written so an index serves it:
 * - location with a radius: inside the radius (see `withinKm`);
 * - skillType: the worker has ANY of the skills (GIN); best match ranks those with more first;
 * - availability: the worker is free on EVERY day asked for (`available_days`, generated from
 *   the availability grid); best match ranks those free for more parts of those days first. No
 *   index: each day is free for 40 to 75% of workers, so an index narrows nothing; with a GIN
 *   index PostgreSQL built bitmaps of 70,000 workers (5 ms) to save reading a few hundred rows
 *   (measured at 100,000 workers);
 * - timesOfDay: free in EVERY part of the day asked for, on every day asked for, or on some day
 *   when no day is asked for ("mornings"); read from the availability grid, with no index for
 *   the same reason as the days;
 * - carerLanguage: the worker speaks ANY of the languages (GIN);
 * - qualifications: the worker holds EVERY qualification asked for (GIN);
 * - keyword: see search-keyword.ts;
 * - gender ANY, and a yes/no filter set to false, filter nothing: false means "no need", not
 *   "must not have";
 * - driving: a driver's licence and a car; newWorkersOnly and activeWorkersOnly: joined or
 *   active in the last 30 days.
 */
export interface SearchCriteria {
  query: WorkerSearchQuery;
  place: SearchPlace | null;
  /** The full-text query of the keyword, already corrected (search-keyword.ts). */
  keywordTsquery: string | null;
}

/** The worker's point, exactly the expression of the GiST index `worker_profiles_earth_idx`. */
export const workerPoint = sql`ll_to_earth(wp.latitude, wp.longitude)`;

/** Metres from the searched place to the worker, or null without a place. */
export function distanceFrom(place: SearchPlace | null): SQL | null {
  return place ? sql`earth_distance(${placePoint(place)}, ${workerPoint})` : null;
}

/** The radius in km when the search has a place and a radius. */
export function radiusKmOf(criteria: SearchCriteria): number | null {
  return criteria.place ? locationTypeRadiusKm(criteria.query.locationType) : null;
}

/**
 * Inside `km` of the place: the grid cells around it (btree on `place_cell`, with statistics
 * of how many workers each cell holds), the bounding box, then the exact great-circle distance.
 * Not `earth_box(...) @> ll_to_earth(...)` on the GiST index: PostgreSQL estimates every cube
 * containment at 0.1% of the rows, so with earth_box the planner read every worker in the box
 * (7,900 within 10 km of Marrickville at 100,000 workers) rather than combine it with a more
 * selective index. The GiST index serves the nearest-first probes of best match.
 */
export function withinKm(place: SearchPlace, km: number): SQL[] {
  return withinKmOf(place, km, { latitude: sql`wp.latitude`, longitude: sql`wp.longitude`, placeCell: sql`wp.place_cell` }, { skipInsideCells: true });
}

/** Who is listed (an ACTIVE profile of an active account) and what the search asks for. */
export function searchConditions(criteria: SearchCriteria): SQL[] {
  return [isListedWorker, ...filterConditions(criteria)];
}

/** What the search asks for, as conditions. */
export function filterConditions(criteria: SearchCriteria): SQL[] {
  const { query, place } = criteria;
  const conditions: SQL[] = [];
  const radiusKm = radiusKmOf(criteria);
  if (place && radiusKm !== null) conditions.push(...withinKm(place, radiusKm));
  if (query.gender && query.gender !== 'ANY') conditions.push(sql`wp.gender = ${query.gender}`);
  if (query.skillType.length > 0) conditions.push(sql`wp.skills && ${textArray(query.skillType)}`);
  for (const day of query.availability) conditions.push(sql`${day}::text = any(wp.available_days)`);
  conditions.push(...timesOfDayConditions(query));
  if (query.carerLanguage.length > 0) conditions.push(sql`wp.languages && ${textArray(query.carerLanguage)}`);
  if (query.qualifications.length > 0) conditions.push(sql`wp.qualifications @> ${textArray(query.qualifications)}`);
  if (criteria.keywordTsquery) conditions.push(keywordCondition(criteria.keywordTsquery));
  if (query.hasVerifiedNDISScreening) conditions.push(sql`wp.ndis_screening_verified_at is not null`);
  if (query.driving) conditions.push(sql`wp.has_drivers_licence and wp.has_car`);
  if (query.personalCare) conditions.push(sql`wp.offers_personal_care`);
  if (query.newWorkersOnly) conditions.push(sql`wp.joined_at >= now() - make_interval(days => ${NEW_WORKER_DAYS}::int)`);
  if (query.activeWorkersOnly) conditions.push(sql`wp.last_active_at >= now() - make_interval(days => ${ACTIVE_WORKER_DAYS}::int)`);
  return conditions;
}

/**
 * The parts of the day asked for. With days, one containment of the grid: every slot on every
 * day ({"mon": {"morning": true}, ...}). Without, one path per slot: that slot on any day.
 */
function timesOfDayConditions(query: WorkerSearchQuery): SQL[] {
  if (query.timesOfDay.length === 0) return [];
  if (query.availability.length > 0) {
    const slots = Object.fromEntries(query.timesOfDay.map((slot) => [slot, true]));
    const grid = Object.fromEntries(query.availability.map((day) => [day, slots]));
    return [sql`wp.availability @> ${JSON.stringify(grid)}::jsonb`];
  }
  return query.timesOfDay.map((slot) => sql`wp.availability @? ${`$.* ? (@.${slot} == true)`}::jsonpath`);
}
