import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { JobSearchQuery, JobSummary } from '@tendly/domain/api/jobs';
import { locationTypeRadiusKm } from '@tendly/domain/job-options';
import type { DbExecutor } from '../../platform/db/client';
import { placePoint, rowPoint, withinKmOf } from '../../platform/places/place-geometry';
import type { SearchPlace } from '../../platform/places/place-lookup';
import { jobSummaryColumns, jobSummaryRowSchema, toJobSummary } from './job-presenter';
import { textArray } from '../../platform/db/text-array';

/**
 * The job board (GET /api/jobs/search) as SQL over `j` (jobs). Every condition is written so an
 * index serves it; the board's indexes are all partial on "open and not hidden from the board"
 * (schema/jobs.ts), which the query repeats word for word:
 * - location with a radius: the grid cells, then the exact distance (place-geometry.ts). Not the
 *   latitude and longitude box as well: the planner takes each range as independent of the cells
 *   and of each other, guesses 2 jobs where there were 500 (at 50,000 jobs), and then
 *   chose to read every job that needs the skill;
 * - skillType: the job needs ANY of the skills (GIN on support_type);
 * - availability: the job needs someone on ANY of the days (a worker free on Monday wants to see
 *   jobs with Monday shifts, even if they have other days too);
 * - payingForCareType: ANY of the funding types;
 * - keyword: full text over the title and the description (`websearch_to_tsquery`, English
 *   stemming: "cooking" finds "cook"; quotes and "or" and "-" work as people expect).
 * Newest orders by (posted_at desc, id) through `jobs_board_posted_idx`, which also holds every
 * filtered column but the keyword's, so a filtered walk of the newest jobs reads the index alone.
 * Nearest orders by distance, then newest; see `searchJobBoard` for how it stays fast when no
 * radius limits the jobs.
 */
export interface BoardCriteria {
  query: JobSearchQuery;
  place: SearchPlace | null;
}

const jobColumns = { latitude: sql`j.latitude`, longitude: sql`j.longitude`, placeCell: sql`j.place_cell` };
const jobPoint = rowPoint(jobColumns);

/** Exactly the predicate of the board's partial indexes. */
const isOnBoard = sql.raw(`j.status = 'OPEN' and not j.disable_job_board_posting`);

/**
 * The board's conditions. `forCount`: the radius as the total counts it, through
 * `jobs_board_cell_posted_idx` (0027_job-board-cell-index) from the index alone: with the latitude
 * and longitude box too, which rejects most jobs outside the circle with two comparisons before
 * the exact distance (microseconds a job), and without the exact distance in cells wholly inside
 * the radius. The same jobs either way; the page leaves the box out (see above).
 */
export function boardConditions({ query, place }: BoardCriteria, options: { forCount?: boolean } = {}): SQL[] {
  const conditions: SQL[] = [isOnBoard];
  const radiusKm = locationTypeRadiusKm(query.locationType);
  const radiusOptions = options.forCount ? { box: true, skipInsideCells: true } : { box: false };
  if (place && radiusKm !== null) conditions.push(...withinKmOf(place, radiusKm, jobColumns, radiusOptions));
  if (query.skillType.length > 0) conditions.push(sql`j.support_type && ${textArray(query.skillType)}`);
  if (query.availability.length > 0) conditions.push(sql`j.available_days && ${textArray(query.availability)}`);
  if (query.payingForCareType.length > 0) conditions.push(sql`j.paying_for_care_type = any(${textArray(query.payingForCareType)})`);
  if (query.keyword) conditions.push(sql`j.search_text @@ websearch_to_tsquery('english', ${query.keyword})`);
  return conditions;
}

function order({ query, place }: BoardCriteria, table: 'inner' | 'outer'): SQL {
  // Exactly the order of `jobs_board_posted_idx` (nulls last, though there are none), or
  // PostgreSQL reads the whole index and sorts it.
  const newest = sql`j.posted_at desc nulls last, j.id`;
  if (query.sortType === 'nearest' && place) return table === 'inner' ? sql`distance, ${newest}` : sql`page.distance, ${newest}`;
  return newest;
}

/**
 * One page of the board. The inner query finds and orders the matching jobs over `jobs` alone
 * and keeps `limit` of them from `start`; only that page is joined to its owner and locality.
 */
export function boardQuery(criteria: BoardCriteria, bounds: readonly SQL[] = []): SQL {
  const { query, place } = criteria;
  const distance = place ? sql`earth_distance(${placePoint(place)}, ${jobPoint})` : sql`null::float8`;
  return sql`
    select ${jobSummaryColumns(sql`page.distance`)}
    from (
      select j.id, ${distance} as distance
      from jobs j
      where ${sql.join([...boardConditions(criteria), ...bounds], sql` and `)}
      order by ${order(criteria, 'inner')}
      offset ${query.start} limit ${query.limit}
    ) as page
    join jobs j on j.id = page.id
    join users u on u.id = j.owner_id
    join localities l on l.id = j.locality_id
    order by ${order(criteria, 'outer')}`;
}

const frontierRowSchema = z.object({ metres: z.number() });

/**
 * Nearest first: how far the last job of the page is. The GiST index hands the jobs over nearest
 * first (`<->`) and the scan stops at the page's last one, however many jobs match.
 */
async function nearestFrontier(db: DbExecutor, criteria: BoardCriteria, place: SearchPlace): Promise<number | null> {
  const { start, limit } = criteria.query;
  // Without the radius: the radius's own index would tempt the planner to read and sort every
  // job inside it; a frontier beyond the radius means the radius is the bound.
  const result = await db.execute(sql`
    select earth_distance(${placePoint(place)}, ${jobPoint}) as metres
    from jobs j
    where ${sql.join(boardConditions({ ...criteria, place: null }), sql` and `)}
    order by ${jobPoint} <-> ${placePoint(place)}
    offset ${start + limit - 1} limit 1`);
  return z.array(frontierRowSchema).parse(result.rows)[0]?.metres ?? null;
}

/**
 * One page of the board. Nearest first is two steps: the distance of the page's last job by the
 * GiST index's order (which cannot also order the many jobs at exactly the same distance, those
 * of one suburb, by newest), then every job within that distance ordered exactly, by distance and
 * newest, and paged. A metre more than the frontier keeps rounding from leaving a job out.
 */
export async function searchJobBoard(db: DbExecutor, criteria: BoardCriteria): Promise<JobSummary[]> {
  const { place } = criteria;
  let bounds: SQL[] = [];
  if (criteria.query.sortType === 'nearest' && place) {
    const frontier = await nearestFrontier(db, criteria, place);
    const radiusKm = locationTypeRadiusKm(criteria.query.locationType);
    if (frontier !== null && (radiusKm === null || frontier / 1000 < radiusKm)) bounds = withinKmOf(place, (frontier + 1) / 1000, jobColumns);
  }
  const result = await db.execute(boardQuery(criteria, bounds));
  return z
    .array(jobSummaryRowSchema)
    .parse(result.rows)
    .map((row) => toJobSummary(row));
}

const countRowSchema = z.object({ count: z.number() });

/**
 * How many jobs the board search finds, counting no further than `atMost`, through the board's
 * indexes; within a radius, from `jobs_board_cell_posted_idx` alone (see `boardConditions`).
 */
export async function countJobBoard(db: DbExecutor, criteria: BoardCriteria, atMost: number): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as count
    from (select 1 from jobs j where ${sql.join(boardConditions(criteria, { forCount: true }), sql` and `)} limit ${atMost}) as found`);
  return countRowSchema.parse(result.rows[0]).count;
}

/** A job on the board as the in-memory index holds it (job-index.ts): what its filters and orders read, and its summary. */
export const boardJobRowSchema = jobSummaryRowSchema.extend({
  latitude: z.number(),
  longitude: z.number(),
  placeCell: z.number().int().nullable(),
  /** `support_type` and `available_days` as stored: the summary's lists drop codes no longer known. */
  needs: z.array(z.string()),
  onDays: z.array(z.string()),
  /** `posted_at` in seconds: a float8 tells microseconds apart for centuries around now, so it orders as the timestamp. */
  postedAtSeconds: z.number(),
});
export type BoardJobRow = z.infer<typeof boardJobRowSchema>;

/**
 * Jobs on the board (open and not hidden from it, `isOnBoard`), joined to their owner and locality
 * as `boardQuery` joins its page: every one, or those with these ids, or those of these owners.
 */
export async function readBoardJobs(db: DbExecutor, which: { jobIds?: readonly string[]; ownerIds?: readonly string[] } = {}): Promise<BoardJobRow[]> {
  const conditions: SQL[] = [isOnBoard];
  if (which.jobIds) conditions.push(sql`j.id = any(${textArray(which.jobIds)}::uuid[])`);
  if (which.ownerIds) conditions.push(sql`j.owner_id = any(${textArray(which.ownerIds)}::uuid[])`);
  const result = await db.execute(sql`
    select ${jobSummaryColumns()},
      j.latitude as "latitude", j.longitude as "longitude", j.place_cell as "placeCell",
      j.support_type as "needs", j.available_days as "onDays", extract(epoch from j.posted_at)::float8 as "postedAtSeconds"
    from jobs j
    join users u on u.id = j.owner_id
    join localities l on l.id = j.locality_id
    where ${sql.join(conditions, sql` and `)}`);
  return z.array(boardJobRowSchema).parse(result.rows);
}

const appliedRowSchema = z.object({ jobId: z.string() });

/** Which of these jobs the worker has applied for. */
export async function appliedJobIds(db: DbExecutor, workerId: string, jobIds: readonly string[]): Promise<Set<string>> {
  if (jobIds.length === 0) return new Set();
  const result = await db.execute(sql`
    select a.job_id::text as "jobId" from job_applications a
    where a.worker_id = ${workerId}::uuid and a.job_id = any(${textArray(jobIds)}::uuid[])`);
  return new Set(z.array(appliedRowSchema).parse(result.rows).map((row) => row.jobId));
}

/** Up to `count` places with open jobs on the board, as a person types them: what the start-up warm-up searches. */
export async function placesWithOpenJobs(db: DbExecutor, count: number): Promise<string[]> {
  const result = await db.execute(sql`
    select l.suburb || ' ' || l.state::text || ' ' || l.postcode as label from localities l
    where exists (select 1 from jobs j where j.locality_id = l.id and ${isOnBoard})
    order by l.id
    limit ${count}`);
  return z.array(z.object({ label: z.string() })).parse(result.rows).map((row) => row.label);
}
