import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { publishRealtimeEvent } from '../../platform/realtime-events';
import { setSignedInUser, startAliasSession } from '../../platform/session';
import { mockApi } from '../test-api';
import { renderApp } from '../test-app';
import { testUser } from '../test-sessions';

afterEach(() => {
  vi.unstubAllGlobals();
});

function unreadApi(total: () => number) {
  return mockApi({ 'GET /api/unread-messages': () => [200, { unreadTotal: total() }] });
}

async function banner() {
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
  return within(screen.getByRole('banner'));
}

describe('the header’s Messages link', { timeout: 30_000 }, () => {
  it('shows a care seeker the unread count in the link’s name and keeps it live', async () => {
    setSignedInUser(testUser('CS'));
    unreadApi(() => 3);
    renderApp('/');
    const header = await banner();
    const link = await header.findByRole('link', { name: 'Messages, 3 unread' });
    expect(link.getAttribute('href')).toBe('/messages');
    act(() => publishRealtimeEvent({ type: 'unread', unreadTotal: 4 }));
    expect(await header.findByRole('link', { name: 'Messages, 4 unread' })).toBeTruthy();
    act(() => publishRealtimeEvent({ type: 'unread', unreadTotal: 0 }));
    expect(await header.findByRole('link', { name: 'Messages' })).toBeTruthy();
  });

  it('reads the count again when the window regains focus and the count is over 30 s old, not before', async () => {
    setSignedInUser(testUser('CR', { profileStatus: 'ACTIVE' }));
    let total = 1;
    const api = unreadApi(() => total);
    renderApp('/');
    const header = await banner();
    await header.findByRole('link', { name: 'Messages, 1 unread' });
    const reads = () => api.requests.filter((request) => request.path === '/api/unread-messages').length;
    const focus = () =>
      act(() => {
        window.dispatchEvent(new Event('visibilitychange'));
        window.dispatchEvent(new Event('focus'));
      });
    total = 5;
    focus();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reads()).toBe(1);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 31_000);
      focus();
      expect(await header.findByRole('link', { name: 'Messages, 5 unread' })).toBeTruthy();
      expect(reads()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is there for a coordinator acting for a client, counted with the alias token', async () => {
    setSignedInUser(testUser('SUPPORT'));
    startAliasSession({ aliasToken: 'alias-token', id: 'client-1', name: 'Irene P', firstName: 'Irene', email: 'irene@example.com', role: 'CS' });
    const api = unreadApi(() => 2);
    renderApp('/');
    const header = await banner();
    await header.findByRole('link', { name: 'Messages, 2 unread' });
    expect(api.requests.find((request) => request.path === '/api/unread-messages')?.authToken).toBe('alias-token');
  });

  it('is not there for visitors, inactive workers, coordinators or administrators', async () => {
    for (const user of [null, testUser('CR', { profileStatus: 'INACTIVE' }), testUser('SUPPORT'), testUser('ADMIN')]) {
      if (user) setSignedInUser(user);
      const api = unreadApi(() => 2);
      const view = renderApp('/');
      const header = await banner();
      expect(header.queryByRole('link', { name: /^Messages/ })).toBeNull();
      await waitFor(() => expect(api.requests.some((request) => request.path === '/api/unread-messages')).toBe(false));
      view.unmount();
      vi.unstubAllGlobals();
    }
  });
});
