import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  OCCURRENCES_MESSAGE,
  SERIES_NOTHING_TO_CANCEL,
  SERIES_NOTHING_TO_CONFIRM,
  SHIFT_OUTSIDE_CONTRACT_MESSAGE,
  SHORT_NOTICE_REASON_CODE_REQUIRED,
  formatShortDate,
  seriesMoveResponseSchema,
  type Shift,
} from '@tendly/domain/api/bookings';
import { contractSchema, plannedShiftClashMessage } from '@tendly/domain/api/contracts';
import { NOT_AUTHORIZED, PLEASE_LOGIN } from '@tendly/domain/errors';
import { formatShiftWhen } from '@tendly/domain/api/bookings';
import { localToInstant } from '@tendly/domain/shift-time';
import { bookings, contracts, shifts } from '../../platform/db/schema/engagements';
import { notifications } from '../../platform/db/schema/notifications';
import { useTestApp } from '../../test-support/test-app';
import { SYDNEY, nextFirstSunday, nextMonday, plusDays, todayInZone } from '../../test-support/test-dates';
import { createUser, createWorker, outboxOf, sessionFor } from '../auth/test-factories';
import { careSeekerWithSession, offer, offerOk, workerWithSession } from '../contracts/test-contracts';
import { book, contractedPair, insertContract } from './test-bookings';

/**
 * Issue 31 item 3: an agreement carries its planned shifts, accepting it books them as one series,
 * and a series is confirmed, changed or cancelled as a whole, the other side hearing once.
 */
const { subject, call, db } = useTestApp({ database: { referenceData: true } });

const monday = (weeksAhead: number) => nextMonday(SYDNEY, weeksAhead);
/** The first Sunday of October: daylight saving starts in Sydney (02:00 becomes 03:00). */
const dstSunday = nextFirstSunday(SYDNEY, 10, 21);

async function notificationsOf(userId: string) {
  return db().select().from(notifications).where(eq(notifications.userId, userId));
}

async function seriesMove(method: 'POST' | 'PATCH', path: string, token: string, payload?: Record<string, unknown>) {
  const response = await call(method, path, { token, ...(payload ? { payload } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return seriesMoveResponseSchema.parse(response.json());
}

async function accept(contractId: string, token: string) {
  return call('POST', `/api/contracts/${contractId}/accept`, { token, payload: { signatureName: 'Wren Walker', agreed: true } });
}

async function plannedOffer(plan: Record<string, unknown>) {
  const seeker = await careSeekerWithSession(db());
  const worker = await workerWithSession(db());
  const contract = await offerOk(call, seeker.token, offer(worker.user.id, { startDate: todayInZone(SYDNEY), shiftPlan: plan }));
  return { seeker, worker, contract };
}

describe('an agreement carries its planned shifts', () => {
  it('the offer keeps the plan; accepting books every shift as one confirmed series, and the care seeker hears once', async () => {
    const first = monday(2);
    const { seeker, worker, contract } = await plannedOffer({ start: `${first}T13:00`, end: `${first}T16:00`, repeat: 'WEEKLY', occurrences: 8 });
    expect(contract.shiftPlan).toMatchObject({ start: `${first}T13:00`, repeat: 'WEEKLY', occurrences: 8, repeatUntil: null });
    expect(await db().select().from(shifts).where(eq(shifts.contractId, contract.id))).toEqual([]);
    const emailsBefore = (await outboxOf(subject.app, seeker.user.email)).length;
    const notesBefore = (await notificationsOf(seeker.user.id)).length;

    const response = await accept(contract.id, worker.token);
    expect(response.statusCode, response.body).toBe(200);
    const accepted = contractSchema.parse(response.json());
    expect(accepted.status).toBe('ACTIVE');
    const booked = await db().select().from(shifts).where(eq(shifts.contractId, contract.id));
    expect(booked).toHaveLength(8);
    // One series: each shift its own row, all linked by the booking, confirmed by the signature.
    expect(new Set(booked.map((shift) => shift.bookingId))).toEqual(new Set([accepted.plannedSeriesId]));
    expect(booked.every((shift) => shift.status === 'CONFIRMED')).toBe(true);
    const [series] = await db().select().from(bookings).where(eq(bookings.id, accepted.plannedSeriesId!));
    expect(series).toMatchObject({ repeat: 'WEEKLY', repeatUntil: plusDays(first, 49), firstStartLocal: `${first}T13:00` });

    const emails = await outboxOf(subject.app, seeker.user.email);
    expect(emails).toHaveLength(emailsBefore + 1);
    expect(emails[0]?.subject).toBe('Wren Walker accepted your service agreement');
    expect(emails[0]?.text).toContain(`8 weekly shifts booked from ${formatShortDate(first)}, 1:00 pm – 4:00 pm (NSW time).`);
    const notes = await notificationsOf(seeker.user.id);
    expect(notes).toHaveLength(notesBefore + 1);
    expect(notes.find((note) => note.kind === 'CONTRACT_ACCEPTED')?.body).toContain('8 weekly shifts booked from');
  });

  it('a fortnightly plan until a date books the dates that fall on or before it', async () => {
    const first = monday(2);
    const { worker, contract } = await plannedOffer({ start: `${first}T09:00`, end: `${first}T11:00`, repeat: 'FORTNIGHTLY', repeatUntil: plusDays(first, 43) });
    expect((await accept(contract.id, worker.token)).statusCode).toBe(200);
    const booked = await db().select().from(shifts).where(eq(shifts.contractId, contract.id));
    expect(booked.map((shift) => shift.startsAt.toISOString()).sort()).toEqual(
      [0, 14, 28, 42].map((days) => localToInstant(`${plusDays(first, days)}T09:00`, SYDNEY).toISOString()),
    );
  });

  it('keeps 9 am local across the daylight-saving change in Sydney: the UTC time moves an hour', async () => {
    const first = plusDays(dstSunday, -6);
    const { worker, contract } = await plannedOffer({ start: `${first}T09:00`, end: `${first}T12:00`, repeat: 'WEEKLY', occurrences: 2 });
    expect((await accept(contract.id, worker.token)).statusCode).toBe(200);
    const booked = (await db().select().from(shifts).where(eq(shifts.contractId, contract.id))).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    // AEST (UTC+10) before, AEDT (UTC+11) after: 23:00 and 22:00 UTC the day before.
    expect(booked.map((shift) => shift.startsAt.toISOString())).toEqual([`${plusDays(first, -1)}T23:00:00.000Z`, `${plusDays(first, 6)}T22:00:00.000Z`]);
    expect(booked.map((shift) => (shift.endsAt.getTime() - shift.startsAt.getTime()) / 60_000)).toEqual([180, 180]);
  });

  it('refuses a plan outside the agreement or with a bad count, on the plan’s fields', async () => {
    const seeker = await careSeekerWithSession(db());
    const worker = await workerWithSession(db());
    const late = monday(6);
    const outside = await call('POST', '/api/contracts', {
      token: seeker.token,
      payload: offer(worker.user.id, { endDate: plusDays(todayInZone(SYDNEY), 14), shiftPlan: { start: `${late}T09:00`, end: `${late}T10:00` } }),
    });
    expect(outside.statusCode, outside.body).toBe(400);
    expect(outside.json().errors['shiftPlan.start']).toBe(SHIFT_OUTSIDE_CONTRACT_MESSAGE);
    const tooMany = await call('POST', '/api/contracts', {
      token: seeker.token,
      payload: offer(worker.user.id, { shiftPlan: { start: `${monday(2)}T09:00`, end: `${monday(2)}T10:00`, repeat: 'WEEKLY', occurrences: 60 } }),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors['shiftPlan.occurrences']).toBe(OCCURRENCES_MESSAGE);
    expect(await db().select().from(contracts).where(eq(contracts.careSeekerId, seeker.user.id))).toEqual([]);
  });

  it('refuses an overlap with the worker’s other shifts: on the offer, and on acceptance, where nothing is written', async () => {
    const first = monday(3);
    const { seeker, worker, contract } = await plannedOffer({ start: `${first}T13:00`, end: `${first}T16:00`, repeat: 'WEEKLY', occurrences: 4 });
    // Meanwhile another family books the worker on the third Monday, overlapping by an hour.
    const other = await createUser(db(), { firstName: 'Olive' });
    const otherContract = await insertContract(db(), other.id, worker.user.id);
    const [clash] = await book(call, await sessionFor(db(), other.id), { contractId: otherContract, start: `${plusDays(first, 14)}T15:00`, end: `${plusDays(first, 14)}T18:00` });
    const emailsBefore = (await outboxOf(subject.app, seeker.user.email)).length;

    const response = await accept(contract.id, worker.token);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toBe(plannedShiftClashMessage(formatShiftWhen(clash!), 'Helen'));
    const [still] = await db().select().from(contracts).where(eq(contracts.id, contract.id));
    expect(still?.status).toBe('OFFERED');
    expect(await db().select().from(shifts).where(eq(shifts.contractId, contract.id))).toEqual([]);
    expect(await outboxOf(subject.app, seeker.user.email)).toHaveLength(emailsBefore);

    // A new offer with the same plan is refused up front, naming the clash.
    const second = await careSeekerWithSession(db(), { email: `second.${Date.now()}@example.com` });
    const refused = await call('POST', '/api/contracts', { token: second.token, payload: offer(worker.user.id, { shiftPlan: { start: `${first}T13:00`, end: `${first}T16:00`, repeat: 'WEEKLY', occurrences: 4 } }) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`This shift clashes with another shift the worker has booked on ${formatShiftWhen(clash!)}.`);
  });
});

describe('a series is moved as a whole, or one shift at a time', () => {
  async function weeklySeries(weeksAhead = 3, count = 4) {
    const pair = await contractedPair(db());
    const first = monday(weeksAhead);
    const made = await book(call, pair.careSeekerToken, { contractId: pair.contractId, start: `${first}T09:00`, end: `${first}T12:00`, repeat: 'WEEKLY', occurrences: count });
    expect(made).toHaveLength(count);
    return { ...pair, first, made, bookingId: made[0]!.bookingId };
  }

  it('the worker confirms the whole series at once: one email and one notification to the care seeker', async () => {
    const series = await weeklySeries();
    // One shift first, on its own, then the rest together.
    const one = await call('POST', `/api/shifts/${series.made[0]!.id}/confirm`, { token: series.workerToken });
    expect(one.statusCode).toBe(200);
    const emailsBefore = (await outboxOf(subject.app, series.careSeeker.email)).length;
    const notesBefore = (await notificationsOf(series.careSeeker.id)).length;

    const moved = await seriesMove('POST', `/api/bookings/${series.bookingId}/confirm`, series.workerToken);
    expect(moved.shifts.map((shift) => shift.id)).toEqual(series.made.slice(1).map((shift) => shift.id));
    const rows = await db().select().from(shifts).where(eq(shifts.bookingId, series.bookingId));
    expect(rows.every((row) => row.status === 'CONFIRMED')).toBe(true);
    const emails = await outboxOf(subject.app, series.careSeeker.email);
    expect(emails).toHaveLength(emailsBefore + 1);
    expect(emails[0]?.subject).toBe('Sam Carer confirmed 3 weekly shifts');
    expect(emails[0]?.text).toContain(`3 weekly shifts from ${formatShortDate(plusDays(series.first, 7))}, 9:00 am – 12:00 pm (NSW time)`);
    const notes = await notificationsOf(series.careSeeker.id);
    expect(notes).toHaveLength(notesBefore + 1);

    const again = await call('POST', `/api/bookings/${series.bookingId}/confirm`, { token: series.workerToken });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SERIES_NOTHING_TO_CONFIRM);
  });

  it('the care seeker cancels the rest of a series after one shift was cancelled alone: one email and one notification', async () => {
    const series = await weeklySeries();
    const one = await call('POST', `/api/shifts/${series.made[1]!.id}/cancel`, { token: series.careSeekerToken, payload: { reason: 'Away that week.' } });
    expect(one.statusCode).toBe(200);
    const emailsBefore = (await outboxOf(subject.app, series.worker.email)).length;
    const notesBefore = (await notificationsOf(series.worker.id)).length;

    const moved = await seriesMove('POST', `/api/bookings/${series.bookingId}/cancel`, series.careSeekerToken, { reason: 'Mum is moving into residential care.' });
    expect(moved.shifts).toHaveLength(3);
    expect(moved.shifts.every((shift) => shift.cancellation?.cancelledBy === 'CARE_SEEKER' && shift.cancellation.shortNotice === false)).toBe(true);
    const emails = await outboxOf(subject.app, series.worker.email);
    expect(emails).toHaveLength(emailsBefore + 1);
    expect(emails[0]?.subject).toBe('Helen Citizen cancelled 3 weekly shifts');
    expect(emails[0]?.text).toContain('Their reason: Mum is moving into residential care.');
    expect(await notificationsOf(series.worker.id)).toHaveLength(notesBefore + 1);

    const again = await call('POST', `/api/bookings/${series.bookingId}/cancel`, { token: series.careSeekerToken, payload: { reason: 'Again.' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SERIES_NOTHING_TO_CANCEL);
  });

  it('a series starting within 7 clear days: the reason code is required, and only the near shifts are short notice', async () => {
    const pair = await contractedPair(db());
    const first = plusDays(todayInZone(SYDNEY), 3);
    const made = await book(call, pair.careSeekerToken, { contractId: pair.contractId, start: `${first}T09:00`, end: `${first}T12:00`, repeat: 'WEEKLY', occurrences: 3 });
    const path = `/api/bookings/${made[0]!.bookingId}/cancel`;
    const missing = await call('POST', path, { token: pair.careSeekerToken, payload: { reason: 'Hospital stay.' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.reasonCode).toBe(SHORT_NOTICE_REASON_CODE_REQUIRED);
    const moved = await seriesMove('POST', path, pair.careSeekerToken, { reason: 'Hospital stay.', reasonCode: 'NSDH' });
    expect(moved.shifts.map((shift: Shift) => shift.cancellation?.shortNotice)).toEqual([true, false, false]);
    expect((await outboxOf(subject.app, pair.worker.email))[0]?.text).toContain('1 of them is a short-notice cancellation');
  });

  it('the worker cancels a series: the care seeker hears once, and nothing is charged', async () => {
    const series = await weeklySeries();
    const moved = await seriesMove('POST', `/api/bookings/${series.bookingId}/cancel`, series.workerToken, { reason: 'I have moved interstate.' });
    expect(moved.shifts.every((shift) => shift.cancellation?.cancelledBy === 'WORKER' && !shift.cancellation.shortNotice)).toBe(true);
    const [email] = await outboxOf(subject.app, series.careSeeker.email);
    expect(email?.subject).toBe('Sam Carer cancelled 4 weekly shifts');
    expect(email?.text).toContain('no charge');
  });

  it('the care seeker changes the series’ times across the daylight-saving change: the local times hold, the worker confirms again', async () => {
    const pair = await contractedPair(db());
    const first = plusDays(dstSunday, -6);
    const made = await book(call, pair.careSeekerToken, { contractId: pair.contractId, start: `${first}T09:00`, end: `${first}T12:00`, repeat: 'WEEKLY', occurrences: 2 });
    await seriesMove('POST', `/api/bookings/${made[0]!.bookingId}/confirm`, pair.workerToken);
    const emailsBefore = (await outboxOf(subject.app, pair.worker.email)).length;

    const moved = await seriesMove('PATCH', `/api/bookings/${made[0]!.bookingId}`, pair.careSeekerToken, { startTime: '14:00', endTime: '16:30' });
    expect(moved.shifts.map((shift) => [shift.startLocal, shift.endLocal, shift.scheduleResponseStatus])).toEqual([
      [`${first}T14:00`, `${first}T16:30`, 'UNCONFIRMED'],
      [`${plusDays(first, 7)}T14:00`, `${plusDays(first, 7)}T16:30`, 'UNCONFIRMED'],
    ]);
    expect(moved.shifts.map((shift) => shift.startsAt)).toEqual([`${first}T04:00:00.000Z`, `${plusDays(first, 7)}T03:00:00.000Z`]);
    const emails = await outboxOf(subject.app, pair.worker.email);
    expect(emails).toHaveLength(emailsBefore + 1);
    expect(emails[0]?.subject).toBe('Helen Citizen changed 2 weekly shifts');
  });

  it('refuses changing a series onto the worker’s other shift, naming it, and changes nothing', async () => {
    const series = await weeklySeries(3, 2);
    const other = await createUser(db(), { firstName: 'Olive' });
    const otherContract = await insertContract(db(), other.id, series.worker.id, { clientName: 'Olive Jones' });
    const [clash] = await book(call, await sessionFor(db(), other.id), { contractId: otherContract, start: `${plusDays(series.first, 7)}T14:00`, end: `${plusDays(series.first, 7)}T15:00` });
    const response = await call('PATCH', `/api/bookings/${series.bookingId}`, { token: series.careSeekerToken, payload: { startTime: '13:00', endTime: '16:00' } });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(`This shift clashes with another shift the worker has booked on ${formatShiftWhen(clash!)}.`);
    const rows = await db().select().from(shifts).where(and(eq(shifts.bookingId, series.bookingId)));
    expect(rows.map((row) => row.startsAt.toISOString()).sort()).toEqual(series.made.map((shift) => shift.startsAt).sort());
  });

  it('refuses the anonymous (401), the wrong role (403) and the wrong owner (404)', async () => {
    const series = await weeklySeries(5, 2);
    const base = `/api/bookings/${series.bookingId}`;
    for (const [method, path, payload] of [
      ['POST', `${base}/confirm`, undefined],
      ['POST', `${base}/cancel`, { reason: 'No.' }],
      ['PATCH', base, { startTime: '10:00', endTime: '11:00' }],
    ] as const) {
      const anonymous = await call(method, path, payload ? { payload } : {});
      expect(anonymous.statusCode, path).toBe(401);
      expect(anonymous.json().message).toBe(PLEASE_LOGIN);
    }
    const wrongRole = [
      await call('POST', `${base}/confirm`, { token: series.careSeekerToken }),
      await call('PATCH', base, { token: series.workerToken, payload: { startTime: '10:00', endTime: '11:00' } }),
    ];
    for (const response of wrongRole) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(NOT_AUTHORIZED);
    }
    const strangerCs = await createUser(db(), { firstName: 'Stranger' });
    const strangerCr = await createWorker(db(), { user: { firstName: 'Other' } });
    const [csToken, crToken] = [await sessionFor(db(), strangerCs.id), await sessionFor(db(), strangerCr.id)];
    for (const response of [
      await call('POST', `${base}/confirm`, { token: crToken }),
      await call('POST', `${base}/cancel`, { token: csToken, payload: { reason: 'Not mine.' } }),
      await call('POST', `${base}/cancel`, { token: crToken, payload: { reason: 'Not mine.' } }),
      await call('PATCH', base, { token: csToken, payload: { startTime: '10:00', endTime: '11:00' } }),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    const rows = await db().select().from(shifts).where(eq(shifts.bookingId, series.bookingId));
    expect(rows.every((row) => row.status === 'UNCONFIRMED')).toBe(true);
  });
});
