import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addClientMessages, addClientResponseSchema } from '@tendly/domain/api/coordinator-links';
import { supportCoordinatorLinks, users } from '../../platform/db/schema/accounts';
import { fundingDetails } from '../../platform/db/schema/payments';
import { useTestApp } from '../../test-support/test-app';
import { createCoordinator, createUser, outboxOf, sessionFor, uniqueEmail } from '../auth/test-factories';
import { signClaimLink } from './add-client';

const { subject, call, db } = useTestApp();

const NEW_PASSWORD = 'a brand new passphrase';

const details = { firstName: 'Sam', lastName: 'Lee', state: 'NSW', postcode: '2000', fundingType: 'NDIS_PLAN_MANAGED', ndisNumber: '430 123 456', planManagerName: 'Plan Partners', planManagerEmail: 'Invoices@PlanPartners.example' };

async function coordinator() {
  const person = await createCoordinator(db(), { firstName: 'Cora', lastName: 'Lee' });
  return { person, token: await sessionFor(db(), person.id) };
}

async function add(token: string, body: Record<string, unknown>) {
  return call('POST', '/api/support-coordinator/clients', { token, payload: body });
}

function claimTokenOf(text: string): string {
  return decodeURIComponent(/\/claim-account\?token=([^\s&"]+)/.exec(text)?.[1] ?? '');
}

describe('POST /api/support-coordinator/clients', () => {
  it('without an email: makes a managed care seeker, its funding details and an ACTIVE link; the coordinator acts for it at once', async () => {
    const { person, token } = await coordinator();
    const response = await add(token, details);
    expect(response.statusCode).toBe(201);
    const added = addClientResponseSchema.parse(response.json());
    expect(added).toEqual({ id: expect.any(String), name: 'Sam Lee', invited: false, message: addClientMessages.added });
    const [user] = await db().select().from(users).where(eq(users.id, added.id));
    expect(user).toMatchObject({ role: 'CS', state: 'NSW', postcode: '2000', firstName: 'Sam' });
    expect(user?.email).toMatch(/@managed\.invalid$/);
    const [funding] = await db().select().from(fundingDetails).where(eq(fundingDetails.userId, added.id));
    expect(funding).toMatchObject({ fundingType: 'NDIS_PLAN_MANAGED', ndisNumber: '430123456', planManagerName: 'Plan Partners', planManagerEmail: 'invoices@planpartners.example' });
    const [link] = await db().select().from(supportCoordinatorLinks).where(and(eq(supportCoordinatorLinks.coordinatorId, person.id), eq(supportCoordinatorLinks.clientId, added.id)));
    expect(link?.status).toBe('ACTIVE');
    expect((await call('POST', `/api/support-coordinator/clients/${added.id}/alias`, { token })).statusCode).toBe(200);
    expect(((await call('GET', '/api/support-coordinator/clients', { token })).json() as { id: string }[]).map((client) => client.id)).toContain(added.id);
  });

  it('with an email: invites the client, who claims the account once and signs in with the new password', async () => {
    const { token } = await coordinator();
    const email = uniqueEmail('client');
    const added = addClientResponseSchema.parse((await add(token, { ...details, email })).json());
    expect(added).toMatchObject({ invited: true, message: addClientMessages.addedAndInvited });
    const [message] = await outboxOf(subject.app, email);
    expect(message?.subject).toBe('Cora Lee made you an account on Tendly');
    const claimToken = claimTokenOf(message?.text ?? '');
    // Nobody can sign in before the claim.
    expect((await call('POST', '/api/signin', { payload: { email, password: NEW_PASSWORD } })).statusCode).not.toBe(200);
    const claimed = await call('POST', '/api/claim-account', { payload: { token: claimToken, password: NEW_PASSWORD } });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toEqual({ message: addClientMessages.claimed });
    expect((await call('POST', '/api/signin', { payload: { email, password: NEW_PASSWORD } })).statusCode).toBe(200);
    const again = await call('POST', '/api/claim-account', { payload: { token: claimToken, password: 'another passphrase here' } });
    expect(again.statusCode).toBe(404);
    // The coordinator stays linked after the claim.
    expect((await call('POST', `/api/support-coordinator/clients/${added.id}/alias`, { token })).statusCode).toBe(200);
  });

  it('refuses a tampered or expired claim link', async () => {
    const { token } = await coordinator();
    const email = uniqueEmail('client');
    const added = addClientResponseSchema.parse((await add(token, { ...details, email })).json());
    const claimToken = claimTokenOf((await outboxOf(subject.app, email))[0]?.text ?? '');
    const tampered = `${claimToken.slice(0, -2)}${claimToken.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [tampered, 'nonsense']) expect((await call('POST', '/api/claim-account', { payload: { token: bad, password: NEW_PASSWORD } })).statusCode).toBe(404);
    const [user] = await db().select().from(users).where(eq(users.id, added.id));
    const expired = await signClaimLink(subject.app.linkSigner, { userId: added.id, passwordHash: user?.passwordHash ?? '', expiresAt: new Date(Date.now() - 1000) });
    const response = await call('POST', '/api/claim-account', { payload: { token: expired, password: NEW_PASSWORD } });
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({ message: addClientMessages.claimExpired });
    expect((await call('POST', '/api/claim-account', { payload: { token: claimToken, password: 'short' } })).statusCode).toBe(400);
  });

  it('validates each field, and refuses an address that has an account (409)', async () => {
    const { token } = await coordinator();
    const invalid = await add(token, { ...details, firstName: ' ', state: 'XX', postcode: '20', fundingType: 'BARTER', ndisNumber: '123456789' });
    expect(invalid.statusCode).toBe(400);
    const body = invalid.json() as { errors?: Record<string, string> };
    expect(Object.keys(body.errors ?? {})).toEqual(expect.arrayContaining(['firstName', 'state', 'postcode', 'fundingType', 'ndisNumber']));
    expect((await add(token, { ...details, planManagerName: '' })).statusCode).toBe(400);
    expect((await add(token, { ...details, lastName: 'Le\u0000e' })).statusCode).toBe(400);
    const existing = await createUser(db());
    const taken = await add(token, { ...details, email: existing.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: addClientMessages.emailTaken });
  });

  it('is for support coordinators only (401, 403), and a client added by one coordinator is not another one\'s (403 on acting)', async () => {
    expect((await call('POST', '/api/support-coordinator/clients', { payload: details })).statusCode).toBe(401);
    const seeker = await createUser(db());
    expect((await add(await sessionFor(db(), seeker.id), details)).statusCode).toBe(403);
    const { token } = await coordinator();
    const added = addClientResponseSchema.parse((await add(token, details)).json());
    const other = await coordinator();
    expect((await call('POST', `/api/support-coordinator/clients/${added.id}/alias`, { token: other.token })).statusCode).toBe(403);
  });
});
