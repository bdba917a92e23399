import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ABN_CHECK_MESSAGE } from '@tendly/domain/validation/tax-and-super';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi } from '../../app/test-api';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';

afterEach(() => {
  vi.unstubAllGlobals();
});

const stored = {
  details: {
    abn: '51824753556',
    abnLegalName: 'Wren Worker',
    gstRegistered: false,
    superFund: { name: 'Aus Super', identifierType: 'USI', identifier: 'STA0100AU', memberNumber: '123' },
    bankAccount: { accountName: 'W Worker', bsb: '062000', maskedAccountNumber: '•••• 678' },
    updatedAt: '2026-11-20T00:00:00.000Z',
  },
};

function open(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/me': () => [200, meAnswer('CR', { profileStatus: 'INACTIVE' })],
    'GET /api/worker/tax-and-super': () => [200, stored],
    ...routes,
  });
  setSignedInUser(testUser('CR', { profileStatus: 'INACTIVE' }));
  renderApp('/tax-and-super');
  return api;
}

describe('tax and super', { timeout: 15_000 }, () => {
  it('shows the account number only masked, and keeps it when the field is left empty', async () => {
    const api = open({ 'PUT /api/worker/tax-and-super': () => [200, stored] });
    const account = await screen.findByRole('textbox', { name: 'Account number' });
    expect((account as HTMLInputElement).value).toBe('');
    expect(screen.getByText(/We have your account ending 678 \(•••• 678\)/)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'BSB' }) as HTMLInputElement).value).toBe('062-000');
    fireEvent.click(screen.getByRole('button', { name: 'Save tax and super details' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    const body = api.requests.find((request) => request.method === 'PUT')?.body as { bankAccount: Record<string, unknown> };
    expect(body.bankAccount).toEqual({ accountName: 'W Worker', bsb: '062000' });
  });

  it('refuses an ABN whose check digits fail, and moves focus to it', async () => {
    const api = open();
    const abn = await screen.findByRole('textbox', { name: 'ABN' });
    fireEvent.change(abn, { target: { value: '51 824 753 557' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save tax and super details' }));
    expect(await screen.findByText(ABN_CHECK_MESSAGE)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(abn));
    expect(api.requests.some((request) => request.method === 'PUT')).toBe(false);
  });
});
