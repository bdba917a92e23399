import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueMail } from '../../platform/mail/outbox';
import { createTestApp, type TestApp } from '../../test-support/test-app';

const mail = (to: string, subject: string) => ({ to, category: 'SECURITY' as const, subject, text: `${subject} (text)`, html: `<p>${subject}</p>` });

describe('GET /api/dev/outbox outside production', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(async () => {
    await subject?.close();
  });

  it('lists the emails sent to an address, newest first, whatever the letter case', async () => {
    await queueMail(subject.database.db, mail('Jane.Citizen@Example.com', 'Welcome'));
    await queueMail(subject.database.db, mail('jane.citizen@example.com', 'Your code'));
    await queueMail(subject.database.db, mail('sam@example.com', 'Not for Jane'));
    expect(await subject.drainJobs()).toBe(3);

    const response = await subject.app.inject({ method: 'GET', url: '/api/dev/outbox?to=JANE.CITIZEN%40example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const messages = response.json<{ to: string; subject: string; text: string; html: string; createdAt: string }[]>();
    expect(messages.map((m) => m.subject)).toEqual(['Your code', 'Welcome']);
    expect(messages[0]).toEqual({
      to: 'jane.citizen@example.com',
      subject: 'Your code',
      text: 'Your code (text)',
      html: '<p>Your code</p>',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('answers an empty list for an address with no email', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/dev/outbox?to=nobody@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('refuses a missing or malformed address with a 400', async () => {
    const malformed = await subject.app.inject({ method: 'GET', url: '/api/dev/outbox?to=jane' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION', errors: { to: 'Enter a valid email address' } });
    const missing = await subject.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(missing.statusCode).toBe(400);
  });
});

describe('GET /api/dev/outbox in production', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ env: { NODE_ENV: 'production', LINK_SIGNING_SECRET: 'a-test-secret-that-is-long-enough-1234', ENCRYPTION_KEY: 'cd'.repeat(32), PLATFORM_BANK_ACCOUNT_NAME: 'Tendly Pty Ltd', PLATFORM_BANK_BSB: '062-000', PLATFORM_BANK_ACCOUNT_NUMBER: '10203040' } });
  });
  afterAll(async () => {
    await subject?.close();
  });

  it('does not exist: the API’s JSON 404', async () => {
    await queueMail(subject.database.db, mail('jane@example.com', 'Your code'));
    await subject.drainJobs();
    const response = await subject.app.inject({ method: 'GET', url: '/api/dev/outbox?to=jane@example.com' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ message: 'There is no GET /api/dev/outbox in the API.', code: 'NOT_FOUND' });
  });
});
