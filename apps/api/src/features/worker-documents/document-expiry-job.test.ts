import { addDays, format, parseISO } from 'date-fns';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { workerSearchResultsSchema } from '@tendly/domain/api/search';
import type { WorkerDocument } from '@tendly/domain/api/compliance-documents';
import { formatLongDate } from '@tendly/domain/validation/compliance-documents';
import { backgroundJobs } from '../../platform/db/schema/platform';
import { workerDocuments } from '../../platform/db/schema/onboarding';
import { workerProfiles } from '../../platform/db/schema/workers';
import { enqueueJob, uuidFromKey } from '../../platform/jobs/job-queue';
import { useTestApp } from '../../test-support/test-app';
import { createUser, createWorker, outboxOf, sessionFor } from '../auth/test-factories';
import { DOCUMENT_EXPIRY_JOB, expiryCheckRunAt, scheduleDocumentExpiryCheck } from './document-expiry-job';
import { monthsFromToday, policeCheckFields, uploadDocument, yearsAfter } from './test-documents';

const { subject, call, db } = useTestApp();
let adminToken: string;

beforeAll(async () => {
  const admin = await createUser(subject.database.db, { role: 'ADMIN' });
  adminToken = await sessionFor(subject.database.db, admin.id);
});

const shift = (day: string, days: number) => format(addDays(parseISO(day), days), 'yyyy-MM-dd');

/** Runs the daily check for `day` now, as the queue would on that day, and delivers its emails. */
async function runCheckFor(day: string): Promise<void> {
  await enqueueJob(db(), { type: DOCUMENT_EXPIRY_JOB, payload: { day } });
  await subject.drainJobs();
}

async function addApproved(token: string, fields: Record<string, string>): Promise<WorkerDocument> {
  const added = await uploadDocument(subject.app, token, fields);
  expect(added.statusCode, added.body).toBe(201);
  const document = added.json<WorkerDocument>();
  const reviewed = await call('POST', `/api/admin/documents/${document.id}/review`, { token: adminToken, payload: { decision: 'APPROVED' } });
  expect(reviewed.statusCode, reviewed.body).toBe(200);
  return document;
}

async function profileOf(workerId: string) {
  const [profile] = await db().select().from(workerProfiles).where(eq(workerProfiles.userId, workerId));
  return profile!;
}

async function foundInSearch(keyword: string): Promise<string[]> {
  const response = await call('GET', `/api/search?keyword=${keyword}`);
  expect(response.statusCode, response.body).toBe(200);
  return workerSearchResultsSchema.parse(response.json()).map((worker) => worker.firstName);
}

const subjects = async (email: string) => (await outboxOf(subject.app, email)).map((message) => message.subject);

describe('the daily compliance document expiry check', () => {
  it('is queued once a day however many processes ask, at 2 am Sydney time, with an id made from the day', async () => {
    expect(await scheduleDocumentExpiryCheck(db(), '2031-06-15')).toBe(true);
    expect(await scheduleDocumentExpiryCheck(db(), '2031-06-15')).toBe(false);
    const rows = await db().select().from(backgroundJobs).where(eq(backgroundJobs.id, uuidFromKey(`${DOCUMENT_EXPIRY_JOB}:2031-06-15`)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: DOCUMENT_EXPIRY_JOB, payload: { day: '2031-06-15' }, status: 'PENDING' });
    // June is winter in Sydney: UTC+10.
    expect(expiryCheckRunAt('2031-06-15').toISOString()).toBe('2031-06-14T16:00:00.000Z');
    expect(uuidFromKey('a')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('warns at 30 and 7 days, inactivates on expiry, and an approved renewal makes the worker active and searchable again', async () => {
    const keyword = 'quokkaglow';
    const worker = await createWorker(db(), {
      profileStatus: 'ACTIVE',
      user: { firstName: 'Marlo' },
      profile: { headline: `Calm ${keyword} support`, approvedAt: new Date() },
    });
    const token = await sessionFor(db(), worker.id);
    const screeningIssued = monthsFromToday(-6);
    await addApproved(token, { kind: 'NDIS_WORKER_SCREENING', number: '1-AB-2', issuingState: 'NSW', issuedOn: screeningIssued, expiresOn: yearsAfter(screeningIssued, 5) });
    const fields = policeCheckFields();
    const policeCheck = await addApproved(token, fields);
    const expiresOn = fields.expiresOn!;
    expect(await foundInSearch(keyword)).toEqual(['Marlo']);

    await runCheckFor(shift(expiresOn, -31));
    expect(await subjects(worker.email)).toEqual([]);

    await runCheckFor(shift(expiresOn, -30));
    await runCheckFor(shift(expiresOn, -30));
    await runCheckFor(shift(expiresOn, -20));
    expect(await subjects(worker.email)).toEqual(['Your national police check expires in 30 days']);

    await runCheckFor(shift(expiresOn, -7));
    await runCheckFor(shift(expiresOn, -6));
    expect(await subjects(worker.email)).toEqual(['Your national police check expires in 7 days', 'Your national police check expires in 30 days']);
    // Issue 17: each warning is in the notification centre too, linking to the documents page.
    const notes = await call('GET', '/api/notifications', { token });
    expect((notes.json() as { notifications: { kind: string; title: string; link: string }[] }).notifications).toMatchObject([
      { kind: 'DOCUMENT_EXPIRING', title: 'Your national police check expires in 7 days', link: '/care-worker/documents' },
      { kind: 'DOCUMENT_EXPIRING', title: 'Your national police check expires in 30 days', link: '/care-worker/documents' },
    ]);
    const [warned] = await db().select().from(workerDocuments).where(eq(workerDocuments.id, policeCheck.id));
    expect(warned?.expiryWarning30SentAt).not.toBeNull();
    expect(warned?.expiryWarning7SentAt).not.toBeNull();

    // On its expiry date it still counts.
    await runCheckFor(expiresOn);
    expect((await profileOf(worker.id)).status).toBe('ACTIVE');

    await runCheckFor(shift(expiresOn, 1));
    const reason = `Your national police check expired on ${formatLongDate(expiresOn)}. Upload a renewed one to become active again.`;
    expect(await profileOf(worker.id)).toMatchObject({ status: 'INACTIVE', inactiveReason: reason, policeCheckVerifiedAt: null });
    const [expired] = await db().select().from(workerDocuments).where(eq(workerDocuments.id, policeCheck.id));
    expect(expired?.expiredAt).not.toBeNull();
    const [expiredEmail] = await outboxOf(subject.app, worker.email);
    expect(expiredEmail?.subject).toBe('Your national police check has expired');
    expect(expiredEmail?.text).toContain(reason);
    expect(await foundInSearch(keyword)).toEqual([]);

    // Again the next day: nothing more happens.
    await runCheckFor(shift(expiresOn, 2));
    expect(await subjects(worker.email)).toHaveLength(3);

    // The inactive worker can still see and add documents; the expired one shows as such.
    const list = await call('GET', '/api/worker/documents', { token });
    expect(list.statusCode).toBe(200);
    const police = list.json<{ kinds: { kind: string; approved: unknown; current: { expired: boolean } | null }[] }>().kinds.find((kind) => kind.kind === 'POLICE_CHECK');
    expect(police).toMatchObject({ approved: null, current: { expired: true } });

    await addApproved(token, policeCheckFields({ number: 'NPC-RENEWED' }));
    expect(await profileOf(worker.id)).toMatchObject({ status: 'ACTIVE', inactiveReason: null });
    expect((await profileOf(worker.id)).policeCheckVerifiedAt).not.toBeNull();
    await subject.drainJobs();
    expect((await outboxOf(subject.app, worker.email))[0]?.subject).toBe('Your profile is active again');
    expect(await foundInSearch(keyword)).toEqual(['Marlo']);
  });

  it('does not make a suspended worker active again when a renewal is approved', async () => {
    const worker = await createWorker(db(), { profileStatus: 'ACTIVE', profile: { approvedAt: new Date() } });
    const token = await sessionFor(db(), worker.id);
    const screeningIssued = monthsFromToday(-6);
    await addApproved(token, { kind: 'NDIS_WORKER_SCREENING', number: '1-AB-3', issuingState: 'VIC', issuedOn: screeningIssued, expiresOn: yearsAfter(screeningIssued, 5) });
    const fields = policeCheckFields();
    await addApproved(token, fields);
    await runCheckFor(shift(fields.expiresOn!, 1));
    expect((await profileOf(worker.id)).status).toBe('INACTIVE');
    await db().update(workerProfiles).set({ suspendedAt: new Date(), suspendedReason: 'Under review' }).where(eq(workerProfiles.userId, worker.id));
    await addApproved(token, policeCheckFields({ number: 'NPC-2' }));
    expect((await profileOf(worker.id)).status).toBe('INACTIVE');
  });

  it('sends no warnings for a document the worker does not have to hold, but marks it expired', async () => {
    const worker = await createWorker(db(), { profileStatus: 'ACTIVE', profile: { approvedAt: new Date() } });
    const token = await sessionFor(db(), worker.id);
    const issuedOn = monthsFromToday(-2);
    const cpr = await addApproved(token, { kind: 'CPR', issuedOn, expiresOn: yearsAfter(issuedOn, 1) });
    const expiresOn = yearsAfter(issuedOn, 1);
    await runCheckFor(shift(expiresOn, -7));
    await runCheckFor(shift(expiresOn, 1));
    expect(await subjects(worker.email)).toEqual([]);
    expect((await profileOf(worker.id)).status).toBe('ACTIVE');
    const [row] = await db().select().from(workerDocuments).where(eq(workerDocuments.id, cpr.id));
    expect(row?.expiredAt).not.toBeNull();
  });
});
