import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ABN_CHECK_MESSAGE } from '@tendly/domain/validation/tax-and-super';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi } from '../../app/test-api';
import { notSubmittedReview as review, testOnboarding as onboarding } from '../../app/test-onboarding';
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

  it('starts the ABN and bank account names from the worker’s own name when nothing is stored yet', async () => {
    open({ 'GET /api/worker/tax-and-super': () => [200, { details: null }] });
    const name = (await screen.findByRole('textbox', { name: 'Name the ABN is registered to' })) as HTMLInputElement;
    const own = testUser('CR').name;
    expect(name.value).toBe(own);
    expect((screen.getByRole('textbox', { name: 'Account name' }) as HTMLInputElement).value).toBe(own);
  });
});

describe('the onboarding checklist’s next step, at the end of a step’s page', { timeout: 15_000 }, () => {
  it('links to the first required step not done on another page, not to this one', async () => {
    open({ 'GET /api/worker/onboarding': () => [200, onboarding({ hasTaxDetails: false, refereeCount: 1, hasPassedInduction: false })] });
    const next = await screen.findByRole('region', { name: 'Your next step' });
    expect(within(next).getByText(/^7 of 10 required steps done\. Some are still to do on this page\.$/)).toBeTruthy();
    expect(within(next).getByRole('link', { name: 'Next: 2 referees' }).getAttribute('href')).toBe('/care-worker/referees');
    expect(within(next).queryByRole('button', { name: 'Submit for review' })).toBeNull();
  });

  it('submits for review itself once everything required is done, and says what happens next', async () => {
    const submitted = { ...onboarding({}), review: { ...review, submittedForReviewAt: '2026-12-07T00:00:00.000Z' } };
    const api = open({ 'GET /api/worker/onboarding': () => [200, onboarding({})], 'POST /api/worker/submit-for-review': () => [200, submitted] });
    const next = await screen.findByRole('region', { name: 'Your next step' });
    expect(within(next).queryByRole('link')).toBeNull();
    fireEvent.click(within(next).getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('We’re reviewing your profile')).toBeTruthy();
    expect(api.requests.filter((request) => request.path === '/api/worker/submit-for-review')).toHaveLength(1);
  });

  it('shows nothing once the profile is approved', async () => {
    const api = open({ 'GET /api/worker/onboarding': () => [200, { ...onboarding({}), review: { ...review, status: 'ACTIVE', approvedAt: '2026-12-01T00:00:00.000Z' } }] });
    await screen.findByRole('textbox', { name: 'Account name' });
    await waitFor(() => expect(api.requests.some((request) => request.path === '/api/worker/onboarding')).toBe(true));
    // The answer is in: had it been a worker still onboarding, the step would show now.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('region', { name: 'Your next step' })).toBeNull();
  });
});
