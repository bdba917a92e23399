import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { coordinatorLinkMessages, type MyCoordinatorLink } from '@tendly/domain/api/coordinator-links';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(() => import('./care-seeker-dashboard-page'));

const pending: MyCoordinatorLink = {
  id: '11111111-1111-4111-8111-111111111111',
  status: 'PENDING',
  coordinator: { name: 'Cora Lee', email: 'cora@example.com', organisation: 'Bright Supports' },
  requestedAt: '2026-11-01T00:00:00.000Z',
  acceptedAt: null,
};
const active: MyCoordinatorLink = { ...pending, id: '22222222-2222-4222-8222-222222222222', status: 'ACTIVE', coordinator: { name: 'Max Po', email: 'max@example.com', organisation: null }, acceptedAt: '2026-11-02T00:00:00.000Z' };

describe("the care seeker's support coordinators", { timeout: 30_000 }, () => {
  it('accepts a request, and revokes a linked coordinator after asking', async () => {
    const user = userEvent.setup();
    let links = [pending, active];
    const { requests } = mockApi({
      'GET /api/me': () => [200, meAnswer('CS')],
      'GET /api/coordinator-links': () => [200, links],
      [`POST /api/coordinator-links/${pending.id}/accept`]: () => {
        links = [{ ...pending, status: 'ACTIVE' }, active];
        return [200, { message: coordinatorLinkMessages.accepted }];
      },
      [`POST /api/coordinator-links/${active.id}/revoke`]: () => {
        links = links.filter((link) => link.id !== active.id);
        return [200, { message: coordinatorLinkMessages.revoked }];
      },
    });
    setSignedInUser(testUser('CS'));
    renderApp('/dashboard');
    const section = (await screen.findByRole('heading', { name: 'Support coordinators' }, { timeout: 10_000 })).closest('section') as HTMLElement;
    expect(await within(section).findByText('Cora Lee, Bright Supports')).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Accept Cora Lee' }));
    expect(await within(section).findByText(coordinatorLinkMessages.accepted)).toBeTruthy();
    await waitFor(() => expect(within(section).queryByRole('button', { name: 'Accept Cora Lee' })).toBeNull());

    await user.click(within(section).getByRole('button', { name: 'Revoke Max Po' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke Max Po?' });
    expect(document.activeElement?.textContent).toBe('Cancel');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke the link' }));
    expect(await within(section).findByText(coordinatorLinkMessages.revoked)).toBeTruthy();
    await waitFor(() => expect(within(section).queryByText('Max Po')).toBeNull());
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
      `/api/coordinator-links/${pending.id}/accept`,
      `/api/coordinator-links/${active.id}/revoke`,
    ]);
  });

  it('says when no coordinator is linked', async () => {
    mockApi({ 'GET /api/me': () => [200, meAnswer('CS')], 'GET /api/coordinator-links': () => [200, []] });
    setSignedInUser(testUser('CS'));
    renderApp('/dashboard');
    expect(await screen.findByText('No support coordinator is linked to your account.', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
