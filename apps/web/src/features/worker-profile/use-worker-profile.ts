import { useQuery } from '@tanstack/react-query';
import { isNotFoundError } from '../../platform/api-client';
import { shouldRetryUnlessClientError } from '../../platform/retry-rule';
import { fetchWorkerProfile } from './worker-profile-api';

/** GET /api/carer/{id}; `isNotFound` tells the page to say so rather than show an error. */
export function useWorkerProfile(carerId: string | undefined) {
  const query = useQuery({
    queryKey: ['worker-profile', carerId],
    queryFn: ({ signal }) => fetchWorkerProfile(carerId ?? '', signal),
    enabled: Boolean(carerId),
    retry: shouldRetryUnlessClientError,
  });
  const isNotFound = isNotFoundError(query.error);
  return { ...query, isNotFound };
}
