import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../app/test-app';
import { deferredReply, meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(() => import('./platform-fee-page'));

const slow = { timeout: 10_000 };

function fee(overrides: Record<string, unknown> = {}) {
  return {
    invoiceId: 'b2b2b2b2-2222-4222-8222-222222222222',
    number: 'INV-000123',
    issuedAt: '2026-11-24T02:00:00.000Z',
    clientName: 'Margaret Smith',
    workerName: 'Sam Carer',
    hourlyCents: 13650,
    platformFeeCents: 1229,
    kind: 'INVOICE',
    ...overrides,
  };
}

function signedIn(role: 'CS' | 'CR', routes: ApiRoutes) {
  setSignedInUser(testUser(role, role === 'CR' ? { profileStatus: 'ACTIVE' } : {}));
  return mockApi({ 'GET /api/me': () => [200, meAnswer(role)], ...routes });
}

describe('/platform-fee', { timeout: 30_000 }, () => {
  it('explains the fee to a worker with the rate the API reports, and lists the fee on each invoice with a link to it', async () => {
    const api = signedIn('CR', {
      'GET /api/platform-fees': (request) =>
        request.query.get('before') === null
          ? [200, { basisPoints: 900, fees: [fee()], allLoaded: false }]
          : [200, { basisPoints: 900, fees: [fee({ invoiceId: 'c3c3c3c3-3333-4333-8333-333333333333', number: 'CN-000001', kind: 'CREDIT_NOTE', hourlyCents: -13650, platformFeeCents: -1229, issuedAt: '2026-11-20T02:00:00.000Z' })], allLoaded: true }],
    });
    renderApp('/platform-fee');
    expect(await screen.findByRole('heading', { level: 1, name: 'Platform fee' }, slow)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Platform fee | Tendly'));
    expect(await screen.findByText('The platform fee is 9% of the hourly amounts on each invoice: on $100.00 of hours it is $9.00.', undefined, slow)).toBeTruthy();
    expect(screen.getByText('There is no fee on travel, on expenses you are repaid or on GST.')).toBeTruthy();
    expect(screen.getByText(/^It is never added to what the care seeker pays/)).toBeTruthy();
    expect(screen.getByText(/^The fee is taken from your payment/)).toBeTruthy();
    const list = within(screen.getByRole('list', { name: 'Fees per invoice' }));
    expect(list.getByRole('link', { name: 'Invoice INV-000123' }).getAttribute('href')).toBe('/invoice/b2b2b2b2-2222-4222-8222-222222222222');
    expect(list.getByText('For Margaret Smith')).toBeTruthy();
    expect(list.getByText('Hourly amounts $136.50')).toBeTruthy();
    expect(list.getByText('Fee $12.29')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Credit note CN-000001' }, slow)).toBeTruthy();
    expect(screen.getByText('Fee -$12.29')).toBeTruthy();
    expect(api.requests.find((request) => request.query.get('before') !== null)?.query.get('before')).toBe('2026-11-24T02:00:00.000Z');
  });

  it('tells the care seeker the fee never adds to what they pay, at the rate set', async () => {
    signedIn('CS', { 'GET /api/platform-fees': () => [200, { basisPoints: 950, fees: [fee()], allLoaded: true }] });
    renderApp('/platform-fee');
    expect(await screen.findByText('The platform fee is 9.5% of the hourly amounts on each invoice: on $100.00 of hours it is $9.50.', undefined, slow)).toBeTruthy();
    expect(screen.getByText('Workers pay the fee, out of what they are paid for their hours. You do not pay it.')).toBeTruthy();
    expect(screen.getByText('From Sam Carer for Margaret Smith')).toBeTruthy();
  });

  it('shows loading, then a failure with Try again, then says when there are no fees yet', async () => {
    const first = deferredReply();
    let calls = 0;
    signedIn('CR', {
      'GET /api/platform-fees': () => {
        calls += 1;
        return calls === 1 ? first.reply() : [200, { basisPoints: 900, fees: [], allLoaded: true }];
      },
    });
    renderApp('/platform-fee');
    expect(await screen.findByText('Loading the fees', undefined, slow)).toBeTruthy();
    first.resolve([500, { message: 'Boom', code: 'INTERNAL' }]);
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toContain('We could not load the platform fees just now.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/^No invoices yet, so no fees/, undefined, slow)).toBeTruthy();
    expect(screen.getByText(/^The platform fee is 9%/)).toBeTruthy();
  });

  it('is for care seekers and workers: a coordinator who is not acting is sent home', async () => {
    setSignedInUser(testUser('SUPPORT'));
    mockApi({ 'GET /api/me': () => [200, meAnswer('SUPPORT')], 'GET /api/support-coordinator/clients': () => [200, []] });
    const { router } = renderApp('/platform-fee');
    await waitFor(() => expect(router.state.location.pathname).toBe('/support-coordinator/dashboard'), slow);
  });
});
