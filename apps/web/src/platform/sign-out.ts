import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { trackLogout } from './analytics';
import { apiRequest } from './api-client';

/** Loaded when needed: the schema brings zod, which the first page load does without. */
const loadMessageSchema = () => import('@tendly/domain/api/message');
import { clearSession, endAliasSession, getSession } from './session';
import { clearStoredDrafts } from './stored-drafts';
import { useSiteConfig } from './site-config';

/**
 * Logout (spec section 4): goes home, tells the API (a failure there does not keep anyone signed
 * in), then clears every stored user key (drafts on the device included) and all cached server
 * state and sends the logout event.
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
      await loadMessageSchema()
        .then(({ messageResponseSchema }) => apiRequest('/alias', { method: 'DELETE', schema: messageResponseSchema }))
        .catch(() => undefined);
      endAliasSession();
    }
    if (getSession().user) {
      await loadMessageSchema()
        .then(({ messageResponseSchema }) => apiRequest('/signout', { method: 'POST', schema: messageResponseSchema }))
        .catch(() => undefined);
    }
    clearSession();
    clearStoredDrafts();
    queryClient.clear();
    trackLogout(analytics);
  }, [queryClient, navigate, analytics]);
}
