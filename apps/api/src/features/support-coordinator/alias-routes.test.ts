import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountMessages, aliasSessionResponseSchema, coordinatorClientsResponseSchema, meResponseSchema } from '@tendly/domain/api/auth';
import { NOT_AUTHORIZED, PLEASE_LOGIN } from '@tendly/domain/errors';
import { hashToken } from '../../platform/auth/session-tokens';
import { sessions, supportCoordinatorLinks, users } from '../../platform/db/schema/accounts';
import { auditEvents } from '../../platform/db/schema/platform';
import { useTestApp } from '../../test-support/test-app';
import { createCoordinator, createUser, linkClient, sessionFor } from '../auth/test-factories';

const { call, db } = useTestApp();

async function coordinatorWithClient() {
  const coordinator = await createCoordinator(db(), { firstName: 'Cora', lastName: 'Lee' });
  const client = await createUser(db(), { firstName: 'Alex', lastName: 'Morgan', phone: '0298765432' });
  await linkClient(db(), coordinator.id, client.id);
  const token = await sessionFor(db(), coordinator.id);
  return { coordinator, client, token };
}

async function startAlias(token: string, clientId: string) {
  const response = await call('POST', `/api/support-coordinator/clients/${clientId}/alias`, { token });
  expect(response.statusCode).toBe(200);
  return aliasSessionResponseSchema.parse(response.json());
}

describe('GET /api/support-coordinator/clients', () => {
  it("lists the coordinator's linked clients with their figures, then pending requests by address only; nobody else's", async () => {
    const { coordinator, client, token } = await coordinatorWithClient();
    const pending = await createUser(db(), { firstName: 'Pat' });
    await linkClient(db(), coordinator.id, pending.id, 'PENDING');
    const declined = await createUser(db(), { firstName: 'Dee' });
    await linkClient(db(), coordinator.id, declined.id, 'PENDING');
    await db().update(supportCoordinatorLinks).set({ status: 'DECLINED' }).where(eq(supportCoordinatorLinks.clientId, declined.id));
    const someoneElses = await createUser(db());
    await linkClient(db(), (await createCoordinator(db())).id, someoneElses.id);

    const response = await call('GET', '/api/support-coordinator/clients', { token });
    expect(response.statusCode).toBe(200);
    expect(coordinatorClientsResponseSchema.parse(response.json())).toEqual([
      {
        linkStatus: 'ACTIVE',
        id: client.id,
        firstName: 'Alex',
        lastName: 'Morgan',
        name: 'Alex Morgan',
        email: client.email,
        role: 'CS',
        phone: '0298765432',
        linkedAt: expect.any(String),
        figures: {
          upcomingShiftCount: 0,
          nextShift: null,
          hoursAwaitingApprovalCount: 0,
          unpaidInvoiceCount: 0,
          unpaidInvoiceCents: 0,
          planStartDate: null,
          planEndDate: null,
          invoicedThisPlanCents: null,
        },
      },
      { linkStatus: 'PENDING', linkId: expect.any(String), email: pending.email, requestedAt: expect.any(String) },
    ]);
  });

  it('is for support coordinators only: 401 anonymous, 403 for other roles and for an alias session', async () => {
    const anonymous = await call('GET', '/api/support-coordinator/clients');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: PLEASE_LOGIN, code: 'UNAUTHENTICATED' });
    const seeker = await createUser(db());
    const wrongRole = await call('GET', '/api/support-coordinator/clients', { token: await sessionFor(db(), seeker.id) });
    expect(wrongRole.statusCode).toBe(403);
    expect(wrongRole.json()).toEqual({ message: NOT_AUTHORIZED, code: 'FORBIDDEN' });
    const { client, token } = await coordinatorWithClient();
    const { aliasToken } = await startAlias(token, client.id);
    expect((await call('GET', '/api/support-coordinator/clients', { token: aliasToken })).statusCode).toBe(403);
  });
});

describe('POST /api/support-coordinator/clients/{clientId}/alias', () => {
  it('gives an alias token that acts as the client, with the coordinator recorded as the actor', async () => {
    const { coordinator, client, token } = await coordinatorWithClient();
    const alias = await startAlias(token, client.id);
    expect(alias).toEqual({
      aliasToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      name: 'Alex Morgan',
      firstName: 'Alex',
      id: client.id,
      email: client.email,
      role: 'CS',
    });
    const me = meResponseSchema.parse((await call('GET', '/api/me', { token: alias.aliasToken })).json());
    expect(me).toMatchObject({ id: client.id, role: 'CS', email: client.email });
    expect(me.actor).toEqual({
      id: coordinator.id,
      firstName: 'Cora',
      lastName: 'Lee',
      name: 'Cora Lee',
      email: coordinator.email,
      role: 'SUPPORT',
    });
    // The coordinator's own token still acts as the coordinator.
    expect((await call('GET', '/api/me', { token })).json()).toMatchObject({ id: coordinator.id, actor: null });

    const [started] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'alias.started'), eq(auditEvents.subjectUserId, client.id)));
    expect(started?.actorUserId).toBe(coordinator.id);
  });

  it('lasts 8 hours at most, and never beyond the coordinator session', async () => {
    const { coordinator, client, token } = await coordinatorWithClient();
    const { aliasToken } = await startAlias(token, client.id);
    const [row] = await db().select().from(sessions).where(eq(sessions.tokenHash, hashToken(aliasToken)));
    expect(row).toMatchObject({ kind: 'ALIAS', userId: coordinator.id, actingUserId: client.id });
    const hours = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(7.9);
    expect(hours).toBeLessThanOrEqual(8);

    // A coordinator session with one hour left gives an alias of one hour at most.
    const soon = new Date(Date.now() + 60 * 60 * 1000);
    await db().update(sessions).set({ expiresAt: soon }).where(eq(sessions.tokenHash, hashToken(token)));
    const second = await startAlias(token, client.id);
    const [short] = await db().select().from(sessions).where(eq(sessions.tokenHash, hashToken(second.aliasToken)));
    expect(short?.expiresAt.getTime()).toBeLessThanOrEqual(soon.getTime());
  });

  it('answers the alias token with Cache-Control: no-store, as every response of the session acting as the client (issue 29)', async () => {
    const { client, token } = await coordinatorWithClient();
    const response = await call('POST', `/api/support-coordinator/clients/${client.id}/alias`, { token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const aliasToken = aliasSessionResponseSchema.parse(response.json()).aliasToken;
    const saved = await call('PUT', '/api/account-details', { token: aliasToken, payload: { firstName: 'Alex', lastName: 'Morgan', phone: '0298765432' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.headers['cache-control']).toBe('no-store');
    expect((await call('DELETE', '/api/alias', { token: aliasToken })).headers['cache-control']).toBe('no-store');
  });

  it('refuses a client who is not linked, or only pending, with 403', async () => {
    const coordinator = await createCoordinator(db());
    const token = await sessionFor(db(), coordinator.id);
    const stranger = await createUser(db());
    const pending = await createUser(db());
    await linkClient(db(), coordinator.id, pending.id, 'PENDING');
    for (const id of [stranger.id, pending.id, '7d8f3c1e-0000-4000-8000-000000000000']) {
      const response = await call('POST', `/api/support-coordinator/clients/${id}/alias`, { token });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: accountMessages.clientNotLinked, code: 'FORBIDDEN' });
    }
  });

  it('refuses a deactivated client', async () => {
    const { client, token } = await coordinatorWithClient();
    await db().update(users).set({ status: 'DEACTIVATED' }).where(eq(users.id, client.id));
    expect((await call('POST', `/api/support-coordinator/clients/${client.id}/alias`, { token })).statusCode).toBe(403);
  });

  it('answers a malformed client id with 400, not 500', async () => {
    const { token } = await coordinatorWithClient();
    expect((await call('POST', '/api/support-coordinator/clients/not-a-uuid/alias', { token })).statusCode).toBe(400);
  });

  it('is for support coordinators only', async () => {
    const seeker = await createUser(db());
    const other = await createUser(db());
    const response = await call('POST', `/api/support-coordinator/clients/${other.id}/alias`, { token: await sessionFor(db(), seeker.id) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: NOT_AUTHORIZED, code: 'FORBIDDEN' });
    expect((await call('POST', `/api/support-coordinator/clients/${other.id}/alias`)).statusCode).toBe(401);
  });

  it('keeps at most 5 alias sessions open from one sign-in: a sixth ends the oldest', { tags: ['one-driver'] }, async () => {
    const { coordinator, client, token } = await coordinatorWithClient();
    const other = await createUser(db());
    await linkClient(db(), coordinator.id, other.id);
    const aliases: string[] = [];
    for (let i = 0; i < 6; i += 1) aliases.push((await startAlias(token, i % 2 === 0 ? client.id : other.id)).aliasToken);
    const statuses = await Promise.all(aliases.map(async (aliasToken) => (await call('GET', '/api/me', { token: aliasToken })).statusCode));
    expect(statuses).toEqual([401, 200, 200, 200, 200, 200]);
    expect((await call('GET', '/api/me', { token })).statusCode).toBe(200);
    const [oldest] = await db().select().from(sessions).where(eq(sessions.tokenHash, hashToken(aliases[0] ?? '')));
    const started = await db().select().from(auditEvents).where(and(eq(auditEvents.actorUserId, coordinator.id), eq(auditEvents.action, 'alias.started')));
    expect(started.map((event) => event.detail)).toContainEqual(expect.objectContaining({ endedAliasSessionIds: [oldest?.id] }));

    // Another sign-in of the same coordinator has its own five.
    const elsewhere = await sessionFor(db(), coordinator.id);
    await startAlias(elsewhere, client.id);
    expect((await call('GET', '/api/me', { token: aliases[1] })).statusCode).toBe(200);
  });

  // A race only on PostgreSQL (PGlite has one connection); 30 at once overlap there reliably.
  it('keeps the limit when several start at once', { tags: ['drivers'] }, async () => {
    const { client, token } = await coordinatorWithClient();
    const aliases = await Promise.all(Array.from({ length: 30 }, () => startAlias(token, client.id)));
    const statuses = await Promise.all(aliases.map(async ({ aliasToken }) => (await call('GET', '/api/me', { token: aliasToken })).statusCode));
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
  });

  it('stops working when the link is removed', async () => {
    const { coordinator, client, token } = await coordinatorWithClient();
    const { aliasToken } = await startAlias(token, client.id);
    await db()
      .delete(supportCoordinatorLinks)
      .where(and(eq(supportCoordinatorLinks.coordinatorId, coordinator.id), eq(supportCoordinatorLinks.clientId, client.id)));
    expect((await call('GET', '/api/me', { token: aliasToken })).statusCode).toBe(401);
  });
});

describe('DELETE /api/alias', () => {
  it('ends the alias session; the coordinator stays signed in', async () => {
    const { coordinator, client, token } = await coordinatorWithClient();
    const { aliasToken } = await startAlias(token, client.id);
    const response = await call('DELETE', '/api/alias', { token: aliasToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: accountMessages.aliasEnded });
    expect((await call('GET', '/api/me', { token: aliasToken })).statusCode).toBe(401);
    expect((await call('GET', '/api/me', { token })).json()).toMatchObject({ id: coordinator.id });
    const [ended] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'alias.ended'), eq(auditEvents.subjectUserId, client.id)));
    expect(ended?.actorUserId).toBe(coordinator.id);
  });

  it('answers 409 for a session that is not an alias', async () => {
    const { token } = await coordinatorWithClient();
    expect((await call('DELETE', '/api/alias', { token })).statusCode).toBe(409);
  });
});

describe('signing out and alias sessions', () => {
  it('signing out the coordinator ends every alias session started from that session', async () => {
    const { client, token } = await coordinatorWithClient();
    const first = await startAlias(token, client.id);
    const second = await startAlias(token, client.id);
    expect((await call('POST', '/api/signout', { token })).statusCode).toBe(200);
    for (const t of [token, first.aliasToken, second.aliasToken]) expect((await call('GET', '/api/me', { token: t })).statusCode).toBe(401);
  });

  it("leaves the coordinator's other sessions and their aliases alone", async () => {
    const { coordinator, client, token } = await coordinatorWithClient();
    const otherDevice = await sessionFor(db(), coordinator.id);
    const otherAlias = await startAlias(otherDevice, client.id);
    await call('POST', '/api/signout', { token });
    expect((await call('GET', '/api/me', { token: otherDevice })).statusCode).toBe(200);
    expect((await call('GET', '/api/me', { token: otherAlias.aliasToken })).statusCode).toBe(200);
  });

  it('signing out with the alias token ends the alias and the coordinator session it came from', async () => {
    const { client, token } = await coordinatorWithClient();
    const { aliasToken } = await startAlias(token, client.id);
    expect((await call('POST', '/api/signout', { token: aliasToken })).statusCode).toBe(200);
    expect((await call('GET', '/api/me', { token: aliasToken })).statusCode).toBe(401);
    expect((await call('GET', '/api/me', { token })).statusCode).toBe(401);
  });

  it('an alias session stops working when the coordinator session is revoked or expires', async () => {
    const { client, token } = await coordinatorWithClient();
    const { aliasToken } = await startAlias(token, client.id);
    await db().update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, hashToken(token)));
    expect((await call('GET', '/api/me', { token: aliasToken })).statusCode).toBe(401);
  });
});
