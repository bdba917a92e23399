import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { WorkerSummary } from '@tendly/domain/api/search';
import { ACTIVE_WORKER_DAYS, NEW_WORKER_DAYS } from '@tendly/domain/constants';
import { availabilitySlots } from '@tendly/domain/days';
import type { Database, Db, DbExecutor } from '../../platform/db/client';
import { LiveTable } from '../../platform/live-index/live-table';
import { boundingBox, earthDistance, earthPoint, placeCells, UNDECIDED_METRES, type EarthPoint } from '../../platform/places/place-geometry';
import { MATCH_ACTIVITY_DAYS, MATCH_ACTIVITY_POINTS, MATCH_DAY_EPOCH, MATCH_DAY_TIME_ZONE } from '../../platform/db/schema/workers';
import { isListedWorker, summaryColumns, summaryRowSchema, toWorkerSummary, type SummaryRow } from '../../platform/workers/worker-summary';
import { AVAILABILITY_POINTS, DISTANCE_POINTS, SKILLS_POINTS } from './best-match';
import { radiusKmOf, type SearchCriteria } from './search-filters';

/**
 * Worker search answered from memory (issue 18: 100,000 workers, every search different, p95
 * under 50 ms with the results cache off).
 *
 * Every listed worker (an ACTIVE profile of an account not deactivated) is held in memory with
 * what search filters, scores and shows, kept current by `LiveTable` (a change shows a few
 * milliseconds after it commits). A radius search reads the grid cells the radius covers, checks
 * each worker there against the search's conditions, and keeps the page in the search's order;
 * the total is every match counted. No SQL runs.
 *
 * It gives exactly what search-repository.ts's SQL gives, ties included (worker-index.test.ts
 * compares them on random searches):
 * - the conditions of `filterConditions`, one by one (see `matches`);
 * - the score of best-match.ts, with the same floating-point operations in the same order, and
 *   the same distance (`earthDistance`, earthdistance's own formula);
 * - the same orders, the worker id breaking ties (uuid order is the order of its text).
 *
 * It answers only radius searches without a keyword (full-text search stays with the
 * database), and returns null, for the database to answer, when it cannot be sure: a worker
 * within a micrometre of the radius, or within a second of the new or active workers' cut-off.
 */
export interface IndexedWorker {
  id: string;
  point: EarthPoint | null;
  cell: number | null;
  gender: string | null;
  skills: readonly string[];
  availableDays: readonly string[];
  /** Free parts of each day: `${day}:${slot}`. */
  freeSlots: ReadonlySet<string>;
  languages: readonly string[];
  qualifications: readonly string[];
  ndisScreeningVerified: boolean;
  driving: boolean;
  personalCare: boolean;
  /** Seconds since 1970, to the microsecond the database keeps. */
  joinedAt: number;
  lastActiveAt: number | null;
  matchQuality: number;
  matchRecencyKey: number | null;
  summary: SummaryRow;
}

const WORKER_SEARCH_CHANNEL = 'tendly_worker_search';
const ACCOUNT_LISTING_CHANNEL = 'tendly_account_listing';

const indexRowSchema = summaryRowSchema.extend({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  placeCell: z.number().nullable(),
  availability: z.unknown(),
  ndisScreeningVerified: z.boolean(),
  joinedEpoch: z.number(),
  lastActiveEpoch: z.number().nullable(),
  matchQuality: z.number(),
  matchRecencyKey: z.number().nullable(),
  // The lists the filters read, unfiltered (the summary drops codes retired from the domain).
  rawSkills: z.array(z.string()),
  rawLanguages: z.array(z.string()),
  rawQualifications: z.array(z.string()),
  rawAvailableDays: z.array(z.string()),
});

function indexQuery(where: SQL): SQL {
  return sql`
    select ${summaryColumns()},
      wp.latitude, wp.longitude, wp.place_cell as "placeCell", wp.availability,
      wp.ndis_screening_verified_at is not null as "ndisScreeningVerified",
      extract(epoch from wp.joined_at)::float8 as "joinedEpoch",
      extract(epoch from wp.last_active_at)::float8 as "lastActiveEpoch",
      wp.match_quality as "matchQuality", wp.match_recency_key as "matchRecencyKey",
      wp.skills as "rawSkills", wp.languages as "rawLanguages", wp.qualifications as "rawQualifications",
      wp.available_days as "rawAvailableDays"
    from worker_profiles wp
    join users u on u.id = wp.user_id
    left join localities l on l.id = wp.locality_id
    where ${isListedWorker} and ${where}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toIndexedWorker(raw: unknown): IndexedWorker {
  const row = indexRowSchema.parse(raw);
  const freeSlots = new Set<string>();
  // As the SQL reads the grid: a part of a day is free when its value is JSON true.
  if (isObject(row.availability)) {
    for (const [day, slots] of Object.entries(row.availability)) {
      if (!isObject(slots)) continue;
      for (const slot of availabilitySlots) if (slots[slot] === true) freeSlots.add(`${day}:${slot}`);
    }
  }
  const summary = summaryRowSchema.parse(raw);
  return {
    id: row.carerId,
    point: row.latitude === null || row.longitude === null ? null : earthPoint(row.latitude, row.longitude),
    cell: row.placeCell,
    gender: row.gender,
    skills: row.rawSkills,
    availableDays: row.rawAvailableDays,
    freeSlots,
    languages: row.rawLanguages,
    qualifications: row.rawQualifications,
    ndisScreeningVerified: row.ndisScreeningVerified,
    driving: row.hasDriversLicence && row.hasCar,
    personalCare: row.offersPersonalCare,
    joinedAt: row.joinedEpoch,
    lastActiveAt: row.lastActiveEpoch,
    matchQuality: row.matchQuality,
    matchRecencyKey: row.matchRecencyKey,
    summary,
  };
}

async function loadWorkers(db: Db, where: SQL): Promise<IndexedWorker[]> {
  const result = await db.execute(indexQuery(where));
  return result.rows.map(toIndexedWorker);
}

export type WorkerIndex = LiveTable<IndexedWorker>;

/** Every listed worker, kept current by the triggers of migration 0028. */
export function createWorkerIndex(database: Database, logger: { warn(object: object, message: string): void }): WorkerIndex {
  const loadIds = (db: Db, ids: readonly string[]) => loadWorkers(db, sql`wp.user_id = any(${`{${ids.join(',')}}`}::uuid[])`);
  return new LiveTable<IndexedWorker>({
    name: 'worker search index',
    database,
    logger,
    loadAll: (db) => loadWorkers(db, sql`true`),
    idOf: (worker) => worker.id,
    bucketOf: (worker) => (worker.point ? worker.cell : null),
    sources: [
      { channel: WORKER_SEARCH_CHANNEL, load: loadIds, idsAreRowIds: true },
      // A worker's account: their name, or deactivated (no longer listed).
      { channel: ACCOUNT_LISTING_CHANNEL, load: loadIds, idsAreRowIds: true },
    ],
  });
}

/** The cut-offs of newWorkersOnly and activeWorkersOnly, as the database works them out (its `now()` and time zone). */
export interface SearchClock {
  newSince: number;
  activeSince: number;
}

const clockSchema = z.object({ newSince: z.number(), activeSince: z.number() });

export async function readSearchClock(db: DbExecutor): Promise<SearchClock> {
  const result = await db.execute(sql`
    select extract(epoch from now() - make_interval(days => ${NEW_WORKER_DAYS}::int))::float8 as "newSince",
      extract(epoch from now() - make_interval(days => ${ACTIVE_WORKER_DAYS}::int))::float8 as "activeSince"`);
  return clockSchema.parse(result.rows[0]);
}

/** Whole days from day 0 of `match_recency_key` to today in Sydney, as the SQL's `recencyOffset` counts them. */
function sydneyDayNumber(now: Date): number {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: MATCH_DAY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const [year, month, day] = parts.split('-').map(Number) as [number, number, number];
  const [epochYear, epochMonth, epochDay] = MATCH_DAY_EPOCH.split('-').map(Number) as [number, number, number];
  return Math.round((Date.UTC(year, month - 1, day) - Date.UTC(epochYear, epochMonth - 1, epochDay)) / 86_400_000);
}

/** `recencyOffset` of best-match.ts: 10 − 10 ÷ 90 × days, as float8. */
function recencyOffsetOn(now: Date): number {
  return MATCH_ACTIVITY_POINTS - (MATCH_ACTIVITY_POINTS / MATCH_ACTIVITY_DAYS) * sydneyDayNumber(now);
}

/** A cut-off closer than this (seconds) is not called here. */
const UNDECIDED_SECONDS = 1;

interface Match {
  worker: IndexedWorker;
  metres: number;
  /** The score (best match) or the time (newest, last active; -Infinity for none). */
  key: number;
}

/** Whether `a` comes before `b`: the higher key first, then the lower id. */
function before(a: Match, b: Match): boolean {
  return a.key === b.key ? a.worker.id < b.worker.id : a.key > b.key;
}

/** Deeper than this, every match is kept and sorted once rather than each placed as it comes. */
const MAX_KEPT_IN_ORDER = 500;

/** The first `depth` matches in order, kept as they come: an array sorted by `before`. */
class TopMatches {
  readonly #depth: number;
  readonly #kept: Match[] = [];

  constructor(depth: number) {
    this.#depth = depth;
  }

  get kept(): Match[] {
    if (this.#depth > MAX_KEPT_IN_ORDER) this.#kept.sort((a, b) => (before(a, b) ? -1 : 1));
    return this.#kept.slice(0, this.#depth);
  }

  offer(match: Match): void {
    const kept = this.#kept;
    if (this.#depth > MAX_KEPT_IN_ORDER) {
      kept.push(match);
      return;
    }
    if (kept.length === this.#depth) {
      if (!before(match, kept[kept.length - 1] as Match)) return;
      kept.pop();
    }
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (before(kept[middle] as Match, match)) low = middle + 1;
      else high = middle;
    }
    kept.splice(low, 0, match);
  }
}

export interface IndexedPage {
  workers: WorkerSummary[];
  /** Every match. */
  total: number;
}

/**
 * One page of a radius search and its total, from memory; null when the index cannot answer it
 * exactly (see above), for the database to answer. `clock` is needed only for the new and active
 * filters.
 */
export function searchWorkerIndex(index: WorkerIndex, criteria: SearchCriteria, clock: SearchClock | null, now = new Date()): IndexedPage | null {
  const { query, place } = criteria;
  const radiusKm = radiusKmOf(criteria);
  if (!index.isReady || !place || radiusKm === null || query.keyword) return null;
  if ((query.newWorkersOnly || query.activeWorkersOnly) && !clock) return null;
  const cells = placeCells(boundingBox(place, radiusKm));
  if (!cells) return null;

  const from = earthPoint(place.latitude, place.longitude);
  const radiusMetres = radiusKm * 1000;
  const reachMetres = radiusKm * 1000;
  const isBestMatch = query.sortType === 'bestMatch';
  const skills = query.skillType;
  const days = query.availability;
  const slotCount = days.length * availabilitySlots.length;
  const offset = recencyOffsetOn(now);
  const top = new TopMatches(query.start + query.limit);
  const wantedGender = query.gender && query.gender !== 'ANY' ? query.gender : null;
  const gridSlots = query.timesOfDay.length > 0 && days.length > 0 ? days.flatMap((day) => query.timesOfDay.map((slot) => `${day}:${slot}`)) : [];
  let total = 0;

  for (const cell of cells) {
    for (const worker of index.bucket(cell)) {
      if (wantedGender && worker.gender !== wantedGender) continue;
      if (skills.length > 0 && !skills.some((skill) => worker.skills.includes(skill))) continue;
      if (!days.every((day) => worker.availableDays.includes(day))) continue;
      if (gridSlots.length > 0 && !gridSlots.every((slot) => worker.freeSlots.has(slot))) continue;
      if (days.length === 0 && !query.timesOfDay.every((slot) => [...worker.freeSlots].some((free) => free.endsWith(`:${slot}`)))) continue;
      if (query.carerLanguage.length > 0 && !query.carerLanguage.some((language) => worker.languages.includes(language))) continue;
      if (!query.qualifications.every((qualification) => worker.qualifications.includes(qualification))) continue;
      if (query.hasVerifiedNDISScreening && !worker.ndisScreeningVerified) continue;
      if (query.driving && !worker.driving) continue;
      if (query.personalCare && !worker.personalCare) continue;
      if (clock && query.newWorkersOnly) {
        if (Math.abs(worker.joinedAt - clock.newSince) < UNDECIDED_SECONDS) return null;
        if (worker.joinedAt < clock.newSince) continue;
      }
      if (clock && query.activeWorkersOnly) {
        if (worker.lastActiveAt === null) continue;
        if (Math.abs(worker.lastActiveAt - clock.activeSince) < UNDECIDED_SECONDS) return null;
        if (worker.lastActiveAt < clock.activeSince) continue;
      }
      const point = worker.point as EarthPoint;
      const metres = earthDistance(from, point);
      if (Math.abs(metres - radiusMetres) <= UNDECIDED_METRES) return null;
      if (metres > radiusMetres) continue;
      total += 1;
      top.offer({ worker, metres, key: isBestMatch ? scoreOf(worker, metres) : orderKey(worker) });
    }
  }

  function orderKey(worker: IndexedWorker): number {
    const time = query.sortType === 'newest' ? worker.joinedAt : worker.lastActiveAt;
    return time ?? Number.NEGATIVE_INFINITY;
  }

  /** best-match.ts's `bestMatchScore`, operation by operation. */
  function scoreOf(worker: IndexedWorker, metres: number): number {
    const profile = worker.matchRecencyKey === null ? worker.matchQuality : Math.max(worker.matchRecencyKey + offset, worker.matchQuality);
    const parts: number[] = [];
    if (skills.length > 0) {
      let matched = 0;
      for (const skill of skills) if (worker.skills.includes(skill)) matched += 1;
      parts.push((SKILLS_POINTS * matched) / skills.length);
    }
    parts.push(DISTANCE_POINTS * Math.max(0, 1 - metres / reachMetres));
    if (days.length > 0) {
      let free = 0;
      for (const day of days) for (const slot of availabilitySlots) if (worker.freeSlots.has(`${day}:${slot}`)) free += 1;
      parts.push((AVAILABILITY_POINTS * free) / slotCount);
    }
    let sum = parts[0] as number;
    for (const part of parts.slice(1)) sum += part;
    return profile + sum;
  }

  const workers = top.kept.slice(query.start).map((match) => toWorkerSummary({ ...match.worker.summary, distance: match.metres }));
  return { workers, total };
}
