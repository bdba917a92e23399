import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addClientMessages } from '@tendly/domain/api/coordinator-links';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(() => import('./add-client-page'));

describe('add a client', { timeout: 30_000 }, () => {
  it('checks the fields, then adds the client with their details', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({
      'GET /api/me': () => [200, meAnswer('SUPPORT')],
      'POST /api/support-coordinator/clients': () => [201, { id: '11111111-1111-4111-8111-111111111111', name: 'Sam Lee', invited: true, message: addClientMessages.addedAndInvited }],
    });
    setSignedInUser(testUser('SUPPORT'));
    renderApp('/support-coordinator/add-client');
    await user.click(await screen.findByRole('button', { name: 'Add client' }, { timeout: 10_000 }));
    expect(screen.getByRole('textbox', { name: /First name/ }).getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Sam');
    await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Lee');
    await user.selectOptions(screen.getByRole('combobox', { name: /State or territory/ }), 'NSW');
    await user.type(screen.getByRole('textbox', { name: /Postcode/ }), '2000');
    await user.selectOptions(screen.getByRole('combobox', { name: /How the supports are paid for/ }), 'NDIS_SELF_MANAGED');
    await user.type(screen.getByRole('textbox', { name: /NDIS number/ }), '430123456');
    await user.type(screen.getByRole('textbox', { name: /Client's email/ }), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Add client' }));
    expect(await screen.findByText(addClientMessages.addedAndInvited)).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({ firstName: 'Sam', state: 'NSW', fundingType: 'NDIS_SELF_MANAGED', ndisNumber: '430123456', email: 'sam@example.com' });
  });

  it("shows the API's field error for an address that has an account", async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/me': () => [200, meAnswer('SUPPORT')],
      'POST /api/support-coordinator/clients': () => [409, { message: addClientMessages.emailTaken, code: 'CONFLICT', errors: { email: addClientMessages.emailTaken } }],
    });
    setSignedInUser(testUser('SUPPORT'));
    renderApp('/support-coordinator/add-client');
    await user.type(await screen.findByRole('textbox', { name: /First name/ }, { timeout: 10_000 }), 'Sam');
    await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Lee');
    await user.selectOptions(screen.getByRole('combobox', { name: /State or territory/ }), 'VIC');
    await user.type(screen.getByRole('textbox', { name: /Postcode/ }), '3000');
    await user.selectOptions(screen.getByRole('combobox', { name: /How the supports are paid for/ }), 'PRIVATE');
    await user.type(screen.getByRole('textbox', { name: /Client's email/ }), 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Add client' }));
    expect((await screen.findAllByText(addClientMessages.emailTaken)).length).toBeGreaterThan(0);
    expect(screen.getByRole('textbox', { name: /Client's email/ }).getAttribute('aria-invalid')).toBe('true');
  });
});
