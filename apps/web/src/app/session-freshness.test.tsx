import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { z } from 'zod';
import { INACTIVE_PROFILE } from '@tendly/domain/errors';
import { apiRequest } from '../platform/api-client';
import { clearSession, getSession, setSignedInUser } from '../platform/session';
import { registerAuthFailureHandler } from './auth-failure';
import { useRefreshOnFocus } from './session-freshness';
import { meAnswer, mockApi } from './test-api';
import { renderApp } from './test-app';
import { testUser } from './test-sessions';

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

const pendingWorker = () => testUser('CR', { id: 'id-CR', profileStatus: 'INACTIVE' });
const meSays = (status: 'ACTIVE' | 'INACTIVE') => () =>
  [200, meAnswer('CR', { profileStatus: status, workerProfile: { status, completenessPercent: 100, missing: [] } })] as const;

describe('the signed-in worker’s profile status follows the server (issue 31, item 7)', () => {
  it('opens a guarded page first time when the stored status is pending but the server says approved', async () => {
    const { requests } = mockApi({ 'GET /api/me': meSays('ACTIVE') });
    setSignedInUser(pendingWorker());
    const { router } = renderApp('/my-jobs');
    await screen.findByRole('heading', { level: 1, name: 'My jobs' });
    expect(router.state.location.pathname).toBe('/my-jobs');
    expect(screen.queryByText(INACTIVE_PROFILE)).toBeNull();
    expect(getSession().user?.profileStatus).toBe('ACTIVE');
    expect(requests.filter((r) => r.path === '/api/me')).toHaveLength(1);
  });

  it('still turns the worker away, with the inactive message, when the server agrees the profile is inactive', async () => {
    mockApi({ 'GET /api/me': meSays('INACTIVE') });
    setSignedInUser(pendingWorker());
    const { router } = renderApp('/my-jobs');
    await waitFor(() => expect(router.state.location.pathname).toBe('/care-worker/dashboard'));
    expect(router.state.location.state).toEqual({ message: INACTIVE_PROFILE });
    expect(getSession().user?.profileStatus).toBe('INACTIVE');
  });

  it('asks the server again when the window regains focus, and stores what it says', async () => {
    const { requests } = mockApi({ 'GET /api/me': meSays('ACTIVE') });
    setSignedInUser(pendingWorker());
    const queryClient = new QueryClient();
    renderHook(() => useRefreshOnFocus(queryClient));
    expect(requests).toHaveLength(0);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(getSession().user?.profileStatus).toBe('ACTIVE'));
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/me']);
    expect(queryClient.getQueryData(['me', 'id-CR', null])).toMatchObject({ profileStatus: 'ACTIVE' });
  });

  function watchJob(queryClient: QueryClient) {
    const observer = new QueryObserver(queryClient, { queryKey: ['job', 1], queryFn: () => apiRequest('/jobs/1', { schema: z.unknown() }), retry: false });
    return { observer, stop: observer.subscribe(() => {}) };
  }

  it('on a 403 INACTIVE_PROFILE that the server no longer stands by, stays on the page and runs its requests once more', async () => {
    const answers = [[403, { message: INACTIVE_PROFILE, code: 'INACTIVE_PROFILE' }] as const, [200, { id: 1 }] as const];
    mockApi({ 'GET /api/me': meSays('ACTIVE'), 'GET /api/jobs/1': () => answers.shift() ?? [500, { message: 'No more' }] });
    setSignedInUser(testUser('CR', { id: 'id-CR', profileStatus: 'ACTIVE' }));
    const { router, queryClient } = renderApp('/my-jobs');
    await screen.findByRole('heading', { level: 1, name: 'My jobs' });
    const unregister = registerAuthFailureHandler(router, queryClient);
    const { observer, stop } = watchJob(queryClient);
    await waitFor(() => expect(observer.getCurrentResult().data).toEqual({ id: 1 }));
    expect(answers).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/my-jobs');
    expect(getSession().user?.profileStatus).toBe('ACTIVE');
    stop();
    unregister();
  });

  it('retries only once: a second INACTIVE_PROFILE on the same page marks the worker inactive and sends them away', async () => {
    let jobCalls = 0;
    mockApi({
      'GET /api/me': meSays('ACTIVE'),
      'GET /api/jobs/1': () => {
        jobCalls += 1;
        return [403, { message: INACTIVE_PROFILE, code: 'INACTIVE_PROFILE' }];
      },
    });
    setSignedInUser(testUser('CR', { id: 'id-CR', profileStatus: 'ACTIVE' }));
    const { router, queryClient } = renderApp('/my-jobs');
    await screen.findByRole('heading', { level: 1, name: 'My jobs' });
    const unregister = registerAuthFailureHandler(router, queryClient);
    const { stop } = watchJob(queryClient);
    await waitFor(() => expect(router.state.location.pathname).toBe('/care-worker/dashboard'));
    expect(jobCalls).toBe(2);
    stop();
    unregister();
  });
});
