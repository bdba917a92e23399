import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@tendly/domain/api/message';
import { trackLogout } from './analytics';
import { apiRequest } from './api-client';
import { clearSession, endAliasSession, getSession } from './session';
import { useSiteConfig } from './site-config';

/**
 * Logout (spec section 4): goes home, tells the API (a failure there does not keep anyone signed
 * in), then clears every stored user key and all cached server state and sends the logout event.
 * Home comes first: a signed-in page left behind would otherwise see the viewer change and send
 * them to /login. An alias session is ended before the sign-out call, so that call carries the
 * coordinator's own token.
 */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { analytics } = useSiteConfig();

  return useCallback(async () => {
    await navigate('/', { replace: true });
    if (getSession().alias) {
      await apiRequest('/alias', { method: 'DELETE', schema: messageResponseSchema }).catch(() => undefined);
      endAliasSession();
    }
    if (getSession().user) {
      await apiRequest('/signout', { method: 'POST', schema: messageResponseSchema }).catch(() => undefined);
    }
    clearSession();
    queryClient.clear();
    trackLogout(analytics);
  }, [queryClient, navigate, analytics]);
}
