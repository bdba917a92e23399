import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi } from '../../app/test-api';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';

afterEach(() => {
  vi.unstubAllGlobals();
});

const jobCounts = { PENDING: 4, RUNNING: 1, DONE: 2_310, FAILED: 3, DISCARDED: 0 };

function summaryAnswer(overrides: Record<string, unknown> = {}) {
  return {
    accounts: { total: 1432, careSeekers: 880, workers: 512, supportCoordinators: 38, administrators: 2, unverified: 17, deactivated: 3 },
    workers: { active: 420, inactive: 92 },
    jobs: { open: 61, filled: 12, closed: 9 },
    applications: { total: 240, pending: 75 },
    countedAt: '2026-11-25T01:30:00.000Z',
    ...overrides,
  };
}

/** The count shown for a label within a group of the page. */
function countIn(groupName: string, label: string): string {
  const group = screen.getByRole('region', { name: groupName });
  const term = within(group).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('the admin home', () => {
  it('shows the console navigation and counts what exists, asking again on request', async () => {
    const user = userEvent.setup();
    let answer = summaryAnswer();
    const { requests } = mockApi({
      'GET /api/me': () => [200, meAnswer('ADMIN', { firstName: 'Ada' })],
      'GET /api/admin/summary': () => [200, answer],
      'GET /api/admin/jobs/counts': () => [200, jobCounts],
    });
    setSignedInUser(testUser('ADMIN'));
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin home' })).toBeTruthy();
    const consoleNav = screen.getByRole('navigation', { name: 'Admin console' });
    expect(within(consoleNav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Admin home', '/admin'],
      ['Review queue', '/admin/review'],
      ['People', '/admin/people'],
      ['Inbox', '/admin/inbox'],
      ['Annual reviews', '/admin/annual-reviews'],
      ['Payments', '/admin/payments'],
      ['Payouts', '/admin/payouts'],
      ['NDIA claims', '/admin/ndis-claims'],
      ['Money', '/admin/money'],
      ['Reviews', '/admin/reviews'],
      ['Background jobs', '/admin/jobs'],
      ['Audit log', '/admin/audit'],
    ]);
    expect(within(consoleNav).getByRole('link', { name: 'Admin home' }).getAttribute('aria-current')).toBe('page');
    await screen.findByRole('region', { name: 'Accounts' });
    expect(countIn('Accounts', 'All accounts')).toBe('1,432');
    expect(countIn('Accounts', 'Care workers')).toBe('512');
    expect(countIn('Accounts', 'Email not yet verified')).toBe('17');
    expect(countIn('Worker profiles', 'Active (shown in search)')).toBe('420');
    expect(countIn('Jobs', 'Open')).toBe('61');
    expect(countIn('Applications', 'Waiting for a reply')).toBe('75');
    await screen.findByText('Failed', { selector: 'dt' });
    expect(countIn('Background jobs', 'Failed')).toBe('3');
    expect(countIn('Background jobs', 'Waiting')).toBe('4');
    expect(screen.getByRole('link', { name: 'Review the failed jobs (3)' }).getAttribute('href')).toBe('/admin/jobs');
    expect(await screen.findByText(/Welcome, Ada\./)).toBeTruthy();

    answer = summaryAnswer({ jobs: { open: 62, filled: 12, closed: 9 } });
    await user.click(screen.getByRole('button', { name: 'Count again' }));
    await vi.waitFor(() => expect(countIn('Jobs', 'Open')).toBe('62'));
    expect(requests.filter((request) => request.path === '/api/admin/summary')).toHaveLength(2);
    expect(requests.filter((request) => request.path === '/api/admin/jobs/counts')).toHaveLength(2);
  });

  it('says so when the counts cannot be fetched', async () => {
    mockApi({
      'GET /api/me': () => [200, meAnswer('ADMIN')],
      'GET /api/admin/summary': () => [500, { message: 'Our servers are having some issues.', code: 'INTERNAL' }],
      'GET /api/admin/jobs/counts': () => [200, jobCounts],
    });
    setSignedInUser(testUser('ADMIN'));
    renderApp('/admin');
    expect((await screen.findByRole('alert')).textContent).toBe('Our servers are having some issues.');
  });

  it("is the administrator's Admin Dashboard link", async () => {
    mockApi({ 'GET /api/me': () => [200, meAnswer('ADMIN')], 'GET /api/admin/summary': () => [200, summaryAnswer()] });
    setSignedInUser(testUser('ADMIN'));
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Admin Dashboard' }).getAttribute('href')).toBe('/admin');
  });
});
