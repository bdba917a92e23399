import { useQuery } from '@tanstack/react-query';
import { isNotFoundError } from '../../platform/api-client';
import { fetchJob, jobQueryKeys } from '../../platform/jobs-api';
import { useSession } from '../../platform/session';
import { shouldRetryUnlessClientError } from '../../platform/retry-rule';

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
    retry: shouldRetryUnlessClientError,
  });
  const isNotFound = isNotFoundError(query.error);
  return { ...query, isNotFound };
}
