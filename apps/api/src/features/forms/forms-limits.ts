import type { RateLimitRule } from '../../platform/rate-limit/rate-limiter';

/**
 * Forms reach people on the operations team, so a flood from one address is refused: at most 10
 * forms per address in 10 minutes (issue 4), then 429 with Retry-After.
 */
export const FORM_SUBMISSIONS_PER_IP = 10;
export const FORM_SUBMISSION_WINDOW_MS = 10 * 60 * 1000;

export function formSubmissionsRule(ip: string): RateLimitRule {
  return { key: `forms:ip:${ip}`, limit: FORM_SUBMISSIONS_PER_IP, windowMs: FORM_SUBMISSION_WINDOW_MS };
}
