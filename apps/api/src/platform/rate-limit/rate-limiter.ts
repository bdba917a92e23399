import type { FastifyReply, FastifyRequest } from 'fastify';
import { tooManyAttemptsMessage } from '@tendly/domain/api/auth';
import { AppError } from '../errors';
import type { RateLimitStore } from './rate-limit-store';

export interface RateLimitRule {
  key: string;
  /** How many are allowed within one window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** 0 when allowed; otherwise whole seconds (at least 1) until the window ends. */
  retryAfterSeconds: number;
}

function secondsUntil(resetAt: Date): number {
  return Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
}

/**
 * Counts this request, then checks it: with a limit of 30, the 31st request in the window is
 * refused. For limits on every request (e.g. auth requests per IP address).
 */
export async function checkLimit(store: RateLimitStore, rule: RateLimitRule): Promise<RateLimitDecision> {
  const { count, resetAt } = await store.increment(rule.key, rule.windowMs);
  return count > rule.limit ? { allowed: false, retryAfterSeconds: secondsUntil(resetAt) } : { allowed: true, retryAfterSeconds: 0 };
}

/**
 * Checks without counting: refused once `limit` have been counted in the window. For limits on
 * failures: peek before verifying a password, `countFailure` after a wrong one, `resetLimit`
 * after a right one.
 */
export async function peekLimit(store: RateLimitStore, rule: RateLimitRule): Promise<RateLimitDecision> {
  const counter = await store.get(rule.key);
  return counter && counter.count >= rule.limit
    ? { allowed: false, retryAfterSeconds: secondsUntil(counter.resetAt) }
    : { allowed: true, retryAfterSeconds: 0 };
}

/** Counts one failure against a rule checked with `peekLimit`. */
export async function countFailure(store: RateLimitStore, rule: Pick<RateLimitRule, 'key' | 'windowMs'>): Promise<void> {
  await store.increment(rule.key, rule.windowMs);
}

export async function resetLimit(store: RateLimitStore, key: string): Promise<void> {
  await store.reset(key);
}

/** The 429 answer, with the message saying when to try again (issue 3). */
export function tooManyRequests(retryAfterSeconds: number): AppError {
  return new AppError(429, tooManyAttemptsMessage(retryAfterSeconds), { code: 'RATE_LIMITED' });
}

/**
 * Refuses the request with a 429 and a Retry-After header when the decision says so. The header
 * is set on the reply before throwing; the error handler keeps it.
 */
export function enforceLimit(reply: FastifyReply, decision: RateLimitDecision): void {
  if (decision.allowed) return;
  reply.header('retry-after', String(decision.retryAfterSeconds));
  throw tooManyRequests(decision.retryAfterSeconds);
}

/**
 * An onRequest hook that counts every request against the caller's address under the rule for
 * that address, and refuses it with a 429 past the limit: before the body is read or checked.
 */
export function limitRequestsByIp(store: RateLimitStore, ruleFor: (ip: string) => RateLimitRule) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    enforceLimit(reply, await checkLimit(store, ruleFor(request.ip)));
  };
}
