import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addClientMessages } from '@tendly/domain/api/coordinator-links';
import { renderApp } from '../../app/test-app';
import { mockApi } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';

setUpPageTests(() => import('./claim-account-page'));

describe('claim an account', { timeout: 30_000 }, () => {
  it('sets the password with the token from the link', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({ 'POST /api/claim-account': () => [200, { message: addClientMessages.claimed }] });
    renderApp('/claim-account?token=abc.def');
    await user.type(await screen.findByLabelText(/New password/, {}, { timeout: 10_000 }), 'a brand new passphrase');
    await user.click(screen.getByRole('button', { name: 'Claim my account' }));
    expect(await screen.findByText(addClientMessages.claimed)).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ token: 'abc.def', password: 'a brand new passphrase' });
  });

  it('shows a used or tampered link', async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/claim-account': () => [404, { message: addClientMessages.claimNotValid, code: 'NOT_FOUND' }] });
    renderApp('/claim-account?token=abc.def');
    await user.type(await screen.findByLabelText(/New password/, {}, { timeout: 10_000 }), 'a brand new passphrase');
    await user.click(screen.getByRole('button', { name: 'Claim my account' }));
    expect((await screen.findByRole('alert')).textContent).toContain(addClientMessages.claimNotValid);
  });
});
