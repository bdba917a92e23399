import type { JobSearchQuery, JobSummary } from '@tendly/domain/api/jobs';
import type { RequestAuth } from '../../platform/auth/authenticate';
import { LookupCache } from '../../platform/cache/lookup-cache';
import type { DbExecutor } from '../../platform/db/client';
import { resolveSearchPlace, type SearchPlace } from '../../platform/places/place-lookup';
import { searchJobBoard } from './job-board-repository';

export interface JobBoardContext {
  db: DbExecutor;
  /** Places read from `location`: localities do not change while the API runs. */
  places: LookupCache<SearchPlace>;
}

export function createJobBoardContext(db: DbExecutor): JobBoardContext {
  return { db, places: new LookupCache<SearchPlace>(5_000, Number.POSITIVE_INFINITY) };
}

/**
 * GET /api/jobs/search: one page of open jobs on the board. Without a location there is no
 * distance (and no distance filter); an unknown location is a 400 on `location`.
 */
export async function searchJobs(ctx: JobBoardContext, auth: RequestAuth, query: JobSearchQuery): Promise<JobSummary[]> {
  const { location } = query;
  const place = location
    ? await ctx.places.getOrLoad(location.toLowerCase().replace(/[\s,]+/g, ' '), () => resolveSearchPlace(ctx.db, location))
    : null;
  return searchJobBoard(ctx.db, { query, place, workerId: auth.user.id });
}
