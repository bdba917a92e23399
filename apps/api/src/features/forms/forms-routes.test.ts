import { randomBytes, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { outboxResponseSchema } from '@tendly/domain/api/auth';
import { formReferencePattern, formSubmittedResponseSchema } from '@tendly/domain/api/forms';
import { testReferral } from '@tendly/domain/testing/form-answers';
import type { FormKind } from '@tendly/domain/validation/forms';
import { createUserSession } from '../../platform/auth/session-repository';
import { users } from '../../platform/db/schema/accounts';
import { formSubmissions } from '../../platform/db/schema/public-site';
import { useTestApp } from '../../test-support/test-app';
import { createUser, sessionFor } from '../auth/test-factories';
import { FORM_SUBMISSIONS_PER_IP } from './forms-limits';
import { formsRoutes } from './forms-routes';

const { subject } = useTestApp({ env: { BRAND_NAME: 'Tendly', SUPPORT_EMAIL: 'ops@tendly.example' } });

const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
/** A different client address per call, so tests do not share the per-address limit. */
const randomIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

function post(kind: string, payload: unknown, options: { ip?: string; headers?: Record<string, string> } = {}) {
  return subject.app.inject({
    method: 'POST',
    url: `/api/forms/${kind}`,
    payload: payload as Record<string, unknown>,
    remoteAddress: options.ip ?? randomIp(),
    ...(options.headers ? { headers: options.headers } : {}),
  });
}

async function outboxOf(to: string) {
  const response = await subject.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  return outboxResponseSchema.parse(response.json());
}

/** A valid body of each kind, sent from `email`. */
function validForm(kind: FormKind, email: string): Record<string, unknown> {
  const person = { firstName: 'Jo', lastName: 'Citizen', email, phone: '0412 345 678', role: 'FAMILY_MEMBER' };
  switch (kind) {
    case 'feedback':
      return { ...person, details: 'The worker was wonderful with Mum.' };
    case 'complaint':
      return { ...person, details: 'The worker arrived an hour late twice.', favourableOutcome: 'An apology' };
    case 'incident':
      return {
        ...person,
        dateOfIncident: '2025-03-01',
        timeOfIncident: '14:30',
        location: 'Client home, Bondi',
        details: 'A fall in the bathroom.',
        injuries: 'A bruised wrist',
      };
    case 'contact':
      return { name: 'Jo Citizen', email, topic: 'PAYMENTS', message: 'How do I pay an invoice?' };
    case 'quick-request':
      return {
        name: 'Jo Citizen',
        email,
        phone: '0412345678',
        postcode: '2026',
        careFor: 'Immediate Family',
        tasks: ['COOK', 'CA'],
        when: 'ASAP',
        payingForCareType: 'NDIS_PLAN_MANAGED',
      };
    case 'referral':
      return { ...testReferral, organisation: 'Harbour Coordination', email };
  }
}

/** For each kind, an invalid body and the field messages it must answer. */
const invalidForms: [FormKind, Record<string, unknown>, Record<string, string>][] = [
  ['feedback', { role: 'OTHER', details: '' }, { firstName: 'Tell us your first name', email: 'Enter your email address', details: 'Tell us your feedback' }],
  ['complaint', { anonymous: true, role: 'OTHER', details: 'x'.repeat(5001) }, { details: 'Complaint details must be 5000 characters or fewer' }],
  [
    'incident',
    { firstName: 'Jo', lastName: 'C', email: 'jo@example.com', role: 'WORKER', dateOfIncident: '2999-01-01', timeOfIncident: '9am', location: '', details: 'A fall' },
    { dateOfIncident: 'The date cannot be in the future', timeOfIncident: 'Enter the time as hours and minutes, such as 14:30', location: 'Tell us where it happened' },
  ],
  ['contact', { name: 'Jo', email: 'not-an-email', topic: 'NOPE', message: '' }, { email: 'Enter a valid email address', topic: 'Choose what your message is about', message: 'Write your message' }],
  ['quick-request', { name: 'Jo', email: 'jo@example.com', phone: '123', postcode: '20', tasks: [] }, { phone: 'Enter a valid Australian phone number, such as 0412 345 678', postcode: 'Enter a valid 4-digit postcode', tasks: 'Choose at least one kind of help' }],
  ['referral', { consent: false, ndisNumber: '12345' }, { consent: 'Confirm that the participant (or their guardian) agrees to this referral', ndisNumber: 'An NDIS number is 9 digits' }],
];

describe('POST /api/forms/{kind}', () => {
  it.each(['feedback', 'complaint', 'incident', 'contact', 'quick-request', 'referral'] as const)(
    'stores the %s form with a reference and emails the team and the sender',
    async (kind) => {
      const email = uniqueEmail(kind);
      const response = await post(kind, validForm(kind, email));
      expect(response.statusCode).toBe(201);
      const { reference } = formSubmittedResponseSchema.parse(response.json());
      expect(reference).toMatch(formReferencePattern);

      const [row] = await subject.database.db.select().from(formSubmissions).where(eq(formSubmissions.reference, reference));
      expect(row).toMatchObject({ kind, email, userId: null });
      expect(row?.ip).toMatch(/^10\./);

      await subject.drainJobs();
      const [confirmation] = await outboxOf(email);
      expect(confirmation?.subject).toContain(reference);
      expect(confirmation?.text).toContain(reference);
      const toTeam = (await outboxOf('ops@tendly.example')).find((message) => message.subject.includes(reference));
      expect(toTeam).toBeDefined();
      expect(toTeam?.text).toContain(email);
    },
  );

  it('shows every field to the team in words, and flags incidents for a 24-hour response', async () => {
    const email = uniqueEmail('incident');
    const { reference } = formSubmittedResponseSchema.parse((await post('incident', validForm('incident', email))).json());
    await subject.drainJobs();
    const toTeam = (await outboxOf('ops@tendly.example')).find((message) => message.subject.includes(reference));
    expect(toTeam?.subject).toMatch(/^URGENT: .*may be reportable, respond within 24 hours/);
    expect(toTeam?.text).toContain('I am: A family member, friend or carer');
    expect(toTeam?.text).toContain('Injuries: A bruised wrist');
    expect(toTeam?.text).toContain('Witnesses: Not given');

    const quick = formSubmittedResponseSchema.parse((await post('quick-request', validForm('quick-request', uniqueEmail('qr')))).json());
    await subject.drainJobs();
    const quickToTeam = (await outboxOf('ops@tendly.example')).find((message) => message.subject.includes(quick.reference));
    expect(quickToTeam?.text).toContain('Help needed: Cooking, Community access and getting out and about');
    expect(quickToTeam?.text).toContain('How it will be paid for: NDIS (plan-managed)');
  });

  it('keeps an anonymous complaint anonymous: nothing identifying stored, no confirmation sent', async () => {
    const email = uniqueEmail('anon');
    const response = await post('complaint', { ...validForm('complaint', email), anonymous: true });
    expect(response.statusCode).toBe(201);
    const { reference } = formSubmittedResponseSchema.parse(response.json());
    const [row] = await subject.database.db.select().from(formSubmissions).where(eq(formSubmissions.reference, reference));
    expect(row?.email).toBeNull();
    expect(row?.data).toMatchObject({ anonymous: true, firstName: '', email: '' });
    await subject.drainJobs();
    expect(await outboxOf(email)).toEqual([]);
    const toTeam = (await outboxOf('ops@tendly.example')).find((message) => message.subject.includes(reference));
    expect(toTeam?.subject).toContain('someone who wants to stay anonymous');
  });

  it.each(['feedback', 'complaint'] as const)(
    'stores neither the account nor the address of someone who asked to stay anonymous (%s), even when signed in',
    async (kind) => {
      const user = await createUser(subject.database.db);
      const token = await sessionFor(subject.database.db, user.id);
      const payload = { ...validForm(kind, user.email), anonymous: true };
      const response = await post(kind, payload, { ip: '10.20.30.40', headers: { 'auth-token': token } });
      expect(response.statusCode).toBe(201);
      const { reference } = formSubmittedResponseSchema.parse(response.json());
      const [row] = await subject.database.db.select().from(formSubmissions).where(eq(formSubmissions.reference, reference));
      expect(row).toMatchObject({ userId: null, ip: null, email: null });
      expect(JSON.stringify(row?.data)).not.toContain(user.email);
      expect(row?.data).toMatchObject({ anonymous: true, firstName: '', lastName: '', email: '', phone: '' });
      // The same person, not anonymous, is recorded so the team can follow up.
      const named = await post(kind, validForm(kind, user.email), { ip: '10.20.30.40', headers: { 'auth-token': token } });
      const namedReference = formSubmittedResponseSchema.parse(named.json()).reference;
      const [namedRow] = await subject.database.db.select().from(formSubmissions).where(eq(formSubmissions.reference, namedReference));
      expect(namedRow).toMatchObject({ userId: user.id, ip: '10.20.30.40', email: user.email });
    },
  );

  it("keeps forms out of the request log, which would otherwise record an anonymous sender's address", async () => {
    const lines: string[] = [];
    const logged = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } }).withTypeProvider<ZodTypeProvider>();
    logged.setValidatorCompiler(validatorCompiler);
    logged.setSerializerCompiler(serializerCompiler);
    logged.decorate('database', subject.database);
    logged.decorate('config', subject.config);
    logged.decorate('rateLimitStore', subject.app.rateLimitStore);
    await logged.register(formsRoutes, { prefix: '/api' });
    logged.get('/api/other', async () => ({ ok: true }));
    try {
      const response = await logged.inject({
        method: 'POST',
        url: '/api/forms/feedback',
        payload: { anonymous: true, role: 'OTHER', details: 'Please look into how visits are booked.' },
        remoteAddress: '10.99.88.77',
      });
      expect(response.statusCode).toBe(201);
      expect(lines.join('\n')).not.toContain('10.99.88.77');
      // Other routes still log their requests.
      await logged.inject({ method: 'GET', url: '/api/other', remoteAddress: '10.99.88.66' });
      expect(lines.join('\n')).toContain('10.99.88.66');
    } finally {
      await logged.close();
    }
  });

  it('records who was signed in', async () => {
    const [user] = await subject.database.db
      .insert(users)
      .values({ email: uniqueEmail('cs'), firstName: 'Sam', role: 'CS', passwordHash: 'not-a-real-hash', emailVerifiedAt: new Date() })
      .returning();
    if (!user) throw new Error('no user');
    const { token } = await createUserSession(subject.database.db, user.id, { ip: '127.0.0.1' }, new Date());
    const response = await post('feedback', validForm('feedback', user.email), { headers: { 'auth-token': token } });
    expect(response.statusCode).toBe(201);
    const { reference } = formSubmittedResponseSchema.parse(response.json());
    const [row] = await subject.database.db.select().from(formSubmissions).where(eq(formSubmissions.reference, reference));
    expect(row?.userId).toBe(user.id);
  });

  it.each(invalidForms)('refuses an invalid %s with 400 and field messages, storing nothing', async (kind, payload, errors) => {
    const before = await subject.database.db.$count(formSubmissions);
    const response = await post(kind, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', errors });
    expect(await subject.database.db.$count(formSubmissions)).toBe(before);
  });

  it('answers 404 in JSON for an unknown kind', async () => {
    const response = await post('compliments', { details: 'hi' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'There is no form called "compliments".', code: 'NOT_FOUND' });
  });

  it(`refuses more than ${FORM_SUBMISSIONS_PER_IP} forms from one address in 10 minutes with 429`, async () => {
    const ip = randomIp();
    for (let i = 0; i < FORM_SUBMISSIONS_PER_IP; i += 1) {
      expect((await post('contact', validForm('contact', uniqueEmail('flood')), { ip })).statusCode).toBe(201);
    }
    const refused = await post('contact', validForm('contact', uniqueEmail('flood')), { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post('contact', validForm('contact', uniqueEmail('other')))).statusCode).toBe(201);
  });
});
