import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi } from '../../app/test-api';
import { coordinatorSidePanel } from '@tendly/domain/menus';
import { builtMenuLabels } from '../../app/test-built-routes';
import { testUser } from '../../app/test-sessions';
import { getSession, setSignedInUser } from '../../platform/session';

afterEach(() => {
  vi.unstubAllGlobals();
});

const client = {
  linkStatus: 'ACTIVE',
  id: 'client-1',
  firstName: 'Sam',
  lastName: 'Lee',
  name: 'Sam Lee',
  email: 'sam@example.com',
  role: 'CS',
  phone: '0400000000',
  linkedAt: '2025-01-01T00:00:00.000Z',
  figures: {
    upcomingShiftCount: 2,
    nextShift: { startsAt: '2027-03-02T01:00:00Z', startsAtLocal: '2027-03-02T09:00', timeZone: 'Australia/Perth' },
    hoursAwaitingApprovalCount: 1,
    unpaidInvoiceCount: 2,
    unpaidInvoiceCents: 25_050,
    planStartDate: '2026-07-01',
    planEndDate: '2027-06-30',
    invoicedThisPlanCents: 120_000,
  },
};
const pending = { linkStatus: 'PENDING', linkId: 'link-2', email: 'pat@example.com', requestedAt: '2026-11-20T01:00:00Z' };

function coordinatorApi() {
  return mockApi({
    'GET /api/me': (request) =>
      request.authToken === 'alias-token'
        ? [200, meAnswer('CS', { id: 'client-1', name: 'Sam Lee', firstName: 'Sam', email: 'sam@example.com', actor: { id: 'id-SUPPORT', firstName: 'Alex', lastName: 'Nguyen', name: 'Alex Nguyen', email: 'sc@example.com', role: 'SUPPORT' } })]
        : [200, meAnswer('SUPPORT', { organisation: 'Coordinators Co' })],
    'GET /api/support-coordinator/clients': () => [200, [client, pending]],
    'POST /api/support-coordinator/clients/client-1/alias': () => [
      200,
      { aliasToken: 'alias-token', name: 'Sam Lee', firstName: 'Sam', id: 'client-1', email: 'sam@example.com', role: 'CS' },
    ],
    'DELETE /api/alias': () => [200, { message: 'You are no longer acting for your client.' }],
  });
}

describe('support coordinator dashboard', () => {
  it('has the My SC Dashboard side panel with the help centre section for coordinators', async () => {
    coordinatorApi();
    setSignedInUser(testUser('SUPPORT'));
    renderApp('/support-coordinator/dashboard');
    const panel = await screen.findByRole('navigation', { name: 'My SC Dashboard' });
    const links = within(panel).getAllByRole('link');
    // Spec 2.8's panel, without the items whose screens are not built yet (issue 11).
    expect(links.map((link) => link.textContent)).toEqual(builtMenuLabels(coordinatorSidePanel, { role: 'SUPPORT', isInactiveWorker: false }));
    expect(links.map((link) => link.textContent)).toEqual(expect.arrayContaining(['My Clients', 'Make a Referral', 'Help Centre']));
    expect(links.at(-1)?.getAttribute('href')).toBe('https://help.example.com/support-coordinators');
    expect(await screen.findByText(/Coordinators Co/)).toBeTruthy();
  });

  it('acts as a linked client, shows the banner on every page, and stops, restoring the coordinator', async () => {
    const user = userEvent.setup();
    const { requests } = coordinatorApi();
    setSignedInUser(testUser('SUPPORT', { authToken: 'sc-token' }));
    const { router } = renderApp('/support-coordinator/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Act as Sam Lee' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(getSession().alias?.aliasToken).toBe('alias-token');
    const banner = screen.getByRole('region', { name: 'Acting for a client' });
    expect(within(banner).getByText('You are acting for Sam Lee')).toBeTruthy();
    expect(await screen.findByText(/Alex Nguyen, support coordinator, is acting for Sam/)).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Post a Job', 'Find Workers', 'Dashboard']);

    await user.click(within(banner).getByRole('button', { name: 'Stop acting for Sam' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/support-coordinator/dashboard'));
    expect(requests.find((request) => request.method === 'DELETE')).toMatchObject({ path: '/api/alias', authToken: 'alias-token' });
    expect(getSession().alias).toBeNull();
    expect(getSession().user?.role).toBe('SUPPORT');
    expect(getSession().isSupportCoordinator).toBe(true);
    expect(screen.queryByRole('region', { name: 'Acting for a client' })).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'My SC Dashboard' })).toBeTruthy();
  });

  it('shows each linked client’s figures, and the requests waiting for an answer by address only', async () => {
    coordinatorApi();
    setSignedInUser(testUser('SUPPORT'));
    renderApp('/support-coordinator/dashboard');
    const card = within((await screen.findByRole('heading', { name: 'Sam Lee' })).closest('li')!);
    const figures = Object.fromEntries(card.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(figures).toEqual({
      'Upcoming shifts': '2, the next on Tue 2 Mar 2027, 9:00 am (Perth time)',
      'Hours awaiting approval': '1 job report',
      'Unpaid invoices': '2 invoices, $250.50',
      'Invoiced this plan period': '$1,200.00 (Wed 1 Jul 2026 to Wed 30 Jun 2027)',
    });
    expect(card.getByText('Linked')).toBeTruthy();
    const waiting = within(screen.getByRole('region', { name: 'Waiting for an answer' }));
    expect(waiting.getByText(/pat@example.com: asked on Fri 20 Nov 2026/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Act as pat/ })).toBeNull();
  });

  it('never shows a managed client’s stand-in address: the list says the client has none and that emails come to the coordinator, and so does their dashboard (issue 31, item 10c)', async () => {
    const user = userEvent.setup();
    const managed = 'client-6f1c2b1e-8a0b-4c55-9a77-1f0e2d3c4b5a@managed.invalid';
    mockApi({
      'GET /api/me': (request) =>
        request.authToken === 'alias-token'
          ? [200, meAnswer('CS', { id: 'client-1', name: 'Sam Lee', firstName: 'Sam', email: managed, actor: { id: 'id-SUPPORT', firstName: 'Alex', lastName: 'Nguyen', name: 'Alex Nguyen', email: 'sc@example.com', role: 'SUPPORT' } })]
          : [200, meAnswer('SUPPORT', { organisation: 'Coordinators Co' })],
      'GET /api/support-coordinator/clients': () => [200, [{ ...client, email: managed }]],
      'POST /api/support-coordinator/clients/client-1/alias': () => [200, { aliasToken: 'alias-token', name: 'Sam Lee', firstName: 'Sam', id: 'client-1', email: managed, role: 'CS' }],
    });
    setSignedInUser(testUser('SUPPORT', { authToken: 'sc-token' }));
    renderApp('/support-coordinator/dashboard');
    const card = within((await screen.findByRole('heading', { name: 'Sam Lee' })).closest('li')!);
    expect(card.getByText('No email address: emails for Sam Lee come to you.')).toBeTruthy();
    expect(document.body.textContent).not.toContain('managed.invalid');

    await user.click(card.getByRole('button', { name: 'Act as Sam Lee' }));
    expect(await screen.findByText('No email address: emails for Sam go to Alex Nguyen, their support coordinator.')).toBeTruthy();
    expect(document.body.textContent).not.toContain('managed.invalid');
  });
});
