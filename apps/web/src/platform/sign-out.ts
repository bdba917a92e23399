import { useCallback } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { trackLogout } from './analytics';
import { apiRequest } from './api-client';

/** Loaded when needed: the schema brings zod, which the first page load does without. */
const loadMessageSchema = () => import('@tendly/domain/api/message');
import { clearSession, endAliasSession, getSession } from './session';
import { clearStoredDrafts } from './stored-drafts';
import { useSiteConfig } from './site-config';

/** The location of the page that signed out (the router's object for that visit); see isPageSignedOutFrom. */
let signedOutFrom: Location | null = null;

/**
 * True for the page the visitor signed out from. That page can stay on the screen for a while
 * after the move home (React keeps the old screen while the home page's code loads, which on a
 * slow phone takes a moment), and once the session is cleared its route guard sees nobody signed
 * in; it must not send the visitor to /login over the home page they are going to. The router
 * makes a new location object for every visit (keys are not enough: every first page's key is
 * "default"), so a later visit to a signed-in page is guarded as usual.
 */
export function isPageSignedOutFrom(location: Location): boolean {
  return signedOutFrom === location;
}

/**
 * Logout (spec section 4): goes home, tells the API (a failure there does not keep anyone signed
 * in), then clears every stored user key (drafts on the device included) and all cached server
 * state and sends the logout event.
 * Home comes first: a signed-in page left behind would otherwise see the viewer change and send
 * them to /login (and should it still be on the screen when the session is cleared, its guard
 * leaves it be: isPageSignedOutFrom). An alias session is ended before the sign-out call, so that
 * call carries the coordinator's own token.
 */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { analytics } = useSiteConfig();

  return useCallback(async () => {
    signedOutFrom = location;
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
  }, [queryClient, navigate, location, analytics]);
}
