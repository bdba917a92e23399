import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myAccountResponseSchema } from '@tendly/domain/api/account-details';
import { contracts } from '../../platform/db/schema/engagements';
import { fundingDetails, paymentSettings } from '../../platform/db/schema/payments';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { contractedPair } from '../bookings/test-bookings';
import { createUser, requester, sessionFor } from './test-factories';

let subject: TestApp;
let call: ReturnType<typeof requester>;

beforeAll(async () => {
  subject = await createTestApp();
  call = requester(subject.app);
});

afterAll(async () => {
  await subject?.close();
});

const db = () => subject.database.db;

async function attentionOf(token: string) {
  const response = await call('GET', '/api/my-account', { token });
  expect(response.statusCode, response.body).toBe(200);
  return myAccountResponseSchema.parse(response.json()).attention.map((item) => [item.kind, item.routeId]);
}

describe('GET /api/my-account', () => {
  it('is for a signed-in person only', async () => {
    expect((await call('GET', '/api/my-account')).statusCode).toBe(401);
  });

  it('flags an unverified email address', async () => {
    const user = await createUser(db(), { emailVerifiedAt: null });
    expect(await attentionOf(await sessionFor(db(), user.id))).toEqual([['emailUnverified', 'accountDetails']]);
  });

  it('asks a private care seeker for a card unless they pay by hand; a worker for tax details', async () => {
    const pair = await contractedPair(db());
    expect(await attentionOf(pair.careSeekerToken)).toEqual([['noCard', 'paymentDetails']]);
    await db().insert(paymentSettings).values({ userId: pair.careSeeker.id, payManually: true });
    expect(await attentionOf(pair.careSeekerToken)).toEqual([]);
    expect(await attentionOf(pair.workerToken)).toEqual([['taxDetails', 'taxAndSuper']]);
  });

  it('asks a plan-managed participant for the NDIS number and plan manager until they are given', async () => {
    const pair = await contractedPair(db());
    await db().update(contracts).set({ fundingType: 'NDIS_PLAN_MANAGED' }).where(eq(contracts.id, pair.contractId));
    const response = await call('GET', '/api/my-account', { token: pair.careSeekerToken });
    expect(response.json()).toMatchObject({ attention: [{ kind: 'providerDetails', routeId: 'providerDetails', message: 'Add your NDIS number and your plan manager’s email so your invoices reach whoever pays them.' }] });
    await db().insert(fundingDetails).values({ userId: pair.careSeeker.id, ndisNumber: '430123456', planManagerName: 'PM', planManagerEmail: 'pm@example.com' });
    expect(await attentionOf(pair.careSeekerToken)).toEqual([]);
  });

  it('asks nothing of a coordinator with a verified address', async () => {
    const coordinator = await createUser(db(), { role: 'SUPPORT', organisation: 'Org' });
    expect(await attentionOf(await sessionFor(db(), coordinator.id))).toEqual([]);
  });
});
