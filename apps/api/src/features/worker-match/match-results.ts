import type { MatchFilters, MatchResults, WorkerSearchQuery } from '@tendly/domain/api/search';
import { MATCH_ENOUGH_WORKERS, MATCH_WIDEST_LOCATION_TYPE } from '@tendly/domain/constants';
import { locationTypeCodes, type LocationType } from '@tendly/domain/job-options';
import { describeChanges } from './describe-changes';
import { searchQueryOf } from './search-area';

/** The filters that can be taken away one at a time, in the order the assistant names them. */
const relaxable = [
  'skillType', 'personalCare', 'qualifications', 'availability', 'timesOfDay', 'gender', 'carerLanguage', 'driving', 'hasVerifiedNDISScreening', 'keyword',
] as const satisfies readonly (keyof MatchFilters)[];

export interface CountResultsOptions {
  countWorkers: (query: WorkerSearchQuery, atMost: number) => Promise<number>;
  onCountFailure?: (error: unknown) => void;
}

/**
 * How many workers the search finds with these filters (issue 31), counted as the results list
 * counts them, and when none, what to relax: a wider radius (up to the widest the assistant
 * searches) and each filter that, taken away on its own, finds workers. Null when counting fails:
 * the assistant then says nothing about how many match.
 */
export async function countResults(filters: MatchFilters, options: CountResultsOptions): Promise<MatchResults | null> {
  const radius: LocationType = filters.location ? (filters.locationType ?? 'ANY') : 'ANY';
  const count = (candidate: MatchFilters, locationType: LocationType) => options.countWorkers(searchQueryOf(candidate, locationType, MATCH_ENOUGH_WORKERS), MATCH_ENOUGH_WORKERS);
  try {
    const found = await count(filters, radius);
    if (found > 0) return { count: found, relax: [] };
    const relax: MatchResults['relax'] = [];
    const widest: LocationType = MATCH_WIDEST_LOCATION_TYPE;
    const isNarrower = radius !== 'ANY' && locationTypeCodes.indexOf(radius) < locationTypeCodes.indexOf(widest);
    if (filters.location && isNarrower && (await count(filters, widest)) > 0) {
      const wider = { ...filters, locationType: widest };
      relax.push({ filter: 'locationType', label: describeChanges(filters, wider)[0]?.label ?? '' });
    }
    for (const filter of relaxable) {
      if (filters[filter] === undefined) continue;
      const without = { ...filters };
      delete without[filter];
      if ((await count(without, radius)) === 0) continue;
      const label = describeChanges({}, { [filter]: filters[filter] })[0]?.label;
      if (label) relax.push({ filter, label });
    }
    return { count: 0, relax };
  } catch (error) {
    options.onCountFailure?.(error);
    return null;
  }
}
