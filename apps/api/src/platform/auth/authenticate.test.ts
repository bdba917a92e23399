import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SESSION_TTL_MS } from '@tendly/domain/constants';
import { useTestApp } from '../../test-support/test-app';
import { createUser, sessionFor } from '../../features/auth/test-factories';
import { sessions, users } from '../db/schema/accounts';
import { hashToken } from './session-tokens';

const { call, db } = useTestApp();

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
