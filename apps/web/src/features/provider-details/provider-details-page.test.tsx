import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(() => import('./provider-details-page'));

const slow = { timeout: 10_000 };
const empty = {
  participantFirstName: null,
  participantLastName: null,
  dateOfBirth: null,
  fundingType: null,
  ndisNumber: null,
  planStartDate: null,
  planEndDate: null,
  planManagerName: null,
  planManagerEmail: null,
  planManagerAbn: null,
  agedCareProviderName: null,
  agedCareProviderEmail: null,
  agedCareProviderAbn: null,
  invoiceAddress: null,
};

function seekerApi(routes: ApiRoutes) {
  setSignedInUser(testUser('CS'));
  return mockApi({ 'GET /api/me': () => [200, meAnswer('CS')], 'GET /api/account/nominee': () => [200, { nominee: null }], ...routes });
}

describe('/provider-details', { timeout: 30_000 }, () => {
  it('asks a plan-managed NDIS participant for their NDIS number, plan and plan manager, checks them, and saves', async () => {
    const api = seekerApi({
      'GET /api/funding-details': () => [200, { ...empty, fundingTypes: ['NDIS_PLAN_MANAGED'] }],
      'PUT /api/funding-details': (request) => [200, { ...(request.body as object), fundingTypes: ['NDIS_PLAN_MANAGED'] }],
    });
    renderApp('/provider-details');
    const form = within(await screen.findByRole('form', { name: 'Provider and plan details' }, slow));
    expect(form.queryByLabelText(/Aged care provider’s name/)).toBeNull();
    fireEvent.change(form.getByLabelText(/NDIS number/), { target: { value: '123456789' } });
    fireEvent.change(form.getByLabelText(/Plan manager’s email/), { target: { value: 'nope' } });
    fireEvent.change(form.getByLabelText(/Plan manager’s ABN/), { target: { value: '51 824 753 557' } });
    fireEvent.change(form.getByLabelText(/Plan start date/), { target: { value: '2026-07-01' } });
    fireEvent.change(form.getByLabelText(/Plan end date/), { target: { value: '2026-06-01' } });
    fireEvent.click(form.getByRole('button', { name: 'Save details' }));
    const summary = await form.findByRole('alert');
    expect(summary.textContent).toContain('There is a problem');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(form.getAllByText('An NDIS number is 9 digits starting with 43').length).toBeGreaterThan(0);
    expect(form.getAllByText('Enter a valid email address').length).toBeGreaterThan(0);
    expect(form.getAllByText(/This is not a valid ABN/).length).toBeGreaterThan(0);
    expect(form.getAllByText('The plan ends after it starts').length).toBeGreaterThan(0);
    expect(form.getByLabelText(/NDIS number/).getAttribute('aria-invalid')).toBe('true');
    expect(api.requests.some((request) => request.method === 'PUT')).toBe(false);

    fireEvent.change(form.getByLabelText(/NDIS number/), { target: { value: '430 123 456' } });
    fireEvent.change(form.getByLabelText(/Plan manager’s name/), { target: { value: 'Plan Partners' } });
    fireEvent.change(form.getByLabelText(/Plan manager’s email/), { target: { value: 'Accounts@PlanPartners.example' } });
    fireEvent.change(form.getByLabelText(/Plan manager’s ABN/), { target: { value: '51 824 753 556' } });
    fireEvent.change(form.getByLabelText(/Plan end date/), { target: { value: '2027-06-30' } });
    fireEvent.change(form.getByLabelText('First name'), { target: { value: 'Mia' } });
    fireEvent.click(form.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Your details have been saved.', undefined, slow)).toBeTruthy();
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      ...empty,
      participantFirstName: 'Mia',
      ndisNumber: '430123456',
      planStartDate: '2026-07-01',
      planEndDate: '2027-06-30',
      planManagerName: 'Plan Partners',
      planManagerEmail: 'accounts@planpartners.example',
      planManagerAbn: '51824753556',
    });
    expect((form.getByLabelText(/NDIS number/) as HTMLInputElement).value).toBe('430123456');
  });

  it('asks by who manages the funding when it is chosen; shows the API’s field errors at the field', async () => {
    seekerApi({
      'GET /api/funding-details': () => [200, { ...empty, agedCareProviderName: 'Harbour Care', fundingTypes: ['SUPPORT_AT_HOME'] }],
      'PUT /api/funding-details': () => [400, { message: 'Invalid', code: 'VALIDATION', errors: { agedCareProviderEmail: 'Enter your provider’s email so we can send them your invoices' } }],
    });
    renderApp('/provider-details');
    const form = within(await screen.findByRole('form', { name: 'Provider and plan details' }, slow));
    expect(form.queryByLabelText(/NDIS number/)).toBeNull();
    expect((form.getByLabelText(/Aged care provider’s name/) as HTMLInputElement).value).toBe('Harbour Care');
    fireEvent.click(form.getByRole('button', { name: 'Save details' }));
    expect((await form.findAllByText('Enter your provider’s email so we can send them your invoices', undefined, slow)).length).toBeGreaterThan(0);
    await waitFor(() => expect(form.getByLabelText(/Aged care provider’s email/).getAttribute('aria-invalid')).toBe('true'));

    fireEvent.change(form.getByLabelText('Who manages the funding?'), { target: { value: 'NDIS_AGENCY_MANAGED' } });
    expect(form.getByLabelText(/NDIS number/)).toBeTruthy();
    expect(form.queryByLabelText(/Aged care provider’s name/)).toBeNull();
    expect(form.queryByLabelText(/Plan manager’s name/)).toBeNull();
    fireEvent.change(form.getByLabelText('Who manages the funding?'), { target: { value: 'PRIVATE' } });
    expect(form.queryByLabelText(/NDIS number/)).toBeNull();
    expect(form.queryByLabelText(/Plan start date/)).toBeNull();
    expect(form.getByLabelText('Address printed on invoices')).toBeTruthy();
  });

  it('shows everything when there are no agreements yet, with the nominee; loading; and an error with Try again', async () => {
    let fail = true;
    seekerApi({ 'GET /api/funding-details': () => (fail ? [500, { message: 'Boom', code: 'INTERNAL' }] : [200, { ...empty, fundingTypes: [] }]) });
    renderApp('/provider-details');
    expect(await screen.findByText('Loading your details', undefined, slow)).toBeTruthy();
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toContain('We could not load your details just now.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const form = within(await screen.findByRole('form', { name: 'Provider and plan details' }, slow));
    expect(form.getByText('You have no service agreements yet. Fill in what applies to how your support is funded.')).toBeTruthy();
    for (const label of [/NDIS number/, /Plan manager’s name/, /Aged care provider’s email/, /Date of birth/]) expect(form.getByLabelText(label)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Nominee for approving hours' }, slow)).toBeTruthy();
    expect(await screen.findByText('You have not named a nominee.', undefined, slow)).toBeTruthy();
  });
});
