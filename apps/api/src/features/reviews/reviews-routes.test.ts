import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { aliasSessionResponseSchema } from '@tendly/domain/api/auth';
import { workerProfileSchema } from '@tendly/domain/api/search';
import { UNSAFE_TEXT_MESSAGE } from '@tendly/domain/validation/safe-text';
import { createActiveContract, createTimesheet } from '../../platform/billing/test-billing';
import type { RequestAuth } from '../../platform/auth/authenticate';
import { users } from '../../platform/db/schema/accounts';
import { auditEvents } from '../../platform/db/schema/platform';
import { workerReviews } from '../../platform/db/schema/search';
import { workerProfiles } from '../../platform/db/schema/workers';
import { useTestApp } from '../../test-support/test-app';
import { createCoordinator, createUser, createWorker, linkClient, outboxOf, sessionFor } from '../auth/test-factories';
import { saveReview } from './reviews-service';

const { subject, call, db } = useTestApp({ env: { SUPPORT_EMAIL: 'ops@example.org' } });

const goodReview = { rating: 5, comment: 'Kind, punctual and very good with my dad.' };

/** A care seeker and a worker under a contract; `approved` adds an approved job report. */
async function pair(approved = true) {
  const contract = await createActiveContract(db());
  if (approved) await createTimesheet(db(), contract, { start: '2026-11-03T09:00', end: '2026-11-03T11:00' });
  return { contract, careSeekerToken: await sessionFor(db(), contract.careSeekerId), workerToken: await sessionFor(db(), contract.workerId) };
}

async function profile(workerId: string) {
  const response = await call('GET', `/api/carer/${workerId}`);
  expect(response.statusCode, response.body).toBe(200);
  return workerProfileSchema.parse(response.json());
}

describe('a care seeker reviewing a worker', () => {
  it('is allowed only after an approved job report, and keeps one review per care seeker and worker', async () => {
    const early = await pair(false);
    await createTimesheet(db(), early.contract, { start: '2026-11-04T09:00', end: '2026-11-04T11:00', status: 'SUBMITTED' });
    const refused = await call('PUT', `/api/carer/${early.contract.workerId}/review`, { token: early.careSeekerToken, payload: goodReview });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'NOT_ELIGIBLE' });
    expect((await call('GET', `/api/carer/${early.contract.workerId}/my-review`, { token: early.careSeekerToken })).json()).toMatchObject({ canReview: false, review: null });

    const { contract, careSeekerToken } = await pair();
    const first = await call('PUT', `/api/carer/${contract.workerId}/review`, { token: careSeekerToken, payload: goodReview });
    expect(first.statusCode, first.body).toBe(200);
    const second = await call('PUT', `/api/carer/${contract.workerId}/review`, { token: careSeekerToken, payload: { rating: 3, comment: 'Good, but late twice in the first month.' } });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ id: first.json().id, rating: 3 });
    expect(await db().select().from(workerReviews).where(eq(workerReviews.workerId, contract.workerId))).toHaveLength(1);
    const shown = await profile(contract.workerId);
    expect(shown).toMatchObject({ rating: 3, reviewCount: 1 });
    expect(shown.reviews[0]).toMatchObject({ authorFirstName: 'Helen', rating: 3, updatedAt: expect.any(String), reply: null });
  });

  it('counts two care seekers reviewing at the same moment both, in the average', { tags: ['drivers'] }, async () => {
    const worker = await createWorker(db());
    const writers = await Promise.all(
      [4, 2].map(async (rating) => {
        const contract = await createActiveContract(db(), { workerId: worker.id });
        await createTimesheet(db(), contract, { start: '2026-11-03T09:00', end: '2026-11-03T11:00' });
        return { rating, token: await sessionFor(db(), contract.careSeekerId) };
      }),
    );
    const answers = await Promise.all(writers.map(({ rating, token }) => call('PUT', `/api/carer/${worker.id}/review`, { token, payload: { rating, comment: 'Written at the same moment as another.' } })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const [row] = await db().select().from(workerProfiles).where(eq(workerProfiles.userId, worker.id));
    expect(row).toMatchObject({ rating: 3, reviewCount: 2 });
  });

  it('checks each field, and refuses text with a NUL character', async () => {
    const { contract, careSeekerToken } = await pair();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ rating: 0, comment: goodReview.comment }, 'rating', 'Choose from 1 to 5 stars'],
      [{ rating: 4.5, comment: goodReview.comment }, 'rating', 'Choose from 1 to 5 stars'],
      [{ rating: 4, comment: 'Too short' }, 'comment', 'Write at least 20 characters about your experience'],
      [{ rating: 4, comment: 'x'.repeat(2001) }, 'comment', 'A review is at most 2,000 characters'],
      [{ rating: 4, comment: 'A perfectly fine review\u0000 with a NUL in it' }, 'comment', UNSAFE_TEXT_MESSAGE],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call('PUT', `/api/carer/${contract.workerId}/review`, { token: careSeekerToken, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors?.[field]).toBe(message);
    }
  });

  it('can be changed for 30 days, then no longer', async () => {
    const { contract, careSeekerToken } = await pair();
    const [careSeeker] = await db().select().from(users).where(eq(users.id, contract.careSeekerId));
    const fortyDaysAgo = new Date(Date.now() - 40 * 86_400_000);
    await saveReview(db(), subject.config, { user: careSeeker, actor: null } as unknown as RequestAuth, contract.workerId, goodReview, fortyDaysAgo);
    const late = await call('PUT', `/api/carer/${contract.workerId}/review`, { token: careSeekerToken, payload: { rating: 1, comment: 'Changing my mind much too late.' } });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'EDIT_CLOSED' });
    expect((await call('GET', `/api/carer/${contract.workerId}/my-review`, { token: careSeekerToken })).json()).toMatchObject({ canReview: true, review: { editable: false, rating: 5 } });
  });

  it('is written for a client by the coordinator acting for them, in the client’s name', async () => {
    const { contract } = await pair();
    const coordinator = await createCoordinator(db());
    await linkClient(db(), coordinator.id, contract.careSeekerId);
    const coordinatorToken = await sessionFor(db(), coordinator.id);
    const alias = await call('POST', `/api/support-coordinator/clients/${contract.careSeekerId}/alias`, { token: coordinatorToken });
    expect(alias.statusCode, alias.body).toBeLessThan(300);
    const aliasToken = aliasSessionResponseSchema.parse(alias.json()).aliasToken;
    const response = await call('PUT', `/api/carer/${contract.workerId}/review`, { token: aliasToken, payload: goodReview });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await db().select().from(workerReviews).where(eq(workerReviews.workerId, contract.workerId));
    expect(row).toMatchObject({ careSeekerId: contract.careSeekerId, actedByUserId: coordinator.id, authorFirstName: 'Helen' });
  });

  it('is refused to anonymous people, workers, coordinators and administrators; an unknown worker is a 404', async () => {
    const { contract, workerToken } = await pair();
    expect((await call('PUT', `/api/carer/${contract.workerId}/review`, { payload: goodReview })).statusCode).toBe(401);
    expect((await call('PUT', `/api/carer/${contract.workerId}/review`, { token: workerToken, payload: goodReview })).statusCode).toBe(403);
    const coordinatorToken = await sessionFor(db(), (await createCoordinator(db())).id);
    expect((await call('PUT', `/api/carer/${contract.workerId}/review`, { token: coordinatorToken, payload: goodReview })).statusCode).toBe(403);
    const stranger = await sessionFor(db(), (await createUser(db())).id);
    expect((await call('PUT', '/api/carer/not-a-worker/review', { token: stranger, payload: goodReview })).statusCode).toBe(404);
    expect((await call('PUT', `/api/carer/${contract.careSeekerId}/review`, { token: stranger, payload: goodReview })).statusCode).toBe(404);
  });
});

describe('the worker’s reply and the administrator’s hiding', () => {
  it('lets the worker reply once, to their own reviews only', async () => {
    const { contract, careSeekerToken, workerToken } = await pair();
    const review = (await call('PUT', `/api/carer/${contract.workerId}/review`, { token: careSeekerToken, payload: goodReview })).json() as { id: string };
    const other = await pair();
    expect((await call('POST', `/api/reviews/${review.id}/reply`, { token: other.workerToken, payload: { reply: 'Not mine to answer' } })).statusCode).toBe(404);
    expect((await call('POST', `/api/reviews/${review.id}/reply`, { token: careSeekerToken, payload: { reply: 'Not a worker' } })).statusCode).toBe(403);
    const replied = await call('POST', `/api/reviews/${review.id}/reply`, { token: workerToken, payload: { reply: 'Thank you, it is a pleasure.' } });
    expect(replied.statusCode, replied.body).toBe(200);
    const again = await call('POST', `/api/reviews/${review.id}/reply`, { token: workerToken, payload: { reply: 'A second go' } });
    expect(again.statusCode).toBe(409);
    expect((await profile(contract.workerId)).reviews[0]?.reply).toMatchObject({ text: 'Thank you, it is a pleasure.' });
  });

  it('hides a review from the profile and the average, with the reason in the audit log, and shows it again', { tags: ['one-driver'] }, async () => {
    const worker = await createWorker(db());
    const tokens = await Promise.all(
      [5, 1].map(async () => {
        const contract = await createActiveContract(db(), { workerId: worker.id });
        await createTimesheet(db(), contract, { start: '2026-11-03T09:00', end: '2026-11-03T11:00' });
        return sessionFor(db(), contract.careSeekerId);
      }),
    );
    await call('PUT', `/api/carer/${worker.id}/review`, { token: tokens[0], payload: goodReview });
    const abusive = (await call('PUT', `/api/carer/${worker.id}/review`, { token: tokens[1], payload: { rating: 1, comment: 'Words that break the review guidelines.' } })).json() as { id: string };
    expect(await profile(worker.id)).toMatchObject({ rating: 3, reviewCount: 2 });

    const admin = await sessionFor(db(), (await createUser(db(), { role: 'ADMIN' })).id);
    expect((await call('POST', `/api/admin/reviews/${abusive.id}/hide`, { token: tokens[0], payload: { reason: 'Abuse' } })).statusCode).toBe(403);
    expect((await call('POST', `/api/admin/reviews/${abusive.id}/hide`, { token: admin, payload: { reason: '' } })).statusCode).toBe(400);
    const hidden = await call('POST', `/api/admin/reviews/${abusive.id}/hide`, { token: admin, payload: { reason: 'Personal abuse of the worker' } });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const shown = await profile(worker.id);
    expect(shown).toMatchObject({ rating: 5, reviewCount: 1 });
    expect(shown.reviews.map((review) => review.id)).not.toContain(abusive.id);
    const [audit] = await db().select().from(auditEvents).where(eq(auditEvents.targetId, abusive.id));
    expect(audit).toMatchObject({ action: 'review.hidden', detail: { reason: 'Personal abuse of the worker' } });
    expect((await call('GET', '/api/admin/reviews?hidden=true', { token: admin })).json().reviews.map((review: { id: string }) => review.id)).toContain(abusive.id);
    const ofWorker = await call('GET', `/api/admin/reviews?workerId=${worker.id.toUpperCase()}`, { token: admin });
    const workerRatings = ofWorker.json().reviews.map((review: { workerId: string; rating: number }) => `${review.workerId} ${review.rating}`);
    expect(workerRatings.sort()).toEqual([`${worker.id} 1`, `${worker.id} 5`]);
    const badWorker = await call('GET', '/api/admin/reviews?workerId=not-a-worker%00', { token: admin });
    expect(badWorker.statusCode).toBe(400);
    expect(badWorker.json().message).toMatch(/workerId/);

    expect((await call('POST', `/api/admin/reviews/${abusive.id}/show`, { token: admin })).statusCode).toBe(200);
    expect(await profile(worker.id)).toMatchObject({ rating: 3, reviewCount: 2 });
  });
});

describe('the moderation list', () => {
  it('pages newest first, 25 at a time, with no review twice or left out, ties in time broken by id', async () => {
    const worker = await createWorker(db());
    const sameMoment = new Date('2026-11-20T10:00:00Z');
    const written: string[] = [];
    for (let index = 0; index < 27; index += 1) {
      const careSeeker = await createUser(db());
      const [row] = await db()
        .insert(workerReviews)
        .values({
          workerId: worker.id,
          careSeekerId: careSeeker.id,
          authorUserId: careSeeker.id,
          authorFirstName: 'Pat',
          rating: 4,
          comment: 'Patient, cheerful and always on time for our visits.',
          // Ten share one moment: the order falls back on the id.
          createdAt: index < 10 ? sameMoment : new Date(sameMoment.getTime() + index * 60_000),
        })
        .returning({ id: workerReviews.id });
      written.push(row!.id);
    }
    const admin = await sessionFor(db(), (await createUser(db(), { role: 'ADMIN' })).id);
    const first = await call('GET', `/api/admin/reviews?workerId=${worker.id}`, { token: admin });
    expect(first.statusCode, first.body).toBe(200);
    const firstPage = first.json() as { reviews: { id: string; createdAt: string }[]; allLoaded: boolean };
    expect(firstPage.reviews).toHaveLength(25);
    expect(firstPage.allLoaded).toBe(false);
    const second = (await call('GET', `/api/admin/reviews?workerId=${worker.id}&before=${firstPage.reviews.at(-1)!.id}`, { token: admin })).json() as typeof firstPage;
    expect(second.reviews).toHaveLength(2);
    expect(second.allLoaded).toBe(true);
    const listed = [...firstPage.reviews, ...second.reviews];
    expect(new Set(listed.map((review) => review.id))).toEqual(new Set(written));
    const expected = [...listed].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
    expect(listed.map((review) => review.id)).toEqual(expected.map((review) => review.id));
    const badCursor = await call('GET', '/api/admin/reviews?before=not-a-review', { token: admin });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().message).toMatch(/before/);
  });
});

describe('workers rating clients', () => {
  it('keeps the rating private, and flags a client to operations once at the third low rating', { tags: ['drivers'] }, async () => {
    const careSeeker = await createUser(db(), { firstName: 'Rex', lastName: 'Rude' });
    const workers = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const contract = await createActiveContract(db(), { careSeekerId: careSeeker.id });
        await createTimesheet(db(), contract, { start: '2026-11-03T09:00', end: '2026-11-03T11:00' });
        return sessionFor(db(), contract.workerId);
      }),
    );
    const stranger = await sessionFor(db(), (await createWorker(db())).id);
    expect((await call('PUT', `/api/clients/${careSeeker.id}/rating`, { token: stranger, payload: { rating: 1 } })).statusCode).toBe(403);
    const careSeekerToken = await sessionFor(db(), careSeeker.id);
    expect((await call('PUT', `/api/clients/${careSeeker.id}/rating`, { token: careSeekerToken, payload: { rating: 1 } })).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/client-flags', { token: careSeekerToken })).statusCode).toBe(403);

    // Two low ratings, then the third and fourth at the same moment: one email.
    for (const token of workers.slice(0, 2)) {
      expect((await call('PUT', `/api/clients/${careSeeker.id}/rating`, { token, payload: { rating: 2, comment: 'Shouted at me' } })).statusCode).toBe(200);
    }
    expect(await outboxOf(subject.app, 'ops@example.org')).toHaveLength(0);
    const last = await Promise.all(workers.slice(2).map((token) => call('PUT', `/api/clients/${careSeeker.id}/rating`, { token, payload: { rating: 1 } })));
    expect(last.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const mails = await outboxOf(subject.app, 'ops@example.org');
    expect(mails.filter((mail) => mail.subject === 'Flagged client: Rex Rude')).toHaveLength(1);

    const admin = await sessionFor(db(), (await createUser(db(), { role: 'ADMIN' })).id);
    const flags = (await call('GET', '/api/admin/client-flags', { token: admin })).json() as { clients: { careSeekerId: string; lowRatings: number; ratings: unknown[] }[] };
    expect(flags.clients.find((client) => client.careSeekerId === careSeeker.id)).toMatchObject({ lowRatings: 4, ratings: expect.any(Array) });
    // The client's data export does not show what workers said of them.
    const { collectPersonData } = await import('../auth/data-export-service');
    expect(await collectPersonData(db(), careSeeker.id)).not.toHaveProperty('client_ratings');
  });
});
