import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminAnnualReviewListSchema,
  adminAnnualReviewSchema,
  ANNUAL_REVIEW_NOT_FOUND,
  ANNUAL_REVIEW_SIGNED_OFF,
  ANNUAL_REVIEW_YEAR_MESSAGE,
  annualReviewListSchema,
  annualReviewSchema,
  reviewYearOf,
  SIGN_OFF_NOTE_MESSAGE,
} from '@tendly/domain/api/annual-reviews';
import { NOT_AUTHORIZED, PLEASE_LOGIN } from '@tendly/domain/errors';
import { UNSAFE_TEXT_MESSAGE } from '@tendly/domain/validation/safe-text';
import { auditEvents } from '../../platform/db/schema/platform';
import { useTestApp } from '../../test-support/test-app';
import { signedIn, signedInAdmin, type SignedInAdmin } from '../../test-support/signed-in-users';
import { createCoordinator, createUser, createWorker, outboxOf, sessionFor } from '../auth/test-factories';

const { subject, call, db } = useTestApp();
let admin: SignedInAdmin;

beforeAll(async () => {
  admin = await signedInAdmin(db(), { firstName: 'Ada', lastName: 'Admin' });
});

const year = reviewYearOf(new Date());
const review = {
  wentWell: 'Built a steady routine with two clients.',
  wasHard: 'Travel between suburbs in winter.',
  trainingCompleted: 'First aid and CPR; manual handling module.',
  goalsNextYear: 'Complete a Certificate IV in Disability.',
  supportNeeded: '',
};

async function signedInWorker(options: { profileStatus?: 'ACTIVE' | 'INACTIVE'; firstName?: string } = {}) {
  const user = await createWorker(db(), { profileStatus: options.profileStatus ?? 'ACTIVE', user: { firstName: options.firstName ?? 'Wren' } });
  return signedIn(db(), user);
}

function put(token: string | undefined, reviewYear: number | string, payload: unknown) {
  return call('PUT', `/api/worker/annual-reviews/${reviewYear}`, { ...(token ? { token } : {}), payload });
}

function signOff(token: string | undefined, id: string, payload: unknown = { note: 'Great year. Well done.' }) {
  return call('POST', `/api/admin/annual-reviews/${id}/sign-off`, { ...(token ? { token } : {}), payload });
}

async function awaiting() {
  const response = await call('GET', '/api/admin/annual-reviews?status=awaiting', { token: admin.token });
  expect(response.statusCode).toBe(200);
  return adminAnnualReviewListSchema.parse(response.json());
}

describe('the worker’s annual review', () => {
  it('asks a visitor to sign in (401) and refuses other roles (403); an inactive worker may use it', async () => {
    expect((await call('GET', '/api/worker/annual-reviews')).json()).toMatchObject({ message: PLEASE_LOGIN });
    expect((await put(undefined, year, review)).statusCode).toBe(401);
    for (const token of [admin.token, await sessionFor(db(), (await createUser(db())).id)]) {
      const response = await put(token, year, review);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: NOT_AUTHORIZED });
    }
    const inactive = await signedInWorker({ profileStatus: 'INACTIVE' });
    expect((await put(inactive.token, year, review)).statusCode).toBe(200);
  });

  it('saves the review, lets the worker change it, and lists only their own', async () => {
    const { token } = await signedInWorker();
    const other = await signedInWorker();
    await put(other.token, year, review);

    const saved = await put(token, year, { ...review, supportNeeded: undefined });
    expect(saved.statusCode).toBe(200);
    expect(annualReviewSchema.parse(saved.json())).toMatchObject({ year, status: 'SUBMITTED', answers: review, signedOffAt: null });
    const changed = annualReviewSchema.parse((await put(token, year, { ...review, goalsNextYear: 'Learn Auslan.' })).json());
    expect(changed.answers.goalsNextYear).toBe('Learn Auslan.');
    expect(changed.id).toBe(annualReviewSchema.parse(saved.json()).id);
    await put(token, year - 1, review);

    const list = annualReviewListSchema.parse((await call('GET', '/api/worker/annual-reviews', { token })).json());
    expect(list.currentYear).toBe(year);
    expect(list.reviews.map((entry) => entry.year)).toEqual([year, year - 1]);
  });

  it('refuses missing answers, unsafe text and a year out of range: 400', async () => {
    const { token } = await signedInWorker();
    const missing = await put(token, year, { ...review, wentWell: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({ wentWell: 'Tell us what went well in your work this year.' });
    const unsafe = await put(token, year, { ...review, wasHard: 'Nights\u0000' });
    expect(unsafe.json().errors).toMatchObject({ wasHard: UNSAFE_TEXT_MESSAGE });
    for (const badYear of [year + 1, 2019, 'next']) {
      const response = await put(token, badYear, review);
      expect(response.statusCode, String(badYear)).toBe(400);
      expect(response.json().errors).toMatchObject({ year: ANNUAL_REVIEW_YEAR_MESSAGE });
    }
  });
});

describe('signing off annual reviews', () => {
  it('is for administrators only: 401 for a visitor, 403 for every other role', async () => {
    const worker = await signedInWorker();
    const coordinator = await createCoordinator(db());
    const careSeeker = await createUser(db());
    expect((await call('GET', '/api/admin/annual-reviews')).statusCode).toBe(401);
    expect((await signOff(undefined, '00000000-0000-4000-8000-000000000000')).json()).toMatchObject({ message: PLEASE_LOGIN });
    for (const token of [worker.token, await sessionFor(db(), coordinator.id), await sessionFor(db(), careSeeker.id)]) {
      expect((await call('GET', '/api/admin/annual-reviews', { token })).statusCode).toBe(403);
      const response = await signOff(token, '00000000-0000-4000-8000-000000000000');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: NOT_AUTHORIZED });
    }
  });

  it('lists reviews awaiting sign-off oldest first; signing off moves one to the signed list, records the audit event, and freezes it', async () => {
    const first = await signedInWorker({ firstName: 'Ari' });
    const second = await signedInWorker({ firstName: 'Bea' });
    const firstReview = annualReviewSchema.parse((await put(first.token, year, review)).json());
    const secondReview = annualReviewSchema.parse((await put(second.token, year, review)).json());

    const waiting = await awaiting();
    const ids = waiting.map((entry) => entry.id);
    expect(ids.indexOf(firstReview.id)).toBeLessThan(ids.indexOf(secondReview.id));
    expect(waiting.find((entry) => entry.id === firstReview.id)).toMatchObject({ worker: { id: first.user.id, name: 'Ari Worker' }, status: 'SUBMITTED' });

    const response = await signOff(admin.token, firstReview.id, { note: '  A thoughtful review. Keep it up!  ' });
    expect(response.statusCode).toBe(200);
    expect(adminAnnualReviewSchema.parse(response.json())).toMatchObject({
      id: firstReview.id,
      status: 'SIGNED_OFF',
      signOffNote: 'A thoughtful review. Keep it up!',
      signedOffBy: 'Ada Admin',
    });
    expect((await awaiting()).map((entry) => entry.id)).not.toContain(firstReview.id);
    const signed = adminAnnualReviewListSchema.parse((await call('GET', '/api/admin/annual-reviews?status=signed', { token: admin.token })).json());
    expect(signed[0]?.id).toBe(firstReview.id);

    const [event] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetType, 'worker_annual_review'), eq(auditEvents.targetId, firstReview.id)));
    expect(event).toMatchObject({ actorUserId: admin.user.id, subjectUserId: first.user.id, action: 'annual_review.signed_off' });
    expect(event?.detail).toMatchObject({ year, note: 'A thoughtful review. Keep it up!' });

    const frozen = await put(first.token, year, { ...review, wentWell: 'Changed after sign-off' });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json()).toMatchObject({ message: ANNUAL_REVIEW_SIGNED_OFF });
    const workerView = annualReviewListSchema.parse((await call('GET', '/api/worker/annual-reviews', { token: first.token })).json());
    expect(workerView.reviews[0]).toMatchObject({ status: 'SIGNED_OFF', signOffNote: 'A thoughtful review. Keep it up!', answers: review });

    expect((await signOff(admin.token, firstReview.id)).statusCode).toBe(409);

    await subject.drainJobs();
    const emails = await outboxOf(subject.app, first.user.email);
    expect(emails.map((email) => email.subject)).toEqual([`Your ${year} annual review is signed off`]);
    expect(emails[0]?.text).toContain('"A thoughtful review. Keep it up!"');
    expect(emails[0]?.text).toContain('/care-worker/annual-review');
  });

  it('answers 404 for an unknown review and 400 for a missing note or a bad filter', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await signOff(admin.token, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: ANNUAL_REVIEW_NOT_FOUND });
    }
    const { token } = await signedInWorker();
    const saved = annualReviewSchema.parse((await put(token, year, review)).json());
    const noNote = await signOff(admin.token, saved.id, { note: ' ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors).toMatchObject({ note: SIGN_OFF_NOTE_MESSAGE });
    expect((await signOff(admin.token, saved.id, { note: 'ok\u0000' })).json().errors).toMatchObject({ note: UNSAFE_TEXT_MESSAGE });
    expect((await call('GET', '/api/admin/annual-reviews?status=everything', { token: admin.token })).statusCode).toBe(400);
  });
});
