import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Notification } from '@tendly/domain/api/notifications';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { publishRealtimeEvent } from '../../platform/realtime-events';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(() => import('./notifications-page'));

const slow = { timeout: 10_000 };

function notification(n: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id: `0b7e4c7a-3f7e-4f55-8f1e-00000000000${n}`,
    kind: 'CONTRACT_OFFERED',
    title: `Notification ${n}`,
    body: `What happened ${n}.`,
    link: '/notifications',
    createdAt: `2026-11-2${n}T01:00:00.000Z`,
    readAt: null,
    ...overrides,
  };
}

describe('/notifications', { timeout: 30_000 }, () => {
  it('lists notifications newest first, pages, marks one read when opened and all read on request', async () => {
    setSignedInUser(testUser('CS'));
    let unread = 2;
    let pages = [
      { notifications: [notification(3), notification(2, { link: '/messages' })], allLoaded: false },
      { notifications: [notification(1, { readAt: '2026-11-21T02:00:00.000Z' })], allLoaded: true },
    ];
    const api = mockApi({
      'GET /api/me': () => [200, meAnswer('CS')],
      'GET /api/notifications': (request) => [200, request.query.get('before') ? pages[1] : pages[0]],
      'GET /api/notifications/unread-count': () => [200, { unreadTotal: unread }],
      'POST /api/notifications/read': (request) => {
        const body = request.body as { ids?: string[]; all?: boolean };
        const marked = body.all ? unread : (body.ids?.length ?? 0);
        unread -= marked;
        pages = pages.map((page) => ({ ...page, notifications: page.notifications.map((n) => (body.all || body.ids?.includes(n.id) ? { ...n, readAt: '2026-11-27T00:00:00.000Z' } : n)) }));
        return [200, { marked, unreadTotal: unread }];
      },
    });
    renderApp('/notifications');
    const list = within(await screen.findByRole('list', { name: 'Notifications' }, slow));
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
    expect(list.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Notification 3', 'Notification 2']);
    expect(await screen.findByText(/2 unread\./)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await list.findByRole('link', { name: 'Notification 1' })).toBeTruthy();

    fireEvent.click(list.getByRole('link', { name: 'Notification 2' }));
    await waitFor(() => expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({ ids: [notification(2).id] }));
    expect(await screen.findByRole('link', { name: 'Messages' }, slow)).toBeTruthy();
    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Notifications, 1 unread' })).toBeTruthy();

    fireEvent.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Notifications, 1 unread' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }, slow));
    expect(await screen.findByText('All your notifications are marked as read.')).toBeTruthy();
    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it('shows a new notification from the live stream without a reload', async () => {
    setSignedInUser(testUser('CR', { profileStatus: 'ACTIVE' }));
    let notifications = [notification(1)];
    mockApi({
      'GET /api/me': () => [200, meAnswer('CR')],
      'GET /api/notifications': () => [200, { notifications, allLoaded: true }],
      'GET /api/notifications/unread-count': () => [200, { unreadTotal: notifications.length }],
    });
    renderApp('/notifications');
    const list = within(await screen.findByRole('list', { name: 'Notifications' }, slow));
    const fresh = notification(2, { title: 'Helen Nguyen offered you a service agreement' });
    notifications = [fresh, ...notifications];
    act(() => publishRealtimeEvent({ type: 'notifications', notification: fresh, unreadTotal: 2 }));
    expect(await list.findByRole('link', { name: 'Helen Nguyen offered you a service agreement' })).toBeTruthy();
    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Notifications, 2 unread' })).toBeTruthy();
  });

  it('says so when there is nothing yet', async () => {
    setSignedInUser(testUser('SUPPORT'));
    mockApi({
      'GET /api/me': () => [200, meAnswer('SUPPORT')],
      'GET /api/notifications': () => [200, { notifications: [], allLoaded: true }],
      'GET /api/notifications/unread-count': () => [200, { unreadTotal: 0 }],
    });
    renderApp('/notifications');
    expect(await screen.findByText(/^Nothing yet\./, undefined, slow)).toBeTruthy();
    expect(screen.getByText(/You are up to date\./)).toBeTruthy();
  });
});
