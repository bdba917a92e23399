import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingSettingsOf } from '../../platform/billing/issue-invoice';
import { invoices, timesheetExpenses, timesheets } from '../../platform/db/schema/billing';
import { contracts, shifts } from '../../platform/db/schema/engagements';
import { backgroundJobs } from '../../platform/db/schema/platform';
import { uuidFromKey } from '../../platform/jobs/job-queue';
import { useTestApp } from '../../test-support/test-app';
import { outboxOf } from '../auth/test-factories';
import { AUTO_APPROVE_JOB, runAutoApprovals, scheduleAutoApprovals } from './auto-approve-job';
import { jobReportEmailSite } from './job-report-emails';
import { hoursPair, insertShift, submitHours, type HoursPair } from './test-timesheets';

const { subject, call, db } = useTestApp();
const deps = () => ({ site: jobReportEmailSite(subject.config), billing: billingSettingsOf(subject.config) });
const DAY_MS = 24 * 60 * 60 * 1000;

const rowOf = async (id: string) => (await db().select().from(timesheets).where(eq(timesheets.id, id)))[0]!;

/** Hours of a shift booked 9 am to 12 pm on the day, worked as booked unless told otherwise, submitted. */
async function submitBooked(pair: HoursPair, day = '2026-11-02', overrides: Record<string, unknown> = {}) {
  const shiftId = await insertShift(db(), pair, { start: `${day}T09:00`, end: `${day}T12:00` });
  return submitHours(call, pair, { shiftId, start: `${day}T09:00`, end: `${day}T12:00`, ...overrides });
}

describe('the automatic approval of job reports nobody decided', () => {
  it('is queued once per 15-minute slot however many processes ask', async () => {
    const slot = new Date('2031-06-15T03:07:00.000Z');
    expect(await scheduleAutoApprovals(db(), slot)).toBe(true);
    expect(await scheduleAutoApprovals(db(), new Date('2031-06-15T03:14:59.000Z'))).toBe(false);
    const rows = await db().select().from(backgroundJobs).where(eq(backgroundJobs.id, uuidFromKey(`${AUTO_APPROVE_JOB}:2031-06-15T03:00:00.000Z`)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: AUTO_APPROVE_JOB, payload: { slot: '2031-06-15T03:00:00.000Z' } });
  });

  it('leaves a report alone before its time, approves it as AUTO once the clock passes it, and only once', async () => {
    const pair = await hoursPair(db());
    const report = await submitBooked(pair);
    const submittedAt = new Date(report.submittedAt!);
    expect(new Date(report.autoApproveAt!).getTime()).toBe(submittedAt.getTime() + subject.config.JOB_REPORT_AUTO_APPROVE_DAYS * DAY_MS);

    expect((await runAutoApprovals(db(), deps(), new Date(submittedAt.getTime() + 6 * DAY_MS))).approved).toBe(0);
    expect((await rowOf(report.id)).status).toBe('SUBMITTED');

    const later = new Date(submittedAt.getTime() + 7 * DAY_MS + 60_000);
    const first = await runAutoApprovals(db(), deps(), later);
    expect(first.approved).toBeGreaterThanOrEqual(1);
    expect(await rowOf(report.id)).toMatchObject({ status: 'APPROVED', decidedBy: 'AUTO', decidedByUserId: null, decidedAt: later });
    await runAutoApprovals(db(), deps(), new Date(later.getTime() + DAY_MS));
    expect((await rowOf(report.id)).decidedAt).toEqual(later);
    expect(await db().select().from(invoices).where(eq(invoices.timesheetId, report.id))).toHaveLength(1);
    expect((await outboxOf(subject.app, pair.worker.email)).map((message) => message.subject)).toContain('Your job report for Margaret Smith was approved automatically');
  });

  it('does not touch a report the care seeker decided first, and skips one that cannot be priced without holding up the rest', async () => {
    const pair = await hoursPair(db());
    const rejected = await submitHours(call, pair);
    expect((await call('POST', `/api/job-reports/${rejected.id}/reject`, { token: pair.careSeekerToken, payload: { reason: 'Wrong day' } })).statusCode).toBe(200);
    const unpriceable = await submitBooked(pair, '2026-11-03');
    // The agreement's weekday rate is broken after submission: those hours cannot be invoiced.
    await db().update(contracts).set({ weekdayRateCents: -1 }).where(eq(contracts.id, pair.contractId));
    const other = await hoursPair(db());
    const fine = await submitBooked(other);
    // The unpriceable one falls due first.
    await db().update(timesheets).set({ autoApproveAt: new Date(Date.parse(fine.autoApproveAt!) - 60_000) }).where(eq(timesheets.id, unpriceable.id));
    const outcome = await runAutoApprovals(db(), deps(), new Date(Date.parse(fine.autoApproveAt!) + 1000));
    expect(outcome.unpriceable).toContain(unpriceable.id);
    expect((await rowOf(unpriceable.id)).status).toBe('SUBMITTED');
    expect((await rowOf(fine.id)).status).toBe('APPROVED');
    expect((await rowOf(rejected.id)).status).toBe('REJECTED');
  });

  it('never approves a report over its booking (issue 29): it waits, and the care seeker is reminded once why', async () => {
    const pair = await hoursPair(db());
    // Booked 9 am to 12 pm; 20 minutes over (more than 15), with 60 km of travel.
    const over = await submitBooked(pair, '2026-11-04', { end: '2026-11-04T12:20', travelKm: 60, travelNote: 'To the hospital' });
    // 10 minutes over: within the grace, approved as usual.
    const within = await submitBooked(pair, '2026-11-05', { end: '2026-11-05T12:10' });
    expect(over.autoApproveAt).toBeNull();
    expect(over.approvalHolds.map((hold) => hold.code)).toEqual(['OVER_BOOKING', 'TRAVEL']);
    expect(within).toMatchObject({ approvalHolds: [], autoApproveAt: expect.any(String) });
    await subject.drainJobs();
    const noticed = (await outboxOf(subject.app, pair.careSeeker.email)).find((message) => message.subject === 'Sam Carer submitted hours for approval' && message.text.includes('12:20'));
    expect(noticed?.text).toContain('It will not be approved automatically, because it needs a person to check it: 3 h 20 min worked, 20 min more than the 3 h booked; 60 km of travel');

    const sevenDaysOn = new Date(Date.parse(over.submittedAt!) + 7 * DAY_MS + 60_000);
    const outcome = await runAutoApprovals(db(), deps(), sevenDaysOn);
    expect(outcome.held).toContain(over.id);
    expect(await rowOf(over.id)).toMatchObject({ status: 'SUBMITTED', autoApproveAt: null, decidedBy: null });
    expect((await rowOf(within.id)).status).toBe('APPROVED');
    expect(await db().select().from(invoices).where(eq(invoices.timesheetId, over.id))).toHaveLength(0);
    const reminders = async () => (await outboxOf(subject.app, pair.careSeeker.email)).filter((message) => message.subject === 'Hours from Sam Carer still need your approval');
    expect(await reminders()).toHaveLength(1);
    expect((await reminders())[0]!.text).toContain('It has not been approved automatically, because it needs a person to check it: 3 h 20 min worked, 20 min more than the 3 h booked;');
    // A later run leaves it waiting and does not remind again; the care seeker can still approve it.
    expect((await runAutoApprovals(db(), deps(), new Date(sevenDaysOn.getTime() + DAY_MS))).held).not.toContain(over.id);
    expect(await reminders()).toHaveLength(1);
    const seen = await call('GET', `/api/timesheets/${over.id}`, { token: pair.careSeekerToken });
    expect(seen.json()).toMatchObject({ status: 'SUBMITTED', autoApproveAt: null, canDecide: true, approvalHolds: [{ code: 'OVER_BOOKING' }, { code: 'TRAVEL' }] });
    expect((await call('POST', `/api/job-reports/${over.id}/approve`, { token: pair.careSeekerToken })).statusCode).toBe(200);
  });

  it('holds a report submitted before the rule with its time already set: the attacker’s bill is not approved by the clock', async () => {
    const pair = await hoursPair(db());
    const report = await submitBooked(pair, '2026-11-06');
    // As if the worker's bill had been stored long ago: a 15-minute visit billed for 3 hours, 2,000 km and ten $2,000 expenses.
    await db().update(timesheets).set({ travelTenthKm: 20_000 }).where(eq(timesheets.id, report.id));
    await db().insert(timesheetExpenses).values(Array.from({ length: 10 }, (_, position) => ({ timesheetId: report.id, description: 'Supplies', amountCents: 200_000, position })));
    await db().update(shifts).set({ endsAt: new Date(Date.parse(report.startsAt) + 15 * 60_000) }).where(eq(shifts.id, report.shiftId!));
    const outcome = await runAutoApprovals(db(), deps(), new Date(Date.parse(report.autoApproveAt!) + 1000));
    expect(outcome.held).toContain(report.id);
    expect((await rowOf(report.id)).status).toBe('SUBMITTED');
    expect(await db().select().from(invoices).where(eq(invoices.timesheetId, report.id))).toHaveLength(0);
  });
});
