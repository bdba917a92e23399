import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { IMAGE_TOO_LARGE } from '@tendly/domain/compliance';
import { INACTIVE_PROFILE, NOT_AUTHORIZED, PLEASE_LOGIN } from '@tendly/domain/errors';
import {
  EXPENSE_RECEIPT_REQUIRED,
  RECEIPT_WRONG_TYPE,
  TIMESHEET_BREAK_TOO_LONG,
  TIMESHEET_CONTRACT_NOT_ACTIVE,
  TIMESHEET_END_BEFORE_START,
  TIMESHEET_IN_FUTURE,
  TIMESHEET_NOT_EDITABLE,
  TIMESHEET_SHIFT_NOT_CONFIRMED,
  TIMESHEET_SHIFT_TAKEN,
  TIMESHEET_TOO_LONG,
  reportableWorkSchema,
  timesheetListSchema,
  timesheetSchema,
} from '@tendly/domain/api/timesheets';
import { localToInstant } from '@tendly/domain/shift-time';
import { UNSAFE_TEXT_MESSAGE } from '@tendly/domain/validation/safe-text';
import { shiftNotes, timesheets } from '../../platform/db/schema/billing';
import { contracts } from '../../platform/db/schema/engagements';
import { workerProfiles } from '../../platform/db/schema/workers';
import { elfExecutable, imageClaimingSize, multipartBody } from '../../test-support/multipart';
import { useTestApp } from '../../test-support/test-app';
import { createCoordinator, createUser, createWorker, sessionFor } from '../auth/test-factories';
import { pdfBytes } from '../worker-documents/test-documents';
import { RECEIPT_NOT_USABLE } from './timesheets-service';
import { hoursPair, hoursRequest, insertShift, recordHours, submitHours, uploadReceipt, type Call } from './test-timesheets';

const { call, db } = useTestApp();

const monday = { start: '2026-11-02T09:00', end: '2026-11-02T12:00' };

async function refused(method: Parameters<Call>[0], url: string, token: string | undefined, payload?: unknown) {
  const response = await call(method, url, { ...(token ? { token } : {}), ...(payload !== undefined ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() as { message: string; code?: string; errors?: Record<string, string> } };
}

describe('who may use the hours routes', () => {
  it('asks a visitor to sign in on every route (401)', async () => {
    const id = randomUUID();
    for (const [method, url] of [
      ['GET', '/api/timesheets/to-report'],
      ['GET', '/api/timesheets'],
      ['POST', '/api/timesheets'],
      ['POST', '/api/timesheets/submit'],
      ['POST', '/api/timesheets/receipts'],
      ['GET', `/api/timesheets/receipts/${id}`],
      ['GET', `/api/timesheets/${id}`],
      ['PUT', `/api/timesheets/${id}`],
      ['DELETE', `/api/timesheets/${id}`],
    ] as const) {
      const { status, body } = await refused(method, url, undefined, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(status, `${method} ${url}`).toBe(401);
      expect(body.message).toBe(PLEASE_LOGIN);
    }
  });

  it('refuses the wrong role (403): care seekers, coordinators and administrators do not record hours', async () => {
    const pair = await hoursPair(db());
    const coordinator = await sessionFor(db(), (await createCoordinator(db())).id);
    const admin = await sessionFor(db(), (await createUser(db(), { role: 'ADMIN' })).id);
    for (const token of [pair.careSeekerToken, coordinator, admin]) {
      for (const [method, url] of [
        ['GET', '/api/timesheets/to-report'],
        ['GET', '/api/timesheets'],
        ['POST', '/api/timesheets'],
        ['POST', '/api/timesheets/submit'],
      ] as const) {
        const { status, body } = await refused(method, url, token, method === 'GET' ? undefined : hoursRequest(pair.contractId));
        expect(status, `${method} ${url}`).toBe(403);
        expect(body.message).toBe(NOT_AUTHORIZED);
      }
    }
    for (const token of [coordinator, admin]) expect((await refused('GET', `/api/timesheets/${randomUUID()}`, token)).status).toBe(403);
  });

  it('answers 404 to anyone but the parties: another worker, another care seeker', async () => {
    const pair = await hoursPair(db());
    const hours = await submitHours(call, pair);
    const otherPair = await hoursPair(db());
    for (const token of [otherPair.workerToken, otherPair.careSeekerToken]) {
      expect((await refused('GET', `/api/timesheets/${hours.id}`, token)).status).toBe(404);
    }
    expect((await refused('PUT', `/api/timesheets/${hours.id}`, otherPair.workerToken, hoursRequest(otherPair.contractId))).status).toBe(404);
    expect((await refused('DELETE', `/api/timesheets/${hours.id}`, otherPair.workerToken)).status).toBe(404);
    expect((await refused('POST', '/api/timesheets/submit', otherPair.workerToken, { ids: [hours.id] })).status).toBe(404);
    // Another worker's agreement is not theirs to record hours under.
    expect((await refused('POST', '/api/timesheets', otherPair.workerToken, hoursRequest(pair.contractId))).status).toBe(404);
    const list = timesheetListSchema.parse((await call('GET', '/api/timesheets', { token: otherPair.workerToken })).json());
    expect(list.timesheets).toEqual([]);
  });

  it('refuses an inactive worker every write, with the inactive-profile 403, but lets them read their saved hours', async () => {
    const pair = await hoursPair(db());
    const draft = await recordHours(call, pair.workerToken, hoursRequest(pair.contractId));
    await db().update(workerProfiles).set({ status: 'INACTIVE' }).where(eq(workerProfiles.userId, pair.worker.id));
    for (const [method, url, payload] of [
      ['POST', '/api/timesheets', hoursRequest(pair.contractId, { start: '2026-11-03T09:00', end: '2026-11-03T10:00' })],
      ['PUT', `/api/timesheets/${draft.id}`, hoursRequest(pair.contractId)],
      ['DELETE', `/api/timesheets/${draft.id}`, undefined],
      ['POST', '/api/timesheets/submit', { ids: [draft.id] }],
      ['POST', '/api/timesheets/receipts', {}],
      ['GET', '/api/timesheets/to-report', undefined],
    ] as const) {
      const { status, body } = await refused(method, url, pair.workerToken, payload);
      expect(status, `${method} ${url}`).toBe(403);
      expect(body).toEqual({ message: INACTIVE_PROFILE, code: 'INACTIVE_PROFILE' });
    }
    const saved = timesheetListSchema.parse((await call('GET', '/api/timesheets?status=DRAFT', { token: pair.workerToken })).json());
    expect(saved.timesheets.map((hours) => hours.id)).toEqual([draft.id]);
    expect((await call('GET', `/api/timesheets/${draft.id}`, { token: pair.workerToken })).statusCode).toBe(200);
  });
});

describe('POST /api/timesheets', () => {
  it('records a confirmed shift’s hours as a draft with travel, expenses and the shift note, priced as they will be invoiced', async () => {
    const pair = await hoursPair(db());
    const shiftId = await insertShift(db(), pair, monday);
    const work = reportableWorkSchema.parse((await call('GET', '/api/timesheets/to-report', { token: pair.workerToken })).json());
    expect(work.shifts.map((shift) => shift.id)).toEqual([shiftId]);
    expect(work.shifts[0]).toMatchObject({ startLocal: monday.start, endLocal: monday.end, state: 'NSW', clientName: 'Margaret Smith' });
    expect(work.contracts.map((contract) => contract.id)).toEqual([pair.contractId]);

    const receiptId = await uploadReceipt(call, pair.workerToken);
    const hours = await recordHours(
      call,
      pair.workerToken,
      hoursRequest(pair.contractId, {
        shiftId,
        breakMinutes: 30,
        travelKm: 12.5,
        travelNote: 'Home to Margaret’s and to the shops',
        expenses: [{ description: 'Parking', amountCents: 850, receiptFileId: receiptId }],
        shiftNote: 'Margaret enjoyed the walk.\nLunch: soup.',
      }),
    );
    expect(hours).toMatchObject({
      kind: 'SHIFT',
      status: 'DRAFT',
      shiftId,
      startLocal: monday.start,
      endLocal: monday.end,
      // Daylight time in Sydney: UTC+11.
      startsAt: '2026-11-01T22:00:00.000Z',
      breakMinutes: 30,
      workedMinutes: 150,
      travelKm: 12.5,
      shiftNote: 'Margaret enjoyed the walk.\nLunch: soup.',
      submittedAt: null,
      canEdit: true,
      canDecide: false,
      priceProblem: null,
    });
    expect(hours.expenses).toEqual([{ id: expect.any(String), description: 'Parking', amountCents: 850, receipt: { fileId: receiptId, fileName: 'parking.pdf', url: `/api/timesheets/receipts/${receiptId}` }, paidAsAgent: false }]);
    // 2.5 hours at the weekday rate ($45), 12.5 km at 99c, parking at cost.
    expect(hours.estimate?.lines.map((line) => [line.kind, line.amountCents])).toEqual([
      ['SERVICE', 11250],
      ['TRAVEL', 1238],
      ['EXPENSE', 850],
    ]);
    expect(hours.estimate?.totalCents).toBe(11250 + 1238 + 850);
    // The shift has its hours now.
    const after = reportableWorkSchema.parse((await call('GET', '/api/timesheets/to-report', { token: pair.workerToken })).json());
    expect(after.shifts).toEqual([]);
    // A draft is the worker's alone.
    expect((await call('GET', `/api/timesheets/${hours.id}`, { token: pair.careSeekerToken })).statusCode).toBe(404);
    const [note] = await db().select().from(shiftNotes).where(eq(shiftNotes.timesheetId, hours.id));
    expect(note).toMatchObject({ sharedAt: null, workerId: pair.worker.id });
  });

  it('records unbooked work under an active agreement, and refuses it once the agreement has ended', async () => {
    const pair = await hoursPair(db());
    expect((await recordHours(call, pair.workerToken, hoursRequest(pair.contractId))).shiftId).toBeNull();
    await db().update(contracts).set({ status: 'ENDED' }).where(eq(contracts.id, pair.contractId));
    const { status, body } = await refused('POST', '/api/timesheets', pair.workerToken, hoursRequest(pair.contractId, { start: '2026-11-03T09:00', end: '2026-11-03T10:00' }));
    expect(status).toBe(409);
    expect(body.message).toBe(TIMESHEET_CONTRACT_NOT_ACTIVE);
  });

  it('refuses hours outside the agreement’s dates, naming its period', async () => {
    const pair = await hoursPair(db(), { contract: { startDate: '2026-11-10' } });
    const { status, body } = await refused('POST', '/api/timesheets', pair.workerToken, hoursRequest(pair.contractId));
    expect(status).toBe(400);
    const message = 'These hours are outside your agreement with Margaret Smith, which runs from 10 November 2026, with no end date.';
    expect(body).toMatchObject({ message, errors: { start: message } });
  });

  // Issue 29, item 3: hours that began before the agreement was accepted, or after it ended, were
  // accepted because dates were compared, not instants. The probe's requests, booked and unbooked.
  it('refuses hours before the agreement was accepted or after its last day, as instants in the client’s time zone', async () => {
    // Starts 1 November in Perth, but the worker signed at 2:05 pm on 3 November (Perth time); ends 20 November.
    const signedAt = localToInstant('2026-11-03T14:05', 'Australia/Perth');
    const pair = await hoursPair(db(), { state: 'WA', contract: { startDate: '2026-11-01', endDate: '2026-11-20', signedAt } });
    const message = 'These hours are outside your agreement with Margaret Smith, which runs from 3 November 2026 (accepted at 2:05 pm) to 20 November 2026.';
    const cases = [
      ['the morning it was accepted', { start: '2026-11-03T09:00', end: '2026-11-03T12:00' }],
      ['across the moment it was accepted', { start: '2026-11-03T13:00', end: '2026-11-03T15:00' }],
      ['a day between its start date and its acceptance', { start: '2026-11-02T09:00', end: '2026-11-02T12:00' }],
      ['past midnight after its last day', { start: '2026-11-20T22:00', end: '2026-11-21T01:00' }],
      ['the day after its last day', { start: '2026-11-21T09:00', end: '2026-11-21T12:00' }],
    ] as const;
    for (const [what, times] of cases) {
      const { status, body } = await refused('POST', '/api/timesheets', pair.workerToken, hoursRequest(pair.contractId, { ...times, submit: true }));
      expect(status, what).toBe(400);
      expect(body, what).toMatchObject({ message, errors: { start: message } });
    }
    // A booked shift that began before the worker signed is refused the same way.
    const early = await insertShift(db(), pair, { start: '2026-11-03T09:00', end: '2026-11-03T12:00' });
    const shiftRefused = await refused('POST', '/api/timesheets', pair.workerToken, hoursRequest(pair.contractId, { shiftId: early, start: '2026-11-03T09:00', end: '2026-11-03T12:00', submit: true }));
    expect(shiftRefused).toMatchObject({ status: 400, body: { message } });
    expect(await db().select().from(timesheets).where(eq(timesheets.contractId, pair.contractId))).toHaveLength(0);

    // Within it: from the minute it was accepted to the last minute of its last day.
    await recordHours(call, pair.workerToken, hoursRequest(pair.contractId, { start: '2026-11-03T14:05', end: '2026-11-03T16:00' }));
    const last = await recordHours(call, pair.workerToken, hoursRequest(pair.contractId, { start: '2026-11-20T21:00', end: '2026-11-21T00:00' }));
    // Changing saved hours to a time outside it is refused too.
    const moved = await refused('PUT', `/api/timesheets/${last.id}`, pair.workerToken, hoursRequest(pair.contractId, { start: '2026-11-21T09:00', end: '2026-11-21T10:00' }));
    expect(moved).toMatchObject({ status: 400, body: { message } });
  });

  it('refuses to submit saved hours after the last day of a notice given since they were saved', async () => {
    const pair = await hoursPair(db());
    const draft = await recordHours(call, pair.workerToken, hoursRequest(pair.contractId, { start: '2026-11-18T09:00', end: '2026-11-18T11:00' }));
    await db().update(contracts).set({ status: 'TERMINATED', terminationNoticeDate: '2026-11-15', closedAt: new Date() }).where(eq(contracts.id, pair.contractId));
    const { status, body } = await refused('POST', '/api/timesheets/submit', pair.workerToken, { ids: [draft.id] });
    expect(status).toBe(409);
    expect(body).toMatchObject({
      code: 'HOURS_OUTSIDE_AGREEMENT',
      message: 'These hours are outside your agreement with Margaret Smith, which runs from 1 January 2026 to 15 November 2026.',
    });
    const [row] = await db().select().from(timesheets).where(eq(timesheets.id, draft.id));
    expect(row?.status).toBe('DRAFT');
  });

  it('refuses times that cannot be right, each a 400 with the domain’s message on its field', async () => {
    const pair = await hoursPair(db());
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      // 2:30 am on 4 October 2026 does not exist in Sydney: the clocks go from 2 to 3.
      [{ start: '2026-10-04T02:30', end: '2026-10-04T05:00' }, 'start', /does not exist in Australia\/Sydney/],
      [{ start: '2026-11-02T12:00', end: '2026-11-02T09:00' }, 'end', TIMESHEET_END_BEFORE_START],
      [{ start: '2026-11-02T09:00', end: '2026-11-02T09:00' }, 'end', TIMESHEET_END_BEFORE_START],
      [{ start: '2026-11-02T09:00', end: '2026-11-03T09:01' }, 'end', TIMESHEET_TOO_LONG],
      [{ start: '2030-01-07T09:00', end: '2030-01-07T12:00' }, 'end', TIMESHEET_IN_FUTURE],
      [{ breakMinutes: 180 }, 'breakMinutes', TIMESHEET_BREAK_TOO_LONG],
      [{ start: '2026-13-02T09:00' }, 'start', 'Enter a date and time'],
      [{ travelKm: 5 }, 'travelNote', 'Say where you travelled'],
    ];
    for (const [overrides, field, message] of cases) {
      const { status, body } = await refused('POST', '/api/timesheets', pair.workerToken, hoursRequest(pair.contractId, overrides));
      expect(status, JSON.stringify(overrides)).toBe(400);
      expect(body.errors?.[field], JSON.stringify(overrides)).toMatch(message);
    }
    // Across the October change, 1 am to 4 am is 2 hours of work.
    const across = await recordHours(call, pair.workerToken, hoursRequest(pair.contractId, { start: '2026-10-04T01:00', end: '2026-10-04T04:00' }));
    expect(across.workedMinutes).toBe(120);
  });

  it('stores an expense paid as the client’s agent and refuses a flag that is not true or false (issue 28)', async () => {
    const pair = await hoursPair(db());
    const expenses = [
      { description: 'Parking', amountCents: 850 },
      { description: 'Pharmacy item in the client’s name', amountCents: 2350, paidAsAgent: true },
    ];
    const hours = await recordHours(call, pair.workerToken, hoursRequest(pair.contractId, { expenses }));
    expect(hours.expenses.map((expense) => [expense.description, expense.paidAsAgent])).toEqual([
      ['Parking', false],
      ['Pharmacy item in the client’s name', true],
    ]);
    const { status, body } = await refused('POST', '/api/timesheets', pair.workerToken, hoursRequest(pair.contractId, { expenses: [{ description: 'Pharmacy', amountCents: 100, paidAsAgent: 'yes' }] }));
    expect(status).toBe(400);
    expect(body.errors?.['expenses.0.paidAsAgent']).toBe('Say whether you paid this as the client’s agent');
  });

  it('refuses NUL and other control characters in every text field (400, never a 500)', async () => {
    const pair = await hoursPair(db());
    for (const overrides of [
      { shiftNote: 'Fine\u0000' },
      { travelKm: 2, travelNote: 'Shops\u0000' },
      { expenses: [{ description: 'Park\u0000ing', amountCents: 100 }] },
      { shiftNote: 'A lone \uD800 surrogate' },
    ]) {
      const { status, body } = await refused('POST', '/api/timesheets', pair.workerToken, hoursRequest(pair.contractId, overrides));
      expect(status, JSON.stringify(overrides)).toBe(400);
      expect(Object.values(body.errors ?? {})).toContain(UNSAFE_TEXT_MESSAGE);
    }
  });

  it('takes only a confirmed shift that has ended, once', async () => {
    const pair = await hoursPair(db());
    const unconfirmed = await insertShift(db(), pair, monday, 'UNCONFIRMED');
    const notConfirmed = await refused('POST', '/api/timesheets', pair.workerToken, hoursRequest(pair.contractId, { shiftId: unconfirmed }));
    expect(notConfirmed).toMatchObject({ status: 409, body: { message: TIMESHEET_SHIFT_NOT_CONFIRMED } });

    const later = await insertShift(db(), pair, { start: '2030-01-07T09:00', end: '2030-01-07T12:00' });
    const notOver = await refused('POST', '/api/timesheets', pair.workerToken, hoursRequest(pair.contractId, { shiftId: later }));
    expect(notOver).toMatchObject({ status: 400, body: { errors: { shiftId: TIMESHEET_IN_FUTURE } } });

    const shiftId = await insertShift(db(), pair, { start: '2026-11-03T09:00', end: '2026-11-03T12:00' });
    await recordHours(call, pair.workerToken, hoursRequest(pair.contractId, { shiftId, start: '2026-11-03T09:00', end: '2026-11-03T12:00' }));
    const twice = await refused('POST', '/api/timesheets', pair.workerToken, hoursRequest(pair.contractId, { shiftId, start: '2026-11-04T09:00', end: '2026-11-04T12:00' }));
    expect(twice).toMatchObject({ status: 409, body: { message: TIMESHEET_SHIFT_TAKEN } });
  });

  it('refuses hours that overlap hours already recorded', async () => {
    const pair = await hoursPair(db());
    await recordHours(call, pair.workerToken, hoursRequest(pair.contractId));
    const { status, body } = await refused('POST', '/api/timesheets', pair.workerToken, hoursRequest(pair.contractId, { start: '2026-11-02T11:00', end: '2026-11-02T13:00' }));
    expect(status).toBe(409);
    expect(body.message).toBe('These hours overlap the hours you recorded for Margaret Smith on Mon 2 Nov 2026, 9:00 am.');
  });

  it('refuses a receipt the worker did not upload, or one already on other hours', async () => {
    const pair = await hoursPair(db());
    const other = await hoursPair(db());
    const theirs = await uploadReceipt(call, other.workerToken);
    const expense = (receiptFileId: string) => ({ expenses: [{ description: 'Parking', amountCents: 500, receiptFileId }] });
    const foreign = await refused('POST', '/api/timesheets', pair.workerToken, hoursRequest(pair.contractId, expense(theirs)));
    expect(foreign).toMatchObject({ status: 400, body: { errors: { 'expenses.0.receiptFileId': RECEIPT_NOT_USABLE } } });
    const mine = await uploadReceipt(call, pair.workerToken);
    await recordHours(call, pair.workerToken, hoursRequest(pair.contractId, expense(mine)));
    const again = await refused('POST', '/api/timesheets', pair.workerToken, hoursRequest(pair.contractId, { ...expense(mine), start: '2026-11-03T09:00', end: '2026-11-03T10:00' }));
    expect(again.status).toBe(400);
  });
});

describe('the limits of one report (issue 29)', () => {
  /** The probe's bill: a booked 15-minute visit, 2,000 km of travel and ten $2,000 expenses without receipts. */
  const probeBill = (contractId: string, shiftId: string) =>
    hoursRequest(contractId, {
      shiftId,
      start: '2026-11-05T09:00',
      end: '2026-11-05T09:15',
      travelKm: 2000,
      travelNote: 'Around the state',
      expenses: Array.from({ length: 10 }, (_, index) => ({ description: `Supplies ${index + 1}`, amountCents: 200_000 })),
      submit: true,
    });

  it('refuses exactly the probe’s bill, then the same with receipts, naming each limit; nothing is written', async () => {
    const pair = await hoursPair(db());
    const shiftId = await insertShift(db(), pair, { start: '2026-11-05T09:00', end: '2026-11-05T09:15' });
    const probe = await refused('POST', '/api/timesheets', pair.workerToken, probeBill(pair.contractId, shiftId));
    expect(probe.status).toBe(400);
    expect(Object.keys(probe.body.errors ?? {})).toHaveLength(10);
    expect(probe.body.errors).toMatchObject({ 'expenses.0.receiptFileId': EXPENSE_RECEIPT_REQUIRED, 'expenses.9.receiptFileId': EXPENSE_RECEIPT_REQUIRED });

    const receipts: string[] = [];
    for (let index = 0; index < 10; index++) receipts.push(await uploadReceipt(call, pair.workerToken));
    const withReceipts = probeBill(pair.contractId, shiftId);
    withReceipts.expenses = (withReceipts.expenses as object[]).map((expense, index) => ({ ...expense, receiptFileId: receipts[index] }));
    const refusedAgain = await refused('POST', '/api/timesheets', pair.workerToken, withReceipts);
    expect(refusedAgain).toMatchObject({
      status: 400,
      body: { message: 'Travel can be at most 300 km for one shift.', errors: { travelKm: 'Travel can be at most 300 km for one shift.', expenses: 'Expenses can add up to at most $500.00 on one report.' } },
    });
    expect(await db().select().from(timesheets).where(eq(timesheets.shiftId, shiftId))).toEqual([]);
    // The hours form is told the same limits.
    expect(reportableWorkSchema.parse((await call('GET', '/api/timesheets/to-report', { token: pair.workerToken })).json()).limits).toEqual({ travelKmMax: 300, expensesTotalMaxCents: 50_000 });
  });

  it('takes a report at the limits, and refuses an edit or a submission of saved hours beyond them', async () => {
    const pair = await hoursPair(db());
    const receipt = await uploadReceipt(call, pair.workerToken);
    const atLimits = {
      travelKm: 300,
      travelNote: 'To the coast and back',
      expenses: [
        { description: 'Ferry', amountCents: 45_000, receiptFileId: receipt },
        { description: 'Parking', amountCents: 5_000 },
      ],
    };
    const draft = await recordHours(call, pair.workerToken, hoursRequest(pair.contractId, atLimits));
    const edited = await refused('PUT', `/api/timesheets/${draft.id}`, pair.workerToken, hoursRequest(pair.contractId, { ...atLimits, travelKm: 300.1 }));
    expect(edited).toMatchObject({ status: 400, body: { errors: { travelKm: 'Travel can be at most 300 km for one shift.' } } });
    const noReceipt = await refused('PUT', `/api/timesheets/${draft.id}`, pair.workerToken, hoursRequest(pair.contractId, { ...atLimits, expenses: [{ description: 'Taxi', amountCents: 5_001 }] }));
    expect(noReceipt).toMatchObject({ status: 400, body: { errors: { 'expenses.0.receiptFileId': EXPENSE_RECEIPT_REQUIRED } } });
    // Saved before the limit was lowered (as if): the submission checks the hours as stored.
    await db().update(timesheets).set({ travelTenthKm: 3_500 }).where(eq(timesheets.id, draft.id));
    const submitted = await refused('POST', '/api/timesheets/submit', pair.workerToken, { ids: [draft.id] });
    expect(submitted).toMatchObject({ status: 400, body: { errors: { travelKm: 'Travel can be at most 300 km for one shift.' } } });
    expect((await db().select().from(timesheets).where(eq(timesheets.id, draft.id)))[0]!.status).toBe('DRAFT');
  });
});

describe('saved hours: changed, deleted and submitted together', () => {
  it('saves hours day by day, then submits them together as job reports, newest first', async () => {
    const pair = await hoursPair(db());
    const days = ['2026-11-02', '2026-11-03', '2026-11-04'];
    const drafts = [];
    for (const day of days) drafts.push(await recordHours(call, pair.workerToken, hoursRequest(pair.contractId, { start: `${day}T09:00`, end: `${day}T11:00`, shiftNote: `Note for ${day}` })));
    const saved = timesheetListSchema.parse((await call('GET', '/api/timesheets?status=DRAFT', { token: pair.workerToken })).json());
    expect(saved.timesheets.map((hours) => hours.id)).toEqual(drafts.map((hours) => hours.id).reverse());

    const response = await call('POST', '/api/timesheets/submit', { token: pair.workerToken, payload: { ids: drafts.map((hours) => hours.id) } });
    expect(response.statusCode, response.body).toBe(200);
    const submitted = timesheetListSchema.parse(response.json()).timesheets;
    expect(submitted.map((hours) => hours.status)).toEqual(['SUBMITTED', 'SUBMITTED', 'SUBMITTED']);
    for (const hours of submitted) {
      expect(hours.canEdit).toBe(false);
      // Unbooked work waits for the care seeker's side: never approved automatically (issue 29).
      expect(hours.autoApproveAt).toBeNull();
      expect(hours.approvalHolds.map((hold) => hold.code)).toEqual(['UNBOOKED']);
    }
    // Paged one at a time, in the order submitted, none lost to a tie.
    const seen: string[] = [];
    let before: string | undefined;
    for (;;) {
      const page = timesheetListSchema.parse((await call('GET', `/api/job-reports?limit=1${before ? `&before=${encodeURIComponent(before)}` : ''}`, { token: pair.careSeekerToken })).json());
      seen.push(...page.timesheets.map((hours) => hours.id));
      if (page.allLoaded) break;
      before = page.timesheets.at(-1)!.submittedAt!;
    }
    expect(seen.sort()).toEqual(drafts.map((hours) => hours.id).sort());
    // The care seeker now reads the notes.
    const seenByCareSeeker = timesheetSchema.parse((await call('GET', `/api/timesheets/${drafts[0]!.id}`, { token: pair.careSeekerToken })).json());
    expect(seenByCareSeeker.shiftNote).toBe('Note for 2026-11-02');
    expect(seenByCareSeeker.canEdit).toBe(false);
    expect(seenByCareSeeker.canDecide).toBe(true);
  });

  it('submits all or none: one report already submitted refuses the whole batch', async () => {
    const pair = await hoursPair(db());
    const draft = await recordHours(call, pair.workerToken, hoursRequest(pair.contractId));
    const sent = await submitHours(call, pair, { start: '2026-11-03T09:00', end: '2026-11-03T10:00' });
    const { status, body } = await refused('POST', '/api/timesheets/submit', pair.workerToken, { ids: [draft.id, sent.id] });
    expect(status).toBe(409);
    expect(body).toMatchObject({ message: TIMESHEET_NOT_EDITABLE, code: 'TIMESHEET_NOT_EDITABLE' });
    const [row] = await db().select().from(timesheets).where(eq(timesheets.id, draft.id));
    expect(row?.status).toBe('DRAFT');
  });

  it('changes a draft, refuses to change submitted hours (409), and deletes only drafts', async () => {
    const pair = await hoursPair(db());
    const draft = await recordHours(call, pair.workerToken, hoursRequest(pair.contractId, { shiftNote: 'First' }));
    const changed = await call('PUT', `/api/timesheets/${draft.id}`, { token: pair.workerToken, payload: hoursRequest(pair.contractId, { end: '2026-11-02T13:00', shiftNote: '' }) });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(timesheetSchema.parse(changed.json())).toMatchObject({ status: 'DRAFT', endLocal: '2026-11-02T13:00', shiftNote: '' });
    expect(await db().select().from(shiftNotes).where(eq(shiftNotes.timesheetId, draft.id))).toEqual([]);

    const sent = await submitHours(call, pair, { start: '2026-11-03T09:00', end: '2026-11-03T10:00' });
    const change = await refused('PUT', `/api/timesheets/${sent.id}`, pair.workerToken, hoursRequest(pair.contractId, { start: '2026-11-03T09:00', end: '2026-11-03T10:30' }));
    expect(change).toMatchObject({ status: 409, body: { message: TIMESHEET_NOT_EDITABLE, code: 'TIMESHEET_NOT_EDITABLE' } });
    expect((await refused('DELETE', `/api/timesheets/${sent.id}`, pair.workerToken)).status).toBe(409);

    const deleted = await call('DELETE', `/api/timesheets/${draft.id}`, { token: pair.workerToken });
    expect(deleted.statusCode).toBe(204);
    expect((await call('GET', `/api/timesheets/${draft.id}`, { token: pair.workerToken })).statusCode).toBe(404);
  });
});

describe('receipts', () => {
  it('takes a PDF, JPEG or PNG found from its bytes, and refuses anything else', async () => {
    const pair = await hoursPair(db());
    const { payload, headers } = multipartBody({}, { bytes: elfExecutable(), filename: 'receipt.pdf', contentType: 'application/pdf' });
    const response = await call('POST', '/api/timesheets/receipts', { token: pair.workerToken, payload, headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: RECEIPT_WRONG_TYPE });
  });

  it('refuses a photo of a receipt whose header claims 60,000 × 60,000 pixels (400)', async () => {
    const pair = await hoursPair(db());
    for (const format of ['png', 'jpeg'] as const) {
      const { payload, headers } = multipartBody({}, { bytes: await imageClaimingSize(format, 60_000, 60_000), filename: `receipt.${format}`, contentType: `image/${format}` });
      const response = await call('POST', '/api/timesheets/receipts', { token: pair.workerToken, payload, headers });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ message: IMAGE_TOO_LARGE, errors: { file: IMAGE_TOO_LARGE } });
    }
  });

  it('lets the worker who uploaded it and the care seeker of the submitted hours fetch it; anyone else gets 404', async () => {
    const pair = await hoursPair(db());
    const receiptId = await uploadReceipt(call, pair.workerToken, { bytes: pdfBytes('Bus fare'), filename: 'bus.pdf' });
    const url = `/api/timesheets/receipts/${receiptId}`;
    const fetched = await call('GET', url, { token: pair.workerToken });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('application/pdf');
    expect(fetched.headers['content-disposition']).toContain('bus.pdf');
    expect(fetched.body).toContain('Bus fare');

    const draft = await recordHours(call, pair.workerToken, hoursRequest(pair.contractId, { expenses: [{ description: 'Bus', amountCents: 420, receiptFileId: receiptId }] }));
    expect((await call('GET', url, { token: pair.careSeekerToken })).statusCode).toBe(404);
    await call('POST', '/api/timesheets/submit', { token: pair.workerToken, payload: { ids: [draft.id] } });
    expect((await call('GET', url, { token: pair.careSeekerToken })).statusCode).toBe(200);

    const stranger = await hoursPair(db());
    for (const token of [stranger.workerToken, stranger.careSeekerToken]) expect((await call('GET', url, { token })).statusCode).toBe(404);
    expect((await call('GET', `/api/timesheets/receipts/${randomUUID()}`, { token: pair.workerToken })).statusCode).toBe(404);
  });
});

describe('an inactive worker', () => {
  it('is not offered shifts to report (the Submit hours screen is blocked for them)', async () => {
    const worker = await createWorker(db(), { profileStatus: 'INACTIVE' });
    const token = await sessionFor(db(), worker.id);
    expect((await call('GET', '/api/timesheets/to-report', { token })).statusCode).toBe(403);
  });
});
