import { ApiError, isClientError } from './api-client';

/** One more try for a failure that may pass: a second try costs a moment, and most hiccups are brief. */
const MAX_RETRIES = 1;

/**
 * Whether a failed request is worth sending again (issue 11): only when the network failed or
 * the server did (5xx). A 4xx is the answer, and another try gets the same one: retrying an
 * unknown place's 400 only kept its message from the person for two seconds. An answer the app
 * could not read, a cancelled request and any other error are not retried either.
 */
export function shouldRetryRequest(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES || !(error instanceof ApiError)) return false;
  const isNetworkFailure = error.status === 0 && error.code === 'NETWORK';
  return isNetworkFailure || error.status >= 500;
}

/**
 * Whether to load one record again (a job, a worker's profile, a job to edit): once, for anything
 * but a 4xx. A 404 or 403 will not change on a second try; a server hiccup might.
 */
export function shouldRetryUnlessClientError(failureCount: number, error: unknown): boolean {
  return !isClientError(error) && failureCount < 1;
}
