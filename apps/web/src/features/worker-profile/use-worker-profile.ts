import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../platform/api-client';
import { fetchWorkerProfile } from './worker-profile-api';

/** A 404 (unknown or inactive worker) will not change on a second try; a server hiccup might. */
function shouldRetry(failureCount: number, error: Error): boolean {
  const isLasting = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return !isLasting && failureCount < 1;
}

/** GET /api/carer/{id}; `isNotFound` tells the page to say so rather than show an error. */
export function useWorkerProfile(carerId: string | undefined) {
  const query = useQuery({
    queryKey: ['worker-profile', carerId],
    queryFn: ({ signal }) => fetchWorkerProfile(carerId ?? '', signal),
    enabled: Boolean(carerId),
    retry: shouldRetry,
  });
  const isNotFound = query.error instanceof ApiError && query.error.status === 404;
  return { ...query, isNotFound };
}
