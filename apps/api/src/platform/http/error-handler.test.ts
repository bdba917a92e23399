import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DATE_OUT_OF_RANGE_MESSAGE } from '@tendly/domain/errors';
import { AppError, conflict } from '../errors';
import { loggerOptions } from '../logger';
import { registerErrorHandler } from './error-handler';

async function appWithRoutes() {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.post(
    '/things',
    { schema: { body: z.object({ email: z.email({ error: 'Enter a valid email address' }), name: z.string().min(1, { error: 'Tell us your first name' }) }) } },
    async () => ({ ok: true }),
  );
  app.get('/conflict', async () => {
    throw conflict('That email address is already registered.');
  });
  app.get('/teapot', async () => {
    throw new AppError(401, 'You must verify your email address.', { code: 'EVF' });
  });
  app.get('/crash', async () => {
    throw new Error('secret connection string postgres://user:pw@host');
  });
  // A date past the last one JavaScript can hold: toISOString throws RangeError("Invalid time value").
  app.get('/date-past-the-end', async () => new Date(8.64e15 + 1).toISOString());
  app.get('/year-0', async () => {
    const cause = Object.assign(new Error('date/time field value out of range: "0000-01-01"'), { code: '22008' });
    throw new DrizzleQueryError('select 1 where $1::date > now()', ['0000-01-01'], cause);
  });
  app.get('/stack', async () => {
    throw new RangeError('Maximum call stack size exceeded');
  });
  await app.ready();
  return app;
}

describe('the error handler', () => {
  it('answers invalid input with 400, a message and one message per field', async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ method: 'POST', url: '/things', payload: { email: 'nope', name: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Some of the details are not valid. Please check them and try again.',
      code: 'VALIDATION',
      errors: { email: 'Enter a valid email address', name: 'Tell us your first name' },
    });
  });

  it('uses the field message as the message when only one field is wrong', async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ method: 'POST', url: '/things', payload: { email: 'a@b.co', name: '' } });
    expect(response.json()).toEqual({ message: 'Tell us your first name', code: 'VALIDATION', errors: { name: 'Tell us your first name' } });
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ method: 'POST', url: '/things', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'The request body is not valid JSON.' });
  });

  it('keeps the status, message and code of an AppError', async () => {
    const app = await appWithRoutes();
    expect((await app.inject({ method: 'GET', url: '/conflict' })).json()).toEqual({ message: 'That email address is already registered.', code: 'CONFLICT' });
    const evf = await app.inject({ method: 'GET', url: '/teapot' });
    expect(evf.statusCode).toBe(401);
    expect(evf.json()).toEqual({ message: 'You must verify your email address.', code: 'EVF' });
  });

  it('hides the details of an unexpected failure', async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ method: 'GET', url: '/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('postgres://');
    expect(response.json()).toEqual({ message: 'Something went wrong on our side. Please try again in a moment.', code: 'INTERNAL' });
  });

  it('answers a date the date maths cannot use with a 400, not a 500: a RangeError or PostgreSQL’s date out of range', async () => {
    const app = await appWithRoutes();
    for (const url of ['/date-past-the-end', '/year-0']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ message: DATE_OUT_OF_RANGE_MESSAGE, code: 'VALIDATION' });
    }
    // Other RangeErrors are bugs.
    expect((await app.inject({ method: 'GET', url: '/stack' })).statusCode).toBe(500);
  });

  it('logs a failed query without its parameters', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: { ...(loggerOptions({ LOG_LEVEL: 'info' }) as object), stream } });
    registerErrorHandler(app);
    app.post('/users', async () => {
      const cause = Object.assign(new Error('value too long for type character varying(200)'), { detail: 'Failing row contains (jo@x.com, $argon2id$HASH).' });
      throw new DrizzleQueryError('insert into "users" ("email", "password_hash") values ($1, $2)', ['jo@x.com', '$argon2id$HASH'], cause);
    });
    await app.ready();
    const response = await app.inject({ method: 'POST', url: '/users' });
    await app.close();
    expect(response.statusCode).toBe(500);
    const failure = lines.map((line) => JSON.parse(line) as { msg: string; err?: { message: string } }).find((line) => line.msg === 'request failed');
    expect(failure?.err?.message).toContain('insert into "users"');
    expect(failure?.err?.message).toContain('params: [redacted]');
    const written = lines.join('');
    for (const secret of ['jo@x.com', 'HASH']) expect(written).not.toContain(secret);
  });
});
