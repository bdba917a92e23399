import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BACKGROUND_JOB_NOT_FOUND,
  backgroundJobCountsSchema,
  backgroundJobSchema,
  backgroundJobsResponseSchema,
  JOB_HAS_NOT_FAILED,
  JOB_IS_DONE,
  JOB_IS_RUNNING,
} from '@tendly/domain/api/background-jobs';
import { auditEvents, backgroundJobs, mailOutbox } from '../../platform/db/schema/platform';
import { enqueueJob } from '../../platform/jobs/job-queue';
import { drainJobs } from '../../platform/jobs/job-worker';
import { mailJobHandlers } from '../../platform/mail/mail-delivery';
import { queueMail } from '../../platform/mail/outbox';
import type { MailTransport } from '../../platform/mail/mail-transport';
import { useTestApp } from '../../test-support/test-app';
import { createUser, sessionFor } from '../auth/test-factories';
import { describeJobPayload } from './background-job-subject';

const { subject, call, db } = useTestApp();
let adminToken: string;
let adminId: string;

beforeAll(async () => {
  adminId = (await createUser(db(), { role: 'ADMIN' })).id;
  adminToken = await sessionFor(db(), adminId);
});

beforeEach(async () => {
  await db().delete(backgroundJobs);
  await db().delete(mailOutbox);
});

/** An SMTP server's refusal for good, shaped as nodemailer reports it. */
const refusingTransport: MailTransport = {
  kind: 'smtp',
  send: async () => {
    throw Object.assign(new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <jo@example.com>: no such user"), {
      code: 'EENVELOPE',
      responseCode: 550,
      command: 'RCPT TO',
    });
  },
  close: async () => undefined,
};

/** An email whose delivery the SMTP server refused for good: its job is FAILED after one try. */
async function emailThatFailedForGood(to = 'jo@example.com', subjectLine = 'Your invoice INV-000123'): Promise<string> {
  await queueMail(db(), { to, category: 'ACCOUNT', subject: subjectLine, text: 'The private body of the email.', html: '<p>The private body of the email.</p>' });
  await drainJobs(subject.database, mailJobHandlers(refusingTransport));
  const [job] = await db().select().from(backgroundJobs).where(eq(backgroundJobs.status, 'FAILED'));
  if (!job) throw new Error('the email did not fail');
  return job.id;
}

async function failedJob(type: string, payload: unknown, lastError = 'Error: connect ECONNREFUSED 127.0.0.1:443'): Promise<string> {
  const id = await enqueueJob(db(), { type, payload });
  await db()
    .update(backgroundJobs)
    .set({ status: 'FAILED', attempts: 31, lastError, lastAttemptedAt: new Date(), finishedAt: new Date() })
    .where(eq(backgroundJobs.id, id));
  return id;
}

async function list(query: string) {
  const response = await call('GET', `/api/admin/jobs?${query}`, { token: adminToken });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return { jobs: backgroundJobsResponseSchema.parse(response.json()), total: response.headers['x-total-count'], body: response.body };
}

async function act(id: string, action: 'retry' | 'discard') {
  return call('POST', `/api/admin/jobs/${id}/${action}`, { token: adminToken });
}

const auditOf = (id: string) => db().select().from(auditEvents).where(and(eq(auditEvents.targetType, 'background_job'), eq(auditEvents.targetId, id)));

describe('GET /api/admin/jobs', () => {
  it('lists the failed jobs with their kind, subject, attempts, last error and times, never their payload', async () => {
    const email = await emailThatFailedForGood();
    const payout = await failedJob('payouts.run', { day: '2026-12-06' });
    const personal = await failedJob('test.personal', { email: 'sam@example.com', note: 'Private words about Sam', invoiceId: '5f3e2c1a-0b1d-4c2e-8f00-123456789abc' });
    await enqueueJob(db(), { type: 'test.waiting', payload: {} });

    const failed = await list('status=FAILED');
    expect(failed.total).toBe('3');
    expect(failed.jobs.map((job) => job.id).sort()).toEqual([email, payout, personal].sort());
    const byId = new Map(failed.jobs.map((job) => [job.id, job]));
    expect(byId.get(email)).toMatchObject({
      type: 'mail.deliver',
      status: 'FAILED',
      subject: 'Email to jo@example.com: Your invoice INV-000123',
      attempts: 1,
      canRetry: true,
      canDiscard: true,
    });
    expect(byId.get(email)?.lastError).toContain('550 5.1.1 <jo@example.com>: no such user');
    expect(byId.get(email)?.lastRunAt).not.toBeNull();
    expect(byId.get(email)?.finishedAt).not.toBeNull();
    expect(byId.get(payout)).toMatchObject({ type: 'payouts.run', subject: 'day 2026-12-06', attempts: 31, lastError: 'Error: connect ECONNREFUSED 127.0.0.1:443' });
    expect(byId.get(personal)?.subject).toBe('email sam@example.com, invoice 5f3e2c1a-0b1d-4c2e-8f00-123456789abc');
    expect(failed.body).not.toContain('Private words');
    expect(failed.body).not.toContain('private body');

    const paged = await list('status=FAILED&limit=1&start=1');
    expect(paged.jobs).toHaveLength(1);
    expect(paged.total).toBe('3');
    expect(paged.jobs[0]?.id).toBe(failed.jobs[1]?.id);
    expect((await list('')).total).toBe('4');

    const counts = await call('GET', '/api/admin/jobs/counts', { token: adminToken });
    expect(counts.statusCode).toBe(200);
    expect(backgroundJobCountsSchema.parse(counts.json())).toEqual({ PENDING: 1, RUNNING: 0, DONE: 0, FAILED: 3, DISCARDED: 0 });
  });

  it('refuses a status that does not exist with the field message', async () => {
    const response = await call('GET', '/api/admin/jobs?status=BROKEN', { token: adminToken });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ status: 'Choose a status from the list' });
  });
});

describe('POST /api/admin/jobs/{id}/retry and /discard', () => {
  it('sends an email that failed for good again: back in the queue now, delivered, audited; a second retry changes nothing', async () => {
    const id = await emailThatFailedForGood();
    const retried = await act(id, 'retry');
    expect(retried.statusCode, retried.body).toBe(200);
    expect(backgroundJobSchema.parse(retried.json())).toMatchObject({ id, status: 'PENDING', attempts: 0, canRetry: true, canDiscard: true });
    expect(new Date(retried.json().runAt).getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    expect((await act(id, 'retry')).statusCode).toBe(200);
    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: adminId, action: 'background_job.retried', detail: { type: 'mail.deliver', previousStatus: 'FAILED', attempts: 1 } });

    // The app's own transport keeps it in the outbox (no SMTP_URL): delivered this time.
    expect(await subject.drainJobs()).toBe(1);
    expect((await db().select().from(backgroundJobs).where(eq(backgroundJobs.id, id)))[0]).toMatchObject({ status: 'DONE', attempts: 1, lastError: null });
    expect((await db().select().from(mailOutbox))[0]).toMatchObject({ status: 'KEPT', toAddress: 'jo@example.com' });
    const done = await act(id, 'retry');
    expect(done.statusCode).toBe(409);
    expect(done.json()).toMatchObject({ message: JOB_IS_DONE, code: 'CONFLICT' });
  });

  it('discards a failed job, which then never runs, audited; a second discard changes nothing, and a retry brings it back', async () => {
    const id = await emailThatFailedForGood();
    const discarded = await act(id, 'discard');
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect(backgroundJobSchema.parse(discarded.json())).toMatchObject({ id, status: 'DISCARDED', canRetry: true, canDiscard: false });
    expect((await act(id, 'discard')).statusCode).toBe(200);
    expect((await auditOf(id)).map((event) => event.action)).toEqual(['background_job.discarded']);
    await db().update(backgroundJobs).set({ runAt: new Date() }).where(eq(backgroundJobs.id, id));
    expect(await subject.drainJobs()).toBe(0);
    expect((await list('status=DISCARDED')).jobs.map((job) => job.id)).toEqual([id]);

    expect((await act(id, 'retry')).json()).toMatchObject({ status: 'PENDING' });
    expect(await subject.drainJobs()).toBe(1);
  });

  it('lets a job waiting for its next try run now or be discarded, and leaves a job that never failed, one running and one done alone: 409', async () => {
    const waiting = await failedJob('test.waiting', {});
    await db().update(backgroundJobs).set({ status: 'PENDING', runAt: new Date(Date.now() + 3_600_000), finishedAt: null }).where(eq(backgroundJobs.id, waiting));
    const runNow = await act(waiting, 'retry');
    expect(runNow.statusCode).toBe(200);
    expect(new Date(runNow.json().runAt).getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    expect((await act(waiting, 'discard')).json()).toMatchObject({ status: 'DISCARDED' });

    const scheduled = await enqueueJob(db(), { type: 'payouts.run', payload: { day: '2026-12-07' }, runAt: new Date(Date.now() + 3_600_000) });
    const running = await enqueueJob(db(), { type: 'test.running', payload: {} });
    await db().update(backgroundJobs).set({ status: 'RUNNING', attempts: 1, lockedBy: 'another-process', lockedAt: new Date() }).where(eq(backgroundJobs.id, running));
    const done = await enqueueJob(db(), { type: 'test.done', payload: {} });
    await db().update(backgroundJobs).set({ status: 'DONE', attempts: 1, finishedAt: new Date() }).where(eq(backgroundJobs.id, done));
    for (const [id, message] of [
      [scheduled, JOB_HAS_NOT_FAILED],
      [running, JOB_IS_RUNNING],
      [done, JOB_IS_DONE],
    ] as const) {
      for (const action of ['retry', 'discard'] as const) {
        const response = await act(id, action);
        expect(response.statusCode, `${action} ${message}`).toBe(409);
        expect(response.json()).toMatchObject({ message, code: 'CONFLICT' });
      }
    }
    expect((await db().select().from(backgroundJobs).where(eq(backgroundJobs.id, scheduled)))[0]).toMatchObject({ status: 'PENDING', attempts: 0 });
    expect((await db().select().from(backgroundJobs).where(eq(backgroundJobs.id, running)))[0]).toMatchObject({ status: 'RUNNING', lockedBy: 'another-process' });
  });

  it('answers 404 for a job that does not exist, whatever its id looks like', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-job']) {
      for (const action of ['retry', 'discard'] as const) {
        const response = await act(id, action);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ message: BACKGROUND_JOB_NOT_FOUND });
      }
    }
  });
});

describe('describeJobPayload', () => {
  it('names what a job is about from the values that name things, never free text', () => {
    expect(describeJobPayload({ day: '2026-12-06' })).toBe('day 2026-12-06');
    expect(describeJobPayload({ slot: '2026-12-06T13:15:00.000Z' })).toBe('slot 2026-12-06T13:15:00.000Z');
    expect(describeJobPayload({ invoiceId: '5f3e2c1a-0b1d-4c2e-8f00-123456789abc', retry: 2 })).toBe('invoice 5f3e2c1a-0b1d-4c2e-8f00-123456789abc, retry 2');
    expect(describeJobPayload({ email: 'jo@example.com', firstName: 'Jo', message: 'Hi Jo, about your mother…' })).toBe('email jo@example.com');
    expect(describeJobPayload({ comment: 'jo@example.com' })).toBe('No details');
    expect(describeJobPayload(null)).toBe('No details');
    expect(describeJobPayload('a bare string')).toBe('No details');
  });
});
