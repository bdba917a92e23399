import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../http/error-handler';
import { useDatabaseRateLimitStore } from './rate-limit-store-contract';
import { checkLimit, countFailure, enforceLimit, peekLimit, resetLimit, tooManyRequests } from './rate-limiter';

const { store } = useDatabaseRateLimitStore();

describe('checkLimit (count, then check)', () => {
  it('allows 30 auth requests from an address in a minute and refuses the 31st', async () => {
    const rule = { key: `auth:ip:${randomUUID()}`, limit: 30, windowMs: 60_000 };
    for (let n = 1; n <= 30; n++) expect(await checkLimit(store(), rule)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    const refused = await checkLimit(store(), rule);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(58);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  });
});

describe('peekLimit, countFailure and resetLimit (failed sign-ins)', () => {
  it('locks an account after 5 failures in 15 minutes, without counting the checks', async () => {
    const rule = { key: `auth:signin-failures:${randomUUID()}`, limit: 5, windowMs: 15 * 60_000 };
    for (let n = 1; n <= 5; n++) {
      expect((await peekLimit(store(), rule)).allowed).toBe(true);
      await countFailure(store(), rule);
    }
    const locked = await peekLimit(store(), rule);
    expect(locked.allowed).toBe(false);
    expect(locked.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(locked.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    expect((await store().get(rule.key))?.count).toBe(5);
  });

  it('forgets the failures after a successful sign-in', async () => {
    const rule = { key: `auth:signin-failures:${randomUUID()}`, limit: 5, windowMs: 15 * 60_000 };
    for (let n = 1; n <= 4; n++) await countFailure(store(), rule);
    await resetLimit(store(), rule.key);
    for (let n = 1; n <= 4; n++) await countFailure(store(), rule);
    expect((await peekLimit(store(), rule)).allowed).toBe(true);
  });
});

describe('the 429 answer', () => {
  it('is an AppError saying when to try again', () => {
    const error = tooManyRequests(600);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: 'Too many attempts. Please try again in 10 minutes.' });
  });

  it('carries a Retry-After header through the error handler', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/limited', async (_request, reply) => {
      enforceLimit(reply, { allowed: false, retryAfterSeconds: 42 });
      return { ok: true };
    });
    app.get('/fine', async (_request, reply) => {
      enforceLimit(reply, { allowed: true, retryAfterSeconds: 0 });
      return { ok: true };
    });
    const limited = await app.inject({ method: 'GET', url: '/limited' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('42');
    expect(limited.json()).toEqual({ message: 'Too many attempts. Please try again in 42 seconds.', code: 'RATE_LIMITED' });
    const fine = await app.inject({ method: 'GET', url: '/fine' });
    expect(fine.statusCode).toBe(200);
    expect(fine.headers['retry-after']).toBeUndefined();
    await app.close();
  });
});
