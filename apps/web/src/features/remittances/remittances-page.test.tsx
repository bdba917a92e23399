import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(() => import('./remittances-page'));

afterEach(() => {
  vi.restoreAllMocks();
});

const slow = { timeout: 10_000 };
const REMITTANCE_ID = 'a7a7a7a7-7777-4777-8777-000000000001';

function remittance(overrides: Record<string, unknown> = {}) {
  return { id: REMITTANCE_ID, number: 'REM-000012', paidOn: '2026-11-26', lodgementReference: 'PAY-000000125', grossCents: 31376, feeCents: 2458, amountCents: 28918, invoiceCount: 2, bsb: '062-000', accountLast3: '678', ...overrides };
}

function workerApi(routes: ApiRoutes) {
  setSignedInUser(testUser('CR', { profileStatus: 'ACTIVE' }));
  return mockApi({ 'GET /api/me': () => [200, meAnswer('CR')], ...routes });
}

describe('/paid-invoices (Remittances)', { timeout: 30_000 }, () => {
  it('lists remittances with their amounts and fees, shows each one’s invoices, downloads the PDF, and pages', async () => {
    const names: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (this.download) names.push(this.download);
    });
    const api = workerApi({
      'GET /api/remittances': (request) =>
        request.query.get('before') === null
          ? [200, { remittances: [remittance()], allLoaded: false }]
          : [200, { remittances: [remittance({ id: 'a7a7a7a7-7777-4777-8777-000000000002', number: 'REM-000009', paidOn: '2026-11-19', invoiceCount: 1 })], allLoaded: true }],
      [`GET /api/remittances/${REMITTANCE_ID}`]: () => [
        200,
        {
          ...remittance(),
          items: [
            { invoiceId: 'b2b2b2b2-2222-4222-8222-222222222222', invoiceNumber: 'INV-000123', clientName: 'Margaret Smith', periodStart: '2026-11-23', periodEnd: '2026-11-23', grossCents: 15688, feeCents: 1229, amountCents: 14459 },
            { invoiceId: 'b2b2b2b2-2222-4222-8222-000000000002', invoiceNumber: 'INV-000124', clientName: 'Margaret Smith', periodStart: null, periodEnd: null, grossCents: 15688, feeCents: 1229, amountCents: 14459 },
          ],
        },
      ],
      [`GET /api/remittances/${REMITTANCE_ID}/pdf`]: () => [200, 'pdf', { 'content-disposition': 'attachment; filename="REM-000012.pdf"' }],
    });
    renderApp('/paid-invoices');
    const list = within(await screen.findByRole('list', { name: 'Remittances' }, slow));
    expect(list.getByRole('heading', { name: 'Remittance REM-000012' })).toBeTruthy();
    expect(list.getByText('Your bank statement shows it as PAY-000000125.')).toBeTruthy();
    expect(list.getByText('$289.18')).toBeTruthy();
    expect(list.getByText('Paid Thu 26 Nov 2026 to BSB 062-000, account ending 678')).toBeTruthy();
    expect(list.getByText('2 invoices: $313.76 less platform fees of $24.58')).toBeTruthy();

    const show = list.getByRole('button', { name: 'Show invoices' });
    fireEvent.click(show);
    expect(show.getAttribute('aria-expanded')).toBe('true');
    const items = within(await screen.findByRole('region', { name: 'Invoices paid in REM-000012' }, slow));
    expect(items.getByRole('link', { name: 'INV-000123' }).getAttribute('href')).toBe('/invoice/b2b2b2b2-2222-4222-8222-222222222222');
    expect(items.getByText('Margaret Smith, Mon 23 Nov 2026')).toBeTruthy();
    expect(items.getAllByText('-$12.29')).toHaveLength(2);

    fireEvent.click(list.getByRole('button', { name: 'Download PDF of remittance REM-000012' }));
    expect(await screen.findByText('Remittance REM-000012 has been downloaded as REM-000012.pdf.', undefined, slow)).toBeTruthy();
    expect(names).toEqual(['REM-000012.pdf']);
    expect(api.requests.find((request) => request.path.endsWith('/pdf'))?.authToken).toBe('token-cr');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'Remittance REM-000009' }, slow)).toBeTruthy();
    expect(api.requests.find((request) => request.query.get('before') !== null)?.query.get('before')).toBe('REM-000012');
  });

  it('says when there are none yet, shows loading, and says when the list cannot load', async () => {
    workerApi({ 'GET /api/remittances': () => [200, { remittances: [], allLoaded: true }] });
    const view = renderApp('/paid-invoices');
    expect(await screen.findByText('Loading your remittances', undefined, slow)).toBeTruthy();
    expect(await screen.findByText(/^No payments yet/, undefined, slow)).toBeTruthy();
    view.unmount();
    vi.unstubAllGlobals();
    workerApi({ 'GET /api/remittances': () => [500, { message: 'Boom', code: 'INTERNAL' }] });
    renderApp('/paid-invoices');
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toContain('We could not load your remittances just now.');
  });
});
