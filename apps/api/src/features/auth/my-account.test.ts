import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { myAccountResponseSchema } from '@tendly/domain/api/account-details';
import { sydneyMidnightEdges } from '@tendly/domain/testing/sydney-midnight';
import { contracts } from '../../platform/db/schema/engagements';
import { fundingDetails, paymentSettings } from '../../platform/db/schema/payments';
import { useTestApp } from '../../test-support/test-app';
import { contractedPair } from '../bookings/test-bookings';
import { addDocument } from '../worker-onboarding/test-onboarding';
import { plusDays } from '../../test-support/test-dates';
import { managedClientAddress } from '../../platform/mail/managed-recipients';
import { myAccountOf } from './my-account-service';
import { createUser, createWorker, sessionFor } from './test-factories';

const { call, db } = useTestApp();

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

  it('never asks a managed client with no email address to confirm one (issue 31, item 10c)', async () => {
    const id = randomUUID();
    const user = await createUser(db(), { id, email: managedClientAddress(id), emailVerifiedAt: null });
    expect(await attentionOf(await sessionFor(db(), user.id))).not.toContainEqual(['emailUnverified', 'accountDetails']);
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

  // Document dates are Australian calendar dates: just after midnight in Sydney, the day before is
  // still today in UTC, and a document that lapsed yesterday must not show as merely expiring.
  it.each(sydneyMidnightEdges)('tells a worker which documents have expired and which expire within 30 days, by the date in Sydney (%s)', async (_edge, { at, sydneyDate }) => {
    const user = await createWorker(db());
    const documents = { lapsedYesterday: plusDays(sydneyDate, -1), lastDayToday: sydneyDate, lastDayIn30Days: plusDays(sydneyDate, 30), lastDayIn31Days: plusDays(sydneyDate, 31) };
    for (const expiresOn of Object.values(documents)) {
      await addDocument(db(), user.id, 'POLICE_CHECK', { issuedOn: plusDays(sydneyDate, -400), expiresOn, status: 'APPROVED' });
    }
    const { attention } = await myAccountOf(db(), user.id, at);
    expect(attention.filter((item) => item.kind.startsWith('documents'))).toEqual([
      { kind: 'documentsExpired', message: '1 of your documents has expired. Upload a current one.', routeId: 'workerDocuments' },
      { kind: 'documentsExpiring', message: '2 of your documents expire within 30 days.', routeId: 'workerDocuments' },
    ]);
  });
});
