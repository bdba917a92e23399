import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(() => import('./my-calendar-page'));

const slow = { timeout: 10_000 };
const oldUrl = `http://localhost/api/calendar/${'a'.repeat(43)}.ics`;
const newUrl = `http://localhost/api/calendar/${'b'.repeat(43)}.ics`;

describe('/my-calendar', { timeout: 30_000 }, () => {
  it('shows the private feed link and resets it after a confirmation', async () => {
    setSignedInUser(testUser('CS'));
    const api = mockApi({
      'GET /api/me': () => [200, meAnswer('CS')],
      'GET /api/my/calendar': () => [200, { shifts: [] }],
      'GET /api/my/calendar-feed': () => [200, { url: oldUrl }],
      'POST /api/my/calendar-feed/reset': () => [200, { url: newUrl }],
    });
    renderApp('/my-calendar');
    const link = (await screen.findByRole('textbox', { name: 'Your private calendar link' }, slow)) as HTMLInputElement;
    await waitFor(() => expect(link.value).toBe(oldUrl));
    expect(link.readOnly).toBe(true);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reset link' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reset your calendar link?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Reset link' }));
    await waitFor(() => expect(link.value).toBe(newUrl));
    expect(screen.getByText(/Your link was reset/)).toBeTruthy();
    expect(api.requests.filter((request) => request.path === '/api/my/calendar-feed/reset')).toHaveLength(1);
  });

  it('asks for the visible range of shifts', async () => {
    setSignedInUser(testUser('CR', { profileStatus: 'ACTIVE' }));
    const api = mockApi({
      'GET /api/me': () => [200, meAnswer('CR')],
      'GET /api/my/calendar': () => [200, { shifts: [] }],
      'GET /api/my/calendar-feed': () => [200, { url: oldUrl }],
    });
    renderApp('/my-calendar');
    await screen.findByRole('heading', { name: 'My calendar' }, slow);
    await waitFor(() => expect(api.requests.some((request) => request.path === '/api/my/calendar')).toBe(true), slow);
    const request = api.requests.find((candidate) => candidate.path === '/api/my/calendar')!;
    const days = (Date.parse(request.query.get('to')!) - Date.parse(request.query.get('from')!)) / 86_400_000;
    expect(days).toBeGreaterThan(6);
    expect(days).toBeLessThanOrEqual(62);
  });
});
