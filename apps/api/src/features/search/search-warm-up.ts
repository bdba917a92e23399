import type { FastifyInstance } from 'fastify';
import { sortTypeCodes } from '@tendly/domain/job-options';
import type { WarmUpStep } from '../../platform/warm-up/warm-up';
import { placesWithWorkers, someActiveWorkerIds } from './search-repository';

/** The radii a warm-up search draws from: each scores workers over a different number of cells. */
const WARM_UP_RADII = ['KM_10', 'KM_25', 'KM_50'] as const;
/**
 * A profile is two indexed reads and one presenter: its code is compiled well before the searches'
 * is, and each request costs the database as much. A third as many as searches.
 */
const PROFILES_PER_SEARCH = 3;
/** Places searched at most: more only repeat what is already compiled. */
const WARM_UP_PLACES = 200;

/**
 * Worker searches through the whole HTTP path (routing, validation, the index, presenting the
 * summaries, serialising), around places where workers live, in every sort and radius.
 */
export function warmUpWorkerSearch(app: FastifyInstance): WarmUpStep {
  return async (requests) => {
    const places = await placesWithWorkers(app.database.db, Math.min(requests, WARM_UP_PLACES));
    if (places.length === 0) return;
    for (let i = 0; i < requests; i += 1) {
      const query = new URLSearchParams({
        location: places[i % places.length] as string,
        locationType: WARM_UP_RADII[i % WARM_UP_RADII.length] as string,
        sortType: sortTypeCodes[Math.floor(i / places.length) % sortTypeCodes.length] as string,
      });
      await app.warmUp.get(`/api/search?${query.toString()}`);
    }
  };
}

/** Workers' public profiles through the whole HTTP path (the profile presenter, reviews, serialising): a third of `requests`. */
export function warmUpWorkerProfiles(app: FastifyInstance): WarmUpStep {
  return async (requests) => {
    const ids = await someActiveWorkerIds(app.database.db, Math.ceil(requests / PROFILES_PER_SEARCH));
    for (const id of ids) await app.warmUp.get(`/api/carer/${id}`);
  };
}
