import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  adminWorkerRefereesSchema,
  REFERENCE_EXPIRED_MESSAGE,
  REFERENCE_NOT_FOUND_MESSAGE,
  REFERENCE_USED_MESSAGE,
  workerRefereesSchema,
} from '@tendly/domain/api/worker-onboarding';
import { OWN_EMAIL_REFEREE_MESSAGE, REFEREES_COUNT_MESSAGE, SAME_REFEREE_EMAIL_MESSAGE } from '@tendly/domain/validation/referees';
import { UNSAFE_TEXT_MESSAGE } from '@tendly/domain/validation/safe-text';
import { hashToken } from '../../platform/auth/session-tokens';
import { workerReferees } from '../../platform/db/schema/onboarding';
import { useTestApp } from '../../test-support/test-app';
import { createUser, createWorker, outboxOf, sessionFor, uniqueEmail } from '../auth/test-factories';
import { REFERENCES_PER_IP } from './referees-routes';

const { subject, call, db } = useTestApp();

const referee = (name: string, email = uniqueEmail(name.toLowerCase())) => ({ name, relationship: 'Former team leader', email, phone: '0412 345 678' });
const answers = { knownFor: '1_TO_3_YEARS', capacity: 'I was her team leader at a day program', reliability: 5, wouldRecommend: true, comments: 'Kind and punctual.' };

async function signedInWorker() {
  const worker = await createWorker(db(), { profileStatus: 'INACTIVE', user: { firstName: 'Priya', lastName: 'Nair' } });
  return { worker, token: await sessionFor(db(), worker.id) };
}

/** The token in the newest reference email to an address. */
async function linkTokenFor(email: string): Promise<string> {
  await subject.drainJobs();
  for (const message of await outboxOf(subject.app, email)) {
    const match = /\/reference\/([A-Za-z0-9_-]{43})/.exec(message.text);
    if (match?.[1]) return match[1];
  }
  throw new Error(`No reference link was emailed to ${email}`);
}

describe('who may use the referee routes', () => {
  it('answers 401 to a visitor and 403 to other roles; the admin view is ADMIN only', async () => {
    const { worker, token: workerToken } = await signedInWorker();
    const cs = await sessionFor(db(), (await createUser(db(), { role: 'CS' })).id);
    const admin = await sessionFor(db(), (await createUser(db(), { role: 'ADMIN' })).id);
    for (const [method, url] of [['GET', '/api/worker/referees'], ['PUT', '/api/worker/referees'], ['POST', '/api/worker/referees/1/resend']] as const) {
      expect((await call(method, url, { payload: {} })).statusCode).toBe(401);
      expect((await call(method, url, { token: cs, payload: {} })).statusCode).toBe(403);
      expect((await call(method, url, { token: admin, payload: {} })).statusCode).toBe(403);
    }
    const adminUrl = `/api/admin/workers/${worker.id}/referees`;
    expect((await call('GET', adminUrl)).statusCode).toBe(401);
    expect((await call('GET', adminUrl, { token: cs })).statusCode).toBe(403);
    expect((await call('GET', adminUrl, { token: workerToken })).statusCode).toBe(403);
    expect((await call('GET', adminUrl, { token: admin })).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/workers/not-a-worker/referees', { token: admin })).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/workers/00000000-0000-4000-8000-000000000000/referees', { token: admin })).statusCode).toBe(404);
  });
});

describe('a worker’s referees and the reference form', () => {
  it('emails each referee a link that works once; the worker sees who answered, the admin sees the answers', async () => {
    const { worker, token } = await signedInWorker();
    const [ann, bo] = [referee('Ann'), referee('Bo')];
    const saved = await call('PUT', '/api/worker/referees', { token, payload: { referees: [ann, bo] } });
    expect(saved.statusCode).toBe(200);
    const list = workerRefereesSchema.parse(saved.json()).referees;
    expect(list.map((r) => [r.position, r.name, r.phone, r.answeredAt])).toEqual([
      [1, 'Ann', '0412345678', null],
      [2, 'Bo', '0412345678', null],
    ]);
    expect(Date.parse(list[0]?.linkExpiresAt ?? '') - Date.now()).toBeGreaterThan(13.9 * 24 * 3600 * 1000);

    const annToken = await linkTokenFor(ann.email);
    // Only the token's hash is stored.
    const rows = await db().select().from(workerReferees).where(eq(workerReferees.workerId, worker.id));
    expect(rows.find((row) => row.position === 1)?.tokenHash).toBe(hashToken(annToken));
    expect(JSON.stringify(rows)).not.toContain(annToken);

    const form = await call('GET', `/api/references/${annToken}`);
    expect(form.statusCode).toBe(200);
    expect(form.json()).toMatchObject({ workerFirstName: 'Priya', refereeName: 'Ann' });
    expect(form.json().questions[0]).toEqual({ field: 'knownFor', label: 'How long have you known Priya?' });

    const bad = await call('POST', `/api/references/${annToken}`, { payload: { ...answers, reliability: 6, capacity: 'x\u0000' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ reliability: 'Rate their reliability from 1 to 5', capacity: UNSAFE_TEXT_MESSAGE });

    expect((await call('POST', `/api/references/${annToken}`, { payload: answers })).statusCode).toBe(200);
    for (const method of ['GET', 'POST'] as const) {
      const again = await call(method, `/api/references/${annToken}`, { payload: answers });
      expect(again.statusCode).toBe(410);
      expect(again.json().message).toBe(REFERENCE_USED_MESSAGE);
    }
    expect((await call('GET', `/api/references/${'x'.repeat(43)}`)).json()).toMatchObject({ message: REFERENCE_NOT_FOUND_MESSAGE });
    expect((await call('GET', `/api/references/${'x'.repeat(43)}`)).statusCode).toBe(404);

    const seen = workerRefereesSchema.parse((await call('GET', '/api/worker/referees', { token })).json());
    expect(seen.referees.map((r) => r.answeredAt !== null)).toEqual([true, false]);
    expect(JSON.stringify(seen)).not.toContain('punctual');

    const adminToken = await sessionFor(db(), (await createUser(db(), { role: 'ADMIN' })).id);
    const adminView = adminWorkerRefereesSchema.parse((await call('GET', `/api/admin/workers/${worker.id}/referees`, { token: adminToken })).json());
    expect(adminView.referees.map((r) => r.answers)).toEqual([answers, null]);

    // Resending to a referee who answered is refused; to the other, the old link stops working.
    expect((await call('POST', '/api/worker/referees/1/resend', { token })).statusCode).toBe(409);
    const boFirst = await linkTokenFor(bo.email);
    expect((await call('POST', '/api/worker/referees/2/resend', { token })).statusCode).toBe(200);
    const boSecond = await linkTokenFor(bo.email);
    expect(boSecond).not.toBe(boFirst);
    expect((await call('GET', `/api/references/${boFirst}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/references/${boSecond}`)).statusCode).toBe(200);
    expect((await call('POST', '/api/worker/referees/3/resend', { token })).statusCode).toBe(400);
  });

  it('re-invites a referee whose email changed, and no one else', async () => {
    const { token } = await signedInWorker();
    const [ann, bo] = [referee('Ann'), referee('Bo')];
    await call('PUT', '/api/worker/referees', { token, payload: { referees: [ann, bo] } });
    await subject.drainJobs();
    const cy = referee('Cy');
    await call('PUT', '/api/worker/referees', { token, payload: { referees: [{ ...ann, phone: '0298765432' }, cy] } });
    await subject.drainJobs();
    expect(await outboxOf(subject.app, ann.email)).toHaveLength(1);
    expect(await outboxOf(subject.app, cy.email)).toHaveLength(1);
    const list = workerRefereesSchema.parse((await call('GET', '/api/worker/referees', { token })).json()).referees;
    expect(list.map((r) => [r.name, r.phone])).toEqual([
      ['Ann', '0298765432'],
      ['Cy', '0412345678'],
    ]);
  });

  it('refuses a link after 14 days', async () => {
    const { worker, token } = await signedInWorker();
    const ann = referee('Ann');
    await call('PUT', '/api/worker/referees', { token, payload: { referees: [ann, referee('Bo')] } });
    const annToken = await linkTokenFor(ann.email);
    await db().update(workerReferees).set({ linkExpiresAt: new Date(Date.now() - 1000) }).where(eq(workerReferees.workerId, worker.id));
    const expired = await call('POST', `/api/references/${annToken}`, { payload: answers });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(REFERENCE_EXPIRED_MESSAGE);
  });

  it('answers 400 with the field’s message: two referees, not the worker, not the same twice', async () => {
    const { worker, token } = await signedInWorker();
    const cases: [unknown, string, string][] = [
      [{ referees: [referee('Ann')] }, 'referees', REFEREES_COUNT_MESSAGE],
      [{ referees: [referee('Ann', worker.email.toUpperCase()), referee('Bo')] }, 'referees.0.email', OWN_EMAIL_REFEREE_MESSAGE],
      [{ referees: [referee('Ann', 'same@example.com'), referee('Bo', 'same@example.com')] }, 'referees.1.email', SAME_REFEREE_EMAIL_MESSAGE],
      [{ referees: [{ ...referee('Ann'), phone: '12' }, referee('Bo')] }, 'referees.0.phone', 'Enter a valid Australian phone number, such as 0412 345 678'],
      [{ referees: [{ ...referee('Ann'), name: ' ' }, referee('Bo')] }, 'referees.0.name', 'Enter your referee’s name'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call('PUT', '/api/worker/referees', { token, payload });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().errors, field).toMatchObject({ [field]: message });
    }
    expect((await call('POST', '/api/worker/referees/1/resend', { token })).statusCode).toBe(404);
  });

  it(`takes at most ${REFERENCES_PER_IP} reference answers per address in 10 minutes`, async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < REFERENCES_PER_IP; i += 1) {
      expect((await call('POST', `/api/references/${'y'.repeat(43)}`, { ip, payload: answers })).statusCode).toBe(404);
    }
    expect((await call('POST', `/api/references/${'y'.repeat(43)}`, { ip, payload: answers })).statusCode).toBe(429);
  });
});
