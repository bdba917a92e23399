import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { meResponseSchema, signInResponseSchema, tooManyAttemptsMessage } from '@tendly/domain/api/auth';
import { accountDeactivatedMessage, emailNotVerifiedMessage, INVALID_CREDENTIALS, PLEASE_LOGIN } from '@tendly/domain/errors';
import { buildApp } from '../../app';
import { hashToken } from '../../platform/auth/session-tokens';
import { loadConfig } from '../../platform/config';
import { sessions } from '../../platform/db/schema/accounts';
import { auditEvents } from '../../platform/db/schema/platform';
import { useTestApp } from '../../test-support/test-app';
import { recordFailedSignIn } from './auth-limits';
import {
  createCoordinator,
  createUser,
  createWorker,
  randomIp,
  requester,
  TEST_PASSWORD,
  uniqueEmail,
} from './test-factories';

const { subject, call, db } = useTestApp({ env: { SUPPORT_EMAIL: 'help@example.org', BRAND_NAME: 'Carely' } });

/** The app built with other settings on this file's database (closing it leaves the database open). */
async function appOnTheSameDatabase(env: Record<string, string>): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEARCH_CACHE_TTL_MS: '0', ...env });
  const app = await buildApp({ config, database: subject.database, logger: false });
  await app.ready();
  return app;
}

describe('POST /api/signin', () => {
  it('signs a verified person in and answers the fields of the spec, with Cache-Control: no-store (issue 29: it carries the token)', async () => {
    const user = await createUser(db(), { firstName: 'Ada', lastName: 'Lovelace', freshchatId: 'fc-1' });
    const response = await call('POST', '/api/signin', { payload: { email: user.email, password: TEST_PASSWORD } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = signInResponseSchema.parse(response.json());
    expect(body).toMatchObject({
      id: user.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      name: 'Ada Lovelace',
      email: user.email,
      phone: '0412345678',
      role: 'CS',
      superUserLogin: false,
      freshchatId: 'fc-1',
      profileStatus: null,
    });
    // 32 random bytes, base64url; only the SHA-256 is stored.
    expect(body.authToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored?.tokenHash).toBe(hashToken(body.authToken));
    expect(JSON.stringify(stored)).not.toContain(body.authToken);
    const expiresInDays = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(expiresInDays).toBeGreaterThan(29.9);
    expect(expiresInDays).toBeLessThanOrEqual(30);
  });

  it('treats the email without regard to letter case or surrounding spaces', async () => {
    const user = await createUser(db());
    const response = await call('POST', '/api/signin', { payload: { email: `  ${user.email.toUpperCase()} `, password: TEST_PASSWORD } });
    expect(response.statusCode).toBe(200);
  });

  it('gives a worker their profile status', async () => {
    const worker = await createWorker(db(), { profileStatus: 'INACTIVE' });
    const response = await call('POST', '/api/signin', { payload: { email: worker.email, password: TEST_PASSWORD } });
    expect(response.json()).toMatchObject({ role: 'CR', profileStatus: 'INACTIVE' });
  });

  it('records the sign-in in the audit log', async () => {
    const user = await createUser(db());
    await call('POST', '/api/signin', { payload: { email: user.email, password: TEST_PASSWORD } });
    const events = await db().select().from(auditEvents).where(eq(auditEvents.subjectUserId, user.id));
    expect(events.map((e) => e.action)).toContain('auth.signed_in');
  });

  it('answers a wrong password and an unknown email alike: 401 "Invalid email address or password"', async () => {
    const user = await createUser(db());
    const wrong = await call('POST', '/api/signin', { payload: { email: user.email, password: 'not the password' } });
    const unknown = await call('POST', '/api/signin', { payload: { email: uniqueEmail(), password: 'not the password' } });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: INVALID_CREDENTIALS, code: 'INVALID_CREDENTIALS' });
    }
  });

  it('tells the owner of an unverified account to verify (401 EVF), only with the right password', async () => {
    const user = await createUser(db(), { emailVerifiedAt: null });
    const right = await call('POST', '/api/signin', { payload: { email: user.email, password: TEST_PASSWORD } });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual({ message: emailNotVerifiedMessage('Carely'), code: 'EVF' });
    const wrong = await call('POST', '/api/signin', { payload: { email: user.email, password: 'guess-guess' } });
    expect(wrong.json()).toEqual({ message: INVALID_CREDENTIALS, code: 'INVALID_CREDENTIALS' });
  });

  it('refuses a deactivated account with 403 and the support email, only with the right password', async () => {
    const user = await createUser(db(), { status: 'DEACTIVATED', deactivatedAt: new Date() });
    const right = await call('POST', '/api/signin', { payload: { email: user.email, password: TEST_PASSWORD } });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ message: accountDeactivatedMessage('help@example.org'), code: 'ACCOUNT_DEACTIVATED' });
    expect(right.json().message).toContain('help@example.org');
    const wrong = await call('POST', '/api/signin', { payload: { email: user.email, password: 'guess-guess' } });
    expect(wrong.statusCode).toBe(401);
  });

  it('answers missing fields with 400 and the messages of spec section 5', async () => {
    const response = await call('POST', '/api/signin', { payload: { email: 'not-an-email', password: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ email: 'Enter a valid email address', password: 'Enter your password' });
    const empty = await call('POST', '/api/signin', { payload: {} });
    expect(empty.json().errors).toEqual({ email: 'Enter your email address', password: 'Enter your password' });
  });

  it('takes about as long for an unknown email as for a wrong password (both run argon2)', async () => {
    const users = [await createUser(db()), await createUser(db())];
    const time = async (email: string) => {
      const started = performance.now();
      const response = await call('POST', '/api/signin', { payload: { email, password: 'definitely-wrong' } });
      expect(response.statusCode).toBe(401);
      return performance.now() - started;
    };
    // The fastest of several tries is the work itself; a loaded machine only ever adds time.
    const fastest = (values: number[]) => Math.min(...values);
    // Alternate, and stay under the account lock of 5 failures per account.
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      for (const user of users) {
        known.push(await time(user.email));
        unknown.push(await time(uniqueEmail()));
      }
    }
    const ratio = fastest(unknown) / fastest(known);
    // Without the dummy hash the unknown email answers in a small fraction of the time.
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});

describe('sign-in limits', () => {
  it('locks an address out of an account after 5 failed sign-ins in 15 minutes, even for the right password, with Retry-After', async () => {
    const user = await createUser(db());
    const ip = randomIp();
    for (let i = 0; i < 5; i += 1) {
      const response = await call('POST', '/api/signin', { payload: { email: user.email, password: `wrong-${i}` }, ip });
      expect(response.statusCode).toBe(401);
    }
    const sixth = await call('POST', '/api/signin', { payload: { email: user.email, password: TEST_PASSWORD }, ip });
    expect(sixth.statusCode).toBe(429);
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(sixth.json()).toEqual({ message: tooManyAttemptsMessage(retryAfter), code: 'RATE_LIMITED' });
    expect(sixth.json().message).toBe('Too many attempts. Please try again in 15 minutes.');
  });

  it('lets the owner in from another address while the guesser\'s address stays locked out', async () => {
    const user = await createUser(db());
    const [guesser, owner] = [randomIp(), randomIp()];
    for (let i = 0; i < 5; i += 1) await call('POST', '/api/signin', { payload: { email: user.email, password: `wrong-${i}` }, ip: guesser });
    const fromOwner = await call('POST', '/api/signin', { payload: { email: user.email, password: TEST_PASSWORD }, ip: owner });
    expect(fromOwner.statusCode).toBe(200);
    const fromGuesser = await call('POST', '/api/signin', { payload: { email: user.email, password: TEST_PASSWORD }, ip: guesser });
    expect(fromGuesser.statusCode).toBe(429);
  });

  it('slows down guessing an account from many addresses, but not its owner at an address they signed in from', async () => {
    const user = await createUser(db());
    const home = randomIp();
    expect((await call('POST', '/api/signin', { payload: { email: user.email, password: TEST_PASSWORD }, ip: home })).statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1) {
      expect((await call('POST', '/api/signin', { payload: { email: user.email, password: `wrong-${i}` } })).statusCode).toBe(401);
    }
    // Four more failures elsewhere (as the sign-in route counts them): the next try waits 16 s.
    for (let i = 0; i < 4; i += 1) await recordFailedSignIn(subject.app.rateLimitStore, user.email, randomIp());
    const fromElsewhere = await call('POST', '/api/signin', { payload: { email: user.email, password: TEST_PASSWORD } });
    expect(fromElsewhere.statusCode).toBe(429);
    expect(Number(fromElsewhere.headers['retry-after'])).toBeGreaterThan(10);
    expect(Number(fromElsewhere.headers['retry-after'])).toBeLessThanOrEqual(16);
    expect((await call('POST', '/api/signin', { payload: { email: user.email, password: TEST_PASSWORD }, ip: home })).statusCode).toBe(200);
  });

  it('forgets earlier failures from an address after a successful sign-in from it', async () => {
    const user = await createUser(db());
    const ip = randomIp();
    for (let i = 0; i < 4; i += 1) await call('POST', '/api/signin', { payload: { email: user.email, password: 'nope-nope' }, ip });
    expect((await call('POST', '/api/signin', { payload: { email: user.email, password: TEST_PASSWORD }, ip })).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) await call('POST', '/api/signin', { payload: { email: user.email, password: 'nope-nope' }, ip });
    expect((await call('POST', '/api/signin', { payload: { email: user.email, password: TEST_PASSWORD }, ip })).statusCode).toBe(200);
  });

  it('locks an unknown email the same way, so the lock does not reveal who has an account', async () => {
    const email = uniqueEmail();
    const ip = randomIp();
    for (let i = 0; i < 5; i += 1) await call('POST', '/api/signin', { payload: { email, password: 'nope-nope' }, ip });
    expect((await call('POST', '/api/signin', { payload: { email, password: 'nope-nope' }, ip })).statusCode).toBe(429);
  });

  it('refuses the 31st auth request from one address within a minute, with Retry-After', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const url = i % 2 === 0 ? '/api/auth/forgot' : '/api/signin';
      const payload = i % 2 === 0 ? { email: uniqueEmail() } : { email: uniqueEmail(), password: 'whatever1' };
      statuses.push((await call('POST', url, { payload, ip })).statusCode);
    }
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    const thirtyFirst = await call('POST', '/api/signup', { payload: {}, ip });
    expect(thirtyFirst.statusCode).toBe(429);
    expect(Number(thirtyFirst.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(thirtyFirst.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(thirtyFirst.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many attempts\. Please try again in /) });
    // Another address is not affected.
    expect((await call('POST', '/api/auth/forgot', { payload: { email: uniqueEmail() } })).statusCode).toBe(200);
  });

  it('counts the connection\'s address, whatever X-Forwarded-For says, when TRUST_PROXY is unset', async () => {
    const ip = randomIp();
    for (let i = 0; i < 30; i += 1) {
      const response = await call('POST', '/api/auth/forgot', { payload: { email: uniqueEmail() }, ip, headers: { 'x-forwarded-for': randomIp() } });
      expect(response.statusCode).toBe(200);
    }
    const thirtyFirst = await call('POST', '/api/auth/forgot', { payload: { email: uniqueEmail() }, ip, headers: { 'x-forwarded-for': randomIp() } });
    expect(thirtyFirst.statusCode).toBe(429);

    const user = await createUser(db());
    const signedIn = await call('POST', '/api/signin', { payload: { email: user.email, password: TEST_PASSWORD }, ip: '198.51.100.4', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(signedIn.statusCode).toBe(200);
    const [session] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session?.ip).toBe('198.51.100.4');
  });

  it('takes the client\'s address from X-Forwarded-For when the request comes through a trusted proxy', async () => {
    const behindOneProxy = await appOnTheSameDatabase({ TRUST_PROXY: '1' });
    const behindLoopback = await appOnTheSameDatabase({ TRUST_PROXY: '127.0.0.1' });
    try {
      const proxy = randomIp();
      const statuses: number[] = [];
      for (let i = 0; i < 31; i += 1) {
        const response = await requester(behindOneProxy)('POST', '/api/auth/forgot', { payload: { email: uniqueEmail() }, ip: proxy, headers: { 'x-forwarded-for': randomIp() } });
        statuses.push(response.statusCode);
      }
      expect(statuses.filter((status) => status === 429)).toEqual([]);

      const sessionIpOf = async (app: FastifyInstance, ip: string, forwardedFor: string) => {
        const user = await createUser(db());
        const response = await requester(app)('POST', '/api/signin', { payload: { email: user.email, password: TEST_PASSWORD }, ip, headers: { 'x-forwarded-for': forwardedFor } });
        expect(response.statusCode).toBe(200);
        const [session] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
        return session?.ip;
      };
      // The proxy's view of the client: the last address in the header; earlier ones are the client's word.
      expect(await sessionIpOf(behindOneProxy, '10.0.0.5', '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
      expect(await sessionIpOf(behindLoopback, '127.0.0.1', '203.0.113.8')).toBe('203.0.113.8');
      // A client that is not the named proxy cannot speak for anyone else.
      expect(await sessionIpOf(behindLoopback, '198.51.100.9', '203.0.113.8')).toBe('198.51.100.9');
    } finally {
      await Promise.all([behindOneProxy.close(), behindLoopback.close()]);
    }
  });

  it('does not count signed-in calls such as GET /api/me against the auth limit', async () => {
    const user = await createUser(db());
    const token = (await call('POST', '/api/signin', { payload: { email: user.email, password: TEST_PASSWORD } })).json().authToken as string;
    const ip = randomIp();
    for (let i = 0; i < 31; i += 1) expect((await call('GET', '/api/me', { token, ip })).statusCode).toBe(200);
  });
});

describe('POST /api/signout', () => {
  it('revokes the session: the token no longer works', async () => {
    const user = await createUser(db());
    const token = (await call('POST', '/api/signin', { payload: { email: user.email, password: TEST_PASSWORD } })).json().authToken as string;
    expect((await call('GET', '/api/me', { token })).statusCode).toBe(200);
    const response = await call('POST', '/api/signout', { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'You have signed out.' });
    const after = await call('GET', '/api/me', { token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: PLEASE_LOGIN, code: 'UNAUTHENTICATED' });
  });

  it('needs a sign-in', async () => {
    expect((await call('POST', '/api/signout')).statusCode).toBe(401);
  });
});

describe('GET /api/me', () => {
  it('describes a care seeker', async () => {
    const user = await createUser(db(), { firstName: 'Mei', lastName: 'Chen' });
    const token = (await call('POST', '/api/signin', { payload: { email: user.email, password: TEST_PASSWORD } })).json().authToken as string;
    const response = await call('GET', '/api/me', { token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(meResponseSchema.parse(response.json())).toEqual({
      id: user.id,
      firstName: 'Mei',
      lastName: 'Chen',
      name: 'Mei Chen',
      email: user.email,
      phone: '0412345678',
      role: 'CS',
      profileStatus: null,
      emailVerified: true,
      createdAt: user.createdAt.toISOString(),
      actor: null,
      workerProfile: null,
      organisation: null,
    });
  });

  it("tells a worker how complete their profile is and what is missing, in words", async () => {
    const worker = await createWorker(db(), {
      profileStatus: 'INACTIVE',
      profile: { headline: 'Friendly disability support worker', skills: ['AUTISM'], weekdayRateCents: 4200 },
    });
    const token = (await call('POST', '/api/signin', { payload: { email: worker.email, password: TEST_PASSWORD } })).json().authToken as string;
    const body = meResponseSchema.parse((await call('GET', '/api/me', { token })).json());
    expect(body.profileStatus).toBe('INACTIVE');
    expect(body.workerProfile).toEqual({
      status: 'INACTIVE',
      completenessPercent: 10,
      missing: [
        'A headline and a bio of 50 to 2,000 characters',
        'A profile photo',
        'Your rates',
        'When you are available',
        'Your home suburb and how far you travel',
        'Your required compliance documents',
        '2 referees',
        'Your tax, super and bank details',
        'The platform induction in the learning hub',
      ],
    });
  });

  it("gives a support coordinator's organisation", async () => {
    const coordinator = await createCoordinator(db(), { organisation: 'Harbour Plan Management' });
    const token = (await call('POST', '/api/signin', { payload: { email: coordinator.email, password: TEST_PASSWORD } })).json().authToken as string;
    expect((await call('GET', '/api/me', { token })).json()).toMatchObject({ role: 'SUPPORT', organisation: 'Harbour Plan Management' });
  });

  it('answers 401 "Please login with your account to continue" without a token or with a made-up one', async () => {
    for (const token of [undefined, 'made-up-token', 'x'.repeat(500)]) {
      const response = await call('GET', '/api/me', token ? { token } : {});
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: PLEASE_LOGIN, code: 'UNAUTHENTICATED' });
    }
  });
});
