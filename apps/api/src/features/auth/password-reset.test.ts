import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '@tendly/domain/api/auth';
import { INVALID_CREDENTIALS } from '@tendly/domain/errors';
import { verifyPassword } from '../../platform/auth/passwords';
import { passwordResets, users } from '../../platform/db/schema/accounts';
import { auditEvents, backgroundJobs } from '../../platform/db/schema/platform';
import { useTestApp } from '../../test-support/test-app';
import { createCoordinator, createUser, linkClient, outboxOf, randomIp, sessionFor, TEST_PASSWORD, uniqueEmail } from './test-factories';

const { subject, call, db } = useTestApp({ env: { PUBLIC_URL: 'https://care.example.org', BRAND_NAME: 'Tendly' } });

const NEW_PASSWORD = 'a brand new password';

/** Asks for a reset link and reads the token out of the email. */
async function requestLink(email: string): Promise<{ url: URL; token: string }> {
  const response = await call('POST', '/api/auth/forgot', { payload: { email } });
  expect(response.statusCode).toBe(200);
  await subject.drainJobs();
  const [mail] = await outboxOf(subject.app, email);
  const href = /https:\/\/care\.example\.org\/resetPassword\?[^\s"<]+/.exec(mail?.text ?? '')?.[0];
  if (!href) throw new Error('No reset link in the email');
  const url = new URL(href);
  return { url, token: url.searchParams.get('token') ?? '' };
}

describe('POST /api/auth/forgot', () => {
  it('emails a link to /resetPassword with the email and a token; stores only the hash, valid for 1 hour', async () => {
    const user = await createUser(db());
    const { url, token } = await requestLink(user.email);
    expect(url.pathname).toBe('/resetPassword');
    expect(url.searchParams.get('email')).toBe(user.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [mail] = await outboxOf(subject.app, user.email);
    expect(mail?.subject).toBe('Reset your Tendly password');
    const [stored] = await db().select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(stored?.tokenHash).not.toBe(token);
    const minutes = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('answers the same for an email without an account, and sends nothing', async () => {
    const user = await createUser(db());
    const known = await call('POST', '/api/auth/forgot', { payload: { email: user.email } });
    const email = uniqueEmail();
    const unknown = await call('POST', '/api/auth/forgot', { payload: { email } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.json()).toEqual({ message: accountMessages.resetLinkSent });
    await subject.drainJobs();
    expect(await outboxOf(subject.app, email)).toEqual([]);
  });

  it('does the same work for every address while answering: the link is made and sent afterwards', async () => {
    const user = await createUser(db());
    const unknown = uniqueEmail();
    await subject.drainJobs();
    for (const email of [user.email, unknown]) {
      expect((await call('POST', '/api/auth/forgot', { payload: { email } })).json()).toEqual({ message: accountMessages.resetLinkSent });
    }
    // Nothing was looked up or made during the requests: each only queued the same job.
    expect(await db().select().from(passwordResets).where(eq(passwordResets.userId, user.id))).toEqual([]);
    const queued = await db().select().from(backgroundJobs).where(eq(backgroundJobs.status, 'PENDING'));
    expect(queued).toHaveLength(2);
    expect(queued.map((job) => [job.type, job.payload])).toEqual(
      expect.arrayContaining([
        ['auth.password-reset-link', { email: user.email }],
        ['auth.password-reset-link', { email: unknown }],
      ]),
    );
    await subject.drainJobs();
    expect(await db().select().from(passwordResets).where(eq(passwordResets.userId, user.id))).toHaveLength(1);
    expect(await outboxOf(subject.app, user.email)).toHaveLength(1);
    expect(await outboxOf(subject.app, unknown)).toEqual([]);
  });

  it('sends at most 5 links to an address in an hour, answering every request the same', async () => {
    const user = await createUser(db());
    for (let i = 0; i < 7; i += 1) {
      expect((await call('POST', '/api/auth/forgot', { payload: { email: user.email } })).json()).toEqual({ message: accountMessages.resetLinkSent });
    }
    await subject.drainJobs();
    expect(await outboxOf(subject.app, user.email)).toHaveLength(5);
    expect(await db().select().from(passwordResets).where(eq(passwordResets.userId, user.id))).toHaveLength(5);
  });

  it('validates the email', async () => {
    const response = await call('POST', '/api/auth/forgot', { payload: { email: 'nope' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ email: 'Enter a valid email address' });
  });
});

describe('POST /api/auth/reset', () => {
  it('sets the new password, and the old one stops working', async () => {
    const user = await createUser(db());
    const { token } = await requestLink(user.email);
    const response = await call('POST', '/api/auth/reset', { payload: { email: user.email, password: NEW_PASSWORD, verificationToken: token } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: accountMessages.passwordReset });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row?.passwordHash ?? '', NEW_PASSWORD)).toBe(true);
    expect((await call('POST', '/api/signin', { payload: { email: user.email, password: NEW_PASSWORD } })).statusCode).toBe(200);
    const old = await call('POST', '/api/signin', { payload: { email: user.email, password: TEST_PASSWORD } });
    expect(old.json().message).toBe(INVALID_CREDENTIALS);
    const events = await db().select().from(auditEvents).where(eq(auditEvents.subjectUserId, user.id));
    expect(events.map((e) => e.action)).toContain('auth.password_reset');
  });

  it('revokes every session of the account, alias sessions it started included', async () => {
    const coordinator = await createCoordinator(db());
    const client = await createUser(db());
    await linkClient(db(), coordinator.id, client.id);
    const first = await sessionFor(db(), coordinator.id);
    const second = await sessionFor(db(), coordinator.id);
    const alias = await call('POST', `/api/support-coordinator/clients/${client.id}/alias`, { token: first });
    const aliasToken = alias.json().aliasToken as string;
    expect((await call('GET', '/api/me', { token: aliasToken })).statusCode).toBe(200);

    const { token } = await requestLink(coordinator.email);
    await call('POST', '/api/auth/reset', { payload: { email: coordinator.email, password: NEW_PASSWORD, verificationToken: token } });
    for (const t of [first, second, aliasToken]) expect((await call('GET', '/api/me', { token: t })).statusCode).toBe(401);
  });

  it("ends coordinators' alias sessions acting for the account; the coordinators stay signed in", async () => {
    const coordinator = await createCoordinator(db());
    const client = await createUser(db());
    await linkClient(db(), coordinator.id, client.id);
    const coordinatorToken = await sessionFor(db(), coordinator.id);
    const alias = await call('POST', `/api/support-coordinator/clients/${client.id}/alias`, { token: coordinatorToken });
    const aliasToken = alias.json().aliasToken as string;
    expect((await call('GET', '/api/me', { token: aliasToken })).statusCode).toBe(200);

    const { token } = await requestLink(client.email);
    await call('POST', '/api/auth/reset', { payload: { email: client.email, password: NEW_PASSWORD, verificationToken: token } });
    expect((await call('GET', '/api/me', { token: aliasToken })).statusCode).toBe(401);
    expect((await call('GET', '/api/me', { token: coordinatorToken })).statusCode).toBe(200);
  });

  it('works once: the same link a second time is refused with 400', async () => {
    const user = await createUser(db());
    const { token } = await requestLink(user.email);
    const payload = { email: user.email, password: NEW_PASSWORD, verificationToken: token };
    expect((await call('POST', '/api/auth/reset', { payload })).statusCode).toBe(200);
    const again = await call('POST', '/api/auth/reset', { payload: { ...payload, password: 'yet another password' } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: accountMessages.resetLinkInvalid, code: 'VALIDATION' });
  });

  it('refuses a link older than 1 hour', async () => {
    const user = await createUser(db());
    const { token } = await requestLink(user.email);
    await db().update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResets.userId, user.id));
    const response = await call('POST', '/api/auth/reset', { payload: { email: user.email, password: NEW_PASSWORD, verificationToken: token } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(accountMessages.resetLinkInvalid);
    expect(await verifyPassword((await db().select().from(users).where(eq(users.id, user.id)))[0]?.passwordHash ?? '', TEST_PASSWORD)).toBe(true);
  });

  it("refuses a made-up token, and another person's token", async () => {
    const user = await createUser(db());
    const other = await createUser(db());
    const { token } = await requestLink(other.email);
    for (const verificationToken of ['made-up', token]) {
      const response = await call('POST', '/api/auth/reset', { payload: { email: user.email, password: NEW_PASSWORD, verificationToken } });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(accountMessages.resetLinkInvalid);
    }
    const unknown = await call('POST', '/api/auth/reset', { payload: { email: uniqueEmail(), password: NEW_PASSWORD, verificationToken: token } });
    expect(unknown.statusCode).toBe(400);
  });

  it('needs a new password of at least 8 characters (the spec message)', async () => {
    const user = await createUser(db());
    const { token } = await requestLink(user.email);
    const response = await call('POST', '/api/auth/reset', { payload: { email: user.email, password: 'short', verificationToken: token } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ password: 'Password must be at least 8 characters in length' });
  });

  it('lifts a sign-in lock: the owner of the email may sign in again at once', async () => {
    const user = await createUser(db());
    const ip = randomIp();
    for (let i = 0; i < 5; i += 1) await call('POST', '/api/signin', { payload: { email: user.email, password: 'wrong-wrong' }, ip });
    expect((await call('POST', '/api/signin', { payload: { email: user.email, password: TEST_PASSWORD }, ip })).statusCode).toBe(429);
    const { token } = await requestLink(user.email);
    await call('POST', '/api/auth/reset', { payload: { email: user.email, password: NEW_PASSWORD, verificationToken: token }, ip });
    expect((await call('POST', '/api/signin', { payload: { email: user.email, password: NEW_PASSWORD }, ip })).statusCode).toBe(200);
  });
});
