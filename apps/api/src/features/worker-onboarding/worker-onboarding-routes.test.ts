import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerSearchResultsSchema } from '@tendly/domain/api/search';
import { NOT_READY_FOR_REVIEW_MESSAGE, workerOnboardingSchema, workerProfileEditorSchema } from '@tendly/domain/api/worker-onboarding';
import { testRates } from '@tendly/domain/testing/onboarding-facts';
import { sydneyMidnightEdges } from '@tendly/domain/testing/sydney-midnight';
import { UNSAFE_TEXT_MESSAGE } from '@tendly/domain/validation/safe-text';
import { workerDocuments } from '../../platform/db/schema/onboarding';
import { localities } from '../../platform/db/schema/reference';
import { workerProfiles } from '../../platform/db/schema/workers';
import { loadOnboardingChecklist } from '../../platform/workers/onboarding-checklist';
import { createTestApp, type TestApp, useTestApp } from '../../test-support/test-app';
import { plusDays } from '../../test-support/test-dates';
import { createUser, createWorker, outboxOf, requester, sessionFor } from '../auth/test-factories';
import { addDocument, completeOnboardingRecords, completeProfile } from './test-onboarding';

const { subject, call, db } = useTestApp({ database: { referenceData: true } });

async function signedInWorker(status: 'ACTIVE' | 'INACTIVE' = 'INACTIVE') {
  const worker = await createWorker(db(), { profileStatus: status });
  return { worker, token: await sessionFor(db(), worker.id) };
}

async function marrickville(): Promise<number> {
  const [row] = await db().select({ id: localities.id }).from(localities).where(eq(localities.suburb, 'Marrickville')).limit(1);
  if (!row) throw new Error('Marrickville is missing from the test localities');
  return row.id;
}

describe('who may use the worker onboarding API', () => {
  const routes = [
    ['GET', '/api/worker/profile'],
    ['PUT', '/api/worker/profile/about'],
    ['PUT', '/api/worker/profile/rates'],
    ['GET', '/api/worker/onboarding'],
    ['POST', '/api/worker/submit-for-review'],
  ] as const;

  it('answers 401 to a visitor and 403 to a care seeker, a coordinator and an admin', async () => {
    const others = await Promise.all([createUser(db(), { role: 'CS' }), createUser(db(), { role: 'SUPPORT' }), createUser(db(), { role: 'ADMIN' })]);
    const tokens = await Promise.all(others.map((user) => sessionFor(db(), user.id)));
    for (const [method, url] of routes) {
      expect((await call(method, url, { payload: {} })).statusCode, `${method} ${url}`).toBe(401);
      for (const token of tokens) expect((await call(method, url, { token, payload: {} })).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('lets an INACTIVE worker read and edit their own profile', async () => {
    const { worker, token } = await signedInWorker('INACTIVE');
    const response = await call('GET', '/api/worker/profile', { token });
    expect(response.statusCode).toBe(200);
    const body = workerProfileEditorSchema.parse(response.json());
    expect(body).toMatchObject({ firstName: worker.firstName, email: worker.email, location: null, review: { status: 'INACTIVE', changesRequested: [] } });
  });
});

describe('PUT /api/worker/profile/<section>', () => {
  /** A valid rates section: the test rates, with no overnight or sleepover rate. */
  const rates = { ...testRates, overnightRateCents: null, sleepoverRateCents: null };

  it('saves each section and answers the whole profile', async () => {
    const { token } = await signedInWorker();
    const saves: [string, unknown][] = [
      ['about', { headline: completeProfile.headline, bio: completeProfile.bio }],
      ['skills', { skills: ['AUTISM', 'AUTISM', 'DEMENTIA'], tasks: [] }],
      ['experience', { experienceYears: 6, qualifications: [] }],
      ['languages', { languages: [] }],
      ['gender', { gender: 'FEMALE' }],
      ['transport', { hasDriversLicence: true, hasCar: false }],
      ['supportsMinors', { supportsMinors: true }],
      ['availability', { availability: { mon: { morning: true } } }],
      [
        'rates',
        { ...rates, sleepoverRateCents: 25000, travelPerKmCents: 0 },
      ],
    ];
    for (const [section, payload] of saves) {
      const response = await call('PUT', `/api/worker/profile/${section}`, { token, payload });
      expect(response.statusCode, section).toBe(200);
    }
    const body = workerProfileEditorSchema.parse((await call('GET', '/api/worker/profile', { token })).json());
    expect(body).toMatchObject({
      headline: completeProfile.headline,
      skills: ['AUTISM', 'DEMENTIA'],
      experienceYears: 6,
      gender: 'FEMALE',
      hasDriversLicence: true,
      hasCar: false,
      supportsMinors: true,
      rates: { weekdayRateCents: 4500, overnightRateCents: null, sleepoverRateCents: 25000, travelPerKmCents: 0 },
    });
    expect(body.availability.mon).toEqual({ morning: true, afternoon: false, evening: false });
  });

  it('finds the home suburb through the places lookup and copies its position', async () => {
    const { worker, token } = await signedInWorker();
    const response = await call('PUT', '/api/worker/profile/location', { token, payload: { location: 'Marrickville NSW 2204', travelRadiusKm: 25 } });
    expect(response.statusCode).toBe(200);
    expect(workerProfileEditorSchema.parse(response.json()).location).toEqual({
      suburb: 'Marrickville',
      state: 'NSW',
      postcode: '2204',
      label: 'Marrickville NSW 2204',
    });
    const [row] = await db().select().from(workerProfiles).where(eq(workerProfiles.userId, worker.id));
    const [place] = await db().select().from(localities).where(eq(localities.id, row?.localityId ?? -1));
    expect(row).toMatchObject({ travelRadiusKm: 25, latitude: place?.latitude, longitude: place?.longitude });

    const unknown = await call('PUT', '/api/worker/profile/location', { token, payload: { location: 'Nowhereville', travelRadiusKm: 25 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.location).toMatch(/Nowhereville/);
  });

  it('answers 400 with each field’s message', async () => {
    const { token } = await signedInWorker();
    const cases: [string, unknown, string, string][] = [
      ['about', { headline: 'Hello', bio: 'Too short' }, 'bio', 'Your bio needs at least 50 characters'],
      ['about', { headline: 'Hello', bio: 'x'.repeat(2001) }, 'bio', 'Your bio can be at most 2,000 characters'],
      ['about', { headline: ' ', bio: 'x'.repeat(60) }, 'headline', 'Add a headline: one line about the support you give'],
      ['about', { headline: 'Hi\u0000there', bio: 'x'.repeat(60) }, 'headline', UNSAFE_TEXT_MESSAGE],
      ['skills', { skills: [], tasks: [] }, 'skills', 'Choose at least one type of support or skill'],
      ['skills', { skills: ['FLYING'], tasks: [] }, 'skills.0', 'Choose skills from the list'],
      ['experience', { experienceYears: 71, qualifications: [] }, 'experienceYears', 'Enter your years of experience: a whole number from 0 to 70'],
      ['location', { location: 'Marrickville', travelRadiusKm: 4 }, 'travelRadiusKm', 'Choose how far you will travel: 5 to 100 km'],
      ['location', { location: 'Marrickville', travelRadiusKm: 101 }, 'travelRadiusKm', 'Choose how far you will travel: 5 to 100 km'],
      ['gender', { gender: 'OTHER' }, 'gender', 'Choose a gender from the list, or prefer not to say'],
      ['transport', { hasDriversLicence: 'yes', hasCar: false }, 'hasDriversLicence', 'Say whether you have a driver licence'],
    ];
    cases.push(
      ['rates', { ...rates, weekdayRateCents: 1999 }, 'weekdayRateCents', 'Enter your weekday rate: $20 to $300 an hour'],
      ['rates', { ...rates, sundayRateCents: 30001 }, 'sundayRateCents', 'Enter your Sunday rate: $20 to $300 an hour'],
      ['rates', { ...rates, eveningRateCents: 45.5 }, 'eveningRateCents', 'Enter the rate in dollars and cents'],
      ['rates', { ...rates, travelPerKmCents: 501 }, 'travelPerKmCents', 'Enter your travel rate: $0 to $5 a km'],
      ['rates', { ...rates, sleepoverRateCents: 4999 }, 'sleepoverRateCents', expect.stringContaining('Enter your sleepover rate: $50 to $600 a night') as unknown as string],
    );
    for (const [section, payload, field, message] of cases) {
      const response = await call('PUT', `/api/worker/profile/${section}`, { token, payload });
      expect(response.statusCode, `${section} ${field}`).toBe(400);
      expect(response.json().errors, `${section} ${field}`).toMatchObject({ [field]: message });
    }
    // Nothing was saved.
    expect(workerProfileEditorSchema.parse((await call('GET', '/api/worker/profile', { token })).json()).rates.weekdayRateCents).toBeNull();
  });
});

describe('GET /api/worker/onboarding and POST /api/worker/submit-for-review', () => {
  it('works the checklist out from the tables, and refuses to submit with 409 naming what is missing', async () => {
    const { token } = await signedInWorker();
    const before = workerOnboardingSchema.parse((await call('GET', '/api/worker/onboarding', { token })).json());
    expect(before).toMatchObject({ progressPercent: 0, canSubmitForReview: false });
    const refused = await call('POST', '/api/worker/submit-for-review', { token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: NOT_READY_FOR_REVIEW_MESSAGE,
      code: 'ONBOARDING_INCOMPLETE',
      errors: { referees: '2 referees', induction: 'The platform induction in the learning hub', documents: 'Your required compliance documents' },
    });
  });

  it.each(sydneyMidnightEdges)('counts a document through its expiry date in Australia, not in UTC (%s)', async (_edge, { at, sydneyDate }) => {
    const { worker } = await signedInWorker();
    await completeOnboardingRecords(db(), worker.id, await marrickville());
    await db().update(workerDocuments).set({ expiresOn: plusDays(sydneyDate, -1) }).where(and(eq(workerDocuments.workerId, worker.id), eq(workerDocuments.kind, 'POLICE_CHECK')));
    const profile = async () => (await db().select().from(workerProfiles).where(eq(workerProfiles.userId, worker.id)))[0]!;
    expect(await loadOnboardingChecklist(db(), await profile(), at)).toMatchObject({ canSubmitForReview: false, missing: ['Your required compliance documents'] });
    await addDocument(db(), worker.id, 'POLICE_CHECK', { expiresOn: sydneyDate });
    expect(await loadOnboardingChecklist(db(), await profile(), at)).toMatchObject({ canSubmitForReview: true, missing: [] });
  });

  it('submits a complete profile once: emails the operations team and the worker, and clears changes requested', async () => {
    const { worker, token } = await signedInWorker();
    await completeOnboardingRecords(db(), worker.id, await marrickville());
    await db()
      .update(workerProfiles)
      .set({ submittedForReviewAt: new Date('2026-01-01T00:00:00Z'), changesRequested: 'A clearer photo\nYour police check', changesRequestedAt: new Date() })
      .where(eq(workerProfiles.userId, worker.id));
    const asked = workerOnboardingSchema.parse((await call('GET', '/api/worker/onboarding', { token })).json());
    expect(asked).toMatchObject({ progressPercent: 100, canSubmitForReview: true, review: { changesRequested: ['A clearer photo', 'Your police check'] } });

    const submitted = await call('POST', '/api/worker/submit-for-review', { token });
    expect(submitted.statusCode).toBe(200);
    const body = workerOnboardingSchema.parse(submitted.json());
    expect(body.review.changesRequested).toEqual([]);
    expect(body.review.changesRequestedAt).toBeNull();
    expect(Date.parse(body.review.submittedForReviewAt ?? '')).toBeGreaterThan(Date.parse('2026-01-02'));

    const again = await call('POST', '/api/worker/submit-for-review', { token });
    expect(again.statusCode).toBe(200);
    expect(workerOnboardingSchema.parse(again.json()).review.submittedForReviewAt).toBe(body.review.submittedForReviewAt);

    await subject.drainJobs();
    const toWorker = await outboxOf(subject.app, worker.email);
    expect(toWorker.filter((message) => message.subject.startsWith('We’re reviewing your'))).toHaveLength(1);
    const toTeam = (await outboxOf(subject.app, subject.config.SUPPORT_EMAIL)).filter((message) => message.text.includes(worker.email));
    expect(toTeam).toHaveLength(1);
    expect(toTeam[0]?.subject).toMatch(/ready for review: Wren Worker/);
  });
});

describe('an ACTIVE worker’s changes in search', () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await createTestApp({ env: { SEARCH_CACHE_TTL_MS: '500' } });
  });
  afterAll(() => cached.close());

  it('show within the search cache time', async () => {
    const worker = await createWorker(cached.database.db, { user: { firstName: 'Quill' }, profile: { skills: ['OCD'], headline: 'Old headline', joinedAt: new Date() } });
    const token = await sessionFor(cached.database.db, worker.id);
    const headlines = async () =>
      workerSearchResultsSchema
        .parse((await cached.app.inject({ method: 'GET', url: '/api/search?skillType=OCD' })).json())
        .filter((found) => found.firstName === 'Quill')
        .map((found) => found.headline);
    expect(await headlines()).toEqual(['Old headline']);
    const saved = await requester(cached.app)('PUT', '/api/worker/profile/about', { token, payload: { headline: 'New headline', bio: 'x'.repeat(60) } });
    expect(saved.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await headlines()).toEqual(['New headline']);
  });
});
