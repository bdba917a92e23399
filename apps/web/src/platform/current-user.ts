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

/**
 * "Welcome, Helen." for a dashboard's greeting: the first name from GET /api/me once it is in,
 * and from the session until then (the client's while a coordinator acts for one), so that the
 * greeting does not grow as the page loads and push the page down (issue 32).
 */
export function useWelcome(): string {
  const { user, alias } = useSession();
  const { data: me } = useCurrentUser();
  const firstName = me?.firstName ?? alias?.firstName ?? user?.firstName;
  return firstName ? `Welcome, ${firstName}.` : 'Welcome.';
}
