import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi } from '../../app/test-api';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';

afterEach(() => {
  vi.unstubAllGlobals();
});

const referee = (position: number, answeredAt: string | null) => ({
  position,
  name: position === 1 ? 'Ann Lee' : 'Bo Tran',
  relationship: 'Former team leader',
  email: `ref${position}@example.com`,
  phone: '0412345678',
  invitedAt: '2026-11-20T00:00:00.000Z',
  linkExpiresAt: '2026-12-04T00:00:00.000Z',
  answeredAt,
});

describe('the worker’s referees', { timeout: 15_000 }, () => {
  it('shows who has answered and offers a new link to who has not', async () => {
    const api = mockApi({
      'GET /api/me': () => [200, meAnswer('CR', { profileStatus: 'INACTIVE' })],
      'GET /api/worker/referees': () => [200, { referees: [referee(1, '2026-11-21T00:00:00.000Z'), referee(2, null)] }],
      'POST /api/worker/referees/2/resend': () => [200, { referees: [referee(1, '2026-11-21T00:00:00.000Z'), referee(2, null)] }],
    });
    setSignedInUser(testUser('CR', { profileStatus: 'INACTIVE' }));
    renderApp('/care-worker/referees');
    const first = await screen.findByRole('group', { name: 'Referee 1' });
    expect(within(first).getByText('Reference received')).toBeTruthy();
    expect(within(first).queryByRole('button')).toBeNull();
    const second = screen.getByRole('group', { name: 'Referee 2' });
    expect(within(second).getByText('Waiting for their reference')).toBeTruthy();
    fireEvent.click(within(second).getByRole('button', { name: 'Email referee 2 a new link' }));
    expect(await screen.findByText('We’ve emailed a new link.')).toBeTruthy();
    expect(api.requests.some((request) => request.method === 'POST' && request.path === '/api/worker/referees/2/resend')).toBe(true);
  });

  it('asks for two referees and focuses the first missing field', async () => {
    mockApi({
      'GET /api/me': () => [200, meAnswer('CR', { profileStatus: 'INACTIVE' })],
      'GET /api/worker/referees': () => [200, { referees: [] }],
    });
    setSignedInUser(testUser('CR', { profileStatus: 'INACTIVE' }));
    renderApp('/care-worker/referees');
    const first = await screen.findByRole('group', { name: 'Referee 1' });
    fireEvent.click(screen.getByRole('button', { name: 'Save referees' }));
    expect(await within(first).findByText('Enter your referee’s name')).toBeTruthy();
    expect(document.activeElement).toBe(within(first).getByRole('textbox', { name: 'Name' }));
  });
});
