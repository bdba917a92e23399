import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CANCELLATION_CHARGE_MESSAGE, DEFAULT_CANCELLATION_POLICY, NDIS_SHORTFALL_BILLABLE_LABEL, NDIS_SHORTFALL_NOT_BILLABLE_TEXT, DEFAULT_TERMINATION_POLICY, type Contract, type ContractDefaults } from '@tendly/domain/api/contracts';
import { renderApp } from '../../app/test-app';
import { testContract, testContractRates } from '../../app/test-contracts';
import { meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { dollarsToCents } from '../../platform/contracts-api';
import { OCCURRENCES_MESSAGE } from '@tendly/domain/api/bookings';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(() => Promise.all([import('./offer-contract-page'), import('./contract-page'), import('./contract-download-page')]));

const slow = { timeout: 10_000 };
const CONTRACT_ID = '5f0c6c4e-1111-4a7b-8c1d-0a0b0c0d0e0f';
const WORKER_ID = '7a1b2c3d-2222-4e5f-8a6b-7c8d9e0f1a2b';
const SEEKER_ID = '9c8b7a6d-3333-4f2e-9d1c-0b1a2c3d4e5f';

/** Fills in what an offer needs besides its rates and funding (a support and an emergency contact), and sends it. */
function fillInTheRestAndSendOffer(): void {
  fireEvent.click(screen.getByLabelText('Personal care and daily routines'));
  fireEvent.change(screen.getByLabelText(/Contact’s name/), { target: { value: 'Sam Nguyen' } });
  fireEvent.change(screen.getByLabelText(/Relationship/), { target: { value: 'Son' } });
  fireEvent.change(screen.getByLabelText(/Phone number/), { target: { value: '0412 345 678' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send offer' }));
}

function defaults(overrides: Partial<ContractDefaults> = {}): ContractDefaults {
  return {
    worker: { id: WORKER_ID, firstName: 'Wren', lastName: 'Walker' },
    job: null,
    openJobs: [],
    fundingType: 'PRIVATE',
    clientName: 'Helen Nguyen',
    clientState: 'NSW',
    clientPostcode: '2204',
    today: '2026-11-25',
    rates: testContractRates,
    cancellationPolicy: DEFAULT_CANCELLATION_POLICY,
    terminationPolicy: DEFAULT_TERMINATION_POLICY,
    ndisRates: [],
    ...overrides,
  };
}

function contract(overrides: Partial<Contract> = {}): Contract {
  return testContract({ id: CONTRACT_ID, careSeeker: { id: SEEKER_ID, firstName: 'Helen', lastName: 'Nguyen' }, worker: { id: WORKER_ID, firstName: 'Wren', lastName: 'Walker' }, ...overrides });
}

function api(role: 'CS' | 'CR', routes: ApiRoutes) {
  const id = role === 'CS' ? SEEKER_ID : WORKER_ID;
  setSignedInUser(testUser(role, { id, profileStatus: role === 'CR' ? 'ACTIVE' : null }));
  return mockApi({ 'GET /api/me': () => [200, meAnswer(role, { id })], ...routes });
}

describe('dollars to cents', () => {
  it('reads dollars and cents, and refuses anything else', () => {
    expect(dollarsToCents('45.50')).toBe(4550);
    expect(dollarsToCents('$45.5')).toBe(4550);
    expect(dollarsToCents('1,045')).toBe(104500);
    expect(dollarsToCents('45.555')).toBeNull();
    expect(dollarsToCents('abc')).toBeNull();
  });
});

describe('the offer form', { timeout: 30_000 }, () => {
  it('starts from the worker’s rates and sends the offer in cents, then links to the agreement', async () => {
    const { requests } = api('CS', {
      'GET /api/contracts/defaults': () => [200, defaults()],
      'POST /api/contracts': () => [201, contract()],
    });
    renderApp(`/offer-contract?workerId=${WORKER_ID}`);
    const weekday = await screen.findByLabelText(/Weekday rate \(\$ an hour\)/, undefined, slow);
    expect((weekday as HTMLInputElement).value).toBe('45.50');
    fireEvent.change(weekday, { target: { value: '47.25' } });
    const charge = screen.getByLabelText(/Short-notice cancellation charge \(%\)/) as HTMLInputElement;
    expect(charge.value).toBe('100');
    fireEvent.change(charge, { target: { value: '150' } });
    fillInTheRestAndSendOffer();
    expect((await screen.findAllByText(CANCELLATION_CHARGE_MESSAGE)).length).toBeGreaterThan(0);
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    fireEvent.change(charge, { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send offer' }));
    await screen.findByText('Your offer is on its way to Wren.', undefined, slow);
    const sent = requests.find((request) => request.method === 'POST' && request.path === '/api/contracts');
    expect(sent?.body).toMatchObject({ workerId: WORKER_ID, hourlyRateForWeekdays: 4725, saturdayRate: 5500, travelExpenseRate: 95, rateForOverniteCare: null, supportRequired: ['CTP'], cancellationChargePercent: 50 });
    expect(screen.getByRole('link', { name: 'View the service agreement' }).getAttribute('href')).toBe(`/contracts/${CONTRACT_ID}`);
  });

  it('lists what is wrong before sending, and shows the server’s field errors', async () => {
    const { requests } = api('CS', {
      'GET /api/contracts/defaults': () => [200, defaults({ fundingType: 'NDIS_PLAN_MANAGED', ndisRates: [{ lineItem: 'SELF_CARE', level: 'ONE', timeOfDay: 'WEEKDAY_DAYTIME', amount: 4550, supportItemNumber: '01_011_0107_1_1', supportItemName: 'Assistance With Self-Care Activities - Standard - Weekday Daytime', priceLimit: 7358 }] })],
      'GET /api/ndis/price-limit': () => [200, { supportItemNumber: '01_011_0107_1_1', supportItemName: 'Assistance With Self-Care Activities - Standard - Weekday Daytime', unit: 'H', priceLimit: 7358, edition: '2026-27', zone: 'NATIONAL' }],
      'POST /api/contracts': () => [400, { message: 'Invalid', errors: { 'ndisRates.0.amount': 'The rate for X is $80.00, above its price limit of $73.58 an hour.' } }],
    });
    renderApp(`/offer-contract?workerId=${WORKER_ID}`);
    await screen.findByText(/price limit \$73\.58 an hour/, undefined, slow);
    fireEvent.change(screen.getByLabelText(/Weekday rate/), { target: { value: 'lots' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send offer' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: /weekday rate/ })).toBeTruthy();
    expect(within(summary).getByRole('link', { name: 'Choose at least one support' })).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText(/Weekday rate/), { target: { value: '45' } });
    fireEvent.click(screen.getByLabelText('Personal care and daily routines'));
    fireEvent.change(screen.getByLabelText(/Contact’s name/), { target: { value: 'Sam' } });
    fireEvent.change(screen.getByLabelText(/Relationship/), { target: { value: 'Son' } });
    fireEvent.change(screen.getByLabelText(/Phone number/), { target: { value: '0412345678' } });
    fireEvent.change(screen.getByLabelText(/Rate \(\$\)/), { target: { value: '80' } });
    expect(screen.getByText(/This rate is above the limit/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send offer' }));
    await waitFor(() => expect(screen.getAllByText(/above its price limit of \$73\.58/).length).toBeGreaterThan(0));
    const sent = requests.find((request) => request.method === 'POST');
    expect(sent?.body).toMatchObject({ fundingType: 'NDIS_PLAN_MANAGED', ndisRates: [{ lineItem: 'SELF_CARE', level: 'ONE', timeOfDay: 'WEEKDAY_DAYTIME', amount: 8000 }] });
  });

  it('offers the NDIA shortfall term only for NDIA-managed funding, and sends it ticked or not', async () => {
    const rates = [{ lineItem: 'SELF_CARE' as const, level: 'ONE' as const, timeOfDay: 'WEEKDAY_DAYTIME' as const, amount: 4550, supportItemNumber: '01_011_0107_1_1', supportItemName: 'Assistance With Self-Care Activities - Standard - Weekday Daytime', priceLimit: 7358 }];
    const { requests } = api('CS', {
      'GET /api/contracts/defaults': () => [200, defaults({ fundingType: 'NDIS_AGENCY_MANAGED', ndisRates: rates })],
      'GET /api/ndis/price-limit': () => [200, { supportItemNumber: '01_011_0107_1_1', supportItemName: 'Assistance With Self-Care Activities - Standard - Weekday Daytime', unit: 'H', priceLimit: 7358, edition: '2026-27', zone: 'NATIONAL' }],
      'POST /api/contracts': () => [201, contract({ fundingType: 'NDIS_AGENCY_MANAGED', ndisShortfallBillable: true })],
    });
    renderApp(`/offer-contract?workerId=${WORKER_ID}`);
    const term = (await screen.findByRole('checkbox', { name: NDIS_SHORTFALL_BILLABLE_LABEL }, slow)) as HTMLInputElement;
    expect(term.checked).toBe(false);
    fireEvent.click(term);
    expect(term.checked).toBe(true);
    // Plan-managed: the NDIA pays no claim of ours, so the term is not offered and not sent ticked.
    fireEvent.change(screen.getByLabelText(/How the support is paid for/), { target: { value: 'NDIS_PLAN_MANAGED' } });
    expect(screen.queryByRole('checkbox', { name: NDIS_SHORTFALL_BILLABLE_LABEL })).toBeNull();
    fireEvent.change(screen.getByLabelText(/How the support is paid for/), { target: { value: 'NDIS_AGENCY_MANAGED' } });
    expect((screen.getByRole('checkbox', { name: NDIS_SHORTFALL_BILLABLE_LABEL }) as HTMLInputElement).checked).toBe(true);
    fillInTheRestAndSendOffer();
    await screen.findByText('Your offer is on its way to Wren.', undefined, slow);
    expect(requests.find((request) => request.method === 'POST' && request.path === '/api/contracts')?.body).toMatchObject({ fundingType: 'NDIS_AGENCY_MANAGED', ndisShortfallBillable: true });
  });

  it('sends the NDIA shortfall term unticked when the funding is changed away from NDIA-managed after ticking it', async () => {
    const { requests } = api('CS', {
      'GET /api/contracts/defaults': () => [200, defaults({ fundingType: 'NDIS_AGENCY_MANAGED' })],
      'POST /api/contracts': () => [201, contract()],
    });
    renderApp(`/offer-contract?workerId=${WORKER_ID}`);
    fireEvent.click(await screen.findByRole('checkbox', { name: NDIS_SHORTFALL_BILLABLE_LABEL }, slow));
    fireEvent.change(screen.getByLabelText(/How the support is paid for/), { target: { value: 'PRIVATE' } });
    fillInTheRestAndSendOffer();
    await screen.findByText('Your offer is on its way to Wren.', undefined, slow);
    expect(requests.find((request) => request.method === 'POST' && request.path === '/api/contracts')?.body).toMatchObject({ fundingType: 'PRIVATE', ndisShortfallBillable: false });
  });
});

describe('planned shifts (issue 31 item 3)', { timeout: 30_000 }, () => {
  const plan = { start: '2026-12-14T09:00', end: '2026-12-14T12:00', repeat: 'WEEKLY' as const, repeatUntil: null, occurrences: 8, note: '' };

  it('plans weekly shifts in the offer: previews them and sends the plan with the offer', async () => {
    const { requests } = api('CS', {
      'GET /api/contracts/defaults': () => [200, defaults()],
      'POST /api/contracts': () => [201, contract({ shiftPlan: plan })],
    });
    renderApp(`/offer-contract?workerId=${WORKER_ID}`);
    fireEvent.click(await screen.findByRole('checkbox', { name: /Plan the shifts now/ }, slow));
    fireEvent.change(screen.getByLabelText(/^First shift/), { target: { value: '2026-12-14' } });
    fireEvent.change(screen.getByLabelText(/^Starts \(NSW time\)/), { target: { value: '09:00' } });
    fireEvent.change(screen.getByLabelText(/^Ends \(NSW time\)/), { target: { value: '12:00' } });
    expect((screen.getByLabelText(/^Repeats/) as HTMLSelectElement).value).toBe('WEEKLY');
    fireEvent.change(screen.getByLabelText(/^Number of shifts/), { target: { value: '8' } });
    await screen.findByText('8 weekly shifts from Mon 14 Dec, 9:00 am – 12:00 pm (NSW time): Mon 14 Dec, Mon 21 Dec, Mon 28 Dec, Mon 4 Jan, Mon 11 Jan, Mon 18 Jan and 2 more.');
    fillInTheRestAndSendOffer();
    await screen.findByText('Your offer is on its way to Wren.', undefined, slow);
    const sent = requests.find((request) => request.method === 'POST' && request.path === '/api/contracts');
    expect(sent?.body).toMatchObject({ shiftPlan: { start: '2026-12-14T09:00', end: '2026-12-14T12:00', repeat: 'WEEKLY', occurrences: 8, repeatUntil: null } });
  });

  it('refuses a bad number of shifts before sending, and reads an end before the start as the next day', async () => {
    const { requests } = api('CS', { 'GET /api/contracts/defaults': () => [200, defaults()], 'POST /api/contracts': () => [201, contract()] });
    renderApp(`/offer-contract?workerId=${WORKER_ID}`);
    fireEvent.click(await screen.findByRole('checkbox', { name: /Plan the shifts now/ }, slow));
    fireEvent.change(screen.getByLabelText(/^First shift/), { target: { value: '2026-12-14' } });
    fireEvent.change(screen.getByLabelText(/^Starts \(NSW time\)/), { target: { value: '22:00' } });
    fireEvent.change(screen.getByLabelText(/^Ends \(NSW time\)/), { target: { value: '07:00' } });
    fireEvent.change(screen.getByLabelText(/^Number of shifts/), { target: { value: '99' } });
    fillInTheRestAndSendOffer();
    expect((await screen.findAllByText(OCCURRENCES_MESSAGE)).length).toBeGreaterThan(0);
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: 'On a date' }));
    fireEvent.change(screen.getByLabelText(/^Last date/), { target: { value: '2026-12-28' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send offer' }));
    await screen.findByText('Your offer is on its way to Wren.', undefined, slow);
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      shiftPlan: { start: '2026-12-14T22:00', end: '2026-12-15T07:00', repeat: 'WEEKLY', repeatUntil: '2026-12-28', occurrences: null },
    });
  });

  it('shows the worker the planned shifts, and that signing books them', async () => {
    const signed = contract({ status: 'ACTIVE', shiftPlan: plan, plannedSeriesId: '22222222-2222-4222-8222-222222222222', signedName: 'Wren Walker', signedAt: '2026-11-25T02:00:00.000Z' });
    let accepted = false;
    api('CR', {
      [`GET /api/contracts/${CONTRACT_ID}`]: () => [200, accepted ? signed : contract({ shiftPlan: plan })],
      [`POST /api/contracts/${CONTRACT_ID}/accept`]: () => {
        accepted = true;
        return [200, signed];
      },
    });
    renderApp(`/contracts/${CONTRACT_ID}`);
    const section = within(await screen.findByRole('region', { name: 'Planned shifts' }, slow));
    expect(section.getByText('8 weekly shifts from Mon 14 Dec, 9:00 am – 12:00 pm (NSW time).')).toBeTruthy();
    expect(section.getByText('Accepting the agreement books all of them, confirmed.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept and sign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept and sign the agreement' });
    expect(within(dialog).getByText(/^Signing also books these shifts, confirmed: 8 weekly shifts from Mon 14 Dec/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Type your full name to sign/), { target: { value: 'Wren Walker' } });
    fireEvent.click(within(dialog).getByLabelText('I have read and agree to this service agreement'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign agreement' }));
    await screen.findByText('You have signed the agreement. It is now active, and its planned shifts are booked.', undefined, slow);
    expect((await screen.findByRole('link', { name: 'See them on My bookings' }, slow)).getAttribute('href')).toBe('/my-bookings');
  });
});

describe('the agreement page', { timeout: 30_000 }, () => {
  it('lets the worker accept and sign in a dialog', async () => {
    const { requests } = api('CR', {
      [`GET /api/contracts/${CONTRACT_ID}`]: () => [200, contract()],
      [`POST /api/contracts/${CONTRACT_ID}/accept`]: () => [200, contract({ status: 'ACTIVE', signedName: 'Wren Walker', signedAt: '2026-11-25T02:00:00.000Z' })],
    });
    renderApp(`/contracts/${CONTRACT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept and sign' }, slow));
    expect(screen.getByRole('button', { name: 'Decline' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download agreement (PDF)' }).getAttribute('href')).toBe(`/contract/download?id=${CONTRACT_ID}`);
    expect(screen.getByRole('link', { name: 'Message Helen' }).getAttribute('href')).toBe(`/messages?with=${SEEKER_ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Accept and sign the agreement' });
    fireEvent.change(within(dialog).getByLabelText(/Type your full name to sign/), { target: { value: 'Wren Walker' } });
    fireEvent.click(within(dialog).getByLabelText('I have read and agree to this service agreement'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign agreement' }));
    await screen.findByText('You have signed the agreement. It is now active.', undefined, slow);
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ signatureName: 'Wren Walker', agreed: true });
    expect(screen.getByRole('button', { name: 'End agreement' })).toBeTruthy();
  });

  it('shows both parties whether a short-paid NDIS difference may be billed to the participant, for NDIA-managed funding only', async () => {
    api('CR', { [`GET /api/contracts/${CONTRACT_ID}`]: () => [200, contract({ fundingType: 'NDIS_AGENCY_MANAGED', ndisShortfallBillable: true })] });
    const view = renderApp(`/contracts/${CONTRACT_ID}`);
    expect(await screen.findByText(`${NDIS_SHORTFALL_BILLABLE_LABEL}.`, undefined, slow)).toBeTruthy();
    view.unmount();
    api('CS', { [`GET /api/contracts/${CONTRACT_ID}`]: () => [200, contract({ fundingType: 'NDIS_AGENCY_MANAGED' })] });
    const unticked = renderApp(`/contracts/${CONTRACT_ID}`);
    expect(await screen.findByText(NDIS_SHORTFALL_NOT_BILLABLE_TEXT, undefined, slow)).toBeTruthy();
    unticked.unmount();
    api('CS', { [`GET /api/contracts/${CONTRACT_ID}`]: () => [200, contract()] });
    renderApp(`/contracts/${CONTRACT_ID}`);
    await screen.findByRole('button', { name: 'Withdraw offer' }, slow);
    expect(screen.queryByText(NDIS_SHORTFALL_NOT_BILLABLE_TEXT)).toBeNull();
    expect(screen.queryByText(`${NDIS_SHORTFALL_BILLABLE_LABEL}.`)).toBeNull();
  });

  it('shows the care seeker Withdraw offer, and the server’s reason when a move is refused', async () => {
    api('CS', {
      [`GET /api/contracts/${CONTRACT_ID}`]: () => [200, contract({ cancellationChargePercent: 60 })],
      [`POST /api/contracts/${CONTRACT_ID}/withdraw`]: () => [409, { message: 'A contract that is active cannot be withdrawn.', code: 'CONFLICT' }],
    });
    renderApp(`/contracts/${CONTRACT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw offer' }, slow));
    expect(screen.getByText('A short-notice cancellation is charged at 60% of the booked shift.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept and sign' })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your offer' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw offer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('A contract that is active cannot be withdrawn.');
  });
});

describe('the download page', { timeout: 30_000 }, () => {
  it('saves the PDF and says so', async () => {
    const created = vi.fn(() => 'blob:agreement');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    api('CR', { [`GET /api/contracts/${CONTRACT_ID}/pdf`]: () => [200, 'pdf', { 'content-disposition': 'attachment; filename="service-agreement-5f0c6c4e.pdf"' }] });
    renderApp(`/contract/download?id=${CONTRACT_ID}`);
    await screen.findByText('Your service agreement has been downloaded as service-agreement-5f0c6c4e.pdf.', undefined, slow);
    expect(created).toHaveBeenCalled();
  });

  it('says when the agreement is not the viewer’s or does not exist', async () => {
    api('CS', {});
    renderApp(`/contract/download?id=${CONTRACT_ID}`);
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toMatch(/could not find that service agreement/);
  });
});
