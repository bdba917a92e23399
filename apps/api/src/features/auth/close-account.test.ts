import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../platform/db/schema/accounts';
import { contracts } from '../../platform/db/schema/engagements';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { contractedPair } from '../bookings/test-bookings';
import { createUser, outboxOf, requester, sessionFor, TEST_PASSWORD } from './test-factories';

let subject: TestApp;
let call: ReturnType<typeof requester>;

beforeAll(async () => {
  subject = await createTestApp({ env: { BRAND_NAME: 'Tendly' } });
  call = requester(subject.app);
});

afterAll(async () => {
  await subject?.close();
});

const db = () => subject.database.db;

describe('POST /api/account-details/close', () => {
  it('is refused with the reason while a service agreement is active, for either side', async () => {
    const pair = await contractedPair(db());
    for (const token of [pair.careSeekerToken, pair.workerToken]) {
      const response = await call('POST', '/api/account-details/close', { token, payload: { currentPassword: TEST_PASSWORD } });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'ACTIVE_CONTRACT', message: expect.stringContaining('End it first') });
    }
    const [row] = await db().select().from(users).where(eq(users.id, pair.careSeeker.id));
    expect(row?.status).toBe('ACTIVE');
  });

  it('needs the current password', async () => {
    const user = await createUser(db());
    const token = await sessionFor(db(), user.id);
    const missing = await call('POST', '/api/account-details/close', { token, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: { currentPassword: 'Enter your current password' } });
    const wrong = await call('POST', '/api/account-details/close', { token, payload: { currentPassword: 'not it' } });
    expect(wrong.statusCode).toBe(400);
  });

  it('otherwise removes personal details, ends every session and emails what is kept', async () => {
    const pair = await contractedPair(db());
    await db().update(contracts).set({ status: 'ENDED' }).where(eq(contracts.id, pair.contractId));
    const otherToken = await sessionFor(db(), pair.careSeeker.id);
    const response = await call('POST', '/api/account-details/close', { token: pair.careSeekerToken, payload: { currentPassword: TEST_PASSWORD } });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, pair.careSeeker.id));
    expect(row).toMatchObject({ status: 'DEACTIVATED', firstName: 'Former', phone: null });
    expect(row?.email).not.toBe(pair.careSeeker.email);
    expect((await call('GET', '/api/me', { token: pair.careSeekerToken })).statusCode).toBe(401);
    expect((await call('GET', '/api/me', { token: otherToken })).statusCode).toBe(401);
    const [mail] = await outboxOf(subject.app, pair.careSeeker.email);
    expect(mail?.subject).toBe('Your Tendly account is closed');
    expect(mail?.text).toContain('for 7 years');
    // The agreement stays, as the worker's record.
    expect((await db().select().from(contracts).where(eq(contracts.id, pair.contractId)))).toHaveLength(1);
    expect((await call('POST', '/api/signin', { payload: { email: pair.careSeeker.email, password: TEST_PASSWORD } })).statusCode).toBe(401);
  });
});
