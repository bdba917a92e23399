import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';
import { personAnswer } from './admin-test-answers';

setUpPageTests(() => Promise.all([import('./people-page'), import('./person-page')]));

const person = personAnswer();
const row = {
  id: person.account.id,
  email: person.account.email,
  firstName: 'Jo',
  lastName: 'Citizen',
  phone: '0412345678',
  role: 'CS',
  status: 'ACTIVE',
  createdAt: '2026-11-01T00:00:00.000Z',
};

describe('People', { timeout: 30_000 }, () => {
  it('searches by name, email or phone and role, and shows the total', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({
      'GET /api/me': () => [200, meAnswer('ADMIN')],
      'GET /api/admin/people': () => [200, [row], { 'X-Total-Count': '1' }],
    });
    setSignedInUser(testUser('ADMIN'));
    renderApp('/admin/people');
    expect(await screen.findByRole('heading', { level: 1, name: 'People' })).toBeTruthy();
    const search = screen.getByRole('search', { name: 'Find people' });
    await user.type(within(search).getByLabelText('Name, email or phone'), 'citizen');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(requests.at(-1)?.query.get('q')).toBe('citizen'));
    const table = await screen.findByRole('table', { name: 'Accounts, newest first' });
    expect(within(table).getByRole('link', { name: 'Jo Citizen' }).getAttribute('href')).toBe(`/admin/people/${person.account.id}`);
    expect(screen.getByText('Showing 1 to 1 of 1 accounts')).toBeTruthy();
  });
});

describe('An account', { timeout: 30_000 }, () => {
  it('deactivates with a reason, from a dialog', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({
      'GET /api/me': () => [200, meAnswer('ADMIN')],
      [`GET /api/admin/people/${person.account.id}`]: () => [200, person],
      [`POST /api/admin/people/${person.account.id}/deactivate`]: () => [
        200,
        { ...personAnswer({ status: 'DEACTIVATED', deactivatedReason: 'Asked us to close it', deactivatedAt: '2026-11-24T00:00:00.000Z' }), openSessions: 0 },
      ],
    });
    setSignedInUser(testUser('ADMIN'));
    renderApp(`/admin/people/${person.account.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Jo Citizen' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Deactivate account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Jo Citizen’s account?' });
    await user.type(within(dialog).getByLabelText(/Reason for deactivating/), 'Asked us to close it');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ reason: 'Asked us to close it' });
    expect(await screen.findByRole('button', { name: 'Reactivate account' })).toBeTruthy();
  });

  it('offers no deactivation of your own account', async () => {
    const me = testUser('ADMIN');
    const mine = personAnswer({ id: me.id, role: 'ADMIN' });
    mockApi({
      'GET /api/me': () => [200, meAnswer('ADMIN', { id: me.id })],
      [`GET /api/admin/people/${me.id}`]: () => [200, mine],
    });
    setSignedInUser(me);
    renderApp(`/admin/people/${me.id}`);
    expect(await screen.findByText('This is your own account: another administrator can deactivate it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Deactivate account' })).toBeNull();
  });
});
