import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminWorkerSchema, reviewQueueResponseSchema } from '@tendly/domain/api/admin';
import { interpretResponseSchema, workerSearchResultsSchema } from '@tendly/domain/api/search';
import { signUpResponseSchema } from '@tendly/domain/api/auth';
import { testTaxDetails } from '@tendly/domain/testing/onboarding-facts';
import { sydneyMidnightEdges } from '@tendly/domain/testing/sydney-midnight';
import { UNSAFE_TEXT_MESSAGE } from '@tendly/domain/validation/safe-text';
import { learningQuizAttempts, workerReferees, workerTaxDetails } from '../../platform/db/schema/onboarding';
import { auditEvents } from '../../platform/db/schema/platform';
import { localities } from '../../platform/db/schema/reference';
import { workerProfiles } from '../../platform/db/schema/workers';
import { useTestApp } from '../../test-support/test-app';
import { workerSignup } from '../../test-support/sign-up-payloads';
import { week } from '../../test-support/test-availability';
import { searchQueryOf } from '../worker-match/search-area';
import { signedInAdmin, type SignedInAdmin } from '../../test-support/signed-in-users';
import { createWorker, outboxOf, sessionFor } from '../auth/test-factories';
import { plusDays } from '../../test-support/test-dates';
import { adminEmailSite } from './admin-emails';
import { completeOnboardingRecords } from '../worker-onboarding/test-onboarding';
import { approveWorker, getWorkerForReview, NOT_SENT_IN_FOR_REVIEW } from './admin-review-service';
import { giveDocument } from './admin-test-support';

const { subject, call, db } = useTestApp({ database: { referenceData: true } });
let admin: SignedInAdmin;

beforeAll(async () => {
  admin = await signedInAdmin(db(), { firstName: 'Ada' });
});

/** A worker who sent their profile in `minutesAgo` minutes ago, with a keyword only they have. */
async function submittedWorker(minutesAgo: number, profile: Partial<typeof workerProfiles.$inferInsert> = {}) {
  const keyword = `kw${randomBytes(4).toString('hex')}`;
  const worker = await createWorker(db(), {
    profileStatus: 'INACTIVE',
    profile: {
      headline: `Patient support with ${keyword}`,
      bio: 'I help people get out and about, cook healthy meals and keep their home running smoothly.',
      submittedForReviewAt: new Date(Date.now() - minutesAgo * 60_000),
      ...profile,
    },
  });
  return { worker, keyword };
}

async function anyLocalityId(): Promise<number> {
  const [row] = await db().select({ id: localities.id }).from(localities).limit(1);
  if (!row) throw new Error('No test localities');
  return row.id;
}

/**
 * A worker who sent their profile in with every required onboarding item done but the documents,
 * which each test gives (approved or not) with giveDocument.
 */
async function readyWorker(minutesAgo: number, profile: Partial<typeof workerProfiles.$inferInsert> = {}) {
  const submitted = await submittedWorker(minutesAgo, profile);
  await completeOnboardingRecords(db(), submitted.worker.id, await anyLocalityId(), { withDocuments: false });
  await db()
    .update(workerProfiles)
    .set({ headline: `Patient support with ${submitted.keyword}`, ...profile })
    .where(eq(workerProfiles.userId, submitted.worker.id));
  return submitted;
}

async function searchFinds(keyword: string, workerId: string): Promise<boolean> {
  const response = await call('GET', `/api/search?keyword=${keyword}`);
  expect(response.statusCode).toBe(200);
  return workerSearchResultsSchema.parse(response.json()).some((found) => found.carerId === workerId);
}

async function workerView(workerId: string) {
  const response = await call('GET', `/api/admin/workers/${workerId}`, { token: admin.token });
  expect(response.statusCode, response.body).toBe(200);
  return adminWorkerSchema.parse(response.json());
}

async function auditOf(workerId: string, action: string) {
  return db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectUserId, workerId), eq(auditEvents.action, action)));
}

describe('GET /api/admin/review-queue', () => {
  it('lists workers who sent their profile in and are not approved since, oldest first, paged with a total', async () => {
    const older = await submittedWorker(600);
    const newer = await submittedWorker(500);
    const approvedSince = await submittedWorker(550, { approvedAt: new Date(), status: 'ACTIVE' });
    const resubmitted = await submittedWorker(520, { approvedAt: new Date(Date.now() - 1000 * 60_000), status: 'ACTIVE' });
    const notSent = await createWorker(db(), { profileStatus: 'INACTIVE' });

    const response = await call('GET', '/api/admin/review-queue?limit=100', { token: admin.token });
    expect(response.statusCode).toBe(200);
    const queue = reviewQueueResponseSchema.parse(response.json());
    const ids = queue.map((item) => item.workerId);
    expect(ids).not.toContain(approvedSince.worker.id);
    expect(ids).not.toContain(notSent.id);
    const mine = ids.filter((id) => [older.worker.id, resubmitted.worker.id, newer.worker.id].includes(id));
    expect(mine).toEqual([older.worker.id, resubmitted.worker.id, newer.worker.id]);
    expect(queue.find((item) => item.workerId === resubmitted.worker.id)?.isResubmission).toBe(true);
    expect(Number(response.headers['x-total-count'])).toBe(queue.length);

    const page = await call('GET', '/api/admin/review-queue?start=1&limit=1', { token: admin.token });
    expect(reviewQueueResponseSchema.parse(page.json())).toEqual([queue[1]]);
    expect(page.headers['x-total-count']).toBe(String(queue.length));
  });

  it('refuses a bad page with the field message', async () => {
    const response = await call('GET', '/api/admin/review-queue?limit=500', { token: admin.token });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ limit: 'limit must be a whole number between 1 and 100' });
  });
});

describe('GET /api/admin/workers/:workerId', () => {
  it('shows the whole profile: documents, referees and answers, masked tax details and learning passes', async () => {
    const { worker } = await submittedWorker(10, { supportsMinors: true, weekdayRateCents: 4500 });
    const police = await giveDocument(db(), worker.id, 'POLICE_CHECK', { status: 'PENDING' });
    await giveDocument(db(), worker.id, 'POLICE_CHECK', { supersededAt: new Date() });
    await db().insert(workerReferees).values([
      { workerId: worker.id, position: 1, name: 'Rita Referee', relationship: 'Former manager', email: 'rita@example.com', phone: '0400000001', answeredAt: new Date(), answers: { wouldRecommend: true, comments: 'Reliable and kind.' } },
      { workerId: worker.id, position: 2, name: 'Sam Second', relationship: 'Client', email: 'sam@example.com', phone: '0400000002' },
    ]);
    await db().insert(workerTaxDetails).values({ workerId: worker.id, ...testTaxDetails, accountNumberEncrypted: 'v1:secret-cipher-text' });
    await db().insert(learningQuizAttempts).values([
      { workerId: worker.id, moduleCode: 'platform-induction', scorePercent: 60, passed: false },
      { workerId: worker.id, moduleCode: 'platform-induction', scorePercent: 100, passed: true },
    ]);

    const view = await workerView(worker.id);
    expect(view.account).toMatchObject({ id: worker.id, email: worker.email, role: 'CR' });
    expect(view.profile).toMatchObject({ status: 'INACTIVE', supportsMinors: true, rates: expect.objectContaining({ weekday: 4500 }) });
    expect(view.documents[0]).toMatchObject({ id: police, kind: 'POLICE_CHECK', status: 'PENDING', isSuperseded: false, contentType: 'application/pdf', isRequired: true });
    expect(view.documents[1]?.isSuperseded).toBe(true);
    expect(view.missingRequiredDocuments).toEqual(['NDIS Worker Screening clearance', 'National police check', 'Working with children check']);
    expect(view.referees.map((referee) => [referee.name, referee.answers])).toEqual([
      ['Rita Referee', { wouldRecommend: true, comments: 'Reliable and kind.' }],
      ['Sam Second', null],
    ]);
    expect(view.taxDetails).toMatchObject({ abn: '51824753556', bsb: '062000', accountNumberLastDigits: '789' });
    expect(JSON.stringify(view)).not.toContain('secret-cipher-text');
    expect(view.learningPasses).toEqual([expect.objectContaining({ moduleCode: 'platform-induction', scorePercent: 100 })]);
  });
});

describe('approving a worker', () => {
  // Issue 31, item 1: nothing a new worker could do made them "offer personal care", so a family
  // asking for help with showering never found them. Ticking the personal care service is it.
  it('finds a new worker who ticked personal care, from their sign-up, by the filter and by a family’s sentence to the AI match', async () => {
    const signedUp = await call('POST', '/api/signup', {
      payload: workerSignup({ firstName: 'Pia', address: '12 Malop Street', suburb: 'Geelong', state: 'Victoria', postcode: '3220' }),
    });
    expect(signedUp.statusCode, signedUp.body).toBe(201);
    const workerId = signUpResponseSchema.parse(signedUp.json()).id;
    const workerToken = await sessionFor(db(), workerId);
    const [geelong] = await db().select({ id: localities.id }).from(localities).where(and(eq(localities.suburb, 'Geelong'), eq(localities.postcode, '3220')));
    await completeOnboardingRecords(db(), workerId, geelong!.id, { withDocuments: false });
    await db().update(workerProfiles).set({ availability: week({ mon: ['morning'], tue: ['morning'], wed: ['morning'], thu: ['morning'], fri: ['morning'] }) }).where(eq(workerProfiles.userId, workerId));
    // What the profile editor sends once "I offer personal care" is ticked: the service in the list.
    const saved = await call('PUT', '/api/worker/profile/skills', { token: workerToken, payload: { skills: ['AGEDGEN'], tasks: ['MEAL', 'CTP'] } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ tasks: ['MEAL', 'CTP'] });
    await giveDocument(db(), workerId, 'NDIS_WORKER_SCREENING');
    await giveDocument(db(), workerId, 'POLICE_CHECK');
    expect((await call('POST', '/api/worker/submit-for-review', { token: workerToken })).statusCode).toBe(200);
    const approved = await call('POST', `/api/admin/workers/${workerId}/approve`, { token: admin.token });
    expect(approved.statusCode, approved.body).toBe(200);

    const found = async (query: string) => workerSearchResultsSchema.parse((await call('GET', `/api/search?${query}`)).json()).find((worker) => worker.carerId === workerId);
    expect(await found('location=3220&personalCare=true')).toMatchObject({ personalCare: true });
    const profile = await call('GET', `/api/carer/${workerId}`);
    expect(profile.json()).toMatchObject({ personalCare: true, tasks: expect.arrayContaining([{ code: 'CTP', label: 'Personal care and daily routines' }]) });

    const read = await call('POST', '/api/search/interpret', { payload: { text: 'My dad in Geelong needs help with showering and meals on weekday mornings' } });
    expect(read.statusCode, read.body).toBe(200);
    const { filters, searchArea } = interpretResponseSchema.parse(read.json());
    expect(filters).toMatchObject({ personalCare: true, availability: ['mon', 'tue', 'wed', 'thu', 'fri'], timesOfDay: ['morning'] });
    const query = new URLSearchParams(
      Object.entries(searchQueryOf(filters, searchArea?.locationType ?? 'KM_25', 25)).flatMap(([key, value]): [string, string][] =>
        value === undefined ? [] : Array.isArray(value) ? value.map((item) => [key, String(item)]) : [[key, String(value)]],
      ),
    );
    expect(await found(query.toString())).toBeDefined();
  });

  // Issue 29, item 1: the probe approved a new worker with only a location and two approved
  // documents (200, ACTIVE, in search with no headline, rate or description).
  it('is refused (409 listing what is missing) for a worker who never sent their profile in and has not finished onboarding', async () => {
    const keyword = `kw${randomBytes(4).toString('hex')}`;
    const worker = await createWorker(db(), { profileStatus: 'INACTIVE', profile: { localityId: await anyLocalityId(), travelRadiusKm: 20, bio: keyword } });
    await giveDocument(db(), worker.id, 'NDIS_WORKER_SCREENING');
    await giveDocument(db(), worker.id, 'POLICE_CHECK');

    const refused = await call('POST', `/api/admin/workers/${worker.id}/approve`, { token: admin.token });
    expect(refused.statusCode).toBe(409);
    const body = refused.json();
    expect(body.code).toBe('ONBOARDING_INCOMPLETE');
    expect(Object.keys(body.errors)).toEqual(['about', 'skills', 'photo', 'rates', 'availability', 'referees', 'taxAndSuper', 'induction']);
    expect(body.message).toBe(
      `${NOT_SENT_IN_FOR_REVIEW} Still missing: ${Object.values(body.errors as Record<string, string>).join('; ')}.`,
    );
    const view = await workerView(worker.id);
    expect(view.profile).toMatchObject({ status: 'INACTIVE', approvedAt: null });
    expect(await searchFinds(keyword, worker.id)).toBe(false);
    expect(await auditOf(worker.id, 'worker.approved')).toHaveLength(0);
    await subject.drainJobs();
    expect(await outboxOf(subject.app, worker.email)).toHaveLength(0);
  });

  it('waits for the worker to send their profile in (again, after changes were asked for), even with every item done', async () => {
    const worker = await createWorker(db(), { profileStatus: 'INACTIVE' });
    await completeOnboardingRecords(db(), worker.id, await anyLocalityId(), { withDocuments: false });
    await giveDocument(db(), worker.id, 'NDIS_WORKER_SCREENING');
    await giveDocument(db(), worker.id, 'POLICE_CHECK');
    const notSent = await call('POST', `/api/admin/workers/${worker.id}/approve`, { token: admin.token });
    expect(notSent.statusCode).toBe(409);
    expect(notSent.json()).toMatchObject({ code: 'NOT_SUBMITTED_FOR_REVIEW', message: NOT_SENT_IN_FOR_REVIEW });

    const workerToken = await sessionFor(db(), worker.id);
    expect((await call('POST', '/api/worker/submit-for-review', { token: workerToken })).statusCode).toBe(200);
    await call('POST', `/api/admin/workers/${worker.id}/request-changes`, { token: admin.token, payload: { items: ['A clearer photo'] } });
    expect((await call('POST', `/api/admin/workers/${worker.id}/approve`, { token: admin.token })).statusCode).toBe(409);

    expect((await call('POST', '/api/worker/submit-for-review', { token: workerToken })).statusCode).toBe(200);
    const approved = await call('POST', `/api/admin/workers/${worker.id}/approve`, { token: admin.token });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(adminWorkerSchema.parse(approved.json()).profile.status).toBe('ACTIVE');
  });

  it('is refused with 409 naming what is missing until every required document is approved and current', async () => {
    const { worker } = await readyWorker(20);
    await giveDocument(db(), worker.id, 'NDIS_WORKER_SCREENING');
    await giveDocument(db(), worker.id, 'POLICE_CHECK', { status: 'PENDING' });
    const refused = await call('POST', `/api/admin/workers/${worker.id}/approve`, { token: admin.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This worker cannot be approved yet: approve a current National police check first.');
    await giveDocument(db(), worker.id, 'POLICE_CHECK', { expiresOn: '2020-01-01', issuedOn: '2017-01-01' });
    expect((await call('POST', `/api/admin/workers/${worker.id}/approve`, { token: admin.token })).statusCode).toBe(409);
    expect((await workerView(worker.id)).profile.status).toBe('INACTIVE');
  });

  // A document is good through its expiry date, a date in Australia: just after midnight in Sydney,
  // yesterday there is still today in UTC, and a check that lapsed then must not let anyone approve.
  it.each(sydneyMidnightEdges)('reads each document’s expiry date as a date in Australia (%s)', async (_edge, { at, sydneyDate }) => {
    const ctx = { db: db(), site: adminEmailSite(subject.config), now: () => at };
    const actor = { userId: admin.user.id, ip: '127.0.0.1' };
    const { worker } = await readyWorker(20);
    await giveDocument(db(), worker.id, 'NDIS_WORKER_SCREENING');
    await giveDocument(db(), worker.id, 'POLICE_CHECK', { issuedOn: plusDays(sydneyDate, -400), expiresOn: plusDays(sydneyDate, -1) });
    // The lapsed check is not current, so the onboarding checklist itself is not done.
    await expect(approveWorker(ctx, actor, worker.id)).rejects.toMatchObject({ status: 409, code: 'ONBOARDING_INCOMPLETE', fieldErrors: { documents: 'Your required compliance documents' } });
    const view = await getWorkerForReview(db(), worker.id, at);
    expect(view.documents.find((document) => document.kind === 'POLICE_CHECK')?.isExpired).toBe(true);
    expect(view.missingRequiredDocuments).toEqual(['National police check']);

    await giveDocument(db(), worker.id, 'POLICE_CHECK', { issuedOn: plusDays(sydneyDate, -400), expiresOn: sydneyDate });
    expect((await approveWorker(ctx, actor, worker.id)).profile.status).toBe('ACTIVE');
  });

  it('asks for the working-with-children check of a worker who supports people under 18', async () => {
    const { worker } = await readyWorker(20, { supportsMinors: true });
    await giveDocument(db(), worker.id, 'NDIS_WORKER_SCREENING');
    await giveDocument(db(), worker.id, 'POLICE_CHECK');
    await giveDocument(db(), worker.id, 'WORKING_WITH_CHILDREN', { status: 'PENDING' });
    const refused = await call('POST', `/api/admin/workers/${worker.id}/approve`, { token: admin.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Working with children check');
  });

  it('makes the worker ACTIVE and findable in search, emails them, and audits who did it', async () => {
    const { worker, keyword } = await readyWorker(30, { changesRequested: 'Add a photo', changesRequestedAt: new Date() });
    await giveDocument(db(), worker.id, 'NDIS_WORKER_SCREENING');
    await giveDocument(db(), worker.id, 'POLICE_CHECK');
    expect(await searchFinds(keyword, worker.id)).toBe(false);

    const response = await call('POST', `/api/admin/workers/${worker.id}/approve`, { token: admin.token });
    expect(response.statusCode, response.body).toBe(200);
    const view = adminWorkerSchema.parse(response.json());
    expect(view.profile).toMatchObject({ status: 'ACTIVE', changesRequested: null, inactiveReason: null });
    expect(view.profile.approvedBy?.id).toBe(admin.user.id);
    expect(await searchFinds(keyword, worker.id)).toBe(true);

    const queue = reviewQueueResponseSchema.parse((await call('GET', '/api/admin/review-queue?limit=100', { token: admin.token })).json());
    expect(queue.map((item) => item.workerId)).not.toContain(worker.id);

    await subject.drainJobs();
    expect((await outboxOf(subject.app, worker.email))[0]?.subject).toMatch(/profile is approved/);
    const [event] = await auditOf(worker.id, 'worker.approved');
    expect(event).toMatchObject({ actorUserId: admin.user.id, targetType: 'worker_profile', targetId: worker.id });
    expect(event?.detail).toMatchObject({ before: { status: 'INACTIVE' }, after: { status: 'ACTIVE' } });
    expect(view.history[0]?.action).toBe('worker.approved');
  });
});

describe('asking a worker for changes', () => {
  it('emails the list, keeps it on the profile and takes the worker out of the queue until they send it in again', async () => {
    const { worker } = await submittedWorker(40);
    const items = ['Upload a police check issued in the last 12 months', 'Tell care seekers a little more in your bio'];
    const response = await call('POST', `/api/admin/workers/${worker.id}/request-changes`, { token: admin.token, payload: { items } });
    expect(response.statusCode, response.body).toBe(200);
    const view = adminWorkerSchema.parse(response.json());
    expect(view.profile).toMatchObject({ changesRequested: items.join('\n'), submittedForReviewAt: null });
    const queue = reviewQueueResponseSchema.parse((await call('GET', '/api/admin/review-queue?limit=100', { token: admin.token })).json());
    expect(queue.map((item) => item.workerId)).not.toContain(worker.id);
    await subject.drainJobs();
    const [email] = await outboxOf(subject.app, worker.email);
    expect(email?.text).toContain('1. Upload a police check issued in the last 12 months');
    expect(email?.text).toContain('2. Tell care seekers a little more in your bio');
    expect(await auditOf(worker.id, 'worker.changes_requested')).toHaveLength(1);
  });

  it('refuses an empty list, a blank item and invisible characters with the field message', async () => {
    const { worker } = await submittedWorker(40);
    const cases: [unknown, Record<string, string>][] = [
      [{ items: [] }, { items: 'List at least one thing the worker needs to fix' }],
      [{ items: ['  '] }, { 'items.0': 'Enter what needs fixing' }],
      [{ items: ['Fix\u0000this'] }, { 'items.0': UNSAFE_TEXT_MESSAGE }],
    ];
    for (const [payload, errors] of cases) {
      const response = await call('POST', `/api/admin/workers/${worker.id}/request-changes`, { token: admin.token, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual(errors);
    }
  });
});

describe('suspending and restoring a worker', () => {
  it('takes an approved worker out of search with the reason, and restoring puts them back', async () => {
    const { worker, keyword } = await readyWorker(50);
    await giveDocument(db(), worker.id, 'NDIS_WORKER_SCREENING');
    await giveDocument(db(), worker.id, 'POLICE_CHECK');
    expect((await call('POST', `/api/admin/workers/${worker.id}/approve`, { token: admin.token })).statusCode).toBe(200);
    expect(await searchFinds(keyword, worker.id)).toBe(true);

    const suspended = await call('POST', `/api/admin/workers/${worker.id}/suspend`, { token: admin.token, payload: { reason: 'A complaint we are looking into' } });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(adminWorkerSchema.parse(suspended.json()).profile).toMatchObject({ status: 'INACTIVE', suspendedReason: 'A complaint we are looking into' });
    expect(await searchFinds(keyword, worker.id)).toBe(false);
    expect((await call('POST', `/api/admin/workers/${worker.id}/suspend`, { token: admin.token, payload: { reason: 'Again' } })).statusCode).toBe(409);
    expect((await call('POST', `/api/admin/workers/${worker.id}/approve`, { token: admin.token })).statusCode).toBe(409);

    const restored = await call('POST', `/api/admin/workers/${worker.id}/restore`, { token: admin.token });
    expect(restored.statusCode).toBe(200);
    expect(adminWorkerSchema.parse(restored.json()).profile).toMatchObject({ status: 'ACTIVE', suspendedAt: null, inactiveReason: null });
    expect(await searchFinds(keyword, worker.id)).toBe(true);
    expect((await call('POST', `/api/admin/workers/${worker.id}/restore`, { token: admin.token })).statusCode).toBe(409);
    expect((await auditOf(worker.id, 'worker.suspended'))[0]?.detail).toMatchObject({ reason: 'A complaint we are looking into' });
    expect(await auditOf(worker.id, 'worker.restored')).toHaveLength(1);
  });

  it('keeps a restored worker INACTIVE, saying why, when a required document lapsed meanwhile', async () => {
    const { worker } = await readyWorker(50);
    await giveDocument(db(), worker.id, 'NDIS_WORKER_SCREENING');
    await giveDocument(db(), worker.id, 'POLICE_CHECK');
    await call('POST', `/api/admin/workers/${worker.id}/approve`, { token: admin.token });
    await call('POST', `/api/admin/workers/${worker.id}/suspend`, { token: admin.token, payload: { reason: 'Checking a report' } });
    await db().update(workerProfiles).set({ supportsMinors: true }).where(eq(workerProfiles.userId, worker.id));
    const restored = adminWorkerSchema.parse((await call('POST', `/api/admin/workers/${worker.id}/restore`, { token: admin.token })).json());
    expect(restored.profile.status).toBe('INACTIVE');
    expect(restored.profile.inactiveReason).toContain('Working with children check');
  });

  it('asks for a reason', async () => {
    const { worker } = await submittedWorker(50);
    const response = await call('POST', `/api/admin/workers/${worker.id}/suspend`, { token: admin.token, payload: { reason: ' ' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ reason: 'Enter a reason' });
  });
});
