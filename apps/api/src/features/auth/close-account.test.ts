import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { supportCoordinatorLinks, users } from '../../platform/db/schema/accounts';
import { issueInvoiceForTimesheet } from '../../platform/billing/issue-invoice';
import { createActiveContract, createTimesheet } from '../../platform/billing/test-billing';
import { invoices } from '../../platform/db/schema/billing';
import { workerDocuments } from '../../platform/db/schema/onboarding';
import { storedFiles } from '../../platform/db/schema/platform';
import { workerProfiles } from '../../platform/db/schema/workers';
import { walletBudgets } from '../../platform/db/schema/funding-wallet';
import { notifications } from '../../platform/db/schema/notifications';
import { notify } from '../../platform/notifications/notify';
import { contracts, conversations, messages } from '../../platform/db/schema/engagements';
import { useTestApp } from '../../test-support/test-app';
import { contractedPair } from '../bookings/test-bookings';
import { CLOSED_MESSAGE_BODY } from './close-account-service';
import { createCoordinator, createUser, createWorker, linkClient, outboxOf, sessionFor, TEST_PASSWORD } from './test-factories';

const { subject, call, db } = useTestApp({ env: { BRAND_NAME: 'Tendly' }, database: { referenceData: true } });

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

  it('takes a worker out of search and removes their profile, photo, documents, referees and the words of their messages', async () => {
    const worker = await createWorker(db(), { profile: { headline: 'Patient support worker', bio: 'I like gardening.' } });
    const token = await sessionFor(db(), worker.id);
    const key = `test/${randomUUID()}`;
    await subject.app.fileStore.put(key, Buffer.from('%PDF-1.4 a police check'), 'application/pdf');
    const [file] = await db().insert(storedFiles).values({ ownerUserId: worker.id, purpose: 'COMPLIANCE_DOCUMENT', storageKey: key, contentType: 'application/pdf', byteSize: 24 }).returning();
    await db().insert(workerDocuments).values({ workerId: worker.id, kind: 'POLICE_CHECK', issuedOn: '2026-01-10', expiresOn: '2029-01-10', fileId: file!.id });
    const client = await createUser(db());
    const [conversation] = await db().insert(conversations).values({ careSeekerId: client.id, workerId: worker.id }).returning();
    await db().insert(messages).values([
      { conversationId: conversation!.id, senderId: worker.id, body: 'My home address is 1 Secret St' },
      { conversationId: conversation!.id, senderId: client.id, body: 'Thanks for letting me know' },
    ]);

    const response = await call('POST', '/api/account-details/close', { token, payload: { currentPassword: TEST_PASSWORD } });
    expect(response.statusCode, response.body).toBe(200);
    const [profile] = await db().select().from(workerProfiles).where(eq(workerProfiles.userId, worker.id));
    expect(profile).toMatchObject({ status: 'INACTIVE', headline: null, bio: null, avatarUrl: null });
    expect(await db().select().from(workerDocuments).where(eq(workerDocuments.workerId, worker.id))).toHaveLength(0);
    expect(await db().select().from(storedFiles).where(eq(storedFiles.id, file!.id))).toHaveLength(0);
    expect(await subject.app.fileStore.get(key)).toBeNull();
    const bodies = (await db().select().from(messages).where(eq(messages.conversationId, conversation!.id))).map((row) => row.body).sort();
    expect(bodies).toEqual(['Thanks for letting me know', CLOSED_MESSAGE_BODY].sort());
  });

  it('ends the links with support coordinators, and deletes the notifications and plan budgets', async () => {
    const client = await createUser(db());
    const token = await sessionFor(db(), client.id);
    const coordinator = await createCoordinator(db());
    await linkClient(db(), coordinator.id, client.id);
    await notify(db(), { userId: client.id, kind: 'CONTRACT_OFFERED', title: 'A new agreement', body: 'Wren offered you an agreement.', link: '/my-workers' });
    await db().insert(walletBudgets).values({ participantId: client.id, category: 'CORE_DAILY_ACTIVITIES', amountCents: 100_000 });
    expect(await db().select().from(notifications).where(eq(notifications.userId, client.id))).toHaveLength(1);
    const response = await call('POST', '/api/account-details/close', { token, payload: { currentPassword: TEST_PASSWORD } });
    expect(response.statusCode, response.body).toBe(200);
    const [link] = await db().select().from(supportCoordinatorLinks).where(eq(supportCoordinatorLinks.clientId, client.id));
    expect(link?.status).toBe('REVOKED');
    expect(await db().select().from(notifications).where(eq(notifications.userId, client.id))).toHaveLength(0);
    expect(await db().select().from(walletBudgets).where(eq(walletBudgets.participantId, client.id))).toHaveLength(0);
  });

  it('is refused while money for a paid invoice is still to be paid out to the worker', async () => {
    const contract = await createActiveContract(db(), {});
    const timesheet = await createTimesheet(db(), contract, { start: '2026-11-03T09:00', end: '2026-11-03T12:30' });
    const { invoiceId } = await db().transaction((tx) => issueInvoiceForTimesheet(tx, { timesheetId: timesheet.id, now: new Date(), settings: { platformFeeBasisPoints: 900, paymentTermsDays: 7 } }));
    await db().update(contracts).set({ status: 'ENDED' }).where(eq(contracts.id, contract.id));
    await db().update(invoices).set({ status: 'PAID' }).where(eq(invoices.id, invoiceId));
    const token = await sessionFor(db(), contract.workerId);
    const response = await call('POST', '/api/account-details/close', { token, payload: { currentPassword: TEST_PASSWORD } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PAYOUT_PENDING', message: expect.stringContaining('paid out to your bank account') });
  });
});
