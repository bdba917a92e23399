import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Wallet } from '@tendly/domain/api/funding-wallet';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(() => import('./funding-wallet-page'));

const slow = { timeout: 10_000 };

const burnDown = [
  { weekEnd: '2026-07-07', remainingCents: 90_000, isForecast: false },
  { weekEnd: '2026-07-14', remainingCents: 60_000, isForecast: true },
];

const wallet: Wallet = {
  scheme: 'NDIS',
  plan: { startDate: '2026-07-01', endDate: '2027-06-30' },
  today: '2026-07-10',
  categories: [
    { category: 'CORE_DAILY_ACTIVITIES', periodStart: '2026-07-01', periodEnd: '2027-06-30', budgetCents: 100_000, spentCents: 85_000, committedCents: 5_000, remainingCents: 10_000, percentSpent: 85, runOutDate: '2026-07-20', burnDown },
    { category: 'CORE_SOCIAL_COMMUNITY', periodStart: '2026-07-01', periodEnd: '2027-06-30', budgetCents: null, spentCents: 0, committedCents: 0, remainingCents: null, percentSpent: null, runOutDate: null, burnDown: [] },
    { category: 'CORE_TRANSPORT', periodStart: '2026-07-01', periodEnd: '2027-06-30', budgetCents: null, spentCents: 0, committedCents: 0, remainingCents: null, percentSpent: null, runOutDate: null, burnDown: [] },
    { category: 'CAPACITY_BUILDING', periodStart: '2026-07-01', periodEnd: '2027-06-30', budgetCents: null, spentCents: 0, committedCents: 0, remainingCents: null, percentSpent: null, runOutDate: null, burnDown: [] },
  ],
};

function seekerApi(routes: ApiRoutes) {
  setSignedInUser(testUser('CS'));
  return mockApi({ 'GET /api/me': () => [200, meAnswer('CS')], ...routes });
}

describe('/funding-wallet', { timeout: 30_000 }, () => {
  it('shows each category’s figures, the share spent, the run-out warning and the burn-down as a chart and a table', async () => {
    seekerApi({ 'GET /api/funding-wallet': () => [200, wallet] });
    renderApp('/funding-wallet');
    const core = within(await screen.findByRole('region', { name: 'Core: daily activities' }, slow));
    expect(core.getByText('$1,000.00')).toBeTruthy();
    expect(core.getByText('$850.00')).toBeTruthy();
    expect(core.getByText('$50.00')).toBeTruthy();
    expect(core.getByText('$100.00')).toBeTruthy();
    expect(core.getByText('Core: daily activities: 85% spent')).toBeTruthy();
    expect(core.getByRole('progressbar', { name: 'Core: daily activities: 85% spent' })).toBeTruthy();
    expect(core.getByText('At this rate the money runs out on 20 July 2026, before 30 June 2027.')).toBeTruthy();
    const table = core.getByRole('table', { name: /Core: daily activities: remaining budget at the end of each week/ });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('Forecast')).toBeTruthy();
    expect(await core.findByRole('img', { name: /Core: daily activities: remaining budget/ }, slow)).toBeTruthy();
    const transport = within(screen.getByRole('region', { name: 'Core: transport' }));
    expect(transport.getByText('Not set')).toBeTruthy();
    expect(transport.queryByRole('progressbar')).toBeNull();
  });

  it('checks the form, ties errors to their fields, and saves the plan and budgets in cents', async () => {
    const api = seekerApi({
      'GET /api/funding-wallet': () => [200, { ...wallet, plan: null, categories: [] }],
      'PUT /api/funding-wallet': () => [200, wallet],
    });
    renderApp('/funding-wallet');
    const form = within(await screen.findByRole('form', { name: 'Plan dates and budgets' }, slow));
    expect(screen.getByText(/Enter your plan dates and budgets below/)).toBeTruthy();
    fireEvent.change(form.getByLabelText('Plan start date'), { target: { value: '2026-07-01' } });
    fireEvent.change(form.getByLabelText('Plan end date'), { target: { value: '2026-06-01' } });
    fireEvent.change(form.getByLabelText('Core: daily activities budget ($)'), { target: { value: 'lots' } });
    fireEvent.click(form.getByRole('button', { name: 'Save plan and budgets' }));
    expect(await form.findByText('The plan end date must be after its start date')).toBeTruthy();
    const budget = form.getByLabelText('Core: daily activities budget ($)');
    expect(budget.getAttribute('aria-invalid')).toBe('true');
    const describedBy = budget.getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ').some((id) => document.getElementById(id)?.textContent === 'Enter the budget in dollars, like 25000 or 25000.50')).toBe(true);
    expect(document.activeElement).toBe(form.getByLabelText('Plan end date'));
    expect(api.requests.some((request) => request.method === 'PUT')).toBe(false);

    fireEvent.change(form.getByLabelText('Plan end date'), { target: { value: '2027-06-30' } });
    fireEvent.change(budget, { target: { value: '$1,000' } });
    fireEvent.change(form.getByLabelText('Capacity building budget ($)'), { target: { value: '250.50' } });
    fireEvent.click(form.getByRole('button', { name: 'Save plan and budgets' }));
    expect(await screen.findByText('Your plan dates and budgets have been saved.', undefined, slow)).toBeTruthy();
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      planStartDate: '2026-07-01',
      planEndDate: '2027-06-30',
      budgets: [
        { category: 'CORE_DAILY_ACTIVITIES', amountCents: 100_000 },
        { category: 'CAPACITY_BUILDING', amountCents: 25_050 },
      ],
    });
    await waitFor(() => expect(screen.getByRole('region', { name: 'Core: daily activities' })).toBeTruthy());
  });

  it('puts the API’s budget errors at the budget sent', async () => {
    seekerApi({
      'GET /api/funding-wallet': () => [200, wallet],
      'PUT /api/funding-wallet': () => [400, { message: 'A budget is at most $10,000,000', code: 'VALIDATION', errors: { 'budgets.0.amountCents': 'A budget is at most $10,000,000' } }],
    });
    renderApp('/funding-wallet');
    const form = within(await screen.findByRole('form', { name: 'Plan dates and budgets' }, slow));
    fireEvent.click(form.getByRole('button', { name: 'Save plan and budgets' }));
    expect(await form.findByText('A budget is at most $10,000,000', undefined, slow)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText('Core: daily activities budget ($)')));
  });
});
