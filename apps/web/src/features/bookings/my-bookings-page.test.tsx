import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_SHOW_REASON_CODE_REQUIRED, SHORT_NOTICE_REASON_CODE_REQUIRED, type Shift } from '@tendly/domain/api/bookings';
import type { Contract } from '@tendly/domain/api/contracts';
import { renderApp } from '../../app/test-app';
import { testCareSeekerPerson, testContract, testShift, testWorkerPerson } from '../../app/test-contracts';
import { meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';
import { plannedShiftCount } from './book-shifts-dialog';
import { ESTIMATE_DELAY_MS } from './shift-cost-estimate';

setUpPageTests(() => import('./my-bookings-page'));

afterEach(() => {
  vi.useRealTimers();
});

const slow = { timeout: 10_000 };
const DAY = 86_400_000;

function localOf(date: Date): string {
  return date.toISOString().slice(0, 16);
}

function shift(overrides: Partial<Shift> = {}): Shift {
  const start = new Date(Date.now() + 30 * DAY);
  start.setUTCHours(9, 0, 0, 0);
  const startLocal = localOf(start);
  const endLocal = localOf(new Date(start.getTime() + 3 * 3_600_000));
  return testShift({
    state: 'NSW',
    timeZone: 'Australia/Sydney',
    startsAt: new Date(start.getTime() - 11 * 3_600_000).toISOString(),
    endsAt: new Date(start.getTime() - 8 * 3_600_000).toISOString(),
    startLocal,
    endLocal,
    scheduleResponseStatus: 'UNCONFIRMED',
    statusChangedAt: new Date().toISOString(),
    repeat: 'WEEKLY',
    ...overrides,
  });
}

function activeContract(): Contract {
  return testContract({
    id: '33333333-3333-4333-8333-333333333333',
    status: 'ACTIVE',
    careSeeker: testCareSeekerPerson(),
    worker: testWorkerPerson(),
    clientName: 'Helen Citizen',
    clientState: 'WA',
    startDate: '2026-01-01',
    signedName: 'Sam Carer',
    signedAt: '2026-10-02T00:00:00.000Z',
  });
}

function bookingsApi(role: 'CS' | 'CR', routes: ApiRoutes) {
  setSignedInUser(testUser(role, role === 'CR' ? { profileStatus: 'ACTIVE' } : {}));
  return mockApi({ 'GET /api/me': () => [200, meAnswer(role)], ...routes });
}

/** A Mantine Select's input (its label also names the listbox). */
function selectInput(dialog: ReturnType<typeof within>, label: RegExp): HTMLElement {
  const input = dialog.getAllByLabelText(label).find((element: HTMLElement) => element.tagName === 'INPUT');
  if (!input) throw new Error(`No select labelled ${label}`);
  return input;
}

describe('/my-bookings', { timeout: 30_000 }, () => {
  it('lets a worker confirm a shift, staying on Unconfirmed; it shows at the top of Confirmed', async () => {
    let confirmed = false;
    const waiting = shift();
    const api = bookingsApi('CR', {
      'GET /api/my/bookings': (request) => {
        const status = request.query.get('status');
        const list = status === 'CONFIRMED' && confirmed ? [{ ...waiting, scheduleResponseStatus: 'CONFIRMED' }, shift({ id: '66666666-6666-4666-8666-666666666666' })] : status === 'UNCONFIRMED' && !confirmed ? [waiting] : [];
        return [200, { shifts: list, allLoaded: true }];
      },
      'POST /api/shifts/11111111-1111-4111-8111-111111111111/confirm': () => {
        confirmed = true;
        return [200, { ...waiting, scheduleResponseStatus: 'CONFIRMED' }];
      },
    });
    renderApp('/my-bookings');
    const list = within(await screen.findByRole('list', { name: 'Unconfirmed shifts' }, slow));
    expect(list.getByText('Support with Margaret Smith')).toBeTruthy();
    expect(list.getByText(/\(NSW time\)$/)).toBeTruthy();
    // The time opens the shift's own page, the one its emails and notifications open.
    expect(list.getByRole('link', { name: /\(NSW time\)$/ }).getAttribute('href')).toBe('/my-bookings/11111111-1111-4111-8111-111111111111');
    expect(list.getByText('Every week')).toBeTruthy();
    fireEvent.click(list.getByRole('button', { name: /^Confirm the shift on/ }));
    // The page stays on Unconfirmed (issue 31 item 3: no jumping tabs after each confirmation) and says where it went.
    await screen.findByText(/^Shift confirmed: .* It is now under Confirmed\.$/, undefined, slow);
    expect(screen.getByRole('tab', { name: 'Unconfirmed', selected: true })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Confirmed' }));
    const confirmedList = await screen.findByRole('list', { name: 'Confirmed shifts' }, slow);
    expect(within(within(confirmedList).getAllByRole('listitem')[0]!).getByText('Confirmed')).toBeTruthy();
    expect(api.requests.some((request) => request.method === 'POST' && request.path.endsWith('/confirm'))).toBe(true);
  });

  it('shows a series as one block: the worker confirms all of it with one press and stays on the list', async () => {
    const series = [0, 1, 2].map((week) => {
      const one = shift({ id: `1111111${week}-1111-4111-8111-111111111111` });
      const start = new Date(Date.parse(one.startsAt) + week * 7 * DAY);
      return { ...one, startsAt: start.toISOString(), endsAt: new Date(start.getTime() + 3 * 3_600_000).toISOString(), startLocal: localOf(new Date(Date.parse(one.startLocal + ':00Z') + week * 7 * DAY)), endLocal: localOf(new Date(Date.parse(one.endLocal + ':00Z') + week * 7 * DAY)) };
    });
    let confirmed = false;
    const api = bookingsApi('CR', {
      'GET /api/my/bookings': (request) => [200, { shifts: request.query.get('status') === 'UNCONFIRMED' && !confirmed ? series : [], allLoaded: true }],
      'POST /api/bookings/22222222-2222-4222-8222-222222222222/confirm': () => {
        confirmed = true;
        return [200, { bookingId: '22222222-2222-4222-8222-222222222222', shifts: series.map((one) => ({ ...one, scheduleResponseStatus: 'CONFIRMED' })) }];
      },
    });
    renderApp('/my-bookings');
    const block = within(await screen.findByRole('region', { name: /^3 weekly shifts from / }, slow));
    expect(block.getAllByRole('button', { name: /^Confirm the shift on/ })).toHaveLength(3);
    fireEvent.click(block.getByRole('button', { name: /^Confirm all: 3 weekly shifts from / }));
    await screen.findByText(/^3 weekly shifts confirmed from .*\. They are now under Confirmed\.$/, undefined, slow);
    expect(screen.getByRole('tab', { name: 'Unconfirmed', selected: true })).toBeTruthy();
    expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('lets a care seeker cancel a whole series with one reason, warning of the shifts within 7 days', async () => {
    const soon = shift({ id: '11111110-1111-4111-8111-111111111111', startsAt: new Date(Date.now() + 2 * DAY).toISOString(), endsAt: new Date(Date.now() + 2 * DAY + 3 * 3_600_000).toISOString() });
    const later = shift({ id: '11111111-1111-4111-8111-111111111111' });
    const api = bookingsApi('CS', {
      'GET /api/contracts': () => [200, { contracts: [activeContract()] }],
      'GET /api/my/bookings': (request) => [200, { shifts: request.query.get('status') === 'UNCONFIRMED' ? [soon, later] : [], allLoaded: true }],
      'POST /api/bookings/22222222-2222-4222-8222-222222222222/cancel': (request) => [
        200,
        { bookingId: '22222222-2222-4222-8222-222222222222', shifts: [soon, later].map((one) => ({ ...one, scheduleResponseStatus: 'CANCELLED', cancellation: { cancelledAt: new Date().toISOString(), cancelledBy: 'CARE_SEEKER', reason: String((request.body as { reason: string }).reason), reasonCode: 'NSDH', noShow: false, shortNotice: one === soon } })) },
      ],
    });
    renderApp('/my-bookings');
    const block = within(await screen.findByRole('region', { name: /^2 weekly shifts from / }, slow));
    fireEvent.click(block.getByRole('button', { name: /^Cancel all: / }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel all shifts' }));
    expect(dialog.getByText(/^1 of these shifts is less than 7 clear days away/)).toBeTruthy();
    fireEvent.change(dialog.getByRole('textbox', { name: /^Reason/ }), { target: { value: 'Mum is in hospital.' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel all shifts' }));
    expect((await dialog.findAllByText(SHORT_NOTICE_REASON_CODE_REQUIRED)).length).toBeGreaterThan(0);
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);
    const user = userEvent.setup();
    await user.click(selectInput(dialog, /^Cancellation reason/));
    await user.click(await screen.findByRole('option', { name: 'No show or cancelled: health reasons', hidden: true }));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel all shifts' }));
    await screen.findByText(/^2 weekly shifts cancelled from /, undefined, slow);
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({ reason: 'Mum is in hospital.', reasonCode: 'NSDH' });
  });

  it('offers the worker Submit hours on a confirmed shift that has ended, and not on one to come (issue 14)', async () => {
    const ended = shift({ id: '66666666-6666-4666-8666-666666666666', scheduleResponseStatus: 'CONFIRMED', startsAt: new Date(Date.now() - 5 * 3_600_000).toISOString(), endsAt: new Date(Date.now() - 2 * 3_600_000).toISOString() });
    const coming = shift({ scheduleResponseStatus: 'CONFIRMED' });
    bookingsApi('CR', { 'GET /api/my/bookings': (request) => [200, { shifts: request.query.get('status') === 'CONFIRMED' ? [ended, coming] : [], allLoaded: true }] });
    renderApp('/my-bookings');
    fireEvent.click(await screen.findByRole('tab', { name: 'Confirmed' }, slow));
    const list = within(await screen.findByRole('list', { name: 'Confirmed shifts' }, slow));
    const links = list.getAllByRole('link', { name: /^Submit hours for the shift on/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/submit-timesheet?shift=66666666-6666-4666-8666-666666666666']);
  });

  it('lets a worker decline with a reason, and does not offer the NDIS reason codes', async () => {
    const api = bookingsApi('CR', {
      'GET /api/my/bookings': (request) => [200, { shifts: request.query.get('status') === 'UNCONFIRMED' ? [shift()] : [], allLoaded: true }],
      'POST /api/shifts/11111111-1111-4111-8111-111111111111/cancel': (request) => [200, { ...shift(), scheduleResponseStatus: 'CANCELLED', cancellation: { cancelledAt: new Date().toISOString(), cancelledBy: 'WORKER', reason: (request.body as { reason: string }).reason, reasonCode: null, noShow: false, shortNotice: false } }],
    });
    renderApp('/my-bookings');
    fireEvent.click(await screen.findByRole('button', { name: /^Decline the shift on/ }, slow));
    const dialog = within(await screen.findByRole('dialog', { name: 'Decline shift' }));
    expect(dialog.queryByRole('textbox', { name: 'Cancellation reason' })).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Decline shift' }));
    expect(await dialog.findByText('Tell the other person why the shift is cancelled.')).toBeTruthy();
    fireEvent.change(dialog.getByRole('textbox', { name: /^Reason/ }), { target: { value: 'Away that week' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Decline shift' }));
    await waitFor(() => expect(api.requests.some((request) => request.path.endsWith('/cancel'))).toBe(true));
    expect(api.requests.find((request) => request.path.endsWith('/cancel'))?.body).toEqual({ reason: 'Away that week', reasonCode: null, noShow: false });
  });

  it('lets a worker record a no-show once the shift has started, with the NDIS reason it is claimed with', async () => {
    const user = userEvent.setup();
    const started = shift({ scheduleResponseStatus: 'CONFIRMED', startsAt: new Date(Date.now() - 1_800_000).toISOString(), endsAt: new Date(Date.now() + 5_400_000).toISOString() });
    const noShow = { cancelledAt: new Date().toISOString(), cancelledBy: 'WORKER', reason: 'Nobody answered the door', reasonCode: 'NSDO', noShow: true, shortNotice: true };
    const api = bookingsApi('CR', {
      'GET /api/my/bookings': (request) => [200, { shifts: request.query.get('status') === 'CONFIRMED' ? [started] : [], allLoaded: true }],
      'POST /api/shifts/11111111-1111-4111-8111-111111111111/cancel': () => [200, { ...started, scheduleResponseStatus: 'CANCELLED', cancellation: noShow }],
    });
    renderApp('/my-bookings');
    await user.click(await screen.findByRole('tab', { name: 'Confirmed' }, slow));
    await user.click(await screen.findByRole('button', { name: /^Record no-show for the shift on/ }, slow));
    const dialog = within(await screen.findByRole('dialog', { name: 'Record no-show' }));
    expect((dialog.getByRole('checkbox', { name: /^No-show/ }) as HTMLInputElement).checked).toBe(true);
    expect(dialog.getByText(/A no-show is a short-notice cancellation/)).toBeTruthy();
    await user.type(dialog.getByRole('textbox', { name: /^Reason/ }), 'Nobody answered the door');
    await user.click(dialog.getByRole('button', { name: 'Record no-show' }));
    expect(await dialog.findByText(NO_SHOW_REASON_CODE_REQUIRED)).toBeTruthy();
    expect(api.requests.some((request) => request.path.endsWith('/cancel'))).toBe(false);
    await user.click(selectInput(dialog, /^Cancellation reason/));
    await user.click(await screen.findByRole('option', { name: 'No show or cancelled: other reasons', hidden: true }));
    await user.click(dialog.getByRole('button', { name: 'Record no-show' }));
    await waitFor(() => expect(api.requests.some((request) => request.path.endsWith('/cancel'))).toBe(true));
    expect(api.requests.find((request) => request.path.endsWith('/cancel'))?.body).toEqual({ reason: 'Nobody answered the door', reasonCode: 'NSDO', noShow: true });
    expect(await screen.findByText(/^No-show recorded:/, undefined, slow)).toBeTruthy();
  });

  it('gives a worker who declines a shift days away no short-notice warning: it is never charged to the care seeker', async () => {
    const soon = shift({ startsAt: new Date(Date.now() + 2 * DAY).toISOString(), endsAt: new Date(Date.now() + 2 * DAY + 3_600_000).toISOString() });
    bookingsApi('CR', { 'GET /api/my/bookings': (request) => [200, { shifts: request.query.get('status') === 'UNCONFIRMED' ? [soon] : [], allLoaded: true }] });
    renderApp('/my-bookings');
    fireEvent.click(await screen.findByRole('button', { name: /^Decline the shift on/ }, slow));
    const dialog = within(await screen.findByRole('dialog', { name: 'Decline shift' }));
    expect(dialog.queryByText(/short-notice/)).toBeNull();
    // Not started: neither a no-show to record nor a reason code to give.
    expect(dialog.queryByRole('checkbox', { name: /No-show/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Record no-show/ })).toBeNull();
  });

  it('warns a care seeker of a short-notice cancellation, asks for its reason code, and shows the badge afterwards', async () => {
    const user = userEvent.setup();
    const soon = shift({ startsAt: new Date(Date.now() + 2 * DAY).toISOString(), endsAt: new Date(Date.now() + 2 * DAY + 3_600_000).toISOString() });
    let cancelled = false;
    const api = bookingsApi('CS', {
      'GET /api/my/bookings': (request) => {
        const status = request.query.get('status');
        if (status === 'UNCONFIRMED' && !cancelled) return [200, { shifts: [soon], allLoaded: true }];
        if (status === 'CANCELLED' && cancelled) {
          return [200, { shifts: [{ ...soon, scheduleResponseStatus: 'CANCELLED', cancellation: { cancelledAt: new Date().toISOString(), cancelledBy: 'CARE_SEEKER', reason: 'Hospital', reasonCode: 'NSDH', noShow: false, shortNotice: true } }], allLoaded: true }];
        }
        return [200, { shifts: [], allLoaded: true }];
      },
      'POST /api/shifts/11111111-1111-4111-8111-111111111111/cancel': () => {
        cancelled = true;
        return [200, { ...soon, scheduleResponseStatus: 'CANCELLED', cancellation: { cancelledAt: new Date().toISOString(), cancelledBy: 'CARE_SEEKER', reason: 'Hospital', reasonCode: 'NSDH', noShow: false, shortNotice: true } }];
      },
    });
    renderApp('/my-bookings');
    fireEvent.click(await screen.findByRole('button', { name: /^Cancel shift on/ }, slow));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel shift' }));
    expect(dialog.getByText(/This is a short-notice cancellation/)).toBeTruthy();
    expect(dialog.getByText(/may be charged under the service agreement’s cancellation policy/)).toBeTruthy();
    // Not started yet: no no-show to record.
    expect(dialog.queryByRole('checkbox', { name: /No-show/ })).toBeNull();
    expect(selectInput(dialog, /^Cancellation reason/).hasAttribute('required')).toBe(true);
    fireEvent.change(dialog.getByRole('textbox', { name: /^Reason/ }), { target: { value: 'Hospital' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel shift' }));
    expect(await dialog.findByText(SHORT_NOTICE_REASON_CODE_REQUIRED)).toBeTruthy();
    expect(api.requests.some((request) => request.path.endsWith('/cancel'))).toBe(false);
    await user.click(selectInput(dialog, /^Cancellation reason/));
    await user.click(await screen.findByRole('option', { name: 'No show or cancelled: health reasons', hidden: true }));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel shift' }));
    await waitFor(() => expect(api.requests.find((request) => request.path.endsWith('/cancel'))?.body).toEqual({ reason: 'Hospital', reasonCode: 'NSDH', noShow: false }));
    await screen.findByText(/^Shift cancelled: .* It is now under Cancelled\.$/, undefined, slow);
    fireEvent.click(screen.getByRole('tab', { name: 'Cancelled' }));
    const list = within(await screen.findByRole('list', { name: 'Cancelled shifts' }, slow));
    expect(list.getByText('Short-notice cancellation')).toBeTruthy();
  });

  it('gives no warning with more than 7 clear days’ notice, and leaves the reason code optional', async () => {
    const api = bookingsApi('CS', {
      'GET /api/my/bookings': (request) => [200, { shifts: request.query.get('status') === 'UNCONFIRMED' ? [shift()] : [], allLoaded: true }],
      'POST /api/shifts/11111111-1111-4111-8111-111111111111/cancel': () => [200, { ...shift(), scheduleResponseStatus: 'CANCELLED', cancellation: { cancelledAt: new Date().toISOString(), cancelledBy: 'CARE_SEEKER', reason: 'Away', reasonCode: null, noShow: false, shortNotice: false } }],
    });
    renderApp('/my-bookings');
    fireEvent.click(await screen.findByRole('button', { name: /^Cancel shift on/ }, slow));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel shift' }));
    expect(dialog.queryByText(/short-notice/)).toBeNull();
    expect(selectInput(dialog, /^Cancellation reason/).hasAttribute('required')).toBe(false);
    fireEvent.change(dialog.getByRole('textbox', { name: /^Reason/ }), { target: { value: 'Away' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel shift' }));
    await waitFor(() => expect(api.requests.find((request) => request.path.endsWith('/cancel'))?.body).toEqual({ reason: 'Away', reasonCode: null, noShow: false }));
  });

  it('books shifts from ?book=, says how many, and shows a clash from the server', async () => {
    const contract = activeContract();
    const api = bookingsApi('CS', {
      'GET /api/my/bookings': () => [200, { shifts: [], allLoaded: true }],
      'GET /api/contracts': () => [200, { contracts: [contract] }],
      'POST /api/bookings': () => [409, { message: 'This shift clashes with another shift the worker has booked on Mon 7 Dec 2026, 9:00 am – 12:00 pm (NSW time).', code: 'CONFLICT' }],
    });
    renderApp('/my-bookings?book=33333333-3333-4333-8333-333333333333');
    const dialog = within(await screen.findByRole('dialog', { name: 'Book shifts' }, slow));
    expect(dialog.getByLabelText(/^Starts \(/)).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(/^Starts/), { target: { value: '2027-03-01T09:00' } });
    fireEvent.change(dialog.getByLabelText(/^Ends/), { target: { value: '2027-03-01T12:00' } });
    expect(dialog.getByText('This books 1 shift.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(api.requests.some((request) => request.method === 'POST' && request.path === '/api/bookings')).toBe(true));
    expect(api.requests.find((request) => request.path === '/api/bookings')?.body).toMatchObject({ contractId: contract.id, start: '2027-03-01T09:00', end: '2027-03-01T12:00', repeat: 'NONE', repeatUntil: null });
    expect(await dialog.findByText(/^This shift clashes with another shift the worker has booked/)).toBeTruthy();
    expect(dialog.getByLabelText(/^Starts \(WA time\)/)).toBeTruthy();
  });

  it('shows the estimated cost per shift once the times are valid, and none while they are not', async () => {
    const contract = activeContract();
    const api = bookingsApi('CS', {
      'GET /api/my/bookings': () => [200, { shifts: [], allLoaded: true }],
      'GET /api/contracts': () => [200, { contracts: [contract] }],
      'POST /api/pricing/contract-estimate': () => [
        200,
        {
          lines: [
            { supportItem: null, supportItemName: null, timeBand: 'WEEKDAY_EVENING', date: '2027-03-01', minutes: 60, hours: 1, unit: 'H', quantity: 1, unitPriceCents: 5000, amountCents: 5000, edition: null, flagged: false, capped: false },
            { supportItem: null, supportItemName: null, timeBand: 'WEEKDAY_NIGHT', date: '2027-03-02', minutes: 90, hours: 1.5, unit: 'H', quantity: 1.5, unitPriceCents: 5000, amountCents: 7500, edition: null, flagged: false, capped: false },
          ],
          subtotalCents: 12500,
          gstCents: 0,
          totalCents: 12500,
        },
      ],
    });
    renderApp('/my-bookings?book=33333333-3333-4333-8333-333333333333');
    const dialog = within(await screen.findByRole('dialog', { name: 'Book shifts' }, slow));
    await dialog.findByLabelText(/^Starts \(WA time\)/);
    fireEvent.change(dialog.getByLabelText(/^Starts/), { target: { value: '2027-03-01T23:00' } });
    fireEvent.change(dialog.getByLabelText(/^Ends/), { target: { value: '2027-03-01T22:00' } });
    await new Promise((resolve) => setTimeout(resolve, ESTIMATE_DELAY_MS + 100));
    expect(dialog.queryByText('Estimated cost per shift')).toBeNull();
    expect(api.requests.some((request) => request.path === '/api/pricing/contract-estimate')).toBe(false);
    fireEvent.change(dialog.getByLabelText(/^Ends/), { target: { value: '2027-03-02T01:30' } });
    expect(await dialog.findByText('Estimated total $125.00', undefined, slow)).toBeTruthy();
    const lines = within(dialog.getByRole('region', { name: 'Estimated cost per shift, by time band' }));
    expect(lines.getByText('Weekday evening, Mon 1 Mar 2027')).toBeTruthy();
    expect(lines.getByText('1.5 h')).toBeTruthy();
    const sent = api.requests.filter((request) => request.path === '/api/pricing/contract-estimate');
    expect(sent.map((request) => request.body)).toEqual([{ contractId: contract.id, start: '2027-03-01T23:00', end: '2027-03-02T01:30' }]);
    fireEvent.change(dialog.getByLabelText(/^Ends/), { target: { value: '' } });
    await waitFor(() => expect(dialog.queryByText('Estimated cost per shift')).toBeNull());
  });

  it('shows a price problem inline and still books', async () => {
    const api = bookingsApi('CS', {
      'GET /api/my/bookings': () => [200, { shifts: [], allLoaded: true }],
      'GET /api/contracts': () => [200, { contracts: [activeContract()] }],
      'POST /api/pricing/contract-estimate': () => [422, { message: 'The NDIS has no community access support item for weekday night.', code: 'UNPROCESSABLE' }],
      'POST /api/bookings': () => [201, { bookingId: '22222222-2222-4222-8222-222222222222', shifts: [shift()] }],
    });
    renderApp('/my-bookings?book=33333333-3333-4333-8333-333333333333');
    const dialog = within(await screen.findByRole('dialog', { name: 'Book shifts' }, slow));
    await dialog.findByLabelText(/^Starts \(WA time\)/);
    fireEvent.change(dialog.getByLabelText(/^Starts/), { target: { value: '2027-03-01T01:00' } });
    fireEvent.change(dialog.getByLabelText(/^Ends/), { target: { value: '2027-03-01T03:00' } });
    expect((await dialog.findByRole('alert', undefined, slow)).textContent).toBe('The NDIS has no community access support item for weekday night. You can still book the shift.');
    fireEvent.click(dialog.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(api.requests.some((request) => request.path === '/api/bookings')).toBe(true));
    expect(await screen.findByText('Shift booked. The worker is asked to confirm it.', undefined, slow)).toBeTruthy();
  });

  it('shows a daylight-saving gap on the field it concerns', async () => {
    const message = 'Sun 3 Oct 2027, 2:30 am does not exist in Australia/Sydney: the clocks go forward an hour then. Choose a time outside the daylight-saving change.';
    bookingsApi('CS', {
      'GET /api/my/bookings': () => [200, { shifts: [], allLoaded: true }],
      'GET /api/contracts': () => [200, { contracts: [{ ...activeContract(), clientState: 'NSW' }] }],
      'POST /api/bookings': () => [400, { message, code: 'VALIDATION', errors: { start: message } }],
    });
    renderApp('/my-bookings?book=33333333-3333-4333-8333-333333333333');
    const dialog = within(await screen.findByRole('dialog', { name: 'Book shifts' }, slow));
    await dialog.findByLabelText(/^Starts \(NSW time\)/);
    fireEvent.change(dialog.getByLabelText(/^Starts/), { target: { value: '2027-10-03T02:30' } });
    fireEvent.change(dialog.getByLabelText(/^Ends/), { target: { value: '2027-10-03T05:00' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Book' }));
    expect(await dialog.findByText(message)).toBeTruthy();
    expect(dialog.getByLabelText(/^Starts/).getAttribute('aria-invalid')).toBe('true');
  });
});

describe('plannedShiftCount', () => {
  it('counts weekly and fortnightly occurrences as the server makes them', () => {
    expect(plannedShiftCount('2027-03-01T09:00', 'NONE', '')).toBe(1);
    expect(plannedShiftCount('2027-03-01T09:00', 'WEEKLY', '2027-03-29')).toBe(5);
    expect(plannedShiftCount('2027-03-01T09:00', 'FORTNIGHTLY', '2027-03-28')).toBe(2);
    expect(plannedShiftCount('2027-03-01T09:00', 'WEEKLY', '')).toBeNull();
    expect(plannedShiftCount('', 'WEEKLY', '2027-03-29')).toBeNull();
  });
});
