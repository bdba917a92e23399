import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALENDAR_RANGE_TOO_LONG,
  CONTRACT_NOT_ACTIVE_MESSAGE,
  REPEAT_UNTIL_TOO_FAR,
  SHIFT_IN_PAST_MESSAGE,
  SHIFT_TOO_LONG_MESSAGE,
  SHIFT_TOO_SHORT_MESSAGE,
  calendarResponseSchema,
  illegalBookingMoveMessage,
  shiftListSchema,
  type Shift,
} from '@tendly/domain/api/bookings';
import { INACTIVE_PROFILE, NOT_AUTHORIZED, PLEASE_LOGIN } from '@tendly/domain/errors';
import { instantToLocalDate } from '@tendly/domain/shift-time';
import { auditEvents } from '../../platform/db/schema/platform';
import { contracts, shifts } from '../../platform/db/schema/engagements';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createUser, createWorker, outboxOf, requester, sessionFor } from '../auth/test-factories';
import { coordinatorActingForClient } from '../jobs/test-jobs';
import { book, contractedPair, insertContract, move, type Call } from './test-bookings';

let subject: TestApp;
let call: Call;
const db = () => subject.database.db;

beforeAll(async () => {
  subject = await createTestApp();
  call = requester(subject.app);
});

afterAll(async () => {
  await subject?.close();
});

const nineToTwelve = (date: string) => ({ start: `${date}T09:00`, end: `${date}T12:00` });

async function list(token: string, status: string): Promise<Shift[]> {
  const response = await call('GET', `/api/my/bookings?status=${status}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return shiftListSchema.parse(response.json()).shifts;
}

describe('POST /api/bookings: one shift', () => {
  it('books an UNCONFIRMED shift in the client’s state time, records who acted and emails the worker', async () => {
    const pair = await contractedPair(db());
    const [shift, ...rest] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve('2027-03-08'), note: 'Ring the bell twice' });
    expect(rest).toEqual([]);
    expect(shift).toMatchObject({
      scheduleResponseStatus: 'UNCONFIRMED',
      startLocal: '2027-03-08T09:00',
      endLocal: '2027-03-08T12:00',
      // Daylight time in Sydney: UTC+11.
      startsAt: '2027-03-07T22:00:00.000Z',
      durationMinutes: 180,
      state: 'NSW',
      timeZone: 'Australia/Sydney',
      note: 'Ring the bell twice',
      clientName: 'Margaret Smith',
      worker: { id: pair.worker.id, firstName: 'Sam' },
      cancellation: null,
    });
    const [email] = await outboxOf(subject.app, pair.worker.email);
    expect(email?.subject).toBe('Helen Citizen booked a shift with you');
    expect(email?.text).toContain('Mon 8 Mar 2027, 9:00 am – 12:00 pm (NSW time)');
  });

  it('reads the times in the client’s zone: 9 am in Perth is 1:00 UTC', async () => {
    const pair = await contractedPair(db(), 'WA');
    const [shift] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve('2027-03-08') });
    expect(shift).toMatchObject({ startsAt: '2027-03-08T01:00:00.000Z', timeZone: 'Australia/Perth', startLocal: '2027-03-08T09:00' });
  });

  it('gives a shift across the October change its true length: 01:00 to 04:00 on 3 Oct 2027 in NSW is 2 hours', async () => {
    const pair = await contractedPair(db());
    const [shift] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, start: '2027-10-03T01:00', end: '2027-10-03T04:00' });
    expect(shift?.durationMinutes).toBe(120);
  });

  it('refuses a time inside the daylight-saving gap: 400 on that field', async () => {
    const pair = await contractedPair(db());
    const response = await call('POST', '/api/bookings', { token: pair.careSeekerToken, payload: { contractId: pair.contractId, start: '2027-10-03T02:30', end: '2027-10-03T05:00' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.start).toMatch(/^Sun 3 Oct 2027, 2:30 am does not exist in Australia\/Sydney/);
  });

  const refused: [what: string, payload: Record<string, unknown>, field: string, message: string][] = [
    ['a 10-minute shift', { start: '2027-03-08T09:00', end: '2027-03-08T09:10' }, 'end', SHIFT_TOO_SHORT_MESSAGE],
    ['a shift longer than 24 hours', { start: '2027-03-08T09:00', end: '2027-03-09T09:15' }, 'end', SHIFT_TOO_LONG_MESSAGE],
    ['a shift that ends before it starts', { start: '2027-03-08T09:00', end: '2027-03-08T08:00' }, 'end', SHIFT_TOO_SHORT_MESSAGE],
    ['a shift in the past', nineToTwelve('2025-03-03'), 'start', SHIFT_IN_PAST_MESSAGE],
    ['a date that does not exist', { start: '2027-02-30T09:00', end: '2027-02-30T10:00' }, 'start', 'Enter a date and time'],
    ['a NUL character in the note', { ...nineToTwelve('2027-03-08'), note: 'a\u0000b' }, 'note', ''],
    ['a repeat without an end date', { ...nineToTwelve('2027-03-08'), repeat: 'WEEKLY' }, 'repeatUntil', 'Choose the date the shifts repeat until.'],
    ['a repeat more than 12 months ahead', { ...nineToTwelve('2027-03-08'), repeat: 'WEEKLY', repeatUntil: '2028-03-09' }, 'repeatUntil', REPEAT_UNTIL_TOO_FAR],
  ];
  it.each(refused)('refuses %s: 400 on the field', async (_what, payload, field, message) => {
    const pair = await contractedPair(db());
    const response = await call('POST', '/api/bookings', { token: pair.careSeekerToken, payload: { contractId: pair.contractId, ...payload } });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors[field]).toBeTruthy();
    if (message) expect(response.json().errors[field]).toBe(message);
  });

  it('refuses a shift outside the contract’s dates', async () => {
    const pair = await contractedPair(db());
    await db().update(contracts).set({ endDate: '2027-03-31' }).where(eq(contracts.id, pair.contractId));
    const response = await call('POST', '/api/bookings', { token: pair.careSeekerToken, payload: { contractId: pair.contractId, ...nineToTwelve('2027-04-05') } });
    expect(response.statusCode).toBe(400);
  });

  it('answers 404 for another care seeker’s contract and 409 for one that is not active', async () => {
    const pair = await contractedPair(db());
    const stranger = await createUser(db());
    const strangerToken = await sessionFor(db(), stranger.id);
    const notTheirs = await call('POST', '/api/bookings', { token: strangerToken, payload: { contractId: pair.contractId, ...nineToTwelve('2027-03-08') } });
    expect(notTheirs.statusCode).toBe(404);
    const offered = await insertContract(db(), pair.careSeeker.id, (await createWorker(db())).id, { status: 'OFFERED' });
    const response = await call('POST', '/api/bookings', { token: pair.careSeekerToken, payload: { contractId: offered, ...nineToTwelve('2027-03-08') } });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(CONTRACT_NOT_ACTIVE_MESSAGE);
  });

  it('is for care seekers: anonymous 401, a worker 403, a bad id 400', async () => {
    const pair = await contractedPair(db());
    expect((await call('POST', '/api/bookings', { payload: { contractId: pair.contractId, ...nineToTwelve('2027-03-08') } })).json()).toMatchObject({ message: PLEASE_LOGIN });
    const asWorker = await call('POST', '/api/bookings', { token: pair.workerToken, payload: { contractId: pair.contractId, ...nineToTwelve('2027-03-08') } });
    expect(asWorker.statusCode).toBe(403);
    expect(asWorker.json().message).toBe(NOT_AUTHORIZED);
    const badId = await call('POST', '/api/bookings', { token: pair.careSeekerToken, payload: { contractId: 'nope', ...nineToTwelve('2027-03-08') } });
    expect(badId.statusCode).toBe(400);
  });

  it('lets a coordinator acting for the client book, and records the coordinator as who acted', async () => {
    const { coordinator, client, aliasToken } = await coordinatorActingForClient(db(), call);
    const worker = await createWorker(db());
    const contractId = await insertContract(db(), client.id, worker.id);
    const [shift] = await book(call, aliasToken, { contractId, ...nineToTwelve('2027-03-09') });
    const [audit] = await db().select().from(auditEvents).where(eq(auditEvents.targetId, shift!.bookingId));
    expect(audit).toMatchObject({ actorUserId: coordinator.id, subjectUserId: client.id, action: 'booking.created' });
    expect(await list(aliasToken, 'UNCONFIRMED')).toHaveLength(1);
    const cancelled = await move(call, aliasToken, shift!.id, 'cancel', { reason: 'Clara is in hospital', reasonCode: 'NSDH' });
    expect(cancelled.cancellation?.cancelledBy).toBe('CARE_SEEKER');
    const [row] = await db().select().from(shifts).where(eq(shifts.id, shift!.id));
    expect(row?.cancelledByUserId).toBe(coordinator.id);
    // The coordinator's own session (not acting) is not a care seeker's.
    const { coordinatorToken } = await coordinatorActingForClient(db(), call);
    expect((await call('GET', '/api/my/bookings?status=CANCELLED', { token: coordinatorToken })).statusCode).toBe(403);
  });
});

describe('POST /api/bookings: repeats', () => {
  it('makes weekly shifts at the same local time across the October change', async () => {
    const pair = await contractedPair(db());
    const made = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve('2027-09-20'), repeat: 'WEEKLY', repeatUntil: '2027-10-18' });
    expect(made.map((shift) => shift.startLocal)).toEqual(['2027-09-20T09:00', '2027-09-27T09:00', '2027-10-04T09:00', '2027-10-11T09:00', '2027-10-18T09:00']);
    expect(made.map((shift) => shift.startsAt)).toEqual([
      '2027-09-19T23:00:00.000Z',
      '2027-09-26T23:00:00.000Z',
      '2027-10-03T22:00:00.000Z',
      '2027-10-10T22:00:00.000Z',
      '2027-10-17T22:00:00.000Z',
    ]);
    expect(made.every((shift) => shift.repeat === 'WEEKLY' && shift.durationMinutes === 180)).toBe(true);
  });

  it('makes fortnightly shifts, the last on repeatUntil when it falls on one', async () => {
    const pair = await contractedPair(db());
    const made = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve('2027-03-29'), repeat: 'FORTNIGHTLY', repeatUntil: '2027-05-10' });
    expect(made.map((shift) => shift.startLocal.slice(0, 10))).toEqual(['2027-03-29', '2027-04-12', '2027-04-26', '2027-05-10']);
  });

  it('allows exactly 12 months and no more', async () => {
    const pair = await contractedPair(db());
    const made = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve('2027-01-04'), repeat: 'WEEKLY', repeatUntil: '2028-01-04' });
    expect(made).toHaveLength(53);
  });

  it('refuses a repeat with an occurrence in the daylight-saving gap, naming its date', async () => {
    const pair = await contractedPair(db());
    const response = await call('POST', '/api/bookings', {
      token: pair.careSeekerToken,
      payload: { contractId: pair.contractId, start: '2027-09-19T02:15', end: '2027-09-19T04:00', repeat: 'WEEKLY', repeatUntil: '2027-10-10' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Sun 3 Oct 2027, 2:15 am does not exist');
    expect(await db().select().from(shifts).where(eq(shifts.contractId, pair.contractId))).toEqual([]);
  });
});

describe('overlap', () => {
  it('refuses a shift that clashes with the worker’s shift for the same client, naming it', async () => {
    const pair = await contractedPair(db());
    await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve('2027-12-06') });
    const response = await call('POST', '/api/bookings', { token: pair.careSeekerToken, payload: { contractId: pair.contractId, start: '2027-12-06T11:00', end: '2027-12-06T13:00' } });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This shift clashes with Margaret Smith’s shift on Mon 6 Dec 2027, 9:00 am – 12:00 pm (NSW time).');
  });

  it('does not name another client, and lets back-to-back shifts through', async () => {
    const first = await contractedPair(db(), 'NSW', { client: 'Private Person' });
    const otherCareSeeker = await createUser(db());
    const otherContract = await insertContract(db(), otherCareSeeker.id, first.worker.id);
    const otherToken = await sessionFor(db(), otherCareSeeker.id);
    await book(call, first.careSeekerToken, { contractId: first.contractId, ...nineToTwelve('2027-12-07') });
    const clash = await call('POST', '/api/bookings', { token: otherToken, payload: { contractId: otherContract, start: '2027-12-07T08:00', end: '2027-12-07T09:30' } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('This shift clashes with another shift the worker has booked on Tue 7 Dec 2027, 9:00 am – 12:00 pm (NSW time).');
    expect(clash.body).not.toContain('Private');
    await book(call, otherToken, { contractId: otherContract, start: '2027-12-07T12:00', end: '2027-12-07T13:00' });
  });

  it('refuses a repeat when any occurrence clashes, and books none of it', async () => {
    const pair = await contractedPair(db());
    await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve('2027-12-20') });
    const response = await call('POST', '/api/bookings', { token: pair.careSeekerToken, payload: { contractId: pair.contractId, ...nineToTwelve('2027-12-06'), repeat: 'WEEKLY', repeatUntil: '2027-12-27' } });
    expect(response.statusCode).toBe(409);
    expect(await db().select().from(shifts).where(eq(shifts.contractId, pair.contractId))).toHaveLength(1);
  });

  it('lets a cancelled shift’s time be booked again', async () => {
    const pair = await contractedPair(db());
    const [shift] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve('2027-12-08') });
    await move(call, pair.careSeekerToken, shift!.id, 'cancel', { reason: 'Away' });
    await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve('2027-12-08') });
  });

  it('lets only one of two bookings at once for the same worker through', async () => {
    const pair = await contractedPair(db());
    const otherCareSeeker = await createUser(db());
    const otherContract = await insertContract(db(), otherCareSeeker.id, pair.worker.id);
    const otherToken = await sessionFor(db(), otherCareSeeker.id);
    const responses = await Promise.all([
      call('POST', '/api/bookings', { token: pair.careSeekerToken, payload: { contractId: pair.contractId, ...nineToTwelve('2027-12-09') } }),
      call('POST', '/api/bookings', { token: otherToken, payload: { contractId: otherContract, ...nineToTwelve('2027-12-09') } }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(await db().select().from(shifts).where(eq(shifts.workerId, pair.worker.id))).toHaveLength(1);
  });
});

describe('moves (spec section 4)', () => {
  it('the worker confirms; the care seeker is emailed; the list shows it at the top of Confirmed', async () => {
    const pair = await contractedPair(db());
    const [first, second] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve('2027-06-07'), repeat: 'WEEKLY', repeatUntil: '2027-06-14' });
    await move(call, pair.workerToken, second!.id, 'confirm');
    const confirmed = await move(call, pair.workerToken, first!.id, 'confirm');
    expect(confirmed.scheduleResponseStatus).toBe('CONFIRMED');
    expect((await list(pair.workerToken, 'CONFIRMED')).map((shift) => shift.id)).toEqual([first!.id, second!.id]);
    expect(await list(pair.careSeekerToken, 'UNCONFIRMED')).toEqual([]);
    expect((await outboxOf(subject.app, pair.careSeeker.email))[0]?.subject).toBe('Sam Carer confirmed a shift');
  });

  it('refuses every move the table does not allow with a 409 naming it', async () => {
    const pair = await contractedPair(db());
    const [shift] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve('2027-06-08') });
    await move(call, pair.workerToken, shift!.id, 'confirm');
    const again = await call('POST', `/api/shifts/${shift!.id}/confirm`, { token: pair.workerToken });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(illegalBookingMoveMessage('CONFIRMED', 'CONFIRMED'));
    await move(call, pair.careSeekerToken, shift!.id, 'cancel', { reason: 'In hospital', reasonCode: 'NSDH' });
    const cases: [method: 'POST' | 'PATCH', path: string, payload: Record<string, unknown> | undefined, token: string, to: 'CONFIRMED' | 'CANCELLED' | 'UNCONFIRMED'][] = [
      ['POST', 'confirm', undefined, pair.workerToken, 'CONFIRMED'],
      ['POST', 'cancel', { reason: 'Again' }, pair.careSeekerToken, 'CANCELLED'],
      ['PATCH', '', nineToTwelve('2027-06-09'), pair.careSeekerToken, 'UNCONFIRMED'],
    ];
    for (const [method, path, payload, token, to] of cases) {
      const response = await call(method, `/api/shifts/${shift!.id}${path ? `/${path}` : ''}`, { token, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${path}`).toBe(409);
      expect(response.json().message).toBe(illegalBookingMoveMessage('CANCELLED', to));
    }
  });

  it('changing the time makes a confirmed shift unconfirmed again, checks clashes and DST, and emails the worker', async () => {
    const pair = await contractedPair(db());
    const [shift, other] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve('2027-06-14'), repeat: 'WEEKLY', repeatUntil: '2027-06-21' });
    await move(call, pair.workerToken, shift!.id, 'confirm');
    const clash = await call('PATCH', `/api/shifts/${shift!.id}`, { token: pair.careSeekerToken, payload: { start: '2027-06-21T10:00', end: '2027-06-21T11:00' } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain('Mon 21 Jun 2027');
    const gap = await call('PATCH', `/api/shifts/${shift!.id}`, { token: pair.careSeekerToken, payload: { start: '2027-10-03T02:00', end: '2027-10-03T05:00' } });
    expect(gap.statusCode).toBe(400);
    // Moving within its own time does not clash with itself.
    const response = await call('PATCH', `/api/shifts/${shift!.id}`, { token: pair.careSeekerToken, payload: { start: '2027-06-14T10:00', end: '2027-06-14T13:00' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ scheduleResponseStatus: 'UNCONFIRMED', startLocal: '2027-06-14T10:00', endLocal: '2027-06-14T13:00' });
    expect((await list(pair.careSeekerToken, 'UNCONFIRMED')).map((row) => row.id)).toEqual([shift!.id, other!.id]);
    expect((await outboxOf(subject.app, pair.worker.email))[0]?.subject).toBe('Helen Citizen changed a shift');
    const asWorker = await call('PATCH', `/api/shifts/${shift!.id}`, { token: pair.workerToken, payload: nineToTwelve('2027-06-15') });
    expect(asWorker.statusCode).toBe(403);
  });

  it('two confirms at once: one succeeds, the other is a 409', async () => {
    const pair = await contractedPair(db());
    const [shift] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve('2027-06-10') });
    const responses = await Promise.all([1, 2].map(() => call('POST', `/api/shifts/${shift!.id}/confirm`, { token: pair.workerToken })));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
  });

  it('a confirm and a cancel at once leave one consistent answer', async () => {
    const pair = await contractedPair(db());
    const [shift] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve('2027-06-11') });
    const responses = await Promise.all([
      call('POST', `/api/shifts/${shift!.id}/confirm`, { token: pair.workerToken }),
      call('POST', `/api/shifts/${shift!.id}/cancel`, { token: pair.careSeekerToken, payload: { reason: 'Not needed' } }),
    ]);
    const [row] = await db().select().from(shifts).where(eq(shifts.id, shift!.id));
    // Either order is allowed (confirmed then cancelled, or cancelled then the confirm refused).
    if (responses[0]!.statusCode === 409) expect(responses[1]!.statusCode).toBe(200);
    expect(row?.status).toBe('CANCELLED');
  });

  it('strangers get 404, a care seeker cannot confirm (403), an inactive worker is refused', async () => {
    const pair = await contractedPair(db());
    const [shift] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve('2027-06-12') });
    const otherWorker = await createWorker(db());
    const otherToken = await sessionFor(db(), otherWorker.id);
    expect((await call('POST', `/api/shifts/${shift!.id}/confirm`, { token: otherToken })).statusCode).toBe(404);
    expect((await call('POST', `/api/shifts/${shift!.id}/cancel`, { token: otherToken, payload: { reason: 'x' } })).statusCode).toBe(404);
    const otherCareSeeker = await sessionFor(db(), (await createUser(db())).id);
    expect((await call('PATCH', `/api/shifts/${shift!.id}`, { token: otherCareSeeker, payload: nineToTwelve('2027-06-13') })).statusCode).toBe(404);
    expect((await call('POST', `/api/shifts/${shift!.id}/confirm`, { token: pair.careSeekerToken })).statusCode).toBe(403);
    expect((await call('POST', '/api/shifts/not-a-uuid/confirm', { token: pair.workerToken })).statusCode).toBe(400);
    const inactive = await createWorker(db(), { profileStatus: 'INACTIVE' });
    const inactiveToken = await sessionFor(db(), inactive.id);
    for (const response of [
      await call('POST', `/api/shifts/${shift!.id}/confirm`, { token: inactiveToken }),
      await call('GET', '/api/my/bookings?status=CONFIRMED', { token: inactiveToken }),
      await call('GET', '/api/my/calendar?from=2027-06-01T00:00:00Z&to=2027-06-30T00:00:00Z', { token: inactiveToken }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(INACTIVE_PROFILE);
    }
  });
});

describe('cancelling', () => {
  it('the worker declines with text; a reason code from the worker is a 400', async () => {
    const pair = await contractedPair(db());
    const [shift] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve('2027-07-05') });
    const withCode = await call('POST', `/api/shifts/${shift!.id}/cancel`, { token: pair.workerToken, payload: { reason: 'Unwell', reasonCode: 'NSDH' } });
    expect(withCode.statusCode).toBe(400);
    const declined = await move(call, pair.workerToken, shift!.id, 'cancel', { reason: 'I am away that week' });
    expect(declined.cancellation).toMatchObject({ cancelledBy: 'WORKER', reason: 'I am away that week', reasonCode: null, noShow: false, shortNotice: false });
    expect((await outboxOf(subject.app, pair.careSeeker.email))[0]?.subject).toBe('Sam Carer cancelled a shift');
    expect((await list(pair.careSeekerToken, 'CANCELLED'))[0]?.id).toBe(shift!.id);
  });

  it('needs a reason, and refuses a no-show before the shift starts', async () => {
    const pair = await contractedPair(db());
    const [shift] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve('2027-07-06') });
    expect((await call('POST', `/api/shifts/${shift!.id}/cancel`, { token: pair.careSeekerToken, payload: { reason: '   ' } })).statusCode).toBe(400);
    expect((await call('POST', `/api/shifts/${shift!.id}/cancel`, { token: pair.careSeekerToken, payload: { reason: 'x', noShow: true } })).statusCode).toBe(400);
  });

  it('marks short notice at the 7-clear-day boundary in the client’s zone', async () => {
    for (const state of ['NSW', 'WA'] as const) {
      const pair = await contractedPair(db(), state);
      const zone = state === 'NSW' ? 'Australia/Sydney' : 'Australia/Perth';
      const today = instantToLocalDate(new Date(), zone);
      const inDays = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
      // Today + 8 leaves 7 clear days between: not short notice. Today + 7 leaves 6: short notice.
      const [enough] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve(inDays(8)) });
      const [late] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve(inDays(7)) });
      expect((await move(call, pair.careSeekerToken, enough!.id, 'cancel', { reason: 'Away', reasonCode: 'NSDF' })).cancellation?.shortNotice).toBe(false);
      const cancelled = await move(call, pair.careSeekerToken, late!.id, 'cancel', { reason: 'Away', reasonCode: 'NSDF' });
      expect(cancelled.cancellation).toMatchObject({ shortNotice: true, reasonCode: 'NSDF', cancelledBy: 'CARE_SEEKER' });
      expect((await outboxOf(subject.app, pair.worker.email))[0]?.text).toContain('short-notice cancellation');
    }
  });
});

describe('GET /api/my/bookings and /api/my/calendar', () => {
  it('lists each side’s own, pages, and leaves ended shifts out of the live lists', async () => {
    const pair = await contractedPair(db());
    await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve('2027-08-02'), repeat: 'WEEKLY', repeatUntil: '2027-08-23' });
    const [ended] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve('2027-09-06') });
    await db().update(shifts).set({ startsAt: new Date('2020-01-01T00:00:00Z'), endsAt: new Date('2020-01-01T03:00:00Z') }).where(eq(shifts.id, ended!.id));
    const page = await call('GET', '/api/my/bookings?status=UNCONFIRMED&start=0&limit=3', { token: pair.workerToken });
    expect(shiftListSchema.parse(page.json())).toMatchObject({ allLoaded: false });
    expect(page.json().shifts).toHaveLength(3);
    const rest = shiftListSchema.parse((await call('GET', '/api/my/bookings?status=UNCONFIRMED&start=3&limit=3', { token: pair.workerToken })).json());
    expect(rest).toMatchObject({ allLoaded: true });
    expect(rest.shifts).toHaveLength(1);
    expect((await list(pair.careSeekerToken, 'UNCONFIRMED')).map((shift) => shift.startLocal.slice(0, 10))).toEqual(['2027-08-02', '2027-08-09', '2027-08-16', '2027-08-23']);
    const stranger = await sessionFor(db(), (await createUser(db())).id);
    expect(await list(stranger, 'UNCONFIRMED')).toEqual([]);
    expect((await call('GET', '/api/my/bookings?status=MAYBE', { token: stranger })).statusCode).toBe(400);
  });

  it('shows every status in a range of at most 62 days', async () => {
    const pair = await contractedPair(db());
    const [first, second] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve('2027-11-01'), repeat: 'WEEKLY', repeatUntil: '2027-11-08' });
    await move(call, pair.workerToken, second!.id, 'cancel', { reason: 'Busy' });
    const response = await call('GET', '/api/my/calendar?from=2027-10-31T13:00:00Z&to=2027-11-07T13:00:00Z', { token: pair.workerToken });
    expect(response.statusCode).toBe(200);
    expect(calendarResponseSchema.parse(response.json()).shifts.map((shift) => shift.id)).toEqual([first!.id]);
    const both = calendarResponseSchema.parse((await call('GET', '/api/my/calendar?from=2027-10-01T00:00:00Z&to=2027-12-01T00:00:00Z', { token: pair.careSeekerToken })).json());
    expect(both.shifts.map((shift) => shift.scheduleResponseStatus)).toEqual(['UNCONFIRMED', 'CANCELLED']);
    const tooLong = await call('GET', '/api/my/calendar?from=2027-10-01T00:00:00Z&to=2027-12-03T00:00:00Z', { token: pair.careSeekerToken });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(CALENDAR_RANGE_TOO_LONG);
    expect((await call('GET', '/api/my/calendar?from=2027-10-05T00:00:00Z&to=2027-10-01T00:00:00Z', { token: pair.careSeekerToken })).statusCode).toBe(400);
    expect((await call('GET', '/api/my/calendar?from=yesterday&to=2027-10-01T00:00:00Z', { token: pair.careSeekerToken })).statusCode).toBe(400);
    expect((await call('GET', '/api/my/calendar?from=2027-10-01T00:00:00Z&to=2027-10-02T00:00:00Z')).statusCode).toBe(401);
  });
});
