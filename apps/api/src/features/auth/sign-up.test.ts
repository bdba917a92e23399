import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, signUpResponseSchema, tooManyVerificationCodesMessage } from '@tendly/domain/api/auth';
import { VERIFICATION_CODE_MAX_ATTEMPTS } from '@tendly/domain/constants';
import { emailNotVerifiedMessage, INVALID_VERIFICATION_CODE, VERIFICATION_RESENT, verificationSuccessMessage } from '@tendly/domain/errors';
import { verifyPassword } from '../../platform/auth/passwords';
import { users, verificationCodes } from '../../platform/db/schema/accounts';
import { backgroundJobs } from '../../platform/db/schema/platform';
import { localities } from '../../platform/db/schema/reference';
import { workerProfiles } from '../../platform/db/schema/workers';
import { workerSignup } from '../../test-support/sign-up-payloads';
import { useTestApp } from '../../test-support/test-app';
import { latestCodeFor, outboxOf, uniqueEmail } from './test-factories';

/** The configured brand fills the spec's {product} in these texts (not the default, so a mix-up shows). */
const VERIFICATION_SUCCESS = verificationSuccessMessage('Carely');

const { subject, call, db } = useTestApp({ env: { BRAND_NAME: 'Carely' } });
let localityId: number;

beforeAll(async () => {
  const [row] = await subject.database.db
    .insert(localities)
    .values({ postcode: '2026', suburb: 'Bondi', state: 'NSW', latitude: -33.891, longitude: 151.262 })
    .returning({ id: localities.id });
  localityId = row?.id ?? 0;
});

function careSeekerSignup(overrides: Record<string, unknown> = {}) {
  return {
    role: 'CS',
    firstName: 'Priya',
    lastName: 'Shah',
    email: uniqueEmail('seeker'),
    password: 'a-long-enough-password',
    phone: '+61 2 9999 0000',
    acceptTerms: true,
    ...overrides,
  };
}

async function signUp(payload: Record<string, unknown>) {
  const response = await call('POST', '/api/signup', { payload });
  expect(response.statusCode).toBe(201);
  return signUpResponseSchema.parse(response.json());
}

describe('POST /api/signup', () => {
  it('creates an unverified worker with an INACTIVE profile at their locality', async () => {
    const payload = workerSignup();
    const body = await signUp(payload);
    expect(body).toEqual({ id: expect.any(String), email: payload.email, role: 'CR', message: accountMessages.signedUp });
    const [user] = await db().select().from(users).where(eq(users.id, body.id));
    expect(user).toMatchObject({
      firstName: 'Sam',
      phone: '0412345678',
      streetAddress: '1 Campbell Parade',
      suburb: 'bondi',
      state: 'NSW',
      postcode: '2026',
      hearAboutUs: 'SEARCH_ENGINE',
      emailVerifiedAt: null,
      status: 'ACTIVE',
    });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user?.termsAcceptedAt).toBeInstanceOf(Date);
    expect(user?.engagementTermsAcceptedAt).toBeInstanceOf(Date);
    expect(user?.ndisCodeAcceptedAt).toBeInstanceOf(Date);
    expect(user?.agedCareCodeAcceptedAt).toBeInstanceOf(Date);
    const [profile] = await db().select().from(workerProfiles).where(eq(workerProfiles.userId, body.id));
    expect(profile).toMatchObject({ status: 'INACTIVE', localityId, travelRadiusKm: 20, latitude: -33.891, longitude: 151.262 });
  });

  it('leaves the worker without a locality when suburb, state and postcode match none', async () => {
    const body = await signUp(workerSignup({ suburb: 'Nowhere Creek', postcode: '2999' }));
    const [profile] = await db().select().from(workerProfiles).where(eq(workerProfiles.userId, body.id));
    expect(profile).toMatchObject({ status: 'INACTIVE', localityId: null, travelRadiusKm: null, latitude: null });
  });

  it('creates a care seeker and a support coordinator with their organisation', async () => {
    const seeker = await signUp(careSeekerSignup());
    expect(seeker.role).toBe('CS');
    const coordinator = await signUp(careSeekerSignup({ role: 'SUPPORT', organisation: 'Bright Plan Co' }));
    const [row] = await db().select().from(users).where(eq(users.id, coordinator.id));
    expect(row).toMatchObject({ role: 'SUPPORT', organisation: 'Bright Plan Co', phone: '0299990000' });
    const profiles = await db().select().from(workerProfiles).where(eq(workerProfiles.userId, seeker.id));
    expect(profiles).toEqual([]);
  });

  it('stores the email lower-cased and trimmed', async () => {
    const email = uniqueEmail('MixedCase');
    const body = await signUp(careSeekerSignup({ email: `  ${email.toUpperCase()}  ` }));
    expect(body.email).toBe(email.toLowerCase());
  });

  it('answers an email already registered (in any letter case) like a new one, and emails its owner instead', async () => {
    const payload = careSeekerSignup();
    const first = await signUp(payload);
    const again = await call('POST', '/api/signup', { payload: workerSignup({ email: String(payload.email).toUpperCase(), password: 'someone-elses-password' }) });
    expect(again.statusCode).toBe(201);
    const body = signUpResponseSchema.parse(again.json());
    expect(body).toEqual({ id: expect.any(String), email: first.email, role: 'CR', message: accountMessages.signedUp });
    // A made-up id: the answer carries nothing of the account that exists.
    expect(body.id).not.toBe(first.id);
    expect(await db().select().from(users).where(eq(users.id, body.id))).toEqual([]);

    const accounts = await db().select().from(users).where(eq(users.email, first.email));
    expect(accounts.map((account) => account.id)).toEqual([first.id]);
    expect(await verifyPassword(accounts[0]?.passwordHash ?? '', String(payload.password))).toBe(true);
    await subject.drainJobs();
    const mail = await outboxOf(subject.app, first.email);
    expect(mail.map((message) => message.subject)).toEqual([
      'Someone tried to register with your email address at Carely',
      'Confirm your email address for Carely',
    ]);
    expect(mail[0]?.text).toContain('You already have one, so we did not create another.');
    expect(mail[0]?.text).not.toMatch(/\b\d{6}\b/);
  });

  it('emails the owner of a registered address about sign-up attempts at most 5 times an hour', async () => {
    const { email } = await signUp(careSeekerSignup());
    for (let i = 0; i < 7; i += 1) await signUp(careSeekerSignup({ email }));
    await subject.drainJobs();
    const notes = (await outboxOf(subject.app, email)).filter((message) => message.subject.startsWith('Someone tried to register'));
    expect(notes).toHaveLength(5);
  });

  it('answers a worker sign-up missing everything with every message of spec section 5', async () => {
    const response = await call('POST', '/api/signup', { payload: { role: 'CR' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      firstName: 'Tell us your first name',
      email: 'Enter your email address',
      password: 'Password must be at least 8 characters in length',
      phone: 'Enter your phone number',
      address: 'Enter your street address',
      suburb: 'Enter your suburb',
      state: 'Enter your state',
      postcode: 'Enter your postcode',
      hearAboutUs: 'Please let us know how you came across Carely',
      acceptTerms: 'You must accept our terms & conditions',
      acceptEng: 'You must read and understand the terms of engagement',
      acceptNDISCode: 'You must read and accept the NDIS Code of Conduct',
      acceptAgedCareCode: 'You must read and accept the Aged Care Code of Conduct',
    });
  });

  it('refuses unticked acceptances, a short password and a bad email with their messages', async () => {
    const response = await call('POST', '/api/signup', {
      payload: workerSignup({ acceptTerms: false, acceptEng: false, password: 'short', email: 'nope' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      acceptTerms: 'You must accept our terms & conditions',
      acceptEng: 'You must read and understand the terms of engagement',
      password: 'Password must be at least 8 characters in length',
      email: 'Enter a valid email address',
    });
  });

  it('refuses an unknown kind of account with 400', async () => {
    const response = await call('POST', '/api/signup', { payload: careSeekerSignup({ role: 'ADMIN' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION');
  });

  it('emails a 6-digit code and stores only its hash; the new account cannot sign in yet', async () => {
    const payload = careSeekerSignup();
    const body = await signUp(payload);
    const mail = await outboxOf(subject.app, body.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Confirm your email address for Carely');
    const code = await latestCodeFor(subject.app, body.email);
    const stored = await db().select().from(verificationCodes).where(eq(verificationCodes.userId, body.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.codeHash).not.toContain(code);
    const hoursValid = ((stored[0]?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hoursValid).toBeGreaterThan(23.9);
    expect(hoursValid).toBeLessThanOrEqual(24);
    const signIn = await call('POST', '/api/signin', { payload: { email: body.email, password: payload.password } });
    expect(signIn.json()).toEqual({ message: emailNotVerifiedMessage('Carely'), code: 'EVF' });
  });
});

describe('POST /api/auth/verify/{email}/{code}', () => {
  it('verifies the email with the right code, sends a welcome email, and then sign-in works', async () => {
    const payload = workerSignup();
    const { email } = await signUp(payload);
    const code = await latestCodeFor(subject.app, email);
    const response = await call('POST', `/api/auth/verify/${encodeURIComponent(email)}/${code}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: VERIFICATION_SUCCESS });
    const mail = await outboxOf(subject.app, email);
    expect(mail[0]?.subject).toBe('Welcome to Carely');
    expect(mail[0]?.text).toContain('complete your worker profile');
    const signIn = await call('POST', '/api/signin', { payload: { email, password: payload.password } });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ role: 'CR', profileStatus: 'INACTIVE' });
  });

  it('accepts the email in any letter case and the code with spaces', async () => {
    const { email } = await signUp(careSeekerSignup());
    const code = await latestCodeFor(subject.app, email);
    const spaced = `${code.slice(0, 3)}%20${code.slice(3)}`;
    const response = await call('POST', `/api/auth/verify/${encodeURIComponent(email.toUpperCase())}/${spaced}`);
    expect(response.json()).toEqual({ message: VERIFICATION_SUCCESS });
  });

  it('answers a wrong code with 400 and the spec text', async () => {
    const { email } = await signUp(careSeekerSignup());
    const code = await latestCodeFor(subject.app, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const response = await call('POST', `/api/auth/verify/${email}/${wrong}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: INVALID_VERIFICATION_CODE, code: 'INVALID_VERIFICATION_CODE' });
  });

  it('answers an unknown email like a wrong code', async () => {
    const response = await call('POST', `/api/auth/verify/${uniqueEmail()}/123456`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: INVALID_VERIFICATION_CODE, code: 'INVALID_VERIFICATION_CODE' });
  });

  it('answers a wrong code alike whether the account exists, is verified, or its code expired or is void', { tags: ['one-driver'] }, async () => {
    const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
    const verified = await signUp(careSeekerSignup());
    const verifiedCode = await latestCodeFor(subject.app, verified.email);
    expect((await call('POST', `/api/auth/verify/${verified.email}/${verifiedCode}`)).statusCode).toBe(200);
    const expired = await signUp(careSeekerSignup());
    const expiredCode = await latestCodeFor(subject.app, expired.email);
    await db().update(verificationCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verificationCodes.userId, expired.id));
    const voided = await signUp(careSeekerSignup());
    const voidedCode = await latestCodeFor(subject.app, voided.email);
    for (let i = 0; i < VERIFICATION_CODE_MAX_ATTEMPTS; i += 1) await call('POST', `/api/auth/verify/${voided.email}/${wrongFor(voidedCode)}`);
    const unverified = await signUp(careSeekerSignup());
    const unverifiedCode = await latestCodeFor(subject.app, unverified.email);

    const answers = await Promise.all(
      [
        [uniqueEmail(), '123456'],
        [verified.email, wrongFor(verifiedCode)],
        [expired.email, wrongFor(expiredCode)],
        [voided.email, wrongFor(voidedCode)],
        [unverified.email, wrongFor(unverifiedCode)],
      ].map(async ([email, code]) => {
        const response = await call('POST', `/api/auth/verify/${email}/${code}`);
        return { status: response.statusCode, body: response.json() as unknown };
      }),
    );
    for (const answer of answers) {
      expect(answer).toEqual({ status: 400, body: { message: INVALID_VERIFICATION_CODE, code: 'INVALID_VERIFICATION_CODE' } });
    }
  });

  it('voids the code after 5 wrong attempts: even the right code then fails until a new one is requested', async () => {
    const { email } = await signUp(careSeekerSignup());
    const code = await latestCodeFor(subject.app, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers: string[] = [];
    for (let i = 0; i < VERIFICATION_CODE_MAX_ATTEMPTS; i += 1) {
      answers.push((await call('POST', `/api/auth/verify/${email}/${wrong}`)).json().message);
    }
    // Every wrong try answers alike, the 5th too; only the right code learns that it is void.
    expect(answers).toEqual(Array(VERIFICATION_CODE_MAX_ATTEMPTS).fill(INVALID_VERIFICATION_CODE));
    const right = await call('POST', `/api/auth/verify/${email}/${code}`);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(accountMessages.verificationCodeVoid);

    expect((await call('POST', `/api/auth/resetEmailVerification/${email}`)).statusCode).toBe(200);
    await subject.drainJobs();
    const fresh = await latestCodeFor(subject.app, email);
    expect((await call('POST', `/api/auth/verify/${email}/${fresh}`)).json()).toEqual({ message: VERIFICATION_SUCCESS });
  });

  it('refuses a code older than 24 hours', async () => {
    const { email, id } = await signUp(careSeekerSignup());
    const code = await latestCodeFor(subject.app, email);
    await db().update(verificationCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verificationCodes.userId, id));
    const response = await call('POST', `/api/auth/verify/${email}/${code}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(accountMessages.verificationCodeExpired);
  });

  it('says so when the email is already verified', async () => {
    const { email } = await signUp(careSeekerSignup());
    const code = await latestCodeFor(subject.app, email);
    await call('POST', `/api/auth/verify/${email}/${code}`);
    const again = await call('POST', `/api/auth/verify/${email}/${code}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: accountMessages.alreadyVerified });
  });

  it('checks the code format', async () => {
    const response = await call('POST', `/api/auth/verify/${uniqueEmail()}/12ab`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ code: 'The verification code is the 6-digit number in the email we sent you' });
  });
});

describe('POST /api/auth/resetEmailVerification/{email}', () => {
  it('sends a fresh code and voids the older one', async () => {
    const { email, id } = await signUp(careSeekerSignup());
    const first = await latestCodeFor(subject.app, email);
    const response = await call('POST', `/api/auth/resetEmailVerification/${email}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: VERIFICATION_RESENT });
    await subject.drainJobs();
    expect(await outboxOf(subject.app, email)).toHaveLength(2);
    const second = await latestCodeFor(subject.app, email);
    const codes = await db().select().from(verificationCodes).where(eq(verificationCodes.userId, id));
    expect(codes.filter((c) => c.voidedAt === null)).toHaveLength(1);
    // (One time in a million the new code equals the old one by chance.)
    if (first !== second) {
      const old = await call('POST', `/api/auth/verify/${email}/${first}`);
      expect(old.statusCode).toBe(400);
      expect(old.json().message).toBe(INVALID_VERIFICATION_CODE);
    }
    expect((await call('POST', `/api/auth/verify/${email}/${second}`)).json()).toEqual({ message: VERIFICATION_SUCCESS });
  });

  it('answers the same for an unknown email, and sends nothing', async () => {
    const email = uniqueEmail();
    const response = await call('POST', `/api/auth/resetEmailVerification/${email}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: VERIFICATION_RESENT });
    await subject.drainJobs();
    expect(await outboxOf(subject.app, email)).toEqual([]);
  });

  it('does the same work for every address while answering: the code is made and sent afterwards', async () => {
    const { email, id } = await signUp(careSeekerSignup());
    const unknown = uniqueEmail();
    await subject.drainJobs();
    for (const address of [email, unknown]) {
      expect((await call('POST', `/api/auth/resetEmailVerification/${address}`)).json()).toEqual({ message: VERIFICATION_RESENT });
    }
    expect(await db().select().from(verificationCodes).where(eq(verificationCodes.userId, id))).toHaveLength(1);
    const queued = await db().select().from(backgroundJobs).where(eq(backgroundJobs.status, 'PENDING'));
    expect(queued).toHaveLength(2);
    expect(queued.map((job) => [job.type, job.payload])).toEqual(
      expect.arrayContaining([
        ['auth.verification-code', { email }],
        ['auth.verification-code', { email: unknown }],
      ]),
    );
    await subject.drainJobs();
    expect(await db().select().from(verificationCodes).where(eq(verificationCodes.userId, id))).toHaveLength(2);
  });

  it('sends at most 5 codes an hour to an address, then says plainly that none was sent, alike for any address', async () => {
    const { email } = await signUp(careSeekerSignup());
    const unknown = uniqueEmail();
    for (const address of [email, unknown]) {
      for (let i = 0; i < 5; i += 1) {
        expect((await call('POST', `/api/auth/resetEmailVerification/${address}`)).json()).toEqual({ message: VERIFICATION_RESENT });
      }
      const refused = await call('POST', `/api/auth/resetEmailVerification/${address}`);
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3500);
      expect(refused.json()).toEqual({ message: tooManyVerificationCodesMessage(retryAfter), code: 'RATE_LIMITED' });
    }
    await subject.drainJobs();
    // The sign-up's own code, and the 5 asked for; nothing to the address without an account.
    expect(await outboxOf(subject.app, email)).toHaveLength(6);
    expect(await outboxOf(subject.app, unknown)).toEqual([]);
  });

  it('counts codes apart from the emails only an account gets, so the limit cannot tell who has an account', async () => {
    const { email } = await signUp(careSeekerSignup());
    for (let i = 0; i < 6; i += 1) await call('POST', '/api/auth/forgot', { payload: { email } });
    await subject.drainJobs();
    const response = await call('POST', `/api/auth/resetEmailVerification/${email}`);
    expect(response.statusCode).toBe(200);
    await subject.drainJobs();
    expect((await outboxOf(subject.app, email)).filter((message) => /Confirm your email/.test(message.subject))).toHaveLength(2);
  });
});
