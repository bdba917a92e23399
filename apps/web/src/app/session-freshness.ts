import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { MeResponse } from '@tendly/domain/api/auth';
import { apiRequest } from '../platform/api-client';
import { getSession, updateSignedInUser } from '../platform/session';

/**
 * Keeps the stored profile status (which the route guard and the menus read) in step with the
 * server (issue 31, item 7). The status is stored at sign-in, so a worker signed in while their
 * profile waited for approval kept "inactive" after an administrator approved them, and the
 * emailed "View the agreement" link sent them to the dashboard with the inactive message.
 * The app now asks GET /api/me again when the window regains focus, before the guard turns an
 * inactive worker away, and when the API answers 403 INACTIVE_PROFILE.
 */

let inFlight: Promise<MeResponse | null> | null = null;

/**
 * The answer's schema is zod's full API (issue 32, item 3: 28 KB gzipped): loaded when the first
 * check runs, which is after the first screen, so the entry does not carry zod.
 */
const loadMeSchema = () => import('@tendly/domain/api/auth').then((module) => module.meResponseSchema);

/**
 * Asks GET /api/me who is signed in and stores the worker's profile status it gives. Calls made
 * while one is under way share it. Answers null when nobody is signed in or the request failed
 * (the stored status then stands). The answer also fills the `['me', ...]` cache the screens read.
 */
export function refreshSignedInUser(queryClient?: QueryClient): Promise<MeResponse | null> {
  inFlight ??= fetchAndStore(queryClient).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function fetchAndStore(queryClient: QueryClient | undefined): Promise<MeResponse | null> {
  const { user, alias } = getSession();
  if (!user) return null;
  let me: MeResponse;
  try {
    me = await apiRequest('/me', { schema: await loadMeSchema() });
  } catch {
    return null;
  }
  const now = getSession();
  // Someone else signed in (or out) while the answer was on its way: it is not about them.
  if (now.user?.id !== user.id || (now.alias?.id ?? null) !== (alias?.id ?? null)) return null;
  queryClient?.setQueryData(['me', user.id, alias?.id ?? null], me);
  // While a coordinator acts for a client, /me is the client: the coordinator's own record stays.
  if (!alias && me.id === user.id && (me.profileStatus ?? null) !== (user.profileStatus ?? null)) {
    updateSignedInUser({ profileStatus: me.profileStatus });
  }
  return me;
}

/** Asks the server again each time the window regains focus or the tab becomes visible. */
export function useRefreshOnFocus(queryClient: QueryClient): void {
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'hidden' || !getSession().user) return;
      void refreshSignedInUser(queryClient);
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [queryClient]);
}
