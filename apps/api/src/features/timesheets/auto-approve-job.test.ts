import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingSettingsOf } from '../../platform/billing/issue-invoice';
import { invoices, timesheets } from '../../platform/db/schema/billing';
import { contracts } from '../../platform/db/schema/engagements';
import { backgroundJobs } from '../../platform/db/schema/platform';
import { uuidFromKey } from '../../platform/jobs/job-queue';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { outboxOf, requester } from '../auth/test-factories';
import { AUTO_APPROVE_JOB, runAutoApprovals, scheduleAutoApprovals } from './auto-approve-job';
import { jobReportEmailSite } from './job-report-emails';
import { hoursPair, submitHours, type Call } from './test-timesheets';

let subject: TestApp;
let call: Call;
const db = () => subject.database.db;
const deps = () => ({ site: jobReportEmailSite(subject.config), billing: billingSettingsOf(subject.config) });
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  subject = await createTestApp();
  call = requester(subject.app);
});

afterAll(async () => {
  await subject?.close();
});

const rowOf = async (id: string) => (await db().select().from(timesheets).where(eq(timesheets.id, id)))[0]!;

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
    const report = await submitHours(call, pair);
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
    const unpriceable = await submitHours(call, pair, { start: '2026-11-03T09:00', end: '2026-11-03T10:00' });
    // The agreement's weekday rate is broken after submission: those hours cannot be invoiced.
    await db().update(contracts).set({ weekdayRateCents: -1 }).where(eq(contracts.id, pair.contractId));
    const other = await hoursPair(db());
    const fine = await submitHours(call, other);
    // The unpriceable one falls due first.
    await db().update(timesheets).set({ autoApproveAt: new Date(Date.parse(fine.autoApproveAt!) - 60_000) }).where(eq(timesheets.id, unpriceable.id));
    const outcome = await runAutoApprovals(db(), deps(), new Date(Date.parse(fine.autoApproveAt!) + 1000));
    expect(outcome.unpriceable).toContain(unpriceable.id);
    expect((await rowOf(unpriceable.id)).status).toBe('SUBMITTED');
    expect((await rowOf(fine.id)).status).toBe('APPROVED');
    expect((await rowOf(rejected.id)).status).toBe('REJECTED');
  });
});
