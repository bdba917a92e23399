import { useQuery } from '@tanstack/react-query';
import { JOB_ALERT_RADIUS_KM } from '@tendly/domain/constants';
import { locationTypeCodes, locationTypeRadiusKm, type LocationType } from '@tendly/domain/job-options';
import { useSession } from '../../platform/session';
import { fetchOwnProfile } from './job-board-api';

export interface NearMe {
  /** "Marrickville NSW": what the location field gets. */
  readonly location: string;
  readonly locationType: LocationType;
}

/**
 * The radius for "Near me": the smallest of the board's distances that covers how far the worker
 * says they travel, the widest when they travel further, and the job alert distance when they
 * have not said.
 */
export function radiusFor(travelRadiusKm: number | null): LocationType {
  const radii = locationTypeCodes.flatMap((code) => {
    const km = locationTypeRadiusKm(code);
    return km === null ? [] : [{ code, km }];
  });
  const wanted = travelRadiusKm ?? JOB_ALERT_RADIUS_KM;
  return (radii.find((radius) => radius.km >= wanted) ?? radii[radii.length - 1])?.code ?? 'ANY';
}

/**
 * Where the signed-in worker lives, from their own profile, so the board can offer "Near me".
 * Null while it loads, when they have not given a suburb, or for anyone but a worker.
 */
export function useNearMe(): NearMe | null {
  const { user, alias } = useSession();
  const workerId = user?.role === 'CR' && alias === null ? user.id : null;
  const profile = useQuery({
    queryKey: ['worker-profile', workerId],
    queryFn: ({ signal }) => fetchOwnProfile(workerId ?? '', signal),
    enabled: workerId !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });
  const { suburb, state, travelRadiusKm } = profile.data ?? {};
  if (!suburb || !state || travelRadiusKm === undefined) return null;
  return { location: `${suburb} ${state}`, locationType: radiusFor(travelRadiusKm) };
}
