import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { aliasSessionResponseSchema } from '@tendly/domain/api/auth';
import { accountDetailsMessages, accountDetailsResponseSchema } from '@tendly/domain/api/account-details';
import { verifyPassword } from '../../platform/auth/passwords';
import { createUserSession } from '../../platform/auth/session-repository';
import { emailChangeCodes } from '../../platform/db/schema/account-settings';
import { users } from '../../platform/db/schema/accounts';
import { useTestApp } from '../../test-support/test-app';
import { signedIn } from '../../test-support/signed-in-users';
import { createCoordinator, createUser, createWorker, latestCodeFor, linkClient, outboxOf, sessionFor, TEST_PASSWORD, uniqueEmail } from './test-factories';

const { subject, call, db } = useTestApp({ env: { PUBLIC_URL: 'https://care.example.org', BRAND_NAME: 'Tendly' } });

const NEW_PASSWORD = 'a brand new password';

async function signedInAs(role: 'CS' | 'CR' | 'SUPPORT' = 'CS') {
  const user = role === 'CR' ? await createWorker(db()) : role === 'SUPPORT' ? await createCoordinator(db()) : await createUser(db());
  return signedIn(db(), user);
}

async function aliasFor(clientId: string): Promise<string> {
  const coordinator = await createCoordinator(db());
  await linkClient(db(), coordinator.id, clientId);
  const token = await sessionFor(db(), coordinator.id);
  const response = await call('POST', `/api/support-coordinator/clients/${clientId}/alias`, { token });
  expect(response.statusCode).toBe(200);
  return aliasSessionResponseSchema.parse(response.json()).aliasToken;
}

describe('GET and PUT /api/account-details', () => {
  it('is every role\u2019s own: 401 anonymous; care seekers, workers and coordinators read their own details, never cached', async () => {
    expect((await call('GET', '/api/account-details')).statusCode).toBe(401);
    for (const role of ['CS', 'CR', 'SUPPORT'] as const) {
      const { user, token } = await signedInAs(role);
      const response = await call('GET', '/api/account-details', { token });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(accountDetailsResponseSchema.parse(response.json())).toMatchObject({ email: user.email, firstName: user.firstName, role, pendingEmail: null });
    }
  });

  it('saves name and phone, normalising the phone as sign-up does', async () => {
    const { user, token } = await signedInAs('CR');
    const response = await call('PUT', '/api/account-details', { token, payload: { firstName: '  Ada ', lastName: 'Lovelace', phone: '+61 412 345 999' } });
    expect(response.statusCode).toBe(200);
    // Personal data in the answer: never cached (issue 29), though the route itself says nothing about caching.
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', phone: '0412345999' });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', phone: '0412345999' });
  });

  it.each([
    [{ firstName: '', lastName: 'L', phone: '0412345678' }, 'firstName', 'Tell us your first name'],
    [{ firstName: 'A'.repeat(51), lastName: 'L', phone: '0412345678' }, 'firstName', 'First name must be 50 characters or fewer'],
    [{ firstName: 'Ada', lastName: '   ', phone: '0412345678' }, 'lastName', 'Tell us your last name'],
    [{ firstName: 'Ada', lastName: 'L', phone: '12345' }, 'phone', 'Enter a valid Australian phone number, such as 0412 345 678'],
    [{ firstName: 'Ada', lastName: 'L', phone: '' }, 'phone', 'Enter your phone number'],
    [{ firstName: 'Ad\u0000a', lastName: 'L', phone: '0412345678' }, 'firstName', undefined],
  ])('refuses %j with a message on %s', async (payload, field, message) => {
    const { token } = await signedInAs();
    const response = await call('PUT', '/api/account-details', { token, payload });
    expect(response.statusCode).toBe(400);
    const errors = (response.json() as { errors?: Record<string, string> }).errors ?? {};
    expect(Object.keys(errors)).toContain(field);
    if (message) expect(errors[field]).toBe(message);
  });

  it('lets a coordinator acting for a client correct the name, but not the password or email', async () => {
    const client = await createUser(db());
    const aliasToken = await aliasFor(client.id);
    expect((await call('PUT', '/api/account-details', { token: aliasToken, payload: { firstName: 'Pat', lastName: 'Client', phone: '0298765432' } })).statusCode).toBe(200);
    const password = await call('POST', '/api/account-details/password', { token: aliasToken, payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD } });
    expect(password.statusCode).toBe(403);
    const email = await call('POST', '/api/account-details/email', { token: aliasToken, payload: { currentPassword: TEST_PASSWORD, newEmail: uniqueEmail() } });
    expect(email.statusCode).toBe(403);
  });
});

describe('POST /api/account-details/password', () => {
  it('needs the current password and ends every other session, keeping this one', async () => {
    const { user, token } = await signedInAs();
    const { token: otherToken } = await createUserSession(db(), user.id, { ip: '10.0.0.9' }, new Date());
    const aliasToken = await aliasFor(user.id);

    const wrong = await call('POST', '/api/account-details/password', { token, payload: { currentPassword: 'not it at all', newPassword: NEW_PASSWORD } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errors: { currentPassword: accountDetailsMessages.wrongCurrentPassword } });
    expect((await call('GET', '/api/me', { token: otherToken })).statusCode).toBe(200);

    const response = await call('POST', '/api/account-details/password', { token, payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD } });
    expect(response.statusCode).toBe(200);
    expect((await call('GET', '/api/me', { token })).statusCode).toBe(200);
    expect((await call('GET', '/api/me', { token: otherToken })).statusCode).toBe(401);
    expect((await call('GET', '/api/me', { token: aliasToken })).statusCode).toBe(401);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row?.passwordHash ?? '', NEW_PASSWORD)).toBe(true);
    const [mail] = await outboxOf(subject.app, user.email);
    expect(mail?.subject).toBe('Your Tendly password has changed');
  });

  it('checks the new password as sign-up does', async () => {
    const { token } = await signedInAs();
    const short = await call('POST', '/api/account-details/password', { token, payload: { currentPassword: TEST_PASSWORD, newPassword: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ errors: { newPassword: 'Password must be at least 8 characters in length' } });
    const missing = await call('POST', '/api/account-details/password', { token, payload: { newPassword: NEW_PASSWORD } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: { currentPassword: 'Enter your current password' } });
  });

  it('stops guessing: the 6th wrong current password within 15 minutes is 429, even the right one then', async () => {
    const { token } = await signedInAs();
    for (let i = 0; i < 5; i += 1) {
      const response = await call('POST', '/api/account-details/password', { token, payload: { currentPassword: `guess ${i}`, newPassword: NEW_PASSWORD } });
      expect(response.statusCode).toBe(400);
    }
    const locked = await call('POST', '/api/account-details/password', { token, payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD } });
    expect(locked.statusCode).toBe(429);
  });
});

describe('changing the email address', () => {
  it('sends a code to the new address, tells the old one, and changes only with the right code', async () => {
    const { user, token } = await signedInAs('SUPPORT');
    const newEmail = uniqueEmail('moved');
    const response = await call('POST', '/api/account-details/email', { token, payload: { newEmail: newEmail.toUpperCase(), currentPassword: TEST_PASSWORD } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: accountDetailsMessages.emailCodeSent });
    const details = await call('GET', '/api/account-details', { token });
    expect(details.json()).toMatchObject({ email: user.email, pendingEmail: newEmail });
    const [told] = await outboxOf(subject.app, user.email);
    expect(told?.subject).toBe('Your Tendly email address is being changed');
    const code = await latestCodeFor(subject.app, newEmail);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await call('POST', '/api/account-details/email/confirm', { token, payload: { code: wrongCode } });
    expect(wrong.statusCode).toBe(400);
    const [stillOld] = await db().select().from(users).where(eq(users.id, user.id));
    expect(stillOld?.email).toBe(user.email);

    const right = await call('POST', '/api/account-details/email/confirm', { token, payload: { code } });
    expect(right.statusCode).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row?.email).toBe(newEmail);
    const [changed] = await outboxOf(subject.app, user.email);
    expect(changed?.subject).toBe('Your Tendly email address has changed');
    // Signing in now works with the new address.
    expect((await call('POST', '/api/signin', { payload: { email: newEmail, password: TEST_PASSWORD } })).statusCode).toBe(200);
    // The code is used up.
    expect((await call('POST', '/api/account-details/email/confirm', { token, payload: { code } })).statusCode).toBe(400);
  });

  it('refuses an expired code', async () => {
    const { user, token } = await signedInAs();
    const newEmail = uniqueEmail('late');
    await call('POST', '/api/account-details/email', { token, payload: { newEmail, currentPassword: TEST_PASSWORD } });
    const code = await latestCodeFor(subject.app, newEmail);
    await db().update(emailChangeCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailChangeCodes.userId, user.id));
    const response = await call('POST', '/api/account-details/email/confirm', { token, payload: { code } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: accountDetailsMessages.noEmailChange });
  });

  it('voids the code at the 5th wrong one', async () => {
    const { token } = await signedInAs();
    const newEmail = uniqueEmail('guessed');
    await call('POST', '/api/account-details/email', { token, payload: { newEmail, currentPassword: TEST_PASSWORD } });
    const code = await latestCodeFor(subject.app, newEmail);
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i += 1) {
      expect((await call('POST', '/api/account-details/email/confirm', { token, payload: { code: wrongCode } })).statusCode).toBe(400);
    }
    expect((await call('POST', '/api/account-details/email/confirm', { token, payload: { code } })).statusCode).toBe(400);
  });

  it('validates: a bad address, the same address, a wrong password, a malformed code', async () => {
    const { user, token } = await signedInAs();
    const bad = await call('POST', '/api/account-details/email', { token, payload: { newEmail: 'not-an-email', currentPassword: TEST_PASSWORD } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { newEmail: 'Enter a valid email address' } });
    const same = await call('POST', '/api/account-details/email', { token, payload: { newEmail: user.email, currentPassword: TEST_PASSWORD } });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ errors: { newEmail: accountDetailsMessages.sameEmail } });
    const wrongPassword = await call('POST', '/api/account-details/email', { token, payload: { newEmail: uniqueEmail(), currentPassword: 'nope nope' } });
    expect(wrongPassword.statusCode).toBe(400);
    const code = await call('POST', '/api/account-details/email/confirm', { token, payload: { code: '12ab' } });
    expect(code.statusCode).toBe(400);
    expect(code.json()).toMatchObject({ errors: { code: 'The verification code is the 6-digit number in the email we sent you' } });
  });

  it('answers the same for an address that already has an account, sends it nothing, and changes nothing', async () => {
    const { user, token } = await signedInAs();
    const other = await createUser(db());
    const before = (await outboxOf(subject.app, other.email)).length;
    const response = await call('POST', '/api/account-details/email', { token, payload: { newEmail: other.email, currentPassword: TEST_PASSWORD } });
    expect(response.statusCode).toBe(200);
    expect((await outboxOf(subject.app, other.email)).length).toBe(before);
    expect((await call('POST', '/api/account-details/email/confirm', { token, payload: { code: '123456' } })).statusCode).toBe(400);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row?.email).toBe(user.email);
  });

  it('allows 5 requests an hour', async () => {
    const { token } = await signedInAs();
    for (let i = 0; i < 5; i += 1) {
      expect((await call('POST', '/api/account-details/email', { token, payload: { newEmail: uniqueEmail(), currentPassword: TEST_PASSWORD } })).statusCode).toBe(200);
    }
    expect((await call('POST', '/api/account-details/email', { token, payload: { newEmail: uniqueEmail(), currentPassword: TEST_PASSWORD } })).statusCode).toBe(429);
  });
});

describe('/api/account-details/notification-preferences', () => {
  const topicsOf = (body: unknown) => (body as { topics: { topic: string; inApp: boolean | null; email: boolean }[] }).topics;

  it('lists the role\u2019s own topics, each on by default; job alerts only for a worker', async () => {
    const seeker = await signedInAs();
    const seekers = (await call('GET', '/api/account-details/notification-preferences', { token: seeker.token })).json() as { jobAlerts: boolean | null };
    expect(topicsOf(seekers).map((item) => item.topic)).toEqual(['MESSAGES', 'JOBS', 'CONTRACTS', 'BOOKINGS', 'SHIFT_REMINDERS', 'HOURS', 'INVOICES', 'FUNDING', 'CLIENT_LINKS']);
    expect(seekers.jobAlerts).toBeNull();
    expect(topicsOf(seekers).find((item) => item.topic === 'SHIFT_REMINDERS')).toEqual({ topic: 'SHIFT_REMINDERS', inApp: null, email: true });
    expect(topicsOf(seekers).every((item) => item.email)).toBe(true);
    const worker = await signedInAs('CR');
    const workers = (await call('GET', '/api/account-details/notification-preferences', { token: worker.token })).json() as { jobAlerts: boolean | null };
    expect(topicsOf(workers).map((item) => item.topic)).toContain('PAYOUTS');
    expect(topicsOf(workers).map((item) => item.topic)).not.toContain('INVOICES');
    expect(workers.jobAlerts).toBe(true);
    expect((await call('GET', '/api/account-details/notification-preferences')).statusCode).toBe(401);
  });

  it('saves each side of a topic; a topic left out stays as it was; a worker\u2019s job alerts use the job alert opt-out', async () => {
    const { token } = await signedInAs('CR');
    const response = await call('PUT', '/api/account-details/notification-preferences', {
      token,
      payload: { topics: [{ topic: 'BOOKINGS', inApp: false, email: true }, { topic: 'SHIFT_REMINDERS', inApp: null, email: false }], jobAlerts: false },
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json() as { jobAlerts: boolean };
    expect(topicsOf(saved).find((item) => item.topic === 'BOOKINGS')).toEqual({ topic: 'BOOKINGS', inApp: false, email: true });
    expect(topicsOf(saved).find((item) => item.topic === 'SHIFT_REMINDERS')).toEqual({ topic: 'SHIFT_REMINDERS', inApp: null, email: false });
    expect(saved.jobAlerts).toBe(false);
    const again = await call('PUT', '/api/account-details/notification-preferences', { token, payload: { topics: [{ topic: 'BOOKINGS', inApp: true, email: false }], jobAlerts: true } });
    expect(topicsOf(again.json()).find((item) => item.topic === 'BOOKINGS')).toEqual({ topic: 'BOOKINGS', inApp: true, email: false });
    expect(topicsOf(again.json()).find((item) => item.topic === 'SHIFT_REMINDERS')?.email).toBe(false);
    expect((again.json() as { jobAlerts: boolean }).jobAlerts).toBe(true);
  });

  it('refuses anything but true or false, an unknown topic, a topic twice and another role\u2019s topic', async () => {
    const { token } = await signedInAs();
    const put = (topics: unknown) => call('PUT', '/api/account-details/notification-preferences', { token, payload: { topics, jobAlerts: null } });
    const notBoolean = await put([{ topic: 'BOOKINGS', inApp: 'yes', email: true }]);
    expect(notBoolean.statusCode).toBe(400);
    expect(JSON.stringify(notBoolean.json())).toContain('Choose whether to see these in your notifications');
    const unknown = await put([{ topic: 'BOOKINGS\u0000', inApp: true, email: true }]);
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain('Choose a topic from the list');
    expect((await put([{ topic: 'BOOKINGS', inApp: true, email: true }, { topic: 'BOOKINGS', inApp: false, email: false }])).statusCode).toBe(400);
    const foreign = await put([{ topic: 'PAYOUTS', inApp: true, email: false }]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ errors: { topics: 'Payments to you and remittances is not one of your topics' } });
  });
});
