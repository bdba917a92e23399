import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aliasSessionResponseSchema } from '@tendly/domain/api/auth';
import { SESSION_TTL_MS } from '@tendly/domain/constants';
import { buildApp } from '../../app';
import { useTestApp } from '../../test-support/test-app';
import { createCoordinator, createUser, createWorker, linkClient, requester, sessionFor, TEST_PASSWORD } from '../../features/auth/test-factories';
import { sessions, supportCoordinatorLinks, users } from '../db/schema/accounts';
import { workerProfiles } from '../db/schema/workers';
import { hashToken } from './session-tokens';

const { call, db, subject } = useTestApp();

const sessionRow = async (token: string) =>
  (await db().select().from(sessions).where(eq(sessions.tokenHash, hashToken(token))))[0];

describe('authentication by the auth-token header', () => {
  it('slides the expiry to 30 days from the last use, at most once a minute', async () => {
    const user = await createUser(db());
    const token = await sessionFor(db(), user.id);
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
    await db()
      .update(sessions)
      .set({ lastUsedAt: tenDaysAgo, expiresAt: new Date(tenDaysAgo.getTime() + SESSION_TTL_MS) })
      .where(eq(sessions.tokenHash, hashToken(token)));

    expect((await call('GET', '/api/me', { token })).statusCode).toBe(200);
    const slid = await sessionRow(token);
    expect((slid?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(SESSION_TTL_MS - 60_000);
    expect(slid?.lastUsedAt.getTime()).toBeGreaterThan(tenDaysAgo.getTime());

    // Used again straight away: no second write.
    await call('GET', '/api/me', { token });
    expect((await sessionRow(token))?.lastUsedAt.getTime()).toBe(slid?.lastUsedAt.getTime());
  });

  it('refuses an expired session', async () => {
    const user = await createUser(db());
    const token = await sessionFor(db(), user.id);
    await db().update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, hashToken(token)));
    expect((await call('GET', '/api/me', { token })).statusCode).toBe(401);
  });

  it("stops authenticating a deactivated person's sessions", async () => {
    const user = await createUser(db());
    const token = await sessionFor(db(), user.id);
    expect((await call('GET', '/api/me', { token })).statusCode).toBe(200);
    await db().update(users).set({ status: 'DEACTIVATED', deactivatedAt: new Date() }).where(eq(users.id, user.id));
    expect((await call('GET', '/api/me', { token })).statusCode).toBe(401);
  });

  it('treats a bad token on a public route as an anonymous visitor', async () => {
    expect((await call('GET', '/api/health', { token: 'not-a-token' })).statusCode).toBe(200);
  });
});

describe('sessions kept in memory for a moment (issue 33)', () => {
  /** A session used once, so that this process keeps it: what a revocation must not outlive. */
  async function keptSession(userId: string, app = subject.app): Promise<string> {
    const token = await sessionFor(db(), userId);
    expect((await requester(app)('GET', '/api/me', { token })).statusCode).toBe(200);
    expect(app.sessionCache.has(token)).toBe(true);
    return token;
  }

  it('keeps a verified session for the next request, which does not slide it again', async () => {
    const user = await createUser(db());
    const token = await keptSession(user.id);
    const before = await sessionRow(token);
    expect((await call('GET', '/api/me', { token })).statusCode).toBe(200);
    expect((await sessionRow(token))?.lastUsedAt.getTime()).toBe(before?.lastUsedAt.getTime());
  });

  it('refuses a signed-out session on the very next request', async () => {
    const user = await createUser(db());
    const token = await keptSession(user.id);
    expect((await call('POST', '/api/signout', { token })).statusCode).toBe(200);
    expect(subject.app.sessionCache.has(token)).toBe(false);
    expect((await call('GET', '/api/me', { token })).statusCode).toBe(401);
  });

  it("refuses a person's other sessions on the very next request after they change their password", async () => {
    const user = await createUser(db());
    const changing = await keptSession(user.id);
    const other = await keptSession(user.id);
    const changed = await call('POST', '/api/account-details/password', { token: changing, payload: { currentPassword: TEST_PASSWORD, newPassword: 'a brand new password' } });
    expect(changed.statusCode).toBe(200);
    expect((await call('GET', '/api/me', { token: other })).statusCode).toBe(401);
  });

  it('refuses a kept session once it is revoked or cut short in the database, whatever wrote it', async () => {
    const user = await createUser(db());
    const revoked = await keptSession(user.id);
    await db().update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, hashToken(revoked)));
    expect((await call('GET', '/api/me', { token: revoked })).statusCode).toBe(401);

    const expired = await keptSession(user.id);
    await db().update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, hashToken(expired)));
    expect((await call('GET', '/api/me', { token: expired })).statusCode).toBe(401);
  });

  it("forgets a worker's kept session once the profile becomes inactive (access rules read its status)", async () => {
    const worker = await createWorker(db());
    const token = await keptSession(worker.id);
    await db().update(workerProfiles).set({ status: 'INACTIVE' }).where(eq(workerProfiles.userId, worker.id));
    expect(subject.app.sessionCache.has(token)).toBe(false);
  });

  it('refuses a kept alias session on the very next request once it ends, or its link is revoked', async () => {
    const coordinator = await createCoordinator(db());
    const client = await createUser(db());
    await linkClient(db(), coordinator.id, client.id);
    const token = await keptSession(coordinator.id);
    const startAlias = async () => {
      const started = await call('POST', `/api/support-coordinator/clients/${client.id}/alias`, { token });
      expect(started.statusCode).toBe(200);
      const { aliasToken } = aliasSessionResponseSchema.parse(started.json());
      expect((await call('GET', '/api/me', { token: aliasToken })).statusCode).toBe(200);
      expect(subject.app.sessionCache.has(aliasToken)).toBe(true);
      return aliasToken;
    };

    const ended = await startAlias();
    expect((await call('DELETE', '/api/alias', { token: ended })).statusCode).toBe(200);
    expect((await call('GET', '/api/me', { token: ended })).statusCode).toBe(401);

    const unlinked = await startAlias();
    await db()
      .update(supportCoordinatorLinks)
      .set({ status: 'REVOKED', endedAt: new Date() })
      .where(and(eq(supportCoordinatorLinks.coordinatorId, coordinator.id), eq(supportCoordinatorLinks.clientId, client.id)));
    expect((await call('GET', '/api/me', { token: unlinked })).statusCode).toBe(401);
    expect((await call('GET', '/api/me', { token })).statusCode).toBe(200);
  });

  it.runIf(process.env.TEST_DB === 'postgres')('keeps nothing while its LISTEN connection is lost, and keeps sessions again once it listens again', { tags: ['drivers'] }, async () => {
    const user = await createUser(db());
    const token = await keptSession(user.id);
    const killed = await db().execute(sql`
      select pg_terminate_backend(pid) as killed from pg_stat_activity
      where datname = current_database() and query = ${`LISTEN "tendly_session_change"`} and pid <> pg_backend_pid()`);
    expect(killed.rows.length).toBeGreaterThan(0);
    // Whatever it may have missed, nothing kept from before is used.
    await expect.poll(() => subject.app.sessionCache.isKeeping, { timeout: 2_000 }).toBe(false);
    expect(subject.app.sessionCache.has(token)).toBe(false);
    expect((await call('GET', '/api/me', { token })).statusCode).toBe(200);
    expect(subject.app.sessionCache.has(token)).toBe(false);
    await expect.poll(() => subject.app.sessionCache.isKeeping, { timeout: 5_000 }).toBe(true);
    expect((await call('GET', '/api/me', { token })).statusCode).toBe(200);
    expect(subject.app.sessionCache.has(token)).toBe(true);
  });

  describe('with a second app on the same database, as a second process', { tags: ['drivers'] }, () => {
    let second: FastifyInstance | undefined;
    beforeAll(async () => {
      second = await buildApp({ config: subject.config, database: subject.database, logger: false });
      await second.ready();
    });
    afterAll(async () => {
      await second?.close();
    });

    it('forgets a session the other process signed out, or whose person it deactivated, as soon as it hears of it', async () => {
      const app = second as FastifyInstance;
      const user = await createUser(db());
      const signedOut = await keptSession(user.id, app);
      const deactivated = await keptSession(user.id, app);
      expect((await call('POST', '/api/signout', { token: signedOut })).statusCode).toBe(200);
      // On PGlite the second app hears it with the commit; on a PostgreSQL server, a moment after.
      await expect.poll(() => app.sessionCache.has(signedOut), { timeout: 2_000 }).toBe(false);
      expect((await requester(app)('GET', '/api/me', { token: signedOut })).statusCode).toBe(401);

      await db().update(users).set({ status: 'DEACTIVATED', deactivatedAt: new Date() }).where(eq(users.id, user.id));
      await expect.poll(() => app.sessionCache.has(deactivated), { timeout: 2_000 }).toBe(false);
      expect((await requester(app)('GET', '/api/me', { token: deactivated })).statusCode).toBe(401);
    });
  });
});
