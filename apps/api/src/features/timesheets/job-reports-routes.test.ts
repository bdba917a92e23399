import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoiceSchema } from '@tendly/domain/api/invoices';
import { JOB_REPORT_ALREADY_DECIDED, REJECTION_REASON_REQUIRED, nomineeResponseSchema, timesheetListSchema, timesheetSchema } from '@tendly/domain/api/timesheets';
import { NOT_AUTHORIZED, PLEASE_LOGIN } from '@tendly/domain/errors';
import { UNSAFE_TEXT_MESSAGE } from '@tendly/domain/validation/safe-text';
import { invoices, timesheets } from '../../platform/db/schema/billing';
import { auditEvents } from '../../platform/db/schema/platform';
import { useTestApp } from '../../test-support/test-app';
import { createCoordinator, createUser, createWorker, outboxOf, sessionFor } from '../auth/test-factories';
import { insertContract } from '../bookings/test-bookings';
import { coordinatorActingForClient } from '../jobs/test-jobs';
import { LINK_EXPIRED, LINK_NOMINEE_CHANGED, LINK_NOT_VALID, LINK_REPLACED, signApprovalLink } from './job-report-links';
import { LINK_REQUESTS_PER_MINUTE } from './job-reports-routes';
import { hoursPair, hoursRequest, submitHours, type HoursPair } from './test-timesheets';

const { subject, call, db } = useTestApp();

async function approve(token: string, id: string) {
  return call('POST', `/api/job-reports/${id}/approve`, { token });
}

async function approveOk(token: string, id: string) {
  const response = await approve(token, id);
  expect(response.statusCode, response.body).toBe(200);
  return invoiceSchema.parse((response.json() as { invoice: unknown }).invoice);
}

async function reject(token: string, id: string, reason = 'The start time was 9:30, not 9:00.') {
  return call('POST', `/api/job-reports/${id}/reject`, { token, payload: { reason } });
}

const invoicesOf = (timesheetId: string) => db().select().from(invoices).where(eq(invoices.timesheetId, timesheetId));
const subjects = async (email: string) => (await outboxOf(subject.app, email)).map((message) => message.subject);

/** The approval link emailed to the nominee, as its token. */
async function emailedToken(email: string): Promise<string> {
  await subject.drainJobs();
  const [message] = await outboxOf(subject.app, email);
  const match = /approve-hours\?token=([^\s"<]+)/.exec(message?.text ?? '');
  if (!match?.[1]) throw new Error(`No approval link was emailed to ${email}`);
  return decodeURIComponent(match[1]);
}

async function withNominee(pair: HoursPair, email = `nominee-${randomUUID()}@example.com`) {
  const response = await call('PUT', '/api/account/nominee', { token: pair.careSeekerToken, payload: { name: 'Nora Nominee', email } });
  expect(response.statusCode, response.body).toBe(200);
  return email;
}

describe('who may use the job report routes', () => {
  it('asks a visitor to sign in (401), except for the nominee’s link, which needs none', async () => {
    const id = randomUUID();
    for (const [method, url] of [
      ['GET', '/api/job-reports'],
      ['POST', `/api/job-reports/${id}/approve`],
      ['POST', `/api/job-reports/${id}/reject`],
      ['GET', '/api/account/nominee'],
      ['PUT', '/api/account/nominee'],
      ['DELETE', '/api/account/nominee'],
    ] as const) {
      const response = await call(method, url, method === 'GET' || method === 'DELETE' ? {} : { payload: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toMatchObject({ message: PLEASE_LOGIN });
    }
    expect((await call('GET', '/api/job-reports/by-link?token=nonsense')).statusCode).toBe(404);
    expect((await call('POST', '/api/job-reports/approve-by-link', { payload: { token: 'nonsense' } })).statusCode).toBe(404);
  });

  it('lets only the care seeker’s side decide (403 for workers, coordinators not acting and administrators)', async () => {
    const pair = await hoursPair(db());
    const report = await submitHours(call, pair);
    const coordinator = await sessionFor(db(), (await createCoordinator(db())).id);
    const admin = await sessionFor(db(), (await createUser(db(), { role: 'ADMIN' })).id);
    for (const token of [pair.workerToken, coordinator, admin]) {
      expect((await approve(token, report.id)).statusCode).toBe(403);
      const rejected = await reject(token, report.id);
      expect(rejected.statusCode).toBe(403);
      expect(rejected.json()).toMatchObject({ message: NOT_AUTHORIZED });
      expect((await call('GET', '/api/account/nominee', { token })).statusCode).toBe(403);
    }
    for (const token of [coordinator, admin]) expect((await call('GET', '/api/job-reports', { token })).statusCode).toBe(403);
  });

  it('answers 404 to another care seeker, and never shows them the report', async () => {
    const pair = await hoursPair(db());
    const report = await submitHours(call, pair);
    const stranger = await hoursPair(db());
    expect((await approve(stranger.careSeekerToken, report.id)).statusCode).toBe(404);
    expect((await reject(stranger.careSeekerToken, report.id)).statusCode).toBe(404);
    const list = timesheetListSchema.parse((await call('GET', '/api/job-reports', { token: stranger.careSeekerToken })).json());
    expect(list.timesheets).toEqual([]);
    expect(await invoicesOf(report.id)).toEqual([]);
  });

  it('keeps a draft from the care seeker: not listed, not decidable (404)', async () => {
    const pair = await hoursPair(db());
    const draft = await call('POST', '/api/timesheets', { token: pair.workerToken, payload: hoursRequest(pair.contractId) });
    const id = timesheetSchema.parse(draft.json()).id;
    expect((await approve(pair.careSeekerToken, id)).statusCode).toBe(404);
    expect(timesheetListSchema.parse((await call('GET', '/api/job-reports', { token: pair.careSeekerToken })).json()).timesheets).toEqual([]);
  });
});

describe('approving a job report', () => {
  it('emails the care seeker, approves, issues the invoice and tells the worker', async () => {
    const pair = await hoursPair(db());
    const report = await submitHours(call, pair, { shiftNote: 'All went well.' });
    expect(report).toMatchObject({ status: 'SUBMITTED', canEdit: false, canDecide: false });
    await subject.drainJobs();
    expect(await subjects(pair.careSeeker.email)).toEqual(['Sam Carer submitted hours for approval']);

    const listed = timesheetListSchema.parse((await call('GET', '/api/job-reports?status=SUBMITTED', { token: pair.careSeekerToken })).json());
    expect(listed.timesheets.map((item) => [item.id, item.canDecide, item.shiftNote])).toEqual([[report.id, true, 'All went well.']]);

    const invoice = await approveOk(pair.careSeekerToken, report.id);
    expect(invoice).toMatchObject({ number: 'INV-000001', jobReportId: report.id, status: 'ISSUED', totalCents: 3 * 4500 });
    const decided = timesheetSchema.parse((await call('GET', `/api/timesheets/${report.id}`, { token: pair.workerToken })).json());
    expect(decided).toMatchObject({ status: 'APPROVED', decidedBy: 'CARE_SEEKER', invoiceId: invoice.id, canEdit: false, autoApproveAt: null });
    expect(await subjects(pair.worker.email)).toEqual(['Your job report for Margaret Smith was approved']);
    expect((await outboxOf(subject.app, pair.worker.email))[0]?.text).toContain('INV-000001');
  });

  it('issues one invoice however often it is approved, one after another or all at once', { tags: ['drivers'] }, async () => {
    const pair = await hoursPair(db());
    const report = await submitHours(call, pair);
    const first = await approveOk(pair.careSeekerToken, report.id);
    const again = await approveOk(pair.careSeekerToken, report.id);
    expect(again.id).toBe(first.id);

    const other = await submitHours(call, pair, { start: '2026-11-03T09:00', end: '2026-11-03T12:00' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => approve(pair.careSeekerToken, other.id)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const ids = new Set(answers.map((answer) => (answer.json() as { invoice: { id: string } }).invoice.id));
    expect(ids.size).toBe(1);
    expect(await invoicesOf(other.id)).toHaveLength(1);
    expect(await invoicesOf(report.id)).toHaveLength(1);
    // Numbered per worker without a gap.
    const numbers = (await db().select({ number: invoices.number }).from(invoices).where(eq(invoices.workerId, pair.worker.id))).map((row) => row.number).sort();
    expect(numbers).toEqual([1, 2]);
    // The worker was told once per report.
    expect((await subjects(pair.worker.email)).filter((line) => line.includes('approved'))).toHaveLength(2);
  });

  it('records a coordinator acting for the client as the decider', async () => {
    const { coordinator, client, aliasToken } = await coordinatorActingForClient(db(), call);
    const worker = await createWorker(db(), { user: { firstName: 'Sam', lastName: 'Carer' } });
    const contractId = await insertContract(db(), client.id, worker.id, { startDate: '2026-01-01' });
    const workerToken = await sessionFor(db(), worker.id);
    const report = timesheetSchema.parse((await call('POST', '/api/timesheets', { token: workerToken, payload: hoursRequest(contractId, { submit: true }) })).json());
    const listed = timesheetListSchema.parse((await call('GET', '/api/job-reports', { token: aliasToken })).json());
    expect(listed.timesheets.map((item) => item.id)).toEqual([report.id]);
    await approveOk(aliasToken, report.id);
    const [row] = await db().select().from(timesheets).where(eq(timesheets.id, report.id));
    expect(row).toMatchObject({ status: 'APPROVED', decidedBy: 'COORDINATOR', decidedByUserId: coordinator.id });
    const audit = await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'job_report.approved'), eq(auditEvents.targetId, report.id)));
    expect(audit[0]).toMatchObject({ actorUserId: coordinator.id, subjectUserId: client.id });
  });
});

describe('rejecting a job report', () => {
  it('sends it back to the worker with the reason; they fix it and resubmit, and it can then be approved', async () => {
    const pair = await hoursPair(db());
    const report = await submitHours(call, pair);
    const rejected = await reject(pair.careSeekerToken, report.id, 'You started at 9:30.');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(timesheetSchema.parse(rejected.json())).toMatchObject({ status: 'REJECTED', rejectionReason: 'You started at 9:30.', decidedBy: 'CARE_SEEKER', canDecide: false });
    expect(await subjects(pair.worker.email)).toEqual(['Your job report for Margaret Smith was rejected']);
    expect((await outboxOf(subject.app, pair.worker.email))[0]?.text).toContain('You started at 9:30.');

    // A rejected report is not approved by mistake.
    const approving = await approve(pair.careSeekerToken, report.id);
    expect(approving.statusCode).toBe(409);
    expect(approving.json()).toMatchObject({ message: JOB_REPORT_ALREADY_DECIDED });
    expect(await invoicesOf(report.id)).toEqual([]);

    const asWorker = timesheetSchema.parse((await call('GET', `/api/timesheets/${report.id}`, { token: pair.workerToken })).json());
    expect(asWorker).toMatchObject({ status: 'REJECTED', canEdit: true });
    const fixed = await call('PUT', `/api/timesheets/${report.id}`, { token: pair.workerToken, payload: hoursRequest(pair.contractId, { start: '2026-11-02T09:30', submit: true }) });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(timesheetSchema.parse(fixed.json())).toMatchObject({ status: 'SUBMITTED', startLocal: '2026-11-02T09:30', rejectionReason: null, decidedBy: null });

    const invoice = await approveOk(pair.careSeekerToken, report.id);
    expect(invoice.totalCents).toBe(Math.round(2.5 * 4500));
  });

  it('refuses a decision on a decided report (409), and a missing or unsafe reason (400)', async () => {
    const pair = await hoursPair(db());
    const report = await submitHours(call, pair);
    for (const reason of ['', '   ', 'Bad\u0000']) {
      const response = await reject(pair.careSeekerToken, report.id, reason);
      expect(response.statusCode).toBe(400);
      expect(Object.values((response.json() as { errors: Record<string, string> }).errors)).toContainEqual(reason === 'Bad\u0000' ? UNSAFE_TEXT_MESSAGE : REJECTION_REASON_REQUIRED);
    }
    await approveOk(pair.careSeekerToken, report.id);
    const late = await reject(pair.careSeekerToken, report.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: JOB_REPORT_ALREADY_DECIDED });
  });
});

describe('the nominee', () => {
  it('is named, changed and removed by the care seeker', async () => {
    const pair = await hoursPair(db());
    const read = async () => nomineeResponseSchema.parse((await call('GET', '/api/account/nominee', { token: pair.careSeekerToken })).json()).nominee;
    expect(await read()).toBeNull();
    const saved = await call('PUT', '/api/account/nominee', { token: pair.careSeekerToken, payload: { name: ' Nora Nominee ', email: 'Nora@Example.com' } });
    expect(nomineeResponseSchema.parse(saved.json()).nominee).toEqual({ name: 'Nora Nominee', email: 'nora@example.com' });
    expect(await read()).toEqual({ name: 'Nora Nominee', email: 'nora@example.com' });
    const bad = await call('PUT', '/api/account/nominee', { token: pair.careSeekerToken, payload: { name: 'No\u0000ra', email: 'not an email' } });
    expect(bad.statusCode).toBe(400);
    const removed = await call('DELETE', '/api/account/nominee', { token: pair.careSeekerToken });
    expect(removed.statusCode).toBe(200);
    expect(await read()).toBeNull();
  });

  it('may be named and removed by a coordinator acting for the client, who is emailed each change; each is in the client’s history (issue 29)', async () => {
    const { coordinator, client, aliasToken } = await coordinatorActingForClient(db(), call);
    const coordinatorName = `${coordinator.firstName} ${coordinator.lastName}`;
    // The probe's request, with the alias token: allowed, as the coordinator acts for the client.
    const named = await call('PUT', '/api/account/nominee', { token: aliasToken, payload: { name: 'Nick Nominee', email: 'nick@example.com' } });
    expect(named.statusCode, named.body).toBe(200);
    const removed = await call('DELETE', '/api/account/nominee', { token: aliasToken });
    expect(removed.statusCode).toBe(200);
    // Removing when there is none changes nothing and says nothing.
    expect((await call('DELETE', '/api/account/nominee', { token: aliasToken })).statusCode).toBe(200);

    const mail = await outboxOf(subject.app, client.email);
    expect(mail.map((message) => message.subject)).toEqual([
      `${coordinatorName} changed the nominee who approves your hours on your Tendly account`,
      `${coordinatorName} changed the nominee who approves your hours on your Tendly account`,
    ]);
    const texts = mail.map((message) => message.text).join('\n');
    expect(texts).toContain('They named Nick Nominee (nick@example.com)');
    expect(texts).toContain('They removed Nick Nominee');
    expect(texts).toContain('/invoices-and-hours');

    const history = await db().select().from(auditEvents).where(and(eq(auditEvents.subjectUserId, client.id), eq(auditEvents.targetId, client.id))).orderBy(auditEvents.createdAt);
    expect(history.map((event) => [event.action, event.actorUserId, event.detail])).toEqual([
      ['account.nominee_named', coordinator.id, { actingForClient: true }],
      ['account.nominee_removed', coordinator.id, { actingForClient: true }],
    ]);

    // The client's own change is in their history, and emails nobody.
    await call('PUT', '/api/account/nominee', { token: await sessionFor(db(), client.id), payload: { name: 'Nora Nominee', email: 'nora@example.com' } });
    expect(await outboxOf(subject.app, client.email)).toHaveLength(2);
    expect(await db().select().from(auditEvents).where(and(eq(auditEvents.action, 'account.nominee_named'), eq(auditEvents.actorUserId, client.id)))).toHaveLength(1);
  });

  it('approves by the emailed link without signing in; approving twice is the one invoice', async () => {
    const pair = await hoursPair(db());
    const email = await withNominee(pair);
    const report = await submitHours(call, pair);
    const token = await emailedToken(email);
    expect(await subjects(email)).toEqual(['Hours to approve for Margaret Smith']);
    expect(await subjects(pair.careSeeker.email)).toEqual(['Sam Carer submitted hours for approval']);

    const shown = await call('GET', `/api/job-reports/by-link?token=${encodeURIComponent(token)}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(timesheetSchema.parse(shown.json())).toMatchObject({ id: report.id, status: 'SUBMITTED', canDecide: true, canEdit: false });

    const approved = await call('POST', '/api/job-reports/approve-by-link', { payload: { token } });
    expect(approved.statusCode, approved.body).toBe(200);
    const invoice = invoiceSchema.parse((approved.json() as { invoice: unknown }).invoice);
    const again = await call('POST', '/api/job-reports/approve-by-link', { payload: { token } });
    expect(again.statusCode).toBe(200);
    expect((again.json() as { invoice: { id: string } }).invoice.id).toBe(invoice.id);
    expect(await invoicesOf(report.id)).toHaveLength(1);
    const [row] = await db().select().from(timesheets).where(eq(timesheets.id, report.id));
    expect(row).toMatchObject({ status: 'APPROVED', decidedBy: 'NOMINEE', decidedByUserId: null });
    const after = timesheetSchema.parse((await call('GET', `/api/job-reports/by-link?token=${encodeURIComponent(token)}`)).json());
    expect(after).toMatchObject({ status: 'APPROVED', canDecide: false, invoiceId: invoice.id });
    // The notice job running again sends the nominee nothing more.
    expect(await subjects(email)).toHaveLength(1);
  });

  it('refuses a tampered, made-up or expired link, and one for a rejected-then-resubmitted report or a replaced nominee', async () => {
    const pair = await hoursPair(db());
    const email = await withNominee(pair);
    const report = await submitHours(call, pair);
    const token = await emailedToken(email);
    const show = (value: string) => call('GET', `/api/job-reports/by-link?token=${encodeURIComponent(value)}`);

    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const otherReport = token.replace(report.id, randomUUID());
    for (const bad of [tampered, otherReport, 'abc.def', `${token}x`]) {
      const response = await show(bad);
      expect(response.statusCode, bad).toBe(404);
      expect(response.json()).toMatchObject({ message: LINK_NOT_VALID });
    }
    const forbidden = await call('POST', '/api/job-reports/approve-by-link', { payload: { token: tampered } });
    expect(forbidden.statusCode).toBe(404);

    const [row] = await db().select().from(timesheets).where(eq(timesheets.id, report.id));
    const expired = await signApprovalLink(subject.app.linkSigner, { timesheetId: report.id, submittedAt: row!.submittedAt!, expiresAt: new Date(Date.now() - 1000), nomineeEmail: email });
    const stale = await show(expired);
    expect(stale.statusCode).toBe(410);
    expect(stale.json()).toMatchObject({ message: LINK_EXPIRED, code: 'LINK_EXPIRED' });
    expect((await call('POST', '/api/job-reports/approve-by-link', { payload: { token: expired } })).statusCode).toBe(410);

    // Rejected, fixed and submitted again: the first email's link is replaced by the second's.
    expect((await reject(pair.careSeekerToken, report.id)).statusCode).toBe(200);
    await call('PUT', `/api/timesheets/${report.id}`, { token: pair.workerToken, payload: hoursRequest(pair.contractId, { start: '2026-11-02T09:30', submit: true }) });
    const replaced = await show(token);
    expect(replaced.statusCode).toBe(410);
    expect(replaced.json()).toMatchObject({ message: LINK_REPLACED });
    const second = await emailedToken(email);
    expect(second).not.toBe(token);
    expect((await show(second)).statusCode).toBe(200);

    // A new nominee: the old nominee's link stops working.
    await withNominee(pair);
    const changed = await call('POST', '/api/job-reports/approve-by-link', { payload: { token: second } });
    expect(changed.statusCode).toBe(410);
    expect(changed.json()).toMatchObject({ message: LINK_NOMINEE_CHANGED });
    expect(await invoicesOf(report.id)).toEqual([]);
  });

  it('limits how often one address uses links (429)', async () => {
    const ip = '10.250.1.1';
    let last = 0;
    for (let index = 0; index <= LINK_REQUESTS_PER_MINUTE; index += 1) last = (await call('GET', '/api/job-reports/by-link?token=abc.def', { ip })).statusCode;
    expect(last).toBe(429);
  });
});
