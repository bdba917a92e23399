import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClientWalletList } from '@tendly/domain/api/funding-wallet';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { getSession, setSignedInUser } from '../../platform/session';

setUpPageTests(() => import('./coordinator-funding-page'));

const slow = { timeout: 10_000 };

const list: ClientWalletList = {
  clients: [
    {
      clientId: '00000000-0000-4000-8000-000000000001',
      name: 'Sam Lee',
      scheme: 'PACKAGE',
      plan: { startDate: '2026-07-01', endDate: '2027-06-30' },
      categories: [{ category: 'PACKAGE', periodStart: '2026-07-01', periodEnd: '2027-06-30', budgetCents: 1_000_000, spentCents: 820_000, committedCents: 10_000, remainingCents: 170_000, percentSpent: 82, runOutDate: '2026-12-01' }],
    },
    { clientId: '00000000-0000-4000-8000-000000000002', name: 'Ada Park', scheme: 'NDIS', plan: null, categories: [] },
  ],
};

describe('/support-coordinator/funding', { timeout: 30_000 }, () => {
  it('lists every client’s budgets with the share spent and run-out warnings, and opens a client’s wallet acting for them', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/me': (request) =>
        request.authToken === 'alias-token'
          ? [200, meAnswer('CS', { id: 'client-1', name: 'Sam Lee', firstName: 'Sam', email: 'sam@example.com', actor: { id: 'id-SUPPORT', firstName: 'Alex', lastName: 'Nguyen', name: 'Alex Nguyen', email: 'sc@example.com', role: 'SUPPORT' } })]
          : [200, meAnswer('SUPPORT')],
      'GET /api/support-coordinator/wallets': () => [200, list],
      'POST /api/support-coordinator/clients/00000000-0000-4000-8000-000000000001/alias': () => [200, { aliasToken: 'alias-token', name: 'Sam Lee', firstName: 'Sam', id: 'client-1', email: 'sam@example.com', role: 'CS' }],
      'GET /api/funding-wallet': () => [200, { scheme: 'PACKAGE', plan: null, today: '2026-07-10', categories: [] }],
    });
    setSignedInUser(testUser('SUPPORT', { authToken: 'sc-token' }));
    const { router } = renderApp('/support-coordinator/funding');
    const sam = within(await screen.findByRole('region', { name: 'Sam Lee' }, slow));
    const row = within(sam.getByRole('row', { name: /Package budget/ }));
    expect(row.getByText('$10,000.00')).toBeTruthy();
    expect(row.getByText('82% spent')).toBeTruthy();
    expect(sam.getByText('Package budget: At this rate the money runs out on 1 December 2026, before 30 June 2027.')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Ada Park' })).getByText('No plan dates or budgets yet.')).toBeTruthy();

    await user.click(sam.getByRole('button', { name: 'Open Sam Lee’s wallet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/funding-wallet'));
    expect(getSession().alias?.aliasToken).toBe('alias-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'Funding wallet' }, slow)).toBeTruthy();
  });
});
