import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { NOT_AUTHORIZED, PLEASE_LOGIN } from '@tendly/domain/errors';
import { apiRequest } from '../platform/api-client';
import { getSession, setSignedInUser } from '../platform/session';
import { registerAuthFailureHandler } from './auth-failure';
import { renderApp } from './test-app';
import { testUser } from './test-sessions';

afterEach(() => {
  vi.unstubAllGlobals();
});

function failWith(status: number, code: string) {
  vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify({ message: 'No', code }), { status })));
}

describe('the 401/403 rule of spec section 8', () => {
  it('signs out on a 401 and goes to /login with the message and the page to return to', async () => {
    setSignedInUser(testUser('CS'));
    const { router, queryClient } = renderApp('/');
    const unregister = registerAuthFailureHandler(router, queryClient);
    failWith(401, 'UNAUTHENTICATED');
    await act(() => apiRequest('/my-workers', { schema: z.unknown() }).catch(() => {}));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ message: PLEASE_LOGIN, returnTo: '/' });
    expect(getSession().user).toBeNull();
    unregister();
  });

  it('signs out on a 403 and goes to /login with the not-authorised message', async () => {
    setSignedInUser(testUser('CS'));
    const { router, queryClient } = renderApp('/');
    const unregister = registerAuthFailureHandler(router, queryClient);
    failWith(403, 'FORBIDDEN');
    await act(() => apiRequest('/jobs/1', { schema: z.unknown() }).catch(() => {}));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ message: NOT_AUTHORIZED });
    expect(getSession().user).toBeNull();
    unregister();
  });
});
