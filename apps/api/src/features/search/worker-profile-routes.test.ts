import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { aliasSessionResponseSchema } from '@tendly/domain/api/auth';
import { messagePageSchema, unreadCountSchema } from '@tendly/domain/api/conversations';
import { workerEnquiryResponseSchema, workerProfileSchema } from '@tendly/domain/api/search';
import { ENQUIRIES_PER_HOUR } from '@tendly/domain/constants';
import { NOT_AUTHORIZED, PLEASE_LOGIN } from '@tendly/domain/errors';
import { localities } from '../../platform/db/schema/reference';
import { workerEnquiries, workerReviews } from '../../platform/db/schema/search';
import { useTestApp } from '../../test-support/test-app';
import { week } from '../../test-support/test-availability';
import { createCoordinator, createUser, createWorker, linkClient, outboxOf, sessionFor } from '../auth/test-factories';
import { sendUnreadEmail } from '../messages/unread-email-job';
import { WORKER_NOT_FOUND } from './worker-profile-service';

const { subject, call, db } = useTestApp();

const dayMs = 86_400_000;
const now = Date.now();
const daysAgo = (days: number) => new Date(now - days * dayMs);
let localityId: number;

beforeAll(async () => {
  const [locality] = await db()
    .insert(localities)
    .values({ postcode: '3065', suburb: 'Fitzroy', state: 'VIC', latitude: -37.7975, longitude: 144.9805 })
    .returning();
  if (!locality) throw new Error('no locality');
  localityId = locality.id;
});

async function getProfile(id: string, token?: string) {
  return call('GET', `/api/carer/${id}`, token ? { token } : {});
}

describe('GET /api/carer/{id}', () => {
  it("shows the worker's public profile with labels, rates, availability, checks and the newest reviews", async () => {
    const verified = daysAgo(90);
    const worker = await createWorker(db(), {
      user: { firstName: 'Nadia', lastName: 'petrovic' },
      profile: {
        headline: 'Calm support for people living with dementia',
        bio: 'Nine years in aged care.',
        gender: 'FEMALE',
        skills: ['DEMENTIA', 'PARKINSONS'],
        tasks: ['COOK', 'CTP'],
        languages: ['en', 'ru'],
        qualifications: ['CERT3_AGED_CARE', 'FIRST_AID'],
        weekdayRateCents: 5400,
        saturdayRateCents: 7500,
        sundayRateCents: 9000,
        publicHolidayRateCents: 11_500,
        eveningRateCents: 6000,
        overnightRateCents: null,
        sleepoverRateCents: 21_000,
        // A partial week, as an older row might hold: the profile always shows all seven days.
        availability: { mon: { morning: true, afternoon: false, evening: false } } as never,
        localityId,
        travelRadiusKm: 15,
        hasDriversLicence: true,
        hasCar: false,
        policeCheckVerifiedAt: verified,
        ndisScreeningVerifiedAt: null,
        wwccVerifiedAt: verified,
        avatarUrl: '/api/avatars/nadia.svg',
        rating: 4.67,
        reviewCount: 3,
        lastActiveAt: daysAgo(2),
        joinedAt: daysAgo(500),
      },
    });
    await db()
      .insert(workerReviews)
      .values([
        { workerId: worker.id, authorFirstName: 'Irene', rating: 5, comment: 'Wonderful with Dad.', createdAt: daysAgo(30) },
        { workerId: worker.id, authorFirstName: 'Sam', rating: 4, comment: 'Reliable and kind.', createdAt: daysAgo(10) },
        { workerId: worker.id, authorFirstName: 'Lee', rating: 5, comment: 'Great cook.', createdAt: daysAgo(60) },
      ]);

    const response = await getProfile(worker.id);
    expect(response.statusCode).toBe(200);
    const profile = workerProfileSchema.parse(response.json());
    expect(profile).toEqual({
      carerId: worker.id,
      firstName: 'Nadia',
      lastInitial: 'P',
      avatar: '/api/avatars/nadia.svg',
      suburb: 'Fitzroy',
      state: 'VIC',
      headline: 'Calm support for people living with dementia',
      bio: 'Nine years in aged care.',
      gender: 'FEMALE',
      skills: [
        { code: 'DEMENTIA', label: 'Dementia' },
        { code: 'PARKINSONS', label: "Parkinson's disease" },
      ],
      tasks: [
        { code: 'COOK', label: 'Cooking' },
        { code: 'CTP', label: 'Personal care and daily routines' },
      ],
      languages: [
        { code: 'en', label: 'English' },
        { code: 'ru', label: 'Russian' },
      ],
      qualifications: [
        { code: 'CERT3_AGED_CARE', label: 'Certificate III in Aged Care' },
        { code: 'FIRST_AID', label: 'First Aid certificate' },
      ],
      rates: { weekday: 5400, saturday: 7500, sunday: 9000, publicHoliday: 11_500, evening: 6000, overnight: null, sleepover: 21_000 },
      availability: week({ mon: ['morning'] }),
      driving: { hasDriversLicence: true, hasCar: false },
      personalCare: true,
      travelRadiusKm: 15,
      checks: {
        policeCheck: { verified: true, verifiedAt: verified.toISOString() },
        ndisScreening: { verified: false, verifiedAt: null },
        workingWithChildren: { verified: true, verifiedAt: verified.toISOString() },
      },
      rating: 4.67,
      reviewCount: 3,
      reviews: [
        { id: expect.any(String), authorFirstName: 'Sam', rating: 4, comment: 'Reliable and kind.', createdAt: daysAgo(10).toISOString(), updatedAt: null, reply: null },
        { id: expect.any(String), authorFirstName: 'Irene', rating: 5, comment: 'Wonderful with Dad.', createdAt: daysAgo(30).toISOString(), updatedAt: null, reply: null },
        { id: expect.any(String), authorFirstName: 'Lee', rating: 5, comment: 'Great cook.', createdAt: daysAgo(60).toISOString(), updatedAt: null, reply: null },
      ],
      lastActiveAt: daysAgo(2).toISOString(),
      joinedAt: daysAgo(500).toISOString(),
    });
  });

  it('shows the 20 newest reviews of a much-reviewed worker', async () => {
    const worker = await createWorker(db());
    await db()
      .insert(workerReviews)
      .values(Array.from({ length: 25 }, (_, i) => ({ workerId: worker.id, authorFirstName: `R${i}`, rating: 5, comment: `Review ${i}`, createdAt: daysAgo(i) })));
    const profile = workerProfileSchema.parse((await getProfile(worker.id)).json());
    expect(profile.reviews.map((r) => r.authorFirstName)).toEqual(Array.from({ length: 20 }, (_, i) => `R${i}`));
    // A worker without a photo gets the generated avatar of their id.
    expect(profile.avatar).toBe(`/api/avatars/${worker.id}.svg`);
  });

  it('is a 404 for an unknown id, an id that is not one, an inactive profile or a deactivated account', async () => {
    const inactive = await createWorker(db(), { profileStatus: 'INACTIVE' });
    const deactivated = await createWorker(db(), { user: { status: 'DEACTIVATED' } });
    const careSeeker = await createUser(db());
    for (const id of ['6f1c2b1e-8a0b-4c55-9a77-1f0e2d3c4b5a', 'not-a-worker', '123', inactive.id, deactivated.id, careSeeker.id]) {
      const response = await getProfile(id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ message: WORKER_NOT_FOUND, code: 'NOT_FOUND' });
    }
  });

  it('lets a worker see their own profile even while it is inactive, and nobody else', async () => {
    const worker = await createWorker(db(), { profileStatus: 'INACTIVE', user: { firstName: 'Tomas' } });
    const own = await getProfile(worker.id, await sessionFor(db(), worker.id));
    expect(own.statusCode).toBe(200);
    expect(workerProfileSchema.parse(own.json()).firstName).toBe('Tomas');
    const otherWorker = await createWorker(db());
    expect((await getProfile(worker.id, await sessionFor(db(), otherWorker.id))).statusCode).toBe(404);
    expect((await getProfile(worker.id, await sessionFor(db(), (await createUser(db())).id))).statusCode).toBe(404);
  });
});

describe('POST /api/carer/{id}/enquiries', () => {
  const message = 'Hello! Mum needs help with shopping and appointments on Tuesday mornings in Fitzroy.';
  const enquire = (workerId: string, token: string | undefined, payload: unknown = { message }) =>
    call('POST', `/api/carer/${workerId}/enquiries`, { payload, ...(token ? { token } : {}) });

  it('stores the message and emails it to the worker with the care seeker’s first name', async () => {
    const worker = await createWorker(db(), { user: { firstName: 'Wren' } });
    const seeker = await createUser(db(), { firstName: 'Gloria', lastName: 'Mendes' });
    const response = await enquire(worker.id, await sessionFor(db(), seeker.id));
    expect(response.statusCode).toBe(201);
    const sent = workerEnquiryResponseSchema.parse(response.json());
    const [stored] = await db().select().from(workerEnquiries).where(eq(workerEnquiries.id, sent.id));
    expect(stored).toMatchObject({ userId: seeker.id, sentByUserId: seeker.id, workerId: worker.id, message });
    expect(stored?.createdAt.toISOString()).toBe(sent.sentAt);

    await subject.drainJobs();
    const [email] = await outboxOf(subject.app, worker.email);
    expect(email?.subject).toBe('Gloria sent you a message on Tendly');
    expect(email?.text).toContain('Hi Wren, Gloria found your profile on Tendly and sent you this message:');
    expect(email?.text).toContain(`"${message}"`);
    expect(email?.text).toContain('Please reply through Tendly');
    // Only the first name: never the care seeker's surname or address.
    expect(email?.text).not.toContain('Mendes');
    expect(email?.text).not.toContain(seeker.email);
  });

  it('delivers the message into the conversation between the two, and answers its id (issue 13)', async () => {
    const worker = await createWorker(db(), { user: { firstName: 'Wren' } });
    const seeker = await createUser(db(), { firstName: 'Gloria' });
    const seekerToken = await sessionFor(db(), seeker.id);
    const first = workerEnquiryResponseSchema.parse((await enquire(worker.id, seekerToken)).json());
    const second = workerEnquiryResponseSchema.parse((await enquire(worker.id, seekerToken, { message: `${message} Also Fridays.` })).json());
    expect(second.conversationId).toBe(first.conversationId);

    const workerToken = await sessionFor(db(), worker.id);
    const page = messagePageSchema.parse((await call('GET', `/api/conversations/${first.conversationId}/messages`, { token: workerToken })).json());
    expect(page.messages.map((sent) => [sent.senderId, sent.text])).toEqual([
      [seeker.id, `${message} Also Fridays.`],
      [seeker.id, message],
    ]);
    expect(unreadCountSchema.parse((await call('GET', '/api/unread-messages', { token: workerToken })).json()).unreadTotal).toBe(2);
    // The enquiry's own email told the worker: no unread-message email repeats it.
    for (const sent of page.messages) expect(await sendUnreadEmail(db(), { ...subject.config, UNREAD_MESSAGE_EMAIL_MINUTES: 15 }, sent.id)).toBe(false);
  });

  it('sends as the client when a support coordinator acts for them', async () => {
    const worker = await createWorker(db());
    const coordinator = await createCoordinator(db());
    const client = await createUser(db(), { firstName: 'Bettina' });
    await linkClient(db(), coordinator.id, client.id);
    const alias = await call('POST', `/api/support-coordinator/clients/${client.id}/alias`, { token: await sessionFor(db(), coordinator.id) });
    const { aliasToken } = aliasSessionResponseSchema.parse(alias.json());
    const response = await enquire(worker.id, aliasToken);
    expect(response.statusCode).toBe(201);
    const [stored] = await db().select().from(workerEnquiries).where(eq(workerEnquiries.id, workerEnquiryResponseSchema.parse(response.json()).id));
    expect(stored).toMatchObject({ userId: client.id, sentByUserId: coordinator.id });
    await subject.drainJobs();
    expect((await outboxOf(subject.app, worker.email))[0]?.subject).toBe('Bettina sent you a message on Tendly');
  });

  it('is for care seekers: 401 anonymous, 403 for workers and for coordinators not acting for a client', async () => {
    const worker = await createWorker(db());
    const anonymous = await enquire(worker.id, undefined);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(PLEASE_LOGIN);
    for (const person of [await createWorker(db()), await createCoordinator(db())]) {
      const refused = await enquire(worker.id, await sessionFor(db(), person.id));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(NOT_AUTHORIZED);
    }
  });

  it('refuses a message that is missing, too short or too long with a 400', async () => {
    const worker = await createWorker(db());
    const token = await sessionFor(db(), (await createUser(db())).id);
    const cases: [unknown, string][] = [
      [{}, 'Please write a message to the worker'],
      [{ message: '   Hi there   ' }, 'Please write at least 20 characters so the worker knows what you need'],
      [{ message: 'x'.repeat(2001) }, 'Please keep your message under 2000 characters'],
    ];
    for (const [payload, expected] of cases) {
      const response = await enquire(worker.id, token, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(expected);
    }
  });

  it('is a 404 for an unknown, inactive or deactivated worker', async () => {
    const token = await sessionFor(db(), (await createUser(db())).id);
    const inactive = await createWorker(db(), { profileStatus: 'INACTIVE' });
    const deactivated = await createWorker(db(), { user: { status: 'DEACTIVATED' } });
    for (const id of ['6f1c2b1e-8a0b-4c55-9a77-1f0e2d3c4b5a', 'nope', inactive.id, deactivated.id]) {
      const response = await enquire(id, token);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().message).toBe(WORKER_NOT_FOUND);
    }
  });

  it(`allows ${ENQUIRIES_PER_HOUR} enquiries an hour per care seeker, then a 429 that says when to try again`, async () => {
    const worker = await createWorker(db());
    const token = await sessionFor(db(), (await createUser(db())).id);
    for (let i = 0; i < ENQUIRIES_PER_HOUR; i += 1) expect((await enquire(worker.id, token)).statusCode).toBe(201);
    const refused = await enquire(worker.id, token);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json()).toEqual({
      message: expect.stringMatching(/^You have contacted 10 workers in the last hour\. Please wait \d+ minutes? before sending another message\.$/),
      code: 'RATE_LIMITED',
    });
    // Another care seeker is not held back.
    expect((await enquire(worker.id, await sessionFor(db(), (await createUser(db())).id))).statusCode).toBe(201);
  });
});
