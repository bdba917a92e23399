import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../platform/api-client';
import { jobQueryKeys } from '../../platform/jobs-api';
import { useSession } from '../../platform/session';
import { fetchJob } from './job-details-api';

/** A 404 will not change on a second try; a server hiccup might. */
function shouldRetry(failureCount: number, error: Error): boolean {
  const isLasting = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return !isLasting && failureCount < 1;
}

/**
 * GET /api/jobs/{jobId}. The answer depends on who asks (the owner gets the private fields, a
 * worker their application), so the key carries the people of the session; `isNotFound` tells
 * the page to say so rather than show an error.
 */
export function useJob(jobId: string | undefined) {
  const { user, alias } = useSession();
  const query = useQuery({
    queryKey: [...jobQueryKeys.job(jobId ?? ''), user?.id ?? null, alias?.id ?? null],
    queryFn: ({ signal }) => fetchJob(jobId ?? '', signal),
    enabled: Boolean(jobId),
    retry: shouldRetry,
  });
  const isNotFound = query.error instanceof ApiError && query.error.status === 404;
  return { ...query, isNotFound };
}
