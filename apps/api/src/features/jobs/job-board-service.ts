import type { JobSearchQuery, JobSummary } from '@tendly/domain/api/jobs';
import { RESULT_TOTAL_CAP, resultTotalOf, type ResultTotal } from '@tendly/domain/api/result-total';
import { locationTypeRadiusKm } from '@tendly/domain/job-options';
import { LookupCache } from '../../platform/cache/lookup-cache';
import { queryCacheKey } from '../../platform/cache/query-key';
import type { DbExecutor } from '../../platform/db/client';
import type { LiveTable } from '../../platform/live-index/live-table';
import { resolveSearchPlace, type SearchPlace } from '../../platform/places/place-lookup';
import { appliedJobIds, countJobBoard, searchJobBoard } from './job-board-repository';
import { searchIndexedJobs, type IndexedJob } from './job-index';

export interface JobBoardContext {
  db: DbExecutor;
  /** Places read from `location`: localities do not change while the API runs. */
  places: LookupCache<SearchPlace>;
  /**
   * Pages of the board, for `SEARCH_CACHE_TTL_MS` (config): the board is the same for every
   * worker, so identical searches share one page, and a burst of them costs one query. Posting,
   * changing or closing a job in this process clears it at once (`jobsChanged`); other API
   * processes show the change within that time. Whether the worker applied is read fresh.
   */
  pages: LookupCache<JobSummary[]>;
  /** Totals of board searches, kept and cleared like the pages (see `boardTotal`). */
  totals: LookupCache<ResultTotal>;
  /**
   * The board held in memory (job-index.ts), which answers radius searches without a keyword.
   * Those need neither cache: a search costs well under a millisecond and sees every change
   * a few milliseconds after it commits, in any API process. Null: every search is SQL.
   */
  index: LiveTable<IndexedJob> | null;
  /** SEARCH_INDEX_SYNC (config): wait until the index has every change committed before each search. */
  isIndexSynced: boolean;
}

export function createJobBoardContext(
  db: DbExecutor,
  options: { pagesTtlMs?: number; index?: LiveTable<IndexedJob> | null; isIndexSynced?: boolean } = {},
): JobBoardContext {
  return {
    db,
    places: new LookupCache<SearchPlace>(5_000, Number.POSITIVE_INFINITY),
    pages: new LookupCache<JobSummary[]>(2_000, options.pagesTtlMs ?? 0),
    totals: new LookupCache<ResultTotal>(2_000, options.pagesTtlMs ?? 0),
    index: options.index ?? null,
    isIndexSynced: options.isIndexSynced ?? false,
  };
}

/** A job was posted, changed or closed: the board's pages may be out of date. */
export function jobsChanged(ctx: JobBoardContext): void {
  ctx.pages.clear();
  ctx.totals.clear();
}

function placeOf(ctx: JobBoardContext, location: string | undefined): Promise<SearchPlace | null> {
  if (!location) return Promise.resolve(null);
  return ctx.places.getOrLoad(location.toLowerCase().replace(/[\s,]+/g, ' '), () => resolveSearchPlace(ctx.db, location));
}

/**
 * GET /api/jobs/search: one page of open jobs on the board. Without a location there is no
 * distance (and no distance filter); an unknown location is a 400 on `location`.
 */
export async function searchJobs(ctx: JobBoardContext, workerId: string, query: JobSearchQuery): Promise<JobSummary[]> {
  const page = await ctx.pages.getOrLoad(queryCacheKey(query), async () =>
    searchJobBoard(ctx.db, { query, place: await placeOf(ctx, query.location) }),
  );
  const applied = await appliedJobIds(ctx.db, workerId, page.map((job) => job.id));
  return page.map((job) => ({ ...job, hasApplied: applied.has(job.id) }));
}

/**
 * How many open jobs a board search finds in all (sent in headers, see result-total.ts): counted
 * with the page's own conditions and indexes, no further than one past `RESULT_TOTAL_CAP`. The
 * order and the page do not change it, so all the pages of a search share one count.
 */
export async function boardTotal(ctx: JobBoardContext, query: JobSearchQuery): Promise<ResultTotal> {
  const { start: _start, limit: _limit, sortType: _sortType, ...filters } = query;
  return ctx.totals.getOrLoad(queryCacheKey(filters), async () => {
    const counted = await countJobBoard(ctx.db, { query, place: await placeOf(ctx, query.location) }, RESULT_TOTAL_CAP + 1);
    return resultTotalOf(counted);
  });
}

/**
 * A radius search answered from the index: the page and the total in one pass. Null when the
 * index cannot answer it exactly (see `searchIndexedJobs`) or is not loaded yet.
 */
async function searchJobIndex(ctx: JobBoardContext, query: JobSearchQuery): Promise<{ jobs: JobSummary[]; total: number } | null> {
  const { index } = ctx;
  if (!index || query.keyword || !query.location || locationTypeRadiusKm(query.locationType) === null) return null;
  const place = await placeOf(ctx, query.location);
  if (ctx.isIndexSynced) {
    await index.start();
    await index.sync();
  } else {
    if (!index.isReady) return null;
    if (index.isBehind) await index.settled();
  }
  return searchIndexedJobs(index, { query, place });
}

/**
 * A page of the board and its total: from the index when it can answer (radius searches without
 * a keyword, see `searchJobIndex`), else from SQL, where a short page is the last and tells the
 * total itself (see `findWorkersWithTotal`). Whether the worker applied is read fresh either way.
 */
export async function searchJobsWithTotal(
  ctx: JobBoardContext,
  workerId: string,
  query: JobSearchQuery,
): Promise<{ jobs: JobSummary[]; total: ResultTotal }> {
  const indexed = await searchJobIndex(ctx, query);
  if (indexed) {
    const applied = await appliedJobIds(ctx.db, workerId, indexed.jobs.map((job) => job.id));
    return {
      jobs: indexed.jobs.map((job) => ({ ...job, hasApplied: applied.has(job.id) })),
      total: resultTotalOf(Math.min(indexed.total, RESULT_TOTAL_CAP + 1)),
    };
  }
  const jobs = await searchJobs(ctx, workerId, query);
  const isLastPage = jobs.length < query.limit && (jobs.length > 0 || query.start === 0);
  return { jobs, total: isLastPage ? resultTotalOf(query.start + jobs.length) : await boardTotal(ctx, query) };
}
