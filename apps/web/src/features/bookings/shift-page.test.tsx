import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PLEASE_LOGIN } from '@tendly/domain/errors';
import type { Shift } from '@tendly/domain/api/bookings';
import { renderApp } from '../../app/test-app';
import { testShift } from '../../app/test-contracts';
import { meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser, startAliasSession } from '../../platform/session';

setUpPageTests(() => import('./shift-page'));

const slow = { timeout: 10_000 };
const DAY = 86_400_000;
const WEEK = 7 * DAY;

/** A weekly series of three unconfirmed shifts in NSW, the first a month away; ids end in 0, 1 and 2. */
function weeklySeries(): Shift[] {
  const first = new Date(Date.now() + 30 * DAY);
  first.setUTCHours(22, 0, 0, 0);
  return [0, 1, 2].map((week) => {
    const startsAt = new Date(first.getTime() + week * WEEK);
    // 22:00 UTC is 9:00 am the next day in Sydney in summer time, 8:00 am in winter: the test only compares texts it made.
    const local = (instant: Date) => new Date(instant.getTime() + 11 * 3_600_000).toISOString().slice(0, 16);
    const endsAt = new Date(startsAt.getTime() + 3 * 3_600_000);
    return testShift({
      id: `1111111${week}-1111-4111-8111-111111111111`,
      state: 'NSW',
      timeZone: 'Australia/Sydney',
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      startLocal: local(startsAt),
      endLocal: local(endsAt),
      scheduleResponseStatus: 'UNCONFIRMED',
      repeat: 'WEEKLY',
    });
  });
}

function shiftApi(role: 'CS' | 'CR', routes: ApiRoutes) {
  setSignedInUser(testUser(role, role === 'CR' ? { profileStatus: 'ACTIVE' } : {}));
  return mockApi({ 'GET /api/me': () => [200, meAnswer(role)], ...routes });
}

describe('/my-bookings/:shiftId (issue 31 item 8: the page a shift email opens)', { timeout: 30_000 }, () => {
  it('shows a worker the shift, its series and their moves, and confirms the shift from the page', async () => {
    const series = weeklySeries();
    const shift = series[1]!;
    let confirmed = false;
    const current = () => (confirmed ? { ...shift, scheduleResponseStatus: 'CONFIRMED' as const } : shift);
    const api = shiftApi('CR', {
      [`GET /api/shifts/${shift.id}`]: () => [200, { shift: current(), series: series.map((one) => (one.id === shift.id ? current() : one)) }],
      [`POST /api/shifts/${shift.id}/confirm`]: () => {
        confirmed = true;
        return [200, current()];
      },
    });
    renderApp(`/my-bookings/${shift.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Shift' }, slow)).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Support with Margaret Smith' }, slow)).toBeTruthy();
    expect(screen.getAllByText(/\(NSW time\)$/).length).toBeGreaterThan(0);
    expect(screen.getByText('Margaret Smith')).toBeTruthy();
    expect(screen.getByText('Sam Carer')).toBeTruthy();
    expect(screen.getByText('NSW (times are in NSW time)')).toBeTruthy();
    expect(screen.getByText('3 h')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View the service agreement' }).getAttribute('href')).toBe(`/contracts/${shift.contractId}`);

    const seriesRegion = within(screen.getByRole('region', { name: 'Part of a series' }));
    expect(seriesRegion.getByText(/^3 weekly shifts from .*\. This is shift 2 of 3\.$/)).toBeTruthy();
    expect(seriesRegion.getByRole('button', { name: /^Confirm all: 3 weekly shifts from / })).toBeTruthy();
    const others = within(seriesRegion.getByRole('list', { name: 'Shifts of the series' }));
    expect(others.getAllByRole('listitem')).toHaveLength(3);
    expect(others.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([`/my-bookings/${series[0]!.id}`, `/my-bookings/${series[2]!.id}`]);
    expect(others.getByText(/\(this shift\)$/).getAttribute('aria-current')).toBe('page');

    fireEvent.click(screen.getByRole('button', { name: /^Confirm the shift on/ }));
    expect(await screen.findByText(/^Shift confirmed: .*\.$/, undefined, slow)).toBeTruthy();
    // Fetched again after the move: the shift now shows as confirmed and cannot be confirmed twice.
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Confirm the shift on/ })).toBeNull(), slow);
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([`/api/shifts/${shift.id}/confirm`]);
    expect(screen.getByRole('link', { name: 'All your bookings' }).getAttribute('href')).toBe('/my-bookings');
  });

  it('gives the care seeker their moves (change, cancel), not the worker’s, and names who booked for the client', async () => {
    const shift = testShift({ id: '11111111-1111-4111-8111-111111111111', startsAt: new Date(Date.now() + 30 * DAY).toISOString(), endsAt: new Date(Date.now() + 30 * DAY + 3 * 3_600_000).toISOString() });
    shiftApi('CS', { [`GET /api/shifts/${shift.id}`]: () => [200, { shift, series: [shift] }] });
    renderApp(`/my-bookings/${shift.id}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Support by Sam Carer' }, slow)).toBeTruthy();
    expect(screen.getByText('Booked by')).toBeTruthy();
    expect(screen.getByText('Helen Citizen')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Change time of the shift on/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Cancel shift on/ }));
    expect(await screen.findByRole('dialog', { name: 'Cancel shift' }, slow)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Confirm the shift on/ })).toBeNull();
    // A shift booked on its own is no series.
    expect(screen.queryByRole('region', { name: 'Part of a series' })).toBeNull();
  });

  it('opens for a coordinator acting for the client, with the alias session', async () => {
    const shift = testShift({ startsAt: new Date(Date.now() + 30 * DAY).toISOString(), endsAt: new Date(Date.now() + 30 * DAY + 3 * 3_600_000).toISOString() });
    setSignedInUser(testUser('SUPPORT'));
    startAliasSession({ aliasToken: 'alias-token', id: 'client-1', name: 'Helen Citizen', firstName: 'Helen', email: 'helen@example.com', role: 'CS' });
    const api = mockApi({ 'GET /api/me': () => [200, meAnswer('SUPPORT')], [`GET /api/shifts/${shift.id}`]: () => [200, { shift, series: [shift] }] });
    renderApp(`/my-bookings/${shift.id}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Support by Sam Carer' }, slow)).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Cancel shift on/ })).toBeTruthy();
    expect(api.requests.find((request) => request.path === `/api/shifts/${shift.id}`)?.authToken).toBe('alias-token');
  });

  it('says so when the shift is not theirs or does not exist (404), with the way back to My bookings', async () => {
    shiftApi('CR', { 'GET /api/shifts/99999999-9999-4999-8999-999999999999': () => [404, { message: 'We could not find that shift.' }] });
    renderApp('/my-bookings/99999999-9999-4999-8999-999999999999');
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toBe('We could not find that shift. It may not exist, or it is not one of yours.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'All your bookings' })).toBeTruthy();
  });

  it('offers Try again when the shift could not be loaded', async () => {
    let fails = true;
    const shift = testShift();
    shiftApi('CR', { [`GET /api/shifts/${shift.id}`]: () => (fails ? [500, { message: 'Something went wrong.' }] : [200, { shift, series: [shift] }]) });
    renderApp(`/my-bookings/${shift.id}`);
    const retry = await screen.findByRole('button', { name: 'Try again' }, slow);
    fails = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('heading', { level: 2, name: 'Support with Margaret Smith' }, slow)).toBeTruthy();
  });

  it('sends a signed-out visitor from the email’s link to sign in, and back to the shift after', async () => {
    const { router } = renderApp('/my-bookings/11111111-1111-4111-8111-111111111111');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ message: PLEASE_LOGIN, returnTo: '/my-bookings/11111111-1111-4111-8111-111111111111' });
  });
});
