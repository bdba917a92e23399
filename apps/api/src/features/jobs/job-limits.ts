import type { FastifyReply } from 'fastify';
import { tooManyInvitationsMessage, tooManyJobPostsMessage } from '@tendly/domain/api/jobs';
import { INVITATIONS_PER_HOUR, JOB_POSTS_PER_DAY } from '@tendly/domain/constants';
import type { RequestAuth } from '../../platform/auth/authenticate';
import type { DbExecutor } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import type { RateLimitStore } from '../../platform/rate-limit/rate-limit-store';
import { checkLimit, type RateLimitDecision, type RateLimitRule } from '../../platform/rate-limit/rate-limiter';
import { findJobIdByDraft } from './jobs-repository';

/**
 * Limits on what emails workers in the account's name (issue 10): an invitation emails the worker
 * invited; a new job emails every matching worker nearby. Counted per account (the client's, when
 * a coordinator acts for one), after the request is validated, so only real attempts count. The
 * numbers, and why, are in the domain's constants.
 */
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

function invitationsRule(auth: RequestAuth): RateLimitRule {
  return { key: `invitations:user:${auth.user.id}`, limit: INVITATIONS_PER_HOUR, windowMs: HOUR_MS };
}

function jobPostsRule(auth: RequestAuth): RateLimitRule {
  return { key: `job-posts:user:${auth.user.id}`, limit: JOB_POSTS_PER_DAY, windowMs: DAY_MS };
}

function refuse(reply: FastifyReply, decision: RateLimitDecision, message: (retryAfterSeconds: number) => string): void {
  if (decision.allowed) return;
  reply.header('retry-after', String(decision.retryAfterSeconds));
  throw new AppError(429, message(decision.retryAfterSeconds), { code: 'RATE_LIMITED' });
}

/** Counts an invitation to apply; the one beyond the hourly allowance is a 429 with Retry-After. */
export async function limitInvitations(store: RateLimitStore, auth: RequestAuth, reply: FastifyReply): Promise<void> {
  refuse(reply, await checkLimit(store, invitationsRule(auth)), tooManyInvitationsMessage);
}

/**
 * Counts a new job post; the one beyond the daily allowance is a 429 with Retry-After. Sending a
 * draft already posted again (a retry: it answers the job already posted and emails nobody) is
 * not a new post and does not count.
 */
export async function limitJobPosts(
  store: RateLimitStore,
  db: DbExecutor,
  auth: RequestAuth,
  draftId: string,
  reply: FastifyReply,
): Promise<void> {
  if (await findJobIdByDraft(db, auth.user.id, draftId)) return;
  refuse(reply, await checkLimit(store, jobPostsRule(auth)), tooManyJobPostsMessage);
}
