import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { roleHomes } from '@tendly/domain/access';
import { EMAIL_NOT_VERIFIED_CODE, emailNotVerifiedMessage, INVALID_CREDENTIALS } from '@tendly/domain/errors';
import type { LoginInput } from '@tendly/domain/validation/account';
import { trackLogin } from '../../platform/analytics';
import { ApiError, UNEXPECTED_RESPONSE_MESSAGE } from '../../platform/api-client';
import { resolveDestination } from '../../platform/destinations';
import { returnPathOf } from '../../platform/redirect-state';
import { setSignedInUser } from '../../platform/session';
import { useSiteConfig } from '../../platform/site-config';
import { signIn } from '../../platform/account-api';

/** The login states of spec section 4. */
export type LoginStatus =
  | { readonly kind: 'idle' }
  | { readonly kind: 'loggingIn' }
  | { readonly kind: 'success' }
  | { readonly kind: 'error'; readonly message: string; readonly isUnverified: boolean };

/** What the API's answer to POST /signin means for the person (spec section 8, login failures). */
export function signInFailureMessage(error: unknown, brandName: string): { message: string; isUnverified: boolean } {
  if (!(error instanceof ApiError)) return { message: UNEXPECTED_RESPONSE_MESSAGE, isUnverified: false };
  if (error.status === 401 && error.code === EMAIL_NOT_VERIFIED_CODE) {
    return { message: emailNotVerifiedMessage(brandName), isUnverified: true };
  }
  // The deactivated 403 and a 429 carry their own message; a network failure says so.
  if (error.status === 403 || error.status === 429 || error.status === 0) {
    return { message: error.message, isUnverified: false };
  }
  if (error.status === 401 || error.status === 400) return { message: INVALID_CREDENTIALS, isUnverified: false };
  return { message: error.message, isUnverified: false };
}

/**
 * Signs in and takes the user on (spec sections 2.1, 4 and 6): the user is stored (a SUPPORT
 * sign-in also sets the support coordinator flag), cached data of anyone before is dropped, the
 * login event is sent, and the user goes to the page they were sent away from, or else to their
 * role's home (ADMIN's home is the admin area, ADMIN_URL: /admin in this app unless configured elsewhere).
 */
export function useSignIn() {
  const [status, setStatus] = useState<LoginStatus>({ kind: 'idle' });
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const site = useSiteConfig();
  const returnTo = returnPathOf(location.state, location.search);

  const submit = useCallback(
    async (credentials: LoginInput): Promise<LoginStatus> => {
      setStatus({ kind: 'loggingIn' });
      try {
        const user = await signIn(credentials);
        setSignedInUser(user);
        queryClient.clear();
        trackLogin(site.analytics, user.role);
        const success: LoginStatus = { kind: 'success' };
        setStatus(success);
        const home = resolveDestination(site, roleHomes[user.role]);
        if (returnTo && new URL(returnTo, window.location.origin).pathname !== '/login') {
          await navigate(returnTo, { replace: true });
        } else if (home.kind === 'internal') {
          await navigate(home.path, { replace: true });
        } else {
          window.location.assign(home.href);
        }
        return success;
      } catch (error) {
        const failure: LoginStatus = { kind: 'error', ...signInFailureMessage(error, site.brandName) };
        setStatus(failure);
        return failure;
      }
    },
    [navigate, queryClient, returnTo, site],
  );

  /** After a successful verification the login error clears (spec section 4). */
  const clearError = useCallback(() => setStatus({ kind: 'idle' }), []);

  return { status, submit, clearError };
}
