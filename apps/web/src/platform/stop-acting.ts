import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** Loaded when needed: the schema brings zod, which the first page load does without. */
const loadMessageSchema = () => import('@tendly/domain/api/message');
import { endAliasSession } from './session';
import { sitePath, useSiteConfig } from './site-config';

/**
 * Ends a support coordinator's alias session (spec section 4): the API revokes the alias token,
 * the coordinator is restored (the support coordinator flag stays), the client's cached data goes,
 * and the coordinator is back on their dashboard. The alias ends here even when the API call
 * fails: the coordinator asked to stop, and an alias token left behind expires by itself.
 */
export function useStopActing(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const site = useSiteConfig();

  return useCallback(async () => {
    await loadMessageSchema()
      .then(({ messageResponseSchema }) => apiRequest('/alias', { method: 'DELETE', schema: messageResponseSchema }))
      .catch(() => undefined);
    endAliasSession();
    queryClient.clear();
    await navigate(sitePath(site, 'coordinatorDashboard'));
  }, [queryClient, navigate, site]);
}
