import type { FastifyReply } from 'fastify';
import type { RateLimitStore } from '../../platform/rate-limit/rate-limit-store';
import {
  checkLimit,
  countFailure,
  enforceLimit,
  peekLimit,
  resetLimit,
  type RateLimitRule,
} from '../../platform/rate-limit/rate-limiter';

/**
 * Limits on the account calls (issue 3): guessing passwords or codes, or flooding sign-ups, is
 * slowed down per account and per address. Beyond a limit the answer is 429 with a Retry-After
 * header and a message saying when to try again.
 */
export const SIGN_IN_FAILURES_PER_ACCOUNT = 5;
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const AUTH_REQUESTS_PER_IP = 30;
export const AUTH_REQUEST_WINDOW_MS = 60 * 1000;

function authRequestsRule(ip: string): RateLimitRule {
  return { key: `auth:ip:${ip}`, limit: AUTH_REQUESTS_PER_IP, windowMs: AUTH_REQUEST_WINDOW_MS };
}

/**
 * Keyed by the email, whether or not it has an account, so that the lock does not reveal that
 * either. Emails arrive parsed (trimmed, lower-cased), so "Jo@X.com " and "jo@x.com" share a count.
 */
function signInFailuresRule(email: string): RateLimitRule {
  return { key: `auth:signin-failures:${email}`, limit: SIGN_IN_FAILURES_PER_ACCOUNT, windowMs: SIGN_IN_FAILURE_WINDOW_MS };
}

/** Every sign-in, sign-up and auth/* request counts against the caller's address: the 31st in a minute is refused. */
export async function limitAuthRequestsByIp(store: RateLimitStore, ip: string, reply: FastifyReply): Promise<void> {
  enforceLimit(reply, await checkLimit(store, authRequestsRule(ip)));
}

/**
 * After 5 failed sign-ins for an email within 15 minutes, the account is locked until the window
 * ends, even for the right password: a guesser cannot tell a right guess from a wrong one.
 */
export async function assertSignInAllowed(store: RateLimitStore, email: string, reply: FastifyReply): Promise<void> {
  enforceLimit(reply, await peekLimit(store, signInFailuresRule(email)));
}

export async function recordFailedSignIn(store: RateLimitStore, email: string): Promise<void> {
  await countFailure(store, signInFailuresRule(email));
}

export async function clearFailedSignIns(store: RateLimitStore, email: string): Promise<void> {
  await resetLimit(store, signInFailuresRule(email).key);
}
