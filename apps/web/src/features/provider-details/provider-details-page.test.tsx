import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';

beforeAll(async () => {
  await import('./provider-details-page');
}, 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

const slow = { timeout: 10_000 };
const empty = { ndisNumber: null, planManagerName: null, planManagerEmail: null, agedCareProviderName: null, agedCareProviderEmail: null };

function seekerApi(routes: ApiRoutes) {
  setSignedInUser(testUser('CS'));
  return mockApi({ 'GET /api/me': () => [200, meAnswer('CS')], ...routes });
}

describe('/provider-details', { timeout: 30_000 }, () => {
  it('asks a plan-managed NDIS participant for their NDIS number and plan manager only, checks them, and saves', async () => {
    const api = seekerApi({
      'GET /api/funding-details': () => [200, { ...empty, fundingTypes: ['NDIS_PLAN_MANAGED'] }],
      'PUT /api/funding-details': (request) => [200, { ...(request.body as object), fundingTypes: ['NDIS_PLAN_MANAGED'] }],
    });
    renderApp('/provider-details');
    const form = within(await screen.findByRole('form', { name: 'Provider and plan details' }, slow));
    expect(form.queryByLabelText(/Aged care provider’s name/)).toBeNull();
    fireEvent.change(form.getByLabelText(/NDIS number/), { target: { value: '12345' } });
    fireEvent.change(form.getByLabelText(/Plan manager’s email/), { target: { value: 'nope' } });
    fireEvent.click(form.getByRole('button', { name: 'Save details' }));
    expect(await form.findByText('An NDIS number is 9 digits')).toBeTruthy();
    expect(form.getByText('Enter a valid email address')).toBeTruthy();
    expect(document.activeElement).toBe(form.getByLabelText(/NDIS number/));
    expect(api.requests.some((request) => request.method === 'PUT')).toBe(false);

    fireEvent.change(form.getByLabelText(/NDIS number/), { target: { value: '430 123 456' } });
    fireEvent.change(form.getByLabelText(/Plan manager’s name/), { target: { value: 'Plan Partners' } });
    fireEvent.change(form.getByLabelText(/Plan manager’s email/), { target: { value: 'Accounts@PlanPartners.example' } });
    fireEvent.click(form.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Your details have been saved.', undefined, slow)).toBeTruthy();
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({ ...empty, ndisNumber: '430123456', planManagerName: 'Plan Partners', planManagerEmail: 'accounts@planpartners.example' });
    expect((form.getByLabelText(/NDIS number/) as HTMLInputElement).value).toBe('430123456');
  });

  it('asks an aged care client for their provider, and shows the API’s field errors at the field', async () => {
    seekerApi({
      'GET /api/funding-details': () => [200, { ...empty, agedCareProviderName: 'Harbour Care', fundingTypes: ['SUPPORT_AT_HOME'] }],
      'PUT /api/funding-details': () => [400, { message: 'Invalid', code: 'VALIDATION', errors: { agedCareProviderEmail: 'Enter your provider’s email so we can send them your invoices' } }],
    });
    renderApp('/provider-details');
    const form = within(await screen.findByRole('form', { name: 'Provider and plan details' }, slow));
    expect(form.queryByLabelText(/NDIS number/)).toBeNull();
    expect((form.getByLabelText(/Aged care provider’s name/) as HTMLInputElement).value).toBe('Harbour Care');
    fireEvent.click(form.getByRole('button', { name: 'Save details' }));
    expect(await form.findByText('Enter your provider’s email so we can send them your invoices', undefined, slow)).toBeTruthy();
    await waitFor(() => expect(form.getByLabelText(/Aged care provider’s email/).getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(form.getByLabelText(/Aged care provider’s email/));
  });

  it('shows everything when there are no agreements yet; loading; and an error with Try again', async () => {
    let fail = true;
    seekerApi({ 'GET /api/funding-details': () => (fail ? [500, { message: 'Boom', code: 'INTERNAL' }] : [200, { ...empty, fundingTypes: [] }]) });
    renderApp('/provider-details');
    expect(await screen.findByText('Loading your details', undefined, slow)).toBeTruthy();
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toContain('We could not load your details just now.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const form = within(await screen.findByRole('form', { name: 'Provider and plan details' }, slow));
    expect(form.getByText('You have no service agreements yet. Fill in what applies to how your support is funded.')).toBeTruthy();
    for (const label of [/NDIS number/, /Plan manager’s name/, /Aged care provider’s email/]) expect(form.getByLabelText(label)).toBeTruthy();
  });

  it('asks nothing of a privately funded care seeker', async () => {
    seekerApi({ 'GET /api/funding-details': () => [200, { ...empty, fundingTypes: ['PRIVATE'] }] });
    renderApp('/provider-details');
    expect(await screen.findByText(/^Your service agreements are privately funded/, undefined, slow)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Provider and plan details' })).toBeNull();
  });
});
