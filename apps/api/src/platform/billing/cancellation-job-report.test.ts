import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { timesheetSchema } from '@tendly/domain/api/timesheets';
import { invoiceSchema } from '@tendly/domain/api/invoices';
import { instantToLocalDate } from '@tendly/domain/shift-time';
import { book, contractedPair, move } from '../../features/bookings/test-bookings';
import { outboxOf } from '../../features/auth/test-factories';
import { useTestApp } from '../../test-support/test-app';
import { timesheets } from '../db/schema/billing';
import { contracts, shifts } from '../db/schema/engagements';

/**
 * Issue 14: a chargeable cancellation (the care seeker's short notice, or a no-show) becomes a job
 * report, made by bookings in the cancellation's own transaction through this platform module.
 */

const { subject, call, db } = useTestApp();

const today = () => instantToLocalDate(new Date(), 'Australia/Sydney');
const inDays = (days: number) => new Date(Date.parse(`${today()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const nineToTwelve = (date: string) => ({ start: `${date}T09:00`, end: `${date}T12:00` });

async function confirmedShift(pair: Awaited<ReturnType<typeof contractedPair>>, days: number) {
  const [shift] = await book(call, pair.careSeekerToken, { contractId: pair.contractId, ...nineToTwelve(inDays(days)) });
  await move(call, pair.workerToken, shift!.id, 'confirm');
  return shift!;
}

const reportsOfShift = (shiftId: string) => db().select().from(timesheets).where(eq(timesheets.shiftId, shiftId));

describe('a short-notice cancellation', () => {
  it('makes one CANCELLATION job report, submitted, at the agreement’s charge, with the reason code; cancelling again makes no second', async () => {
    const pair = await contractedPair(db());
    await db().update(contracts).set({ cancellationChargePercent: 50 }).where(eq(contracts.id, pair.contractId));
    const shift = await confirmedShift(pair, 3);
    await move(call, pair.careSeekerToken, shift.id, 'cancel', { reason: 'Mum is in hospital', reasonCode: 'NSDH' });
    const again = await call('POST', `/api/shifts/${shift.id}/cancel`, { token: pair.careSeekerToken, payload: { reason: 'Again', reasonCode: 'NSDH' } });
    expect(again.statusCode).toBe(409);

    const reports = await reportsOfShift(shift.id);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      kind: 'CANCELLATION',
      status: 'SUBMITTED',
      workerId: pair.worker.id,
      careSeekerId: pair.careSeeker.id,
      cancellationReasonCode: 'NSDH',
      cancellationReason: 'Mum is in hospital',
      cancellationChargePercent: 50,
      createdByUserId: pair.careSeeker.id,
    });

    const shown = timesheetSchema.parse((await call('GET', `/api/timesheets/${reports[0]!.id}`, { token: pair.careSeekerToken })).json());
    expect(shown).toMatchObject({ kind: 'CANCELLATION', canDecide: true, cancellation: { reasonCode: 'NSDH', chargePercent: 50 } });
    // Half of 3 weekday hours at $45.
    expect(shown.estimate?.lines.map((line) => line.kind)).toEqual(['CANCELLATION']);
    expect(shown.estimate?.totalCents).toBe(6750);
    await subject.drainJobs();
    expect((await outboxOf(subject.app, pair.careSeeker.email)).map((message) => message.subject)).toContain('A cancellation charge from Sam Carer is waiting for approval');

    // The worker cannot change it; the care seeker's side approves it like any report.
    const asWorker = timesheetSchema.parse((await call('GET', `/api/timesheets/${reports[0]!.id}`, { token: pair.workerToken })).json());
    expect(asWorker.canEdit).toBe(false);
    const approved = await call('POST', `/api/job-reports/${reports[0]!.id}/approve`, { token: pair.careSeekerToken });
    expect(approved.statusCode, approved.body).toBe(200);
    const invoice = invoiceSchema.parse((approved.json() as { invoice: unknown }).invoice);
    expect(invoice.lines.map((line) => [line.kind, line.amountCents])).toEqual([['CANCELLATION', 6750]]);
  });

  it('makes a no-show the worker records into a cancellation report, charged in full by default, with its reason code', async () => {
    const pair = await contractedPair(db());
    const shift = await confirmedShift(pair, 2);
    // The shift has started: a no-show is recorded at or after its start.
    await db()
      .update(shifts)
      .set({ startsAt: new Date(Date.now() - 3_600_000), endsAt: new Date(Date.now() + 7_200_000) })
      .where(eq(shifts.id, shift.id));
    await move(call, pair.workerToken, shift.id, 'cancel', { reason: 'Nobody answered the door or the phone', reasonCode: 'NSDO', noShow: true });
    expect((await reportsOfShift(shift.id))[0]).toMatchObject({ kind: 'CANCELLATION', cancellationReasonCode: 'NSDO', cancellationChargePercent: 100, createdByUserId: pair.worker.id });
  });

  it('makes nothing for the worker’s own cancellation, for enough notice, or where the agreement charges nothing', async () => {
    const pair = await contractedPair(db());
    const byWorker = await confirmedShift(pair, 3);
    await move(call, pair.workerToken, byWorker.id, 'cancel', { reason: 'I am unwell' });
    const early = await confirmedShift(pair, 20);
    await move(call, pair.careSeekerToken, early.id, 'cancel', { reason: 'Away', reasonCode: 'NSDF' });
    await db().update(contracts).set({ cancellationChargePercent: 0 }).where(eq(contracts.id, pair.contractId));
    const free = await confirmedShift(pair, 4);
    await move(call, pair.careSeekerToken, free.id, 'cancel', { reason: 'Away', reasonCode: 'NSDF' });
    for (const shift of [byWorker, early, free]) expect(await reportsOfShift(shift.id)).toEqual([]);
  });
});
