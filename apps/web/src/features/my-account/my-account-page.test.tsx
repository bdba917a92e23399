import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(() => import('./my-account-page'));

const slow = { timeout: 10_000 };
const overview = { firstName: 'Jo', lastName: 'Citizen', email: 'jo@example.com', role: 'CS', emailVerified: false };

describe('/my-account', { timeout: 30_000 }, () => {
  it('shows loading, an error with Try again, then what needs attention with links to fix it', async () => {
    let fail = true;
    setSignedInUser(testUser('CS'));
    mockApi({
      'GET /api/me': () => [200, meAnswer('CS')],
      'GET /api/my-account': () =>
        fail
          ? [500, { message: 'Boom', code: 'INTERNAL' }]
          : [200, { ...overview, attention: [
              { kind: 'emailUnverified', message: 'Confirm your email address with the code we sent you, so we can reach you.', routeId: 'accountDetails' },
              { kind: 'noCard', message: 'Add a card so your privately funded invoices are paid when they are issued.', routeId: 'paymentDetails' },
            ] }],
    });
    renderApp('/my-account');
    expect(await screen.findByText('Loading your account', undefined, slow)).toBeTruthy();
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toContain('We could not load your account just now.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const attention = within(await screen.findByRole('region', { name: 'Needs your attention' }, slow));
    expect(attention.getByText(/Confirm your email address/)).toBeTruthy();
    expect(attention.getByRole('link', { name: 'Go to Payment details' }).getAttribute('href')).toBe('/payment-details');
    expect(attention.getByRole('link', { name: 'Go to Account details' }).getAttribute('href')).toBe('/account-details');
  });

  it('says when nothing needs attention, and links the account pages', async () => {
    setSignedInUser(testUser('CS'));
    mockApi({ 'GET /api/me': () => [200, meAnswer('CS')], 'GET /api/my-account': () => [200, { ...overview, emailVerified: true, attention: [] }] });
    renderApp('/my-account');
    expect(await screen.findByText('Nothing needs your attention. Your account is up to date.', undefined, slow)).toBeTruthy();
    const pages = within(screen.getByRole('region', { name: 'Your account' }));
    expect(pages.getByRole('link', { name: 'Provider and plan details' }).getAttribute('href')).toBe('/provider-details');
  });

  it('says there is no email address for a managed client, never their stand-in address (issue 31, item 10c)', async () => {
    setSignedInUser(testUser('CS'));
    const managed = { ...overview, email: 'client-6f1c2b1e-8a0b-4c55-9a77-1f0e2d3c4b5a@managed.invalid', emailVerified: false, attention: [] };
    mockApi({ 'GET /api/me': () => [200, meAnswer('CS')], 'GET /api/my-account': () => [200, managed] });
    renderApp('/my-account');
    expect(await screen.findByText('Jo Citizen · No email address', undefined, slow)).toBeTruthy();
    expect(document.body.textContent).not.toContain('managed.invalid');
  });
});
