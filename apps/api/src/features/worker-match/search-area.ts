import { workerSearchQuerySchema, type MatchFilters, type MatchSearchArea, type WorkerSearchQuery } from '@tendly/domain/api/search';
import { MATCH_DEFAULT_LOCATION_TYPE, MATCH_ENOUGH_WORKERS, MATCH_WIDEST_LOCATION_TYPE } from '@tendly/domain/constants';
import { locationTypeRadiusKm, type LocationType } from '@tendly/domain/job-options';

export interface SearchAreaOptions {
  /** The person chose the radius: it stays, only ever bounded. */
  isPersonsRadius: boolean;
  /** Counts the workers a search finds, up to `atMost` (see `WorkerMatchOptions.countWorkers`). */
  countWorkers?: (query: WorkerSearchQuery, atMost: number) => Promise<number>;
  onCountFailure?: (error: unknown) => void;
}

/** "Parramatta NSW", or "postcode 2150". */
function placeName(location: string): string {
  return /^\d{4}$/.test(location) ? `postcode ${location}` : location;
}

function kilometres(locationType: LocationType): number {
  return locationTypeRadiusKm(locationType) ?? 0;
}

function workerCount(count: number): string {
  if (count === 0) return 'No workers';
  return count === 1 ? 'Only 1 worker' : `Only ${count} workers`;
}

/** The search GET /api/search would run for these filters, as the results page runs it. */
export function searchQueryOf(filters: MatchFilters, locationType: LocationType, limit: number): WorkerSearchQuery {
  return workerSearchQuerySchema.parse({
    location: filters.location,
    locationType,
    gender: filters.gender,
    skillType: filters.skillType,
    availability: filters.availability,
    timesOfDay: filters.timesOfDay,
    carerLanguage: filters.carerLanguage,
    qualifications: filters.qualifications,
    keyword: filters.keyword,
    ...(filters.hasVerifiedNDISScreening ? { hasVerifiedNDISScreening: 'true' } : {}),
    ...(filters.driving ? { driving: 'true' } : {}),
    ...(filters.personalCare ? { personalCare: 'true' } : {}),
    limit,
  });
}

/**
 * A place the AI worker match reads bounds the search (issue 11): a care worker has to reach the
 * person, so "Mum lives in Parramatta" must not offer someone 695 km away. The assistant starts
 * within 25 km and widens to 50 km only when fewer than 5 workers match there, and says so; it
 * goes no further. A radius the person chose stays, except "any distance", which becomes the
 * widest the assistant searches. Without a place there is no radius.
 */
export async function boundSearchArea(filters: MatchFilters, options: SearchAreaOptions): Promise<{ filters: MatchFilters; area: MatchSearchArea | null }> {
  const { location } = filters;
  if (!location) {
    const withoutRadius = { ...filters };
    delete withoutRadius.locationType;
    return { filters: withoutRadius, area: null };
  }
  const place = placeName(location);

  if (options.isPersonsRadius && filters.locationType !== undefined) {
    if (filters.locationType !== 'ANY') {
      return { filters, area: { locationType: filters.locationType, isAutomatic: false, note: null } };
    }
    const widest = MATCH_WIDEST_LOCATION_TYPE;
    return {
      filters: { ...filters, locationType: widest },
      area: {
        locationType: widest,
        isAutomatic: false,
        note: `I look within ${kilometres(widest)} km of ${place} at most, so that every worker I suggest can reach you.`,
      },
    };
  }

  const nearest: LocationType = MATCH_DEFAULT_LOCATION_TYPE;
  const widest: LocationType = MATCH_WIDEST_LOCATION_TYPE;
  const at = (locationType: LocationType, note: string | null) => ({
    filters: { ...filters, locationType },
    area: { locationType, isAutomatic: true, note },
  });
  if (!options.countWorkers) return at(nearest, null);

  try {
    const near = await options.countWorkers(searchQueryOf(filters, nearest, MATCH_ENOUGH_WORKERS), MATCH_ENOUGH_WORKERS);
    if (near >= MATCH_ENOUGH_WORKERS) return at(nearest, null);
    const wide = await options.countWorkers(searchQueryOf(filters, widest, MATCH_ENOUGH_WORKERS), MATCH_ENOUGH_WORKERS);
    if (wide > near) {
      return at(widest, `${workerCount(near)} within ${kilometres(nearest)} km of ${place}, so we widened the search to ${kilometres(widest)} km.`);
    }
    // None even at the widest: the answer's `results` says so, with what to take away (issue 31).
    return at(nearest, null);
  } catch (error) {
    options.onCountFailure?.(error);
    return at(nearest, null);
  }
}
