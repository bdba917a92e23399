import type { JobSummary } from '@tendly/domain/api/jobs';
import { dayCodes } from '@tendly/domain/days';
import { locationTypeRadiusKm, payingForCareTypeCodes } from '@tendly/domain/job-options';
import { skillCodes } from '@tendly/domain/skills';
import type { Database } from '../../platform/db/client';
import { LiveTable } from '../../platform/live-index/live-table';
import { codeBits } from '../../platform/live-index/code-bits';
import { TopK } from '../../platform/live-index/top-k';
import { boundingBox, earthDistance, earthPoint, placeCells, squaredChord, squaredChordOf, UNDECIDED_METRES, type EarthPoint } from '../../platform/places/place-geometry';
import { readBoardJobs, type BoardCriteria, type BoardJobRow } from './job-board-repository';
import { toJobSummary, type JobSummaryRow } from './job-presenter';

/**
 * The job board held in memory (issue 18): a radius search that nobody made before is answered
 * from the jobs in the grid cells around the place, without SQL, and gives exactly the page and
 * the total that `searchJobBoard` and `countJobBoard` give (job-board-exact.test.ts compares them).
 * Whatever the index cannot answer exactly (a keyword, no radius, a distance too close to call)
 * is left to the database: `searchIndexedJobs` returns null.
 */
export interface IndexedJob {
  id: string;
  /** `ll_to_earth(latitude, longitude)`, made once. */
  point: EarthPoint;
  placeCell: number | null;
  /** As stored (the summary drops codes no longer known; the board's filters do not). */
  supportType: readonly string[];
  availableDays: readonly string[];
  payingForCareType: string;
  /** `posted_at` in seconds since the epoch, microseconds kept: orders as the timestamp does. */
  postedAt: number;
  /** The skills, days and funding type as bits (`codeBits`), which the search's filters test. */
  skillMask: number;
  dayMask: number;
  payingMask: number;
  /** The job as a list shows it; the distance is filled in for each search. */
  summary: JobSummaryRow;
}

function toIndexedJob(row: BoardJobRow): IndexedJob {
  const { latitude, longitude, placeCell, needs, onDays, postedAtSeconds, ...summary } = row;
  return {
    id: row.id,
    point: earthPoint(latitude, longitude),
    placeCell,
    supportType: needs,
    availableDays: onDays,
    payingForCareType: row.payingForCareType,
    postedAt: postedAtSeconds,
    skillMask: codeBits(skillCodes, needs),
    dayMask: codeBits(dayCodes, onDays),
    payingMask: codeBits(payingForCareTypeCodes, [row.payingForCareType]),
    summary: { ...summary, distance: null },
  };
}

/**
 * The jobs on the board, kept current by the triggers of 0028_live-index-notify: a changed job
 * is read again (and dropped when it is no longer on the board), and a user whose name or status
 * changed has their board jobs read again (a summary shows the owner's first name).
 */
export function createJobIndex(database: Database, logger: { warn(object: object, message: string): void }): LiveTable<IndexedJob> {
  return new LiveTable<IndexedJob>({
    name: 'job board index',
    database,
    loadAll: async (db) => (await readBoardJobs(db)).map(toIndexedJob),
    idOf: (job) => job.id,
    bucketOf: (job) => job.placeCell,
    sources: [
      { channel: 'tendly_job_board', idsAreRowIds: true, load: async (db, ids) => (await readBoardJobs(db, { jobIds: ids })).map(toIndexedJob) },
      { channel: 'tendly_account_listing', idsAreRowIds: false, load: async (db, ids) => (await readBoardJobs(db, { ownerIds: ids })).map(toIndexedJob) },
    ],
    logger,
  });
}

/**
 * Around the radius, jobs are measured exactly (`earthDistance`); further in or out, the squared
 * chord decides alone. A metre is a billion times the rounding of either.
 */
const EXACT_BAND_METRES = 1;

interface Match {
  job: IndexedJob;
  /** The squared chord from the place: nearest orders by it, as it orders by distance. */
  chord: number;
}

/** PostgreSQL's uuid order: the bytes in turn, which for lowercase hex text is the text's own order. */
const byId = (a: IndexedJob, b: IndexedJob) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
/** `posted_at desc nulls last, id` (`boardQuery`; posted_at is never null). */
const newest = (a: Match, b: Match) => b.job.postedAt - a.job.postedAt || byId(a.job, b.job);
/** `distance, posted_at desc nulls last, id`. */
const nearest = (a: Match, b: Match) => a.chord - b.chord || newest(a, b);

const samePoint = (a: EarthPoint, b: EarthPoint) => a.x === b.x && a.y === b.y && a.z === b.z;

/**
 * A radius search of the board from the index: the page (`hasApplied` is not filled) and how
 * many jobs match in all, exactly as the database would answer (`boardConditions` and the order
 * of `boardQuery`); null when the index cannot say: not ready, a keyword (full text is the
 * database's), no place or no radius, a radius too wide for grid cells, or a job whose distance
 * from the place is too close to the radius, or to another job's on the page, to call
 * (`UNDECIDED_METRES`: the distance here may differ from earthdistance's in the last bit).
 */
export function searchIndexedJobs(table: LiveTable<IndexedJob>, { query, place }: BoardCriteria): { jobs: JobSummary[]; total: number } | null {
  const radiusKm = locationTypeRadiusKm(query.locationType);
  if (!table.isReady || query.keyword || !place || radiusKm === null) return null;
  const cells = placeCells(boundingBox(place, radiusKm));
  if (!cells) return null;
  const centre = earthPoint(place.latitude, place.longitude);
  const radius = radiusKm * 1000;
  const [surelyInside, surelyOutside] = [squaredChordOf(radius - EXACT_BAND_METRES), squaredChordOf(radius + EXACT_BAND_METRES)];
  const skills = codeBits(skillCodes, query.skillType);
  const days = codeBits(dayCodes, query.availability);
  const paying = codeBits(payingForCareTypeCodes, query.payingForCareType);
  const isNearest = query.sortType === 'nearest';
  // One past the page: a tie too close to call between the page's last job and the next changes the page.
  const top = new TopK<Match>(query.start + query.limit + 1, isNearest ? nearest : newest);
  let total = 0;
  for (const cell of cells) {
    for (const job of table.bucket(cell)) {
      if ((skills !== 0 && (job.skillMask & skills) === 0) || (days !== 0 && (job.dayMask & days) === 0)) continue;
      if (paying !== 0 && (job.payingMask & paying) === 0) continue;
      const chord = squaredChord(centre, job.point);
      if (chord > surelyOutside) continue;
      if (chord >= surelyInside) {
        const distance = earthDistance(centre, job.point);
        if (distance > radius + UNDECIDED_METRES) continue;
        if (distance >= radius - UNDECIDED_METRES) return null;
      }
      total += 1;
      top.offer({ job, chord });
    }
  }
  const ranked = top.sorted().map(({ job }) => ({ job, distance: earthDistance(centre, job.point) }));
  if (isNearest) {
    // Jobs at one point are as far in both; jobs at two points this close could be ordered either way there.
    for (let at = 1; at < ranked.length; at += 1) {
      const [a, b] = [ranked[at - 1], ranked[at]];
      if (a && b && b.distance - a.distance <= UNDECIDED_METRES && !samePoint(a.job.point, b.job.point)) return null;
    }
  }
  const jobs = ranked.slice(query.start, query.start + query.limit).map(({ job, distance }) => toJobSummary({ ...job.summary, distance }));
  return { jobs, total };
}
