import { workerSearchQuerySchema, type WorkerSearchQuery, type WorkerSummary } from '@tendly/domain/api/search';
import { RESULT_TOTAL_CAP, resultTotalOf, type ResultTotal } from '@tendly/domain/api/result-total';
import { RECENT_WORKERS_MIN_RESULTS } from '@tendly/domain/constants';
import type { DbExecutor } from '../../platform/db/client';
import { LookupCache } from '../../platform/cache/lookup-cache';
import { queryCacheKey } from '../../platform/cache/query-key';
import type { SearchCriteria } from './search-filters';
import { keywordWords, readKeyword, type KeywordMatch } from './search-keyword';
import { resolveSearchPlace, type SearchPlace } from '../../platform/places/place-lookup';
import { countWorkers, searchWorkers } from './search-repository';
import { radiusKmOf } from './search-filters';
import { locationTypeRadiusKm } from '@tendly/domain/job-options';
import { readSearchClock, searchWorkerIndex, type IndexedPage, type WorkerIndex } from './worker-index';

export interface SearchContext {
  db: DbExecutor;
  /** Places read from `location`: localities do not change while the API runs. */
  places: LookupCache<SearchPlace>;
  /** Keyword corrections: new profile words count within 5 minutes. */
  keywords: LookupCache<KeywordMatch>;
  /**
   * Pages of results, for `SEARCH_CACHE_TTL_MS` (config). Search results are public and the
   * same for everyone, so identical searches within that time share one answer, and a burst of
   * them costs one query. A profile change shows in searches within that time.
   */
  results: LookupCache<WorkerSummary[]>;
  /** Totals of searches, for as long as their pages: every page of a search shares one. */
  totals: LookupCache<ResultTotal>;
  /**
   * Whether radius searches are read cell by cell (cell-walk.ts). On PostgreSQL it reads a few
   * hundred workers where the full query reads the whole radius (issue 18: the SQL's p95 from
   * about 116 ms to 30 ms at 100,000 workers). On PGlite, one connection running each statement
   * in turn, its two or three statements cost more than the one full query at the sizes it
   * serves (p95 of newest 318 ms before, 515 ms with it, at 20,000 workers), so it is off there.
   */
  cellWalk: boolean;
  /** Every listed worker in memory (worker-index.ts): radius searches are answered there, no SQL. */
  index: WorkerIndex | null;
  /** Whether a search first waits for the index to hold every change committed before it (`SEARCH_INDEX_SYNC`). */
  syncIndex: boolean;
}

export function createSearchContext(
  db: DbExecutor,
  options: { resultsTtlMs?: number; cellWalk?: boolean; index?: WorkerIndex; syncIndex?: boolean } = {},
): SearchContext {
  return {
    db,
    cellWalk: options.cellWalk ?? true,
    index: options.index ?? null,
    syncIndex: options.syncIndex ?? false,
    places: new LookupCache<SearchPlace>(5_000, Number.POSITIVE_INFINITY),
    keywords: new LookupCache<KeywordMatch>(5_000, 5 * 60 * 1000),
    results: new LookupCache<WorkerSummary[]>(2_000, options.resultsTtlMs ?? 0),
    totals: new LookupCache<ResultTotal>(2_000, options.resultsTtlMs ?? 0),
  };
}

/** One key for equal searches (see `queryCacheKey`). */
export function searchCacheKey(query: WorkerSearchQuery): string {
  return queryCacheKey(query);
}

/**
 * Reads the location and the keyword of a search: a 400 for an unknown place; null when a word
 * of the keyword is like nothing any worker wrote, so nobody can match.
 */
export async function readSearchCriteria(ctx: SearchContext, query: WorkerSearchQuery): Promise<SearchCriteria | null> {
  const { location, keyword } = query;
  const place = location
    ? await ctx.places.getOrLoad(location.toLowerCase().replace(/[\s,]+/g, ' '), () => resolveSearchPlace(ctx.db, location))
    : null;
  const match = keyword
    ? await ctx.keywords.getOrLoad(keywordWords(keyword).join(' '), () => readKeyword(ctx.db, keyword))
    : { tsquery: null, canMatch: true };
  return match.canMatch ? { query, place, keywordTsquery: match.tsquery } : null;
}

/** GET /api/search: one page of workers. */
export async function findWorkers(ctx: SearchContext, query: WorkerSearchQuery): Promise<WorkerSummary[]> {
  return ctx.results.getOrLoad(searchCacheKey(query), async () => {
    const criteria = await readSearchCriteria(ctx, query);
    return criteria ? searchWorkers(ctx.db, criteria, { cellWalk: ctx.cellWalk }) : [];
  });
}

/** How many workers a search finds, counting no further than `atMost` (0 when the keyword can match nobody). */
export async function countWorkersUpTo(ctx: SearchContext, query: WorkerSearchQuery, atMost: number): Promise<number> {
  const criteria = await readSearchCriteria(ctx, query);
  return criteria ? countWorkers(ctx.db, criteria, atMost) : 0;
}

/**
 * GET /api/search's total (sent in headers, see result-total.ts): the workers that match, counted
 * with the page's own conditions and indexes, and no further than one past `RESULT_TOTAL_CAP`, so
 * a broad search at 100,000 workers reads a thousand index entries rather than every worker (about
 * 13 ms on PostgreSQL for a place, a radius and two skills, beside 7 ms for the page). The order
 * and the page do not change it, so all the pages of a search share one count.
 */
export async function findSearchTotal(ctx: SearchContext, query: WorkerSearchQuery): Promise<ResultTotal> {
  const { start: _start, limit: _limit, sortType: _sortType, ...filters } = query;
  return ctx.totals.getOrLoad(queryCacheKey(filters), async () => resultTotalOf(await countWorkersUpTo(ctx, query, RESULT_TOTAL_CAP + 1)));
}

/**
 * A radius search without a keyword, from the index in memory (worker-index.ts); null when the
 * index is not loaded yet, or cannot answer this search exactly: the database answers then.
 */
async function fromIndex(ctx: SearchContext, query: WorkerSearchQuery): Promise<IndexedPage | null> {
  const { index } = ctx;
  if (!index || !query.location || query.keyword || locationTypeRadiusKm(query.locationType) === null) return null;
  if (ctx.syncIndex) {
    await index.start();
    await index.sync();
  } else if (index.isBehind) {
    // Changes notified and being read: on PGlite, that includes every change committed so far.
    await index.settled();
  }
  if (!index.isReady) return null;
  const criteria = await readSearchCriteria(ctx, query);
  if (!criteria || radiusKmOf(criteria) === null) return null;
  const clock = query.newWorkersOnly || query.activeWorkersOnly ? await readSearchClock(ctx.db) : null;
  return searchWorkerIndex(index, criteria, clock);
}

/**
 * A page and the total. From the index when it can answer: one pass gives both, and no results
 * cache is needed. Otherwise from the database: a page with fewer workers than asked for is the
 * last, so it tells the total itself and nothing is counted: only a full page costs a count.
 */
export async function findWorkersWithTotal(ctx: SearchContext, query: WorkerSearchQuery): Promise<{ workers: WorkerSummary[]; total: ResultTotal }> {
  const indexed = await fromIndex(ctx, query);
  if (indexed) return { workers: indexed.workers, total: resultTotalOf(Math.min(indexed.total, RESULT_TOTAL_CAP + 1)) };
  const workers = await findWorkers(ctx, query);
  const isLastPage = workers.length < query.limit && (workers.length > 0 || query.start === 0);
  const total = isLastPage ? resultTotalOf(query.start + workers.length) : await findSearchTotal(ctx, query);
  return { workers, total };
}

/**
 * GET /api/search/recent (spec section 7): the workers active in the last 30 days, most
 * recently active first. When fewer than 2 come back (a quiet month, a new site), the newest
 * workers instead, as many as asked for.
 */
export async function findRecentWorkers(ctx: SearchContext, count: number): Promise<WorkerSummary[]> {
  const recent = await findWorkers(
    ctx,
    workerSearchQuerySchema.parse({ sortType: 'lastActive', activeWorkersOnly: 'true', limit: count }),
  );
  if (recent.length >= RECENT_WORKERS_MIN_RESULTS) return recent;
  return findWorkers(ctx, workerSearchQuerySchema.parse({ sortType: 'newest', limit: count }));
}
