import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { WorkerSummary } from '@tendly/domain/api/search';
import { ACTIVE_WORKER_DAYS, NEW_WORKER_DAYS } from '@tendly/domain/constants';
import { availabilitySlots, dayCodes } from '@tendly/domain/days';
import { languageCodes } from '@tendly/domain/languages';
import { qualificationCodes } from '@tendly/domain/qualifications';
import { skillCodes } from '@tendly/domain/skills';
import { instantToLocalDate } from '@tendly/domain/shift-time';
import type { Database, Db, DbExecutor } from '../../platform/db/client';
import { LiveTable } from '../../platform/live-index/live-table';
import {
  boundingBox,
  cellsInside,
  earthDistance,
  earthPoint,
  nearestMetresToCell,
  placeCells,
  squaredChord,
  squaredChordOf,
  UNDECIDED_METRES,
} from '../../platform/places/place-geometry';
import { codeBits } from '../../platform/live-index/code-bits';
import { TopK } from '../../platform/live-index/top-k';
import { MATCH_ACTIVITY_DAYS, MATCH_ACTIVITY_POINTS, MATCH_DAY_EPOCH, MATCH_DAY_TIME_ZONE } from '../../platform/db/schema/workers';
import { isListedWorker, summaryColumns, summaryRowSchema, toWorkerSummary, type SummaryRow } from '../../platform/workers/worker-summary';
import { AVAILABILITY_POINTS, DISTANCE_POINTS, QUALITY_POINTS, SKILLS_POINTS } from './best-match';
import { RESULT_TOTAL_CAP } from '@tendly/domain/api/result-total';
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
  /** On earthdistance's sphere: x, y, z in metres (null without a place). */
  x: number;
  y: number;
  z: number;
  hasPoint: boolean;
  cell: number | null;
  gender: string | null;
  /** Bit i: `skillCodes[i]`. Codes no longer in the domain cannot be searched for, so have no bit. */
  skills: number;
  /** Bit i: `dayCodes[i]`, from `available_days`. */
  days: number;
  /** Bit 3 × day + slot: that part of that day is free (`availabilitySlots` order). */
  slots: number;
  /** Bit per part of the day free on some day, whatever the grid's key (as the SQL's `$.*` reads it). */
  anyDaySlots: number;
  /** Bits of `languageCodes`, 0 to 31 and 32 on. */
  languagesLow: number;
  languagesHigh: number;
  qualifications: number;
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

/** One copy of each word: codes and suburb names, a few thousand in all. */
const words = new Map<string, string>();

function shared<S extends string>(word: S): S {
  const known = words.get(word);
  if (known !== undefined) return known as S;
  words.set(word, word);
  return word;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toIndexedWorker(raw: unknown): IndexedWorker {
  const row = indexRowSchema.parse(raw);
  // As the SQL reads the grid: a part of a day is free when its value is JSON true.
  let slots = 0;
  let anyDaySlots = 0;
  if (isObject(row.availability)) {
    for (const [day, parts] of Object.entries(row.availability)) {
      if (!isObject(parts)) continue;
      const dayAt = (dayCodes as readonly string[]).indexOf(day);
      availabilitySlots.forEach((slot, slotAt) => {
        if (parts[slot] !== true) return;
        anyDaySlots |= 1 << slotAt;
        if (dayAt >= 0) slots |= 1 << (dayAt * availabilitySlots.length + slotAt);
      });
    }
  }
  const point = row.latitude === null || row.longitude === null ? null : earthPoint(row.latitude, row.longitude);
  const { latitude: _latitude, longitude: _longitude, placeCell, availability: _availability, ndisScreeningVerified, joinedEpoch, lastActiveEpoch, matchQuality, matchRecencyKey, rawSkills, rawLanguages, rawQualifications, rawAvailableDays, ...read } = row;
  // The same few words in every row (codes, suburbs, states) are kept once: 100,000 workers
  // otherwise hold a million copies, for the garbage collector to walk.
  const summary: SummaryRow = {
    ...read,
    suburb: read.suburb === null ? null : shared(read.suburb),
    state: read.state === null ? null : shared(read.state),
    skills: read.skills.map(shared),
    languages: read.languages.map(shared),
    qualifications: read.qualifications.map(shared),
    availableDays: read.availableDays.map(shared),
  };
  return {
    id: row.carerId,
    x: point?.x ?? 0,
    y: point?.y ?? 0,
    z: point?.z ?? 0,
    hasPoint: point !== null,
    cell: placeCell,
    gender: row.gender,
    skills: codeBits(skillCodes, rawSkills),
    days: codeBits(dayCodes, rawAvailableDays),
    slots,
    anyDaySlots,
    languagesLow: codeBits(languageCodes, rawLanguages),
    languagesHigh: codeBits(languageCodes, rawLanguages, 32),
    qualifications: codeBits(qualificationCodes, rawQualifications),
    ndisScreeningVerified,
    driving: row.hasDriversLicence && row.hasCar,
    personalCare: row.offersPersonalCare,
    joinedAt: joinedEpoch,
    lastActiveAt: lastActiveEpoch,
    matchQuality,
    matchRecencyKey,
    summary,
  };
}

/** Rows read at a time when everything loads: the memory a load needs stays small. */
const LOAD_PAGE_ROWS = 5_000;

async function loadWorkers(db: Db, where: SQL): Promise<IndexedWorker[]> {
  const workers: IndexedWorker[] = [];
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const result = await db.execute(sql`${indexQuery(sql`${where} and wp.user_id > ${after}::uuid`)} order by wp.user_id limit ${LOAD_PAGE_ROWS}`);
    for (const row of result.rows) workers.push(toIndexedWorker(row));
    const last = workers.at(-1);
    if (result.rows.length < LOAD_PAGE_ROWS || !last) return workers;
    after = last.id;
  }
}

export type WorkerIndex = LiveTable<IndexedWorker>;

/** The bucket orders of `createWorkerIndex`, by sort. */
const BUCKET_ORDER = { bestMatch: 0, newest: 1, lastActive: 2 } as const;

/** Higher values first, none last, then the lower id: the order of `desc nulls last, user_id`. */
function byDescending(valueOf: (worker: IndexedWorker) => number | null) {
  return (a: IndexedWorker, b: IndexedWorker): number => {
    const x = valueOf(a) ?? Number.NEGATIVE_INFINITY;
    const y = valueOf(b) ?? Number.NEGATIVE_INFINITY;
    if (x !== y) return x > y ? -1 : 1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

/** Every listed worker, kept current by the triggers of migration 0028. */
export function createWorkerIndex(database: Database, logger: { warn(object: object, message: string): void }): WorkerIndex {
  const loadIds = (db: Db, ids: readonly string[]) => loadWorkers(db, sql`wp.user_id = any(${`{${ids.join(',')}}`}::uuid[])`);
  return new LiveTable<IndexedWorker>({
    name: 'worker search index',
    database,
    logger,
    loadAll: (db) => loadWorkers(db, sql`true`),
    idOf: (worker) => worker.id,
    bucketOf: (worker) => (worker.hasPoint ? worker.cell : null),
    // Each cell in each sort's order, as the cell indexes of migration 0025 hold them.
    bucketOrders: [byDescending((worker) => worker.matchRecencyKey), byDescending((worker) => worker.joinedAt), byDescending((worker) => worker.lastActiveAt)],
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

const [epochYear, epochMonth, epochDay] = MATCH_DAY_EPOCH.split('-').map(Number) as [number, number, number];
/** The day number of the last minute asked about: a day turns on a minute. */
let dayOfMinute = { minute: Number.NaN, day: 0 };

/** Whole days from day 0 of `match_recency_key` to today in Sydney, as the SQL's `recencyOffset` counts them. */
function sydneyDayNumber(now: Date): number {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute === dayOfMinute.minute) return dayOfMinute.day;
  const [year, month, day] = instantToLocalDate(now, MATCH_DAY_TIME_ZONE).split('-').map(Number) as [number, number, number];
  const days = Math.round((Date.UTC(year, month - 1, day) - Date.UTC(epochYear, epochMonth - 1, epochDay)) / 86_400_000);
  dayOfMinute = { minute, day: days };
  return days;
}

/** `recencyOffset` of best-match.ts: 10 − 10 ÷ 90 × days, as float8. */
function recencyOffsetOn(now: Date): number {
  return MATCH_ACTIVITY_POINTS - (MATCH_ACTIVITY_POINTS / MATCH_ACTIVITY_DAYS) * sydneyDayNumber(now);
}

/** Scores are sums of floating-point parts: a bound is trusted to this much. */
const SCORE_SLACK = 1e-9;
/** A cut-off closer than this (seconds) is not called here. */
const UNDECIDED_SECONDS = 1;

/** A match kept for the page: the score (best match) or the time (newest, last active; -Infinity for none). */
interface Match {
  worker: IndexedWorker;
  metres: number;
  key: number;
}

/** Whether a match with `key` and `id` comes before `b`: the higher key first, then the lower id. */
function comesBefore(key: number, id: string, b: Match): boolean {
  return key === b.key ? id < b.worker.id : key > b.key;
}

const pageOrder = (a: Match, b: Match) => (a.worker === b.worker ? 0 : comesBefore(a.key, a.worker.id, b) ? -1 : 1);

export interface IndexedPage {
  workers: WorkerSummary[];
  /** The matches; past `RESULT_TOTAL_CAP`, some number above it (counting stops there, as the SQL's does). */
  total: number;
}

/** What a search asks, as the bits `IndexedWorker` keeps. */
function searchBits(query: SearchCriteria['query']) {
  const slotCount = availabilitySlots.length;
  const dayAt = (day: string) => (dayCodes as readonly string[]).indexOf(day);
  const slotAt = (slot: string) => (availabilitySlots as readonly string[]).indexOf(slot);
  let gridSlots = 0;
  for (const day of query.availability) for (const slot of query.timesOfDay) gridSlots |= 1 << (dayAt(day) * slotCount + slotAt(slot));
  return {
    skills: codeBits(skillCodes, query.skillType),
    /** Each skill asked for (repeats count twice, as in the SQL's sum). */
    skillEach: query.skillType.map((skill) => codeBits(skillCodes, [skill])),
    days: codeBits(dayCodes, query.availability),
    /** Each day asked for: the bits of its three parts. */
    dayParts: query.availability.map((day) => 0b111 << (dayAt(day) * slotCount)),
    gridSlots: query.availability.length > 0 ? gridSlots : 0,
    anyDaySlots: query.availability.length === 0 ? codeBits(availabilitySlots, query.timesOfDay) : 0,
    languagesLow: codeBits(languageCodes, query.carerLanguage),
    languagesHigh: codeBits(languageCodes, query.carerLanguage, 32),
    qualifications: codeBits(qualificationCodes, query.qualifications),
  };
}

function bitCount(bits: number): number {
  let count = 0;
  for (let rest = bits; rest !== 0; rest &= rest - 1) count += 1;
  return count;
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
  // A worker whose straight-line (chord) distance is clearly inside or outside needs no arcsine.
  const chordInside = squaredChordOf(radiusMetres * (1 - 1e-9));
  const chordOutside = squaredChordOf(radiusMetres * (1 + 1e-9));
  const isBestMatch = query.sortType === 'bestMatch';
  const byNewest = query.sortType === 'newest';
  const bits = searchBits(query);
  const slotCount = query.availability.length * availabilitySlots.length;
  const offset = recencyOffsetOn(now);
  const top = new TopK<Match>(query.start + query.limit, pageOrder);
  const wantedGender = query.gender && query.gender !== 'ANY' ? query.gender : null;
  const { hasVerifiedNDISScreening, driving, personalCare } = query;
  const newSince = clock && query.newWorkersOnly ? clock.newSince : null;
  const activeSince = clock && query.activeWorkersOnly ? clock.activeSince : null;
  const inside = new Set(cellsInside(place, radiusKm, cells));
  let total = 0;
  let undecided = false;

  // Nearest cells first: best match's page fills with high scores early, and more workers are skipped unscored.
  const reached = cells
    .map((cell) => ({ cell, isInside: inside.has(cell), nearest: nearestMetresToCell(place, cell) }))
    .filter(({ nearest }) => nearest <= radiusMetres)
    .sort((a, b) => a.nearest - b.nearest);
  const order = BUCKET_ORDER[query.sortType];
  const mostSkillAndDayPoints = (bits.skillEach.length > 0 ? SKILLS_POINTS : 0) + (slotCount > 0 ? AVAILABILITY_POINTS : 0);
  for (const { cell, isInside, nearest } of reached) {
    const cellDistancePoints = DISTANCE_POINTS * Math.max(0, 1 - nearest / reachMetres);
    for (const worker of index.bucket(cell, order)) {
      // The cell is read in the sort's order. Once the total is past what is counted and the
      // page is full, a worker who cannot make the page means nobody after them in the cell can.
      const worst = top.worst;
      if (total > RESULT_TOTAL_CAP && worst) {
        if (isBestMatch) {
          // Checks, rating and activity of anyone from here on: at most this worker's stored
          // key with today's activity points, or 25 (without recent activity).
          const mostProfile = worker.matchRecencyKey === null ? QUALITY_POINTS : Math.max(worker.matchRecencyKey + offset, QUALITY_POINTS);
          if (mostProfile + mostSkillAndDayPoints + cellDistancePoints < worst.key - SCORE_SLACK) break;
        } else if (!comesBefore((byNewest ? worker.joinedAt : worker.lastActiveAt) ?? Number.NEGATIVE_INFINITY, worker.id, worst)) {
          break;
        }
      }
      if (bits.skills !== 0 && (worker.skills & bits.skills) === 0) continue;
      if ((worker.days & bits.days) !== bits.days) continue;
      if ((worker.slots & bits.gridSlots) !== bits.gridSlots) continue;
      if ((worker.anyDaySlots & bits.anyDaySlots) !== bits.anyDaySlots) continue;
      if (wantedGender !== null && worker.gender !== wantedGender) continue;
      if (bits.languagesLow + bits.languagesHigh !== 0 && (worker.languagesLow & bits.languagesLow) === 0 && (worker.languagesHigh & bits.languagesHigh) === 0) continue;
      if ((worker.qualifications & bits.qualifications) !== bits.qualifications) continue;
      if (hasVerifiedNDISScreening && !worker.ndisScreeningVerified) continue;
      if (driving && !worker.driving) continue;
      if (personalCare && !worker.personalCare) continue;
      if (newSince !== null) {
        if (Math.abs(worker.joinedAt - newSince) < UNDECIDED_SECONDS) undecided = true;
        if (worker.joinedAt < newSince) continue;
      }
      if (activeSince !== null) {
        if (worker.lastActiveAt === null) continue;
        if (Math.abs(worker.lastActiveAt - activeSince) < UNDECIDED_SECONDS) undecided = true;
        if (worker.lastActiveAt < activeSince) continue;
      }
      let metres = Number.NaN;
      if (!isInside) {
        const chordSquared = squaredChord(from, worker);
        if (chordSquared > chordOutside) continue;
        if (chordSquared >= chordInside) {
          metres = earthDistance(from, worker);
          if (Math.abs(metres - radiusMetres) <= UNDECIDED_METRES) undecided = true;
          if (metres > radiusMetres) continue;
        }
      }
      total += 1;
      if (isBestMatch) {
        const profile = profilePoints(worker);
        const skillPoints = skillPointsOf(worker);
        const dayPoints = dayPointsOf(worker);
        // The most this worker can score, with the distance points of the cell's nearest point.
        if (worst && profile + skillPoints + dayPoints + cellDistancePoints < worst.key - SCORE_SLACK) continue;
        if (Number.isNaN(metres)) metres = earthDistance(from, worker);
        const score = scoreOf(profile, skillPoints, metres, dayPoints);
        if (!worst || comesBefore(score, worker.id, worst)) top.offer({ worker, metres, key: score });
      } else {
        const key = (byNewest ? worker.joinedAt : worker.lastActiveAt) ?? Number.NEGATIVE_INFINITY;
        if (!worst || comesBefore(key, worker.id, worst)) top.offer({ worker, metres, key });
      }
    }
  }
  if (undecided) return null;

  function profilePoints(worker: IndexedWorker): number {
    return worker.matchRecencyKey === null ? worker.matchQuality : Math.max(worker.matchRecencyKey + offset, worker.matchQuality);
  }

  /** Skill points (best-match.ts): 35 × skills matched ÷ skills asked for; 0 when none are asked for. */
  function skillPointsOf(worker: IndexedWorker): number {
    if (bits.skillEach.length === 0) return 0;
    let matched = 0;
    for (const skill of bits.skillEach) if ((worker.skills & skill) !== 0) matched += 1;
    return (SKILLS_POINTS * matched) / bits.skillEach.length;
  }

  /** Availability points: 15 × parts of the days free ÷ parts asked for. */
  function dayPointsOf(worker: IndexedWorker): number {
    if (slotCount === 0) return 0;
    let free = 0;
    for (const parts of bits.dayParts) free += bitCount(worker.slots & parts);
    return (AVAILABILITY_POINTS * free) / slotCount;
  }

  /**
   * best-match.ts's `bestMatchScore`, operation by operation in the same order: profile + (skills
   * + distance + availability), each part there only when the search asks about it.
   */
  function scoreOf(profile: number, skillPoints: number, metres: number, dayPoints: number): number {
    const distancePoints = DISTANCE_POINTS * Math.max(0, 1 - metres / reachMetres);
    let sum = bits.skillEach.length > 0 ? skillPoints + distancePoints : distancePoints;
    if (slotCount > 0) sum += dayPoints;
    return profile + sum;
  }

  const workers = top
    .sorted()
    .slice(query.start)
    .map(({ worker, metres }) => toWorkerSummary({ ...worker.summary, distance: Number.isNaN(metres) ? earthDistance(from, worker) : metres }));
  return { workers, total };
}
