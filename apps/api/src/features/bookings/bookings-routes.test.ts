import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CALENDAR_RANGE_TOO_LONG,
  CONTRACT_NOT_ACTIVE_MESSAGE,
  NO_SHOW_BEFORE_START,
  NO_SHOW_REASON_CODE_REQUIRED,
  REPEAT_UNTIL_TOO_FAR,
  SHORT_NOTICE_REASON_CODE_REQUIRED,
  SHIFT_IN_PAST_MESSAGE,
  SHIFT_TOO_FAR_AHEAD_MESSAGE,
  SHIFT_TOO_LONG_MESSAGE,
  SHIFT_TOO_SHORT_MESSAGE,
  calendarResponseSchema,
  WORKER_REASON_CODE_ONLY_FOR_NO_SHOW,
  illegalBookingMoveMessage,
  latestShiftStartDate,
  shiftDetailSchema,
  shiftListSchema,
  type Shift,
} from '@tendly/domain/api/bookings';
import { DATE_OUT_OF_RANGE_MESSAGE, INACTIVE_PROFILE, NOT_AUTHORIZED, PLEASE_LOGIN } from '@tendly/domain/errors';
import { formatLocalDate, instantToLocalDate, localToInstant } from '@tendly/domain/shift-time';
import { auditEvents } from '../../platform/db/schema/platform';
import { contracts, shifts } from '../../platform/db/schema/engagements';
import { useTestApp } from '../../test-support/test-app';
import { SYDNEY, nextFirstSunday, nextFirstWeekdayOf, nextMonday, plusDays, sameDayNextYear } from '../../test-support/test-dates';
import { createUser, createWorker, outboxOf, sessionFor } from '../auth/test-factories';
import { coordinatorActingForClient } from '../jobs/test-jobs';
import { book, contractedPair, insertContract, move } from './test-bookings';

const { subject, call, db } = useTestApp();

const nineToTwelve = (date: string) => ({ start: `${date}T09:00`, end: `${date}T12:00` });

// Dates from today in Sydney, so that no test's shift passes into the past by itself. A Monday
// two or more weeks off is far enough for cancelling to never be short notice.
const monday = (weeksAhead: number) => nextMonday(SYDNEY, weeksAhead);
/** The first Sunday of October (NSW daylight saving starts: 02:00 becomes 03:00), at least two weeks off. */
const dstStart = nextFirstSunday(SYDNEY, 10, 14);
/** The first Monday of February: daylight time (UTC+11) in Sydney. */
const summerMonday = nextFirstWeekdayOf(SYDNEY, 2, 1, 14);
/** 9 am on that date in Sydney or Perth, as UTC. */
const utcOf = (date: string, time: string, zone: string) => localToInstant(`${date}T${time}`, zone).toISOString();

async function list(token: string, status: string): Promise<Shift[]> {
  const response = await call('GET', `/api/my/bookings?status=${status}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return shiftListSchema.parse(response.json()).shifts;
}

describe('POST /api/bookings: one shift', () => {
  it('books an UNCONFIRMED shift in the client’s state time, records who acted and emails the worker', async () => {
    const pair = await contractedPair(db());
    const [shift, ...rest] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve(summerMonday), note: 'Ring the bell twice' });
    expect(rest).toEqual([]);
    expect(shift).toMatchObject({
      scheduleResponseStatus: 'UNCONFIRMED',
      startLocal: `${summerMonday}T09:00`,
      endLocal: `${summerMonday}T12:00`,
      // Daylight time in Sydney: UTC+11.
      startsAt: `${plusDays(summerMonday, -1)}T22:00:00.000Z`,
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
    expect(email?.text).toContain(`${formatLocalDate(summerMonday)}, 9:00 am – 12:00 pm (NSW time)`);
  });

  it('reads the times in the client’s zone: 9 am in Perth is 1:00 UTC', async () => {
    const pair = await contractedPair(db(), 'WA');
    const date = monday(2);
    const [shift] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve(date) });
    expect(shift).toMatchObject({ startsAt: `${date}T01:00:00.000Z`, timeZone: 'Australia/Perth', startLocal: `${date}T09:00` });
  });

  it('gives a shift across the October change its true length: 01:00 to 04:00 on its first Sunday in NSW is 2 hours', async () => {
    const pair = await contractedPair(db());
    const [shift] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, start: `${dstStart}T01:00`, end: `${dstStart}T04:00` });
    expect(shift?.durationMinutes).toBe(120);
    // And the April change: 01:00 to 04:00 on its first Sunday is 4 hours (02:00 to 03:00 happens twice).
    const autumn = nextFirstSunday(SYDNEY, 4, 14);
    const [long] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, start: `${autumn}T01:00`, end: `${autumn}T04:00` });
    expect(long?.durationMinutes).toBe(240);
  });

  it('refuses a time inside the daylight-saving gap: 400 on that field', async () => {
    const pair = await contractedPair(db());
    const response = await call('POST', '/api/bookings', { token: pair.careSeekerToken, payload: { contractId: pair.contractId, start: `${dstStart}T02:30`, end: `${dstStart}T05:00` } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.start).toMatch(new RegExp(`^${formatLocalDate(dstStart)}, 2:30 am does not exist in Australia/Sydney`));
  });

  const day = monday(2);
  const next = plusDays(day, 1);
  const refused: [what: string, payload: Record<string, unknown>, field: string, message: string][] = [
    ['a 10-minute shift', { start: `${day}T09:00`, end: `${day}T09:10` }, 'end', SHIFT_TOO_SHORT_MESSAGE],
    ['a shift longer than 24 hours', { start: `${day}T09:00`, end: `${next}T09:15` }, 'end', SHIFT_TOO_LONG_MESSAGE],
    ['a shift that ends before it starts', { start: `${day}T09:00`, end: `${day}T08:00` }, 'end', SHIFT_TOO_SHORT_MESSAGE],
    ['a shift in the past', nineToTwelve('2025-03-03'), 'start', SHIFT_IN_PAST_MESSAGE],
    ['a date that does not exist', { start: `${Number(day.slice(0, 4)) + 1}-02-30T09:00`, end: `${Number(day.slice(0, 4)) + 1}-02-30T10:00` }, 'start', 'Enter a date and time'],
    ['a NUL character in the note', { ...nineToTwelve(day), note: 'a\u0000b' }, 'note', ''],
    ['a repeat without an end date', { ...nineToTwelve(day), repeat: 'WEEKLY' }, 'repeatUntil', 'Choose the date the shifts repeat until.'],
    ['a repeat more than 12 months ahead', { ...nineToTwelve(day), repeat: 'WEEKLY', repeatUntil: plusDays(sameDayNextYear(day), 1) }, 'repeatUntil', REPEAT_UNTIL_TOO_FAR],
  ];
  it.each(refused)('refuses %s: 400 on the field', async (_what, payload, field, message) => {
    const pair = await contractedPair(db());
    const response = await call('POST', '/api/bookings', { token: pair.careSeekerToken, payload: { contractId: pair.contractId, ...payload } });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors[field]).toBeTruthy();
    if (message) expect(response.json().errors[field]).toBe(message);
  });

  it('refuses absurd and too distant dates with a 400 on the field, never a 500: the first shift at most 12 months ahead', async () => {
    // An agreement with no end date: only the booking's own limit stands between it and year 9999.
    const pair = await contractedPair(db());
    const lastStart = latestShiftStartDate(instantToLocalDate(new Date(), SYDNEY));
    const cases: [what: string, payload: Record<string, unknown>, field: string, message: string][] = [
      ['a shift in year 9999', { start: '9999-12-31T22:00', end: '9999-12-31T23:00' }, 'start', SHIFT_TOO_FAR_AHEAD_MESSAGE],
      // Its last occurrence would end in year 10,000.
      ['weekly into year 10,000', { start: '9998-12-31T22:00', end: '9999-01-01T01:00', repeat: 'WEEKLY', repeatUntil: '9999-12-31' }, 'start', SHIFT_TOO_FAR_AHEAD_MESSAGE],
      ['a day past 12 months ahead', nineToTwelve(plusDays(lastStart, 1)), 'start', SHIFT_TOO_FAR_AHEAD_MESSAGE],
      ['a shift in year 0', { start: '0000-01-03T09:00', end: '0000-01-03T10:00' }, 'start', 'Enter a date and time'],
      ['30 February', { start: '2027-02-30T09:00', end: '2027-02-30T10:00' }, 'start', 'Enter a date and time'],
      ['a repeat until year 10,000', { ...nineToTwelve(monday(2)), repeat: 'WEEKLY', repeatUntil: '10000-01-01' }, 'repeatUntil', 'Enter a date as YYYY-MM-DD'],
    ];
    for (const [what, payload, field, message] of cases) {
      const response = await call('POST', '/api/bookings', { token: pair.careSeekerToken, payload: { contractId: pair.contractId, ...payload } });
      expect(response.statusCode, what).toBe(400);
      expect(response.json().errors?.[field], what).toBe(message);
    }
    expect(await db().select().from(shifts).where(eq(shifts.contractId, pair.contractId))).toEqual([]);
    // Exactly 12 months ahead is allowed; a shift cannot be moved past it, nor to year 9999.
    const [shift] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve(lastStart) });
    for (const payload of [nineToTwelve(plusDays(lastStart, 1)), { start: '9999-12-31T22:00', end: '9999-12-31T23:00' }]) {
      const moved = await call('PATCH', `/api/shifts/${shift!.id}`, { token: pair.careSeekerToken, payload });
      expect(moved.statusCode, payload.start).toBe(400);
      expect(moved.json().errors, payload.start).toEqual({ start: SHIFT_TOO_FAR_AHEAD_MESSAGE });
    }
    const yearZero = await call('GET', '/api/my/calendar?from=0000-01-01T00:00:00Z&to=0000-01-02T00:00:00Z', { token: pair.careSeekerToken });
    expect(yearZero.statusCode).toBe(400);
    expect(yearZero.json().message).toBe(DATE_OUT_OF_RANGE_MESSAGE);
  });

  it('refuses a shift outside the contract’s dates', async () => {
    const pair = await contractedPair(db());
    await db().update(contracts).set({ endDate: plusDays(monday(2), 6) }).where(eq(contracts.id, pair.contractId));
    const response = await call('POST', '/api/bookings', { token: pair.careSeekerToken, payload: { contractId: pair.contractId, ...nineToTwelve(monday(3)) } });
    expect(response.statusCode).toBe(400);
  });

  it('answers 404 for another care seeker’s contract and 409 for one that is not active', async () => {
    const pair = await contractedPair(db());
    const stranger = await createUser(db());
    const strangerToken = await sessionFor(db(), stranger.id);
    const notTheirs = await call('POST', '/api/bookings', { token: strangerToken, payload: { contractId: pair.contractId, ...nineToTwelve(monday(2)) } });
    expect(notTheirs.statusCode).toBe(404);
    const offered = await insertContract(db(), pair.careSeeker.id, (await createWorker(db())).id, { status: 'OFFERED' });
    const response = await call('POST', '/api/bookings', { token: pair.careSeekerToken, payload: { contractId: offered, ...nineToTwelve(monday(2)) } });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(CONTRACT_NOT_ACTIVE_MESSAGE);
  });

  it('is for care seekers: anonymous 401, a worker 403, a bad id 400', async () => {
    const pair = await contractedPair(db());
    expect((await call('POST', '/api/bookings', { payload: { contractId: pair.contractId, ...nineToTwelve(monday(2)) } })).json()).toMatchObject({ message: PLEASE_LOGIN });
    const asWorker = await call('POST', '/api/bookings', { token: pair.workerToken, payload: { contractId: pair.contractId, ...nineToTwelve(monday(2)) } });
    expect(asWorker.statusCode).toBe(403);
    expect(asWorker.json().message).toBe(NOT_AUTHORIZED);
    const badId = await call('POST', '/api/bookings', { token: pair.careSeekerToken, payload: { contractId: 'nope', ...nineToTwelve(monday(2)) } });
    expect(badId.statusCode).toBe(400);
  });

  it('lets a coordinator acting for the client book, and records the coordinator as who acted', async () => {
    const { coordinator, client, aliasToken } = await coordinatorActingForClient(db(), call);
    const worker = await createWorker(db());
    const contractId = await insertContract(db(), client.id, worker.id);
    const [shift] = await book(call, aliasToken, { contractId, ...nineToTwelve(plusDays(monday(2), 1)) });
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
    // Two Mondays before the change and three after it.
    const mondays = [-13, -6, 1, 8, 15].map((days) => plusDays(dstStart, days));
    const made = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve(mondays[0]!), repeat: 'WEEKLY', repeatUntil: mondays[4]! });
    expect(made.map((shift) => shift.startLocal)).toEqual(mondays.map((date) => `${date}T09:00`));
    // 9 am standard time (UTC+10) is 23:00 UTC the day before; daylight time (UTC+11), 22:00.
    expect(made.map((shift) => shift.startsAt)).toEqual(mondays.map((date, index) => `${plusDays(date, -1)}T${index < 2 ? '23' : '22'}:00:00.000Z`));
    expect(made.every((shift) => shift.repeat === 'WEEKLY' && shift.durationMinutes === 180)).toBe(true);
  });

  it('makes fortnightly shifts, the last on repeatUntil when it falls on one', async () => {
    const pair = await contractedPair(db());
    const first = monday(2);
    const made = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve(first), repeat: 'FORTNIGHTLY', repeatUntil: plusDays(first, 42) });
    expect(made.map((shift) => shift.startLocal.slice(0, 10))).toEqual([0, 14, 28, 42].map((days) => plusDays(first, days)));
  });

  it('allows exactly 12 months and no more', async () => {
    const pair = await contractedPair(db());
    const first = monday(1);
    const made = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve(first), repeat: 'WEEKLY', repeatUntil: sameDayNextYear(first) });
    expect(made).toHaveLength(53);
  });

  it('refuses a repeat with an occurrence in the daylight-saving gap, naming its date', async () => {
    const pair = await contractedPair(db());
    const response = await call('POST', '/api/bookings', {
      token: pair.careSeekerToken,
      payload: { contractId: pair.contractId, start: `${plusDays(dstStart, -14)}T02:15`, end: `${plusDays(dstStart, -14)}T04:00`, repeat: 'WEEKLY', repeatUntil: plusDays(dstStart, 7) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(`${formatLocalDate(dstStart)}, 2:15 am does not exist`);
    expect(await db().select().from(shifts).where(eq(shifts.contractId, pair.contractId))).toEqual([]);
  });
});

describe('overlap', () => {
  it('refuses a shift that clashes with the worker’s shift for the same client, naming it', async () => {
    const pair = await contractedPair(db());
    const day = monday(3);
    await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve(day) });
    const response = await call('POST', '/api/bookings', { token: pair.careSeekerToken, payload: { contractId: pair.contractId, start: `${day}T11:00`, end: `${day}T13:00` } });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(`This shift clashes with Margaret Smith’s shift on ${formatLocalDate(day)}, 9:00 am – 12:00 pm (NSW time).`);
  });

  it('does not name another client, and lets back-to-back shifts through', async () => {
    const first = await contractedPair(db(), 'NSW', { client: 'Private Person' });
    const otherCareSeeker = await createUser(db());
    const otherContract = await insertContract(db(), otherCareSeeker.id, first.worker.id);
    const otherToken = await sessionFor(db(), otherCareSeeker.id);
    const day = plusDays(monday(3), 1);
    await book(call, first.careSeekerToken, { contractId: first.contractId, ...nineToTwelve(day) });
    const clash = await call('POST', '/api/bookings', { token: otherToken, payload: { contractId: otherContract, start: `${day}T08:00`, end: `${day}T09:30` } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(`This shift clashes with another shift the worker has booked on ${formatLocalDate(day)}, 9:00 am – 12:00 pm (NSW time).`);
    expect(clash.body).not.toContain('Private');
    await book(call, otherToken, { contractId: otherContract, start: `${day}T12:00`, end: `${day}T13:00` });
  });

  it('refuses a repeat when any occurrence clashes, and books none of it', async () => {
    const pair = await contractedPair(db());
    const first = monday(3);
    await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve(plusDays(first, 14)) });
    const response = await call('POST', '/api/bookings', { token: pair.careSeekerToken, payload: { contractId: pair.contractId, ...nineToTwelve(first), repeat: 'WEEKLY', repeatUntil: plusDays(first, 21) } });
    expect(response.statusCode).toBe(409);
    expect(await db().select().from(shifts).where(eq(shifts.contractId, pair.contractId))).toHaveLength(1);
  });

  it('lets a cancelled shift’s time be booked again', async () => {
    const pair = await contractedPair(db());
    const [shift] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve(plusDays(monday(3), 2)) });
    await move(call, pair.careSeekerToken, shift!.id, 'cancel', { reason: 'Away' });
    await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve(plusDays(monday(3), 2)) });
  });

  it('lets only one of two bookings at once for the same worker through', { tags: ['drivers'] }, async () => {
    const pair = await contractedPair(db());
    const otherCareSeeker = await createUser(db());
    const otherContract = await insertContract(db(), otherCareSeeker.id, pair.worker.id);
    const otherToken = await sessionFor(db(), otherCareSeeker.id);
    const responses = await Promise.all([
      call('POST', '/api/bookings', { token: pair.careSeekerToken, payload: { contractId: pair.contractId, ...nineToTwelve(plusDays(monday(3), 3)) } }),
      call('POST', '/api/bookings', { token: otherToken, payload: { contractId: otherContract, ...nineToTwelve(plusDays(monday(3), 3)) } }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(await db().select().from(shifts).where(eq(shifts.workerId, pair.worker.id))).toHaveLength(1);
  });
});

describe('moves (spec section 4)', () => {
  it('the worker confirms; the care seeker is emailed; the list shows it at the top of Confirmed', async () => {
    const pair = await contractedPair(db());
    const [first, second] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve(monday(4)), repeat: 'WEEKLY', repeatUntil: plusDays(monday(4), 7) });
    await move(call, pair.workerToken, second!.id, 'confirm');
    const confirmed = await move(call, pair.workerToken, first!.id, 'confirm');
    expect(confirmed.scheduleResponseStatus).toBe('CONFIRMED');
    expect((await list(pair.workerToken, 'CONFIRMED')).map((shift) => shift.id)).toEqual([first!.id, second!.id]);
    expect(await list(pair.careSeekerToken, 'UNCONFIRMED')).toEqual([]);
    expect((await outboxOf(subject.app, pair.careSeeker.email))[0]?.subject).toBe('Sam Carer confirmed a shift');
  });

  it('refuses every move the table does not allow with a 409 naming it', async () => {
    const pair = await contractedPair(db());
    const [shift] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve(plusDays(monday(4), 1)) });
    await move(call, pair.workerToken, shift!.id, 'confirm');
    const again = await call('POST', `/api/shifts/${shift!.id}/confirm`, { token: pair.workerToken });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(illegalBookingMoveMessage('CONFIRMED', 'CONFIRMED'));
    await move(call, pair.careSeekerToken, shift!.id, 'cancel', { reason: 'In hospital', reasonCode: 'NSDH' });
    const cases: [method: 'POST' | 'PATCH', path: string, payload: Record<string, unknown> | undefined, token: string, to: 'CONFIRMED' | 'CANCELLED' | 'UNCONFIRMED'][] = [
      ['POST', 'confirm', undefined, pair.workerToken, 'CONFIRMED'],
      ['POST', 'cancel', { reason: 'Again' }, pair.careSeekerToken, 'CANCELLED'],
      ['PATCH', '', nineToTwelve(plusDays(monday(4), 2)), pair.careSeekerToken, 'UNCONFIRMED'],
    ];
    for (const [method, path, payload, token, to] of cases) {
      const response = await call(method, `/api/shifts/${shift!.id}${path ? `/${path}` : ''}`, { token, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${path}`).toBe(409);
      expect(response.json().message).toBe(illegalBookingMoveMessage('CANCELLED', to));
    }
  });

  it('changing the time makes a confirmed shift unconfirmed again, checks clashes and DST, and emails the worker', async () => {
    const pair = await contractedPair(db());
    const day = monday(5);
    const weekOn = plusDays(day, 7);
    const [shift, other] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve(day), repeat: 'WEEKLY', repeatUntil: weekOn });
    await move(call, pair.workerToken, shift!.id, 'confirm');
    const clash = await call('PATCH', `/api/shifts/${shift!.id}`, { token: pair.careSeekerToken, payload: { start: `${weekOn}T10:00`, end: `${weekOn}T11:00` } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain(formatLocalDate(weekOn));
    const gap = await call('PATCH', `/api/shifts/${shift!.id}`, { token: pair.careSeekerToken, payload: { start: `${dstStart}T02:00`, end: `${dstStart}T05:00` } });
    expect(gap.statusCode).toBe(400);
    // Moving within its own time does not clash with itself.
    const response = await call('PATCH', `/api/shifts/${shift!.id}`, { token: pair.careSeekerToken, payload: { start: `${day}T10:00`, end: `${day}T13:00` } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ scheduleResponseStatus: 'UNCONFIRMED', startLocal: `${day}T10:00`, endLocal: `${day}T13:00` });
    expect((await list(pair.careSeekerToken, 'UNCONFIRMED')).map((row) => row.id)).toEqual([shift!.id, other!.id]);
    expect((await outboxOf(subject.app, pair.worker.email))[0]?.subject).toBe('Helen Citizen changed a shift');
    const asWorker = await call('PATCH', `/api/shifts/${shift!.id}`, { token: pair.workerToken, payload: nineToTwelve(plusDays(day, 1)) });
    expect(asWorker.statusCode).toBe(403);
  });

  it('two confirms at once: one succeeds, the other is a 409', { tags: ['drivers'] }, async () => {
    const pair = await contractedPair(db());
    const [shift] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve(plusDays(monday(4), 3)) });
    const responses = await Promise.all([1, 2].map(() => call('POST', `/api/shifts/${shift!.id}/confirm`, { token: pair.workerToken })));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
  });

  it('a confirm and a cancel at once leave one consistent answer', { tags: ['drivers'] }, async () => {
    const pair = await contractedPair(db());
    const [shift] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve(plusDays(monday(4), 4)) });
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
    const [shift] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve(plusDays(monday(4), 5)) });
    const otherWorker = await createWorker(db());
    const otherToken = await sessionFor(db(), otherWorker.id);
    expect((await call('POST', `/api/shifts/${shift!.id}/confirm`, { token: otherToken })).statusCode).toBe(404);
    expect((await call('POST', `/api/shifts/${shift!.id}/cancel`, { token: otherToken, payload: { reason: 'x' } })).statusCode).toBe(404);
    const otherCareSeeker = await sessionFor(db(), (await createUser(db())).id);
    expect((await call('PATCH', `/api/shifts/${shift!.id}`, { token: otherCareSeeker, payload: nineToTwelve(plusDays(monday(4), 6)) })).statusCode).toBe(404);
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
    const [shift] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve(monday(3)) });
    const withCode = await call('POST', `/api/shifts/${shift!.id}/cancel`, { token: pair.workerToken, payload: { reason: 'Unwell', reasonCode: 'NSDH' } });
    expect(withCode.statusCode).toBe(400);
    expect(withCode.json().errors).toEqual({ reasonCode: WORKER_REASON_CODE_ONLY_FOR_NO_SHOW });
    const declined = await move(call, pair.workerToken, shift!.id, 'cancel', { reason: 'I am away that week' });
    expect(declined.cancellation).toMatchObject({ cancelledBy: 'WORKER', reason: 'I am away that week', reasonCode: null, noShow: false, shortNotice: false });
    expect((await outboxOf(subject.app, pair.careSeeker.email))[0]?.subject).toBe('Sam Carer cancelled a shift');
    expect((await list(pair.careSeekerToken, 'CANCELLED'))[0]?.id).toBe(shift!.id);
  });

  it('needs a reason, and refuses a no-show before the shift starts', async () => {
    const pair = await contractedPair(db());
    const [shift] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve(plusDays(monday(3), 1)) });
    expect((await call('POST', `/api/shifts/${shift!.id}/cancel`, { token: pair.careSeekerToken, payload: { reason: '   ' } })).statusCode).toBe(400);
    for (const token of [pair.careSeekerToken, pair.workerToken]) {
      const early = await call('POST', `/api/shifts/${shift!.id}/cancel`, { token, payload: { reason: 'x', noShow: true, reasonCode: 'NSDO' } });
      expect(early.statusCode).toBe(400);
      expect(early.json().errors).toEqual({ noShow: NO_SHOW_BEFORE_START });
    }
  });

  it('never marks the worker’s own late cancellation as short notice, and tells the care seeker there is no charge', async () => {
    const pair = await contractedPair(db());
    const soon = plusDays(instantToLocalDate(new Date(), SYDNEY), 2);
    const [shift] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve(soon) });
    await move(call, pair.workerToken, shift!.id, 'confirm');
    const cancelled = await move(call, pair.workerToken, shift!.id, 'cancel', { reason: 'My car broke down' });
    expect(cancelled.cancellation).toMatchObject({ cancelledBy: 'WORKER', noShow: false, shortNotice: false, reasonCode: null });
    const [row] = await db().select().from(shifts).where(eq(shifts.id, shift!.id));
    expect(row?.shortNotice).toBe(false);
    const [email] = await outboxOf(subject.app, pair.careSeeker.email);
    expect(email?.subject).toBe('Sam Carer cancelled a shift');
    expect(email?.text).toContain('there is no charge for this shift');
    expect(email?.text).not.toContain('short-notice');
  });

  it('lets either side record a no-show once the shift has started, with a reason from the list: short notice, and the email says so', async () => {
    const pair = await contractedPair(db());
    const [byWorker, byCareSeeker] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve(monday(2)), repeat: 'WEEKLY', repeatUntil: plusDays(monday(2), 7) });
    // Both have started, half an hour and ten minutes ago (set directly: the API books only future shifts).
    const started = (minutesAgo: number) => ({ startsAt: new Date(Date.now() - minutesAgo * 60_000), endsAt: new Date(Date.now() + (180 - minutesAgo) * 60_000) });
    await db().update(shifts).set(started(30)).where(eq(shifts.id, byWorker!.id));
    await db().update(shifts).set(started(10)).where(eq(shifts.id, byCareSeeker!.id));
    await move(call, pair.workerToken, byWorker!.id, 'confirm');

    const withoutCode = await call('POST', `/api/shifts/${byWorker!.id}/cancel`, { token: pair.workerToken, payload: { reason: 'Nobody answered the door', noShow: true } });
    expect(withoutCode.statusCode).toBe(400);
    expect(withoutCode.json()).toMatchObject({ message: NO_SHOW_REASON_CODE_REQUIRED, errors: { reasonCode: NO_SHOW_REASON_CODE_REQUIRED } });
    const recorded = await move(call, pair.workerToken, byWorker!.id, 'cancel', { reason: 'Nobody answered the door', noShow: true, reasonCode: 'NSDO' });
    expect(recorded.cancellation).toMatchObject({ cancelledBy: 'WORKER', noShow: true, shortNotice: true, reasonCode: 'NSDO' });
    const [email] = await outboxOf(subject.app, pair.careSeeker.email);
    expect(email?.subject).toBe('Sam Carer recorded a no-show');
    expect(email?.text).toContain('may be charged under the service agreement’s cancellation policy');

    const bySeeker = await move(call, pair.careSeekerToken, byCareSeeker!.id, 'cancel', { reason: 'Margaret was at the doctor', noShow: true, reasonCode: 'NSDH' });
    expect(bySeeker.cancellation).toMatchObject({ cancelledBy: 'CARE_SEEKER', noShow: true, shortNotice: true, reasonCode: 'NSDH' });
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
      // With enough notice the reason code is optional; a late cancellation is claimed with one.
      expect((await move(call, pair.careSeekerToken, enough!.id, 'cancel', { reason: 'Away' })).cancellation?.shortNotice).toBe(false);
      const withoutCode = await call('POST', `/api/shifts/${late!.id}/cancel`, { token: pair.careSeekerToken, payload: { reason: 'Away' } });
      expect(withoutCode.statusCode).toBe(400);
      expect(withoutCode.json()).toEqual({ message: SHORT_NOTICE_REASON_CODE_REQUIRED, code: 'VALIDATION', errors: { reasonCode: SHORT_NOTICE_REASON_CODE_REQUIRED } });
      const [row] = await db().select().from(shifts).where(eq(shifts.id, late!.id));
      expect(row?.status).toBe('UNCONFIRMED');
      expect((await call('POST', `/api/shifts/${late!.id}/cancel`, { token: pair.careSeekerToken, payload: { reason: 'Away', reasonCode: 'NSDX' } })).statusCode).toBe(400);
      const cancelled = await move(call, pair.careSeekerToken, late!.id, 'cancel', { reason: 'Away', reasonCode: 'NSDF' });
      expect(cancelled.cancellation).toMatchObject({ shortNotice: true, reasonCode: 'NSDF', cancelledBy: 'CARE_SEEKER' });
      expect((await outboxOf(subject.app, pair.worker.email))[0]?.text).toContain('short-notice cancellation');
    }
  });
});

describe('GET /api/shifts/:shiftId (issue 31 item 8: the page a shift email opens)', () => {
  it('gives either side the shift with every shift of its series, first first', async () => {
    const pair = await contractedPair(db(), 'NSW', { client: 'Margaret Smith' });
    const first = plusDays(monday(2), 2);
    const series = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve(first), repeat: 'WEEKLY', repeatUntil: plusDays(first, 14) });
    await move(call, pair.workerToken, series[1]!.id, 'confirm');
    for (const token of [pair.workerToken, pair.careSeekerToken]) {
      const response = await call('GET', `/api/shifts/${series[1]!.id}`, { token });
      expect(response.statusCode, response.body).toBe(200);
      const detail = shiftDetailSchema.parse(response.json());
      expect(detail.shift).toMatchObject({ id: series[1]!.id, scheduleResponseStatus: 'CONFIRMED', clientName: 'Margaret Smith', state: 'NSW', startLocal: `${plusDays(first, 7)}T09:00` });
      expect(detail.series.map((shift) => shift.id)).toEqual(series.map((shift) => shift.id));
    }
    const [alone] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve(plusDays(monday(2), 4)) });
    const aloneDetail = shiftDetailSchema.parse((await call('GET', `/api/shifts/${alone!.id}`, { token: pair.workerToken })).json());
    expect(aloneDetail.series.map((shift) => shift.id)).toEqual([alone!.id]);
  });

  it('is for the two sides only: anonymous 401, a stranger or a missing shift 404, another role 403, a bad id 400, an inactive worker 403', async () => {
    const pair = await contractedPair(db());
    const [shift] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve(plusDays(monday(3), 1)) });
    const path = `/api/shifts/${shift!.id}`;
    const anonymous = await call('GET', path);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(PLEASE_LOGIN);
    const otherWorker = await sessionFor(db(), (await createWorker(db())).id);
    const otherCareSeeker = await sessionFor(db(), (await createUser(db())).id);
    for (const token of [otherWorker, otherCareSeeker]) {
      const response = await call('GET', path, { token });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('We could not find that shift.');
    }
    expect((await call('GET', '/api/shifts/00000000-0000-4000-8000-000000000000', { token: pair.workerToken })).statusCode).toBe(404);
    expect((await call('GET', '/api/shifts/not-a-uuid', { token: pair.workerToken })).statusCode).toBe(400);
    const admin = await sessionFor(db(), (await createUser(db(), { role: 'ADMIN' })).id);
    const { coordinatorToken } = await coordinatorActingForClient(db(), call);
    for (const token of [admin, coordinatorToken]) {
      const response = await call('GET', path, { token });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(NOT_AUTHORIZED);
    }
    const inactive = await createWorker(db(), { profileStatus: 'INACTIVE' });
    const inactiveResponse = await call('GET', path, { token: await sessionFor(db(), inactive.id) });
    expect(inactiveResponse.statusCode).toBe(403);
    expect(inactiveResponse.json().message).toBe(INACTIVE_PROFILE);
  });

  it('lets a coordinator acting for the client open the client’s shift, and no one else’s', async () => {
    const { client, aliasToken } = await coordinatorActingForClient(db(), call);
    const worker = await createWorker(db());
    const contractId = await insertContract(db(), client.id, worker.id);
    const [shift] = await book(call, aliasToken, { contractId, ...nineToTwelve(plusDays(monday(2), 3)) });
    const response = await call('GET', `/api/shifts/${shift!.id}`, { token: aliasToken });
    expect(response.statusCode, response.body).toBe(200);
    expect(shiftDetailSchema.parse(response.json()).shift.careSeeker.id).toBe(client.id);
    const stranger = await contractedPair(db());
    const [theirs] = await book(call, stranger.careSeekerToken, { contractId: stranger.contractId, ...nineToTwelve(plusDays(monday(2), 3)) });
    expect((await call('GET', `/api/shifts/${theirs!.id}`, { token: aliasToken })).statusCode).toBe(404);
  });
});

describe('GET /api/my/bookings and /api/my/calendar', () => {
  it('lists each side’s own, pages, and leaves ended shifts out of the live lists', async () => {
    const pair = await contractedPair(db());
    const first = monday(2);
    const weekly = [0, 7, 14, 21].map((days) => plusDays(first, days));
    await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve(first), repeat: 'WEEKLY', repeatUntil: weekly[3]! });
    const [ended] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve(plusDays(first, 35)) });
    await db().update(shifts).set({ startsAt: new Date('2020-01-01T00:00:00Z'), endsAt: new Date('2020-01-01T03:00:00Z') }).where(eq(shifts.id, ended!.id));
    const page = await call('GET', '/api/my/bookings?status=UNCONFIRMED&start=0&limit=3', { token: pair.workerToken });
    expect(shiftListSchema.parse(page.json())).toMatchObject({ allLoaded: false });
    expect(page.json().shifts).toHaveLength(3);
    const rest = shiftListSchema.parse((await call('GET', '/api/my/bookings?status=UNCONFIRMED&start=3&limit=3', { token: pair.workerToken })).json());
    expect(rest).toMatchObject({ allLoaded: true });
    expect(rest.shifts).toHaveLength(1);
    expect((await list(pair.careSeekerToken, 'UNCONFIRMED')).map((shift) => shift.startLocal.slice(0, 10))).toEqual(weekly);
    const stranger = await sessionFor(db(), (await createUser(db())).id);
    expect(await list(stranger, 'UNCONFIRMED')).toEqual([]);
    expect((await call('GET', '/api/my/bookings?status=MAYBE', { token: stranger })).statusCode).toBe(400);
  });

  it('shows every status in a range of at most 62 days', async () => {
    const pair = await contractedPair(db());
    const day = monday(3);
    const [first, second] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve(day), repeat: 'WEEKLY', repeatUntil: plusDays(day, 7) });
    await move(call, pair.workerToken, second!.id, 'cancel', { reason: 'Busy' });
    // From midnight on the Monday to midnight a week on, in Sydney.
    const midnight = (date: string) => utcOf(date, '00:00', SYDNEY);
    const response = await call('GET', `/api/my/calendar?from=${midnight(day)}&to=${midnight(plusDays(day, 7))}`, { token: pair.workerToken });
    expect(response.statusCode).toBe(200);
    expect(calendarResponseSchema.parse(response.json()).shifts.map((shift) => shift.id)).toEqual([first!.id]);
    const both = calendarResponseSchema.parse((await call('GET', `/api/my/calendar?from=${midnight(plusDays(day, -21))}&to=${midnight(plusDays(day, 40))}`, { token: pair.careSeekerToken })).json());
    expect(both.shifts.map((shift) => shift.scheduleResponseStatus)).toEqual(['UNCONFIRMED', 'CANCELLED']);
    const tooLong = await call('GET', `/api/my/calendar?from=${midnight(plusDays(day, -21))}&to=${midnight(plusDays(day, 42))}`, { token: pair.careSeekerToken });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(CALENDAR_RANGE_TOO_LONG);
    expect((await call('GET', '/api/my/calendar?from=2027-10-05T00:00:00Z&to=2027-10-01T00:00:00Z', { token: pair.careSeekerToken })).statusCode).toBe(400);
    expect((await call('GET', '/api/my/calendar?from=yesterday&to=2027-10-01T00:00:00Z', { token: pair.careSeekerToken })).statusCode).toBe(400);
    expect((await call('GET', '/api/my/calendar?from=2027-10-01T00:00:00Z&to=2027-10-02T00:00:00Z')).statusCode).toBe(401);
  });
});
