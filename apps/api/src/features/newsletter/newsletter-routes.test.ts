import { randomBytes, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NEWSLETTER_SUCCESS } from '@tendly/domain/errors';
import { newsletterSubscriptions } from '../../platform/db/schema/public-site';
import { useTestApp } from '../../test-support/test-app';
import { NEWSLETTER_SIGNUPS_PER_IP } from './newsletter-routes';

const { subject } = useTestApp();

const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
const randomIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

function subscribe(payload: Record<string, unknown>, ip = randomIp()) {
  return subject.app.inject({ method: 'POST', url: '/api/support', payload, remoteAddress: ip });
}

const rowsFor = (email: string) =>
  subject.database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));

describe('POST /api/support (newsletter sign-up)', () => {
  it('subscribes once per email and type, whatever the letter case; repeats are welcome too', async () => {
    const email = uniqueEmail('reader');
    const first = await subscribe({ email: email.toUpperCase(), userType: 'careseeker', message: 'Tips for carers please' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: NEWSLETTER_SUCCESS });
    expect(first.headers['cache-control']).toBe('no-store');

    const repeat = await subscribe({ email: ` ${email} `, userType: 'careseeker' });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual({ message: NEWSLETTER_SUCCESS });

    expect(await rowsFor(email)).toEqual([expect.objectContaining({ email, userType: 'careseeker', message: 'Tips for carers please' })]);

    expect((await subscribe({ email, userType: 'industryProfessional' })).statusCode).toBe(200);
    const rows = await rowsFor(email);
    expect(rows.map((row) => row.userType).sort()).toEqual(['careseeker', 'industryProfessional']);
    expect(rows.find((row) => row.userType === 'industryProfessional')?.message).toBeNull();
  });

  it('refuses a bad email or an unknown type with 400 and the field message, never cached', async () => {
    const badEmail = await subscribe({ email: 'not-an-email', userType: 'careworker' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({ code: 'VALIDATION', errors: { email: 'Enter a valid email address' } });
    expect(badEmail.headers['cache-control']).toBe('no-store');

    const badType = await subscribe({ email: uniqueEmail('reader'), userType: 'admin' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json()).toMatchObject({ code: 'VALIDATION', errors: { userType: 'Tell us who you are' } });
  });

  it(`refuses more than ${NEWSLETTER_SIGNUPS_PER_IP} sign-ups from one address in 10 minutes with 429`, async () => {
    const ip = randomIp();
    for (let i = 0; i < NEWSLETTER_SIGNUPS_PER_IP; i += 1) {
      expect((await subscribe({ email: uniqueEmail('flood'), userType: 'careworker' }, ip)).statusCode).toBe(200);
    }
    const refused = await subscribe({ email: uniqueEmail('flood'), userType: 'careworker' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
