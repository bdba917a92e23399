import { useQuery } from '@tanstack/react-query';
import { meResponseSchema } from '@tendly/domain/api/auth';
import { apiRequest } from './api-client';
import { useSession } from './session';

/**
 * GET /api/me: who is signed in, as the API sees them (the client, with `actor` set, while a
 * support coordinator acts for one), with a worker's profile completeness. Keyed by the session's
 * people so acting for a client never shows the coordinator's answer.
 */
export function useCurrentUser() {
  const { user, alias } = useSession();
  return useQuery({
    queryKey: ['me', user?.id ?? null, alias?.id ?? null],
    queryFn: ({ signal }) => apiRequest('/me', { schema: meResponseSchema, signal }),
    enabled: user !== null,
  });
}
