import type { FastifyReply } from 'fastify';
import { tooManyVerificationCodesMessage } from '@tendly/domain/api/auth';
import { AppError } from '../../platform/errors';
import type { RateLimitStore } from '../../platform/rate-limit/rate-limit-store';
import {
  checkLimit,
  countFailure,
  enforceLimit,
  peekLimit,
  resetLimit,
  type RateLimitDecision,
  type RateLimitRule,
} from '../../platform/rate-limit/rate-limiter';

/**
 * Limits on the account calls (issue 3): guessing passwords or codes, or flooding sign-ups, is
 * slowed down per account and per address. Beyond a limit the answer is 429 with a Retry-After
 * header and a message saying when to try again.
 *
 * Wrong passwords are counted so that a guesser is stopped without handing anyone a way to lock
 * the owner out (issue 10): 5 wrong passwords for an account from one address lock that address
 * out of that account for 15 minutes. Across all addresses an account takes many more: from the
 * 10th failure on, each one makes unfamiliar addresses wait before the next try (1 s, 2 s, 4 s,
 * ... up to a minute), and at 50 they are locked out until the 15 minutes end. An address the
 * account signed in from in the last 30 days is familiar: only its own count applies to it, so the
 * owner signing in from home still gets in while someone elsewhere guesses.
 */
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
export const SIGN_IN_SLOWDOWN_AFTER_FAILURES = 10;
export const SIGN_IN_MAX_DELAY_MS = 60 * 1000;
export const SIGN_IN_FAILURES_PER_ACCOUNT = 50;
export const FAMILIAR_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;
export const AUTH_REQUESTS_PER_IP = 30;
export const AUTH_REQUEST_WINDOW_MS = 60 * 1000;
/**
 * Account emails anyone can ask us to send to an address (a password reset link, the note that
 * someone tried to register with it): at most 5 an hour to one address, counted as they are sent.
 */
export const ACCOUNT_EMAILS_PER_RECIPIENT = 5;
export const ACCOUNT_EMAIL_WINDOW_MS = 60 * 60 * 1000;
/**
 * New verification codes asked for (the Resend button, and the login screen's verify dialog when
 * it opens): at most 5 an hour for one address. Unlike the emails above these are counted when
 * asked for, for every address whether or not it has an account, so the 6th request can be told
 * plainly that no code was sent (issue 11) without that telling anyone who has an account. They
 * have their own count: a count shared with the emails above would move only for real accounts.
 */
export const VERIFICATION_CODES_PER_ADDRESS = 5;

/** Every sign-in, sign-up and auth/* request counts against the caller's address: the 31st in a minute is refused. */
export function authRequestsRule(ip: string): RateLimitRule {
  return { key: `auth:ip:${ip}`, limit: AUTH_REQUESTS_PER_IP, windowMs: AUTH_REQUEST_WINDOW_MS };
}

/*
 * Sign-in keys name the email whether or not it has an account, so that no lock reveals that
 * either. Emails arrive parsed (trimmed, lower-cased), so "Jo@X.com " and "jo@x.com" share a count.
 */

function addressFailuresRule(email: string, ip: string): RateLimitRule {
  return { key: `auth:signin-failures:address:${ip}:${email}`, limit: SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS, windowMs: SIGN_IN_FAILURE_WINDOW_MS };
}

function accountFailuresRule(email: string): RateLimitRule {
  return { key: `auth:signin-failures:account:${email}`, limit: SIGN_IN_FAILURES_PER_ACCOUNT, windowMs: SIGN_IN_FAILURE_WINDOW_MS };
}

/** Present while unfamiliar addresses must wait before the account's next try. */
function slowdownRule(email: string): RateLimitRule {
  return { key: `auth:signin-slowdown:${email}`, limit: 1, windowMs: SIGN_IN_MAX_DELAY_MS };
}

function familiarAddressKey(email: string, ip: string): string {
  return `auth:signin-familiar:${ip}:${email}`;
}

/** How long unfamiliar addresses wait after the account's nth failure in the window. */
export function signInDelayMs(failures: number): number {
  if (failures < SIGN_IN_SLOWDOWN_AFTER_FAILURES) return 0;
  return Math.min(1000 * 2 ** (failures - SIGN_IN_SLOWDOWN_AFTER_FAILURES), SIGN_IN_MAX_DELAY_MS);
}

/**
 * May this address try a password for this email now? Asked before the password is checked, so
 * a locked-out guesser cannot tell a right guess from a wrong one.
 */
export async function signInAllowance(store: RateLimitStore, email: string, ip: string): Promise<RateLimitDecision> {
  const [fromAddress, familiar, fromAnywhere, slowdown] = await Promise.all([
    peekLimit(store, addressFailuresRule(email, ip)),
    store.get(familiarAddressKey(email, ip)),
    peekLimit(store, accountFailuresRule(email)),
    peekLimit(store, slowdownRule(email)),
  ]);
  if (!fromAddress.allowed || familiar) return fromAddress;
  if (!fromAnywhere.allowed) return fromAnywhere;
  return slowdown;
}

export async function assertSignInAllowed(store: RateLimitStore, email: string, ip: string, reply: FastifyReply): Promise<void> {
  enforceLimit(reply, await signInAllowance(store, email, ip));
}

export async function recordFailedSignIn(store: RateLimitStore, email: string, ip: string): Promise<void> {
  await countFailure(store, addressFailuresRule(email, ip));
  const { count } = await store.increment(accountFailuresRule(email).key, SIGN_IN_FAILURE_WINDOW_MS);
  const delayMs = signInDelayMs(count);
  if (delayMs === 0) return;
  // A fresh window of this failure's delay, whatever the last one left.
  const slowdown = slowdownRule(email);
  await resetLimit(store, slowdown.key);
  await store.increment(slowdown.key, delayMs);
}

/**
 * The right password: this address's failures are forgotten and it becomes familiar. The
 * account's count across addresses stays: a guesser elsewhere gets no fresh allowance from it.
 */
export async function recordSuccessfulSignIn(store: RateLimitStore, email: string, ip: string): Promise<void> {
  await resetLimit(store, addressFailuresRule(email, ip).key);
  await store.increment(familiarAddressKey(email, ip), FAMILIAR_ADDRESS_MS);
}

/**
 * Whoever reset the password proved they own the email: the account's failures are forgotten
 * everywhere it counts them, and the address the reset came from becomes familiar.
 */
export async function clearFailedSignIns(store: RateLimitStore, email: string, ip: string): Promise<void> {
  await Promise.all([
    resetLimit(store, accountFailuresRule(email).key),
    resetLimit(store, slowdownRule(email).key),
  ]);
  await recordSuccessfulSignIn(store, email, ip);
}

/** Counts a request for a new verification code; beyond the hour's limit, a 429 saying no code was sent. */
export async function limitVerificationCodeRequests(store: RateLimitStore, email: string, reply: FastifyReply): Promise<void> {
  const decision = await checkLimit(store, {
    key: `auth:verification-code-requests:${email}`,
    limit: VERIFICATION_CODES_PER_ADDRESS,
    windowMs: ACCOUNT_EMAIL_WINDOW_MS,
  });
  if (decision.allowed) return;
  reply.header('retry-after', String(decision.retryAfterSeconds));
  throw new AppError(429, tooManyVerificationCodesMessage(decision.retryAfterSeconds), { code: 'RATE_LIMITED' });
}

/**
 * Counts one account email to this address and says whether it may go: beyond the hour's limit
 * nothing is sent, and the request that asked for it is answered as usual, so the limit tells
 * no one whether the address has an account.
 */
export async function mayEmailRecipient(store: RateLimitStore, email: string): Promise<boolean> {
  const decision = await checkLimit(store, {
    key: `auth:account-emails:${email}`,
    limit: ACCOUNT_EMAILS_PER_RECIPIENT,
    windowMs: ACCOUNT_EMAIL_WINDOW_MS,
  });
  return decision.allowed;
}
