import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Notification } from '@tendly/domain/api/notifications';
import { publishRealtimeEvent } from '../../platform/realtime-events';
import { setSignedInUser, startAliasSession } from '../../platform/session';
import { mockApi } from '../test-api';
import { renderApp } from '../test-app';
import { testUser } from '../test-sessions';

afterEach(() => {
  vi.unstubAllGlobals();
});

function countApi(total: () => number) {
  return mockApi({ 'GET /api/notifications/unread-count': () => [200, { unreadTotal: total() }] });
}

async function banner() {
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
  return within(screen.getByRole('banner'));
}

const offered: Notification = {
  id: '0b7e4c7a-3f7e-4f55-8f1e-5b2f0d6a9c11',
  kind: 'CONTRACT_OFFERED',
  title: 'Helen Nguyen offered you a service agreement',
  body: 'Review its terms, then accept and sign it or decline it.',
  link: '/contracts/1c8f5d8b-4a8f-4a66-9a2f-6c3a1e7b0d22',
  createdAt: '2026-11-27T01:00:00.000Z',
  readAt: null,
};

describe('the header’s notifications bell', { timeout: 30_000 }, () => {
  it('shows the unread count in the link’s name and keeps it live from the event stream', async () => {
    setSignedInUser(testUser('CR', { profileStatus: 'ACTIVE' }));
    countApi(() => 3);
    renderApp('/');
    const header = await banner();
    const bell = await header.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell.getAttribute('href')).toBe('/notifications');
    act(() => publishRealtimeEvent({ type: 'notifications', notification: offered, unreadTotal: 4 }));
    expect(await header.findByRole('link', { name: 'Notifications, 4 unread' })).toBeTruthy();
    act(() => publishRealtimeEvent({ type: 'notifications', notification: null, unreadTotal: 0 }));
    expect(await header.findByRole('link', { name: 'Notifications' })).toBeTruthy();
    // Message counts are not notification counts.
    act(() => publishRealtimeEvent({ type: 'unread', unreadTotal: 7 }));
    expect(header.getByRole('link', { name: 'Notifications' })).toBeTruthy();
  });

  it('is there for every signed-in role, and for a coordinator acting it counts the client’s with the alias token', async () => {
    for (const user of [testUser('CS'), testUser('CR', { profileStatus: 'INACTIVE' }), testUser('SUPPORT'), testUser('ADMIN')]) {
      setSignedInUser(user);
      countApi(() => 1);
      const view = renderApp('/');
      const header = await banner();
      expect(await header.findByRole('link', { name: 'Notifications, 1 unread' })).toBeTruthy();
      view.unmount();
      vi.unstubAllGlobals();
    }
    setSignedInUser(testUser('SUPPORT'));
    startAliasSession({ aliasToken: 'alias-token', id: 'client-1', name: 'Irene P', firstName: 'Irene', email: 'irene@example.com', role: 'CS' });
    const api = countApi(() => 2);
    renderApp('/');
    const header = await banner();
    await header.findByRole('link', { name: 'Notifications, 2 unread' });
    expect(api.requests.find((request) => request.path === '/api/notifications/unread-count')?.authToken).toBe('alias-token');
  });

  it('is not there for visitors, who never ask for a count', async () => {
    const api = countApi(() => 2);
    renderApp('/');
    const header = await banner();
    expect(header.queryByRole('link', { name: /^Notifications/ })).toBeNull();
    await waitFor(() => expect(api.requests.some((request) => request.path === '/api/notifications/unread-count')).toBe(false));
  });
});
