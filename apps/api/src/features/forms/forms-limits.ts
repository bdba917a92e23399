import type { FastifyReply } from 'fastify';
import type { RateLimitStore } from '../../platform/rate-limit/rate-limit-store';
import { checkLimit, enforceLimit } from '../../platform/rate-limit/rate-limiter';

/**
 * Forms reach people on the operations team, so a flood from one address is refused: at most 10
 * forms per address in 10 minutes (issue 4), then 429 with Retry-After.
 */
export const FORM_SUBMISSIONS_PER_IP = 10;
export const FORM_SUBMISSION_WINDOW_MS = 10 * 60 * 1000;

export async function limitFormSubmissionsByIp(store: RateLimitStore, ip: string, reply: FastifyReply): Promise<void> {
  const rule = { key: `forms:ip:${ip}`, limit: FORM_SUBMISSIONS_PER_IP, windowMs: FORM_SUBMISSION_WINDOW_MS };
  enforceLimit(reply, await checkLimit(store, rule));
}
