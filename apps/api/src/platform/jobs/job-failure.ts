/**
 * Why a background job failed decides what happens next (issue 27): a failure that will not
 * change however often the job is tried (an SMTP 550 "no such user", an HTTP 404 from an API) is
 * FAILED at once, for an administrator to look at; anything else is taken as passing (a server
 * down, a timeout, an SMTP 4xx, an HTTP 5xx or 429) and retried with backoff over JOB_RETRY_HOURS.
 */

/**
 * Thrown by a handler to say that trying again cannot help: the job goes to FAILED at once with
 * this message. The error that said so is kept as its cause.
 */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

/** A run that did not finish within its kind's timeout: a passing failure, retried like any other. */
export class JobTimeoutError extends Error {
  constructor(type: string, timeoutMs: number) {
    super(`The ${type} job did not finish within ${formatDuration(timeoutMs)}; it will be tried again.`);
    this.name = 'JobTimeoutError';
  }
}

function formatDuration(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

export function isPermanentJobFailure(error: unknown): boolean {
  return error instanceof PermanentJobError;
}

/**
 * HTTP answers from an external API that the same request will get again: the request itself is
 * wrong (400, 422), not allowed (401, 403), or about something that is not there (404, 410).
 * 408, 409, 425, 429 and every 5xx may pass.
 */
const permanentHttpStatuses = new Set([400, 401, 403, 404, 405, 410, 413, 414, 415, 422]);

export function isPermanentHttpStatus(status: number): boolean {
  return permanentHttpStatuses.has(status);
}

/**
 * SMTP replies about this server's own sign-in (530, 534, 535, 538) are 5xx, but they say the
 * configuration is wrong, not the email: fixed, the same email goes through.
 */
const smtpConfigurationReplies = new Set([530, 534, 535, 538]);

/** What nodemailer puts on the errors it throws. */
interface NodemailerErrorFields {
  code?: unknown;
  responseCode?: unknown;
}

/**
 * Whether a nodemailer error will come back however often the email is sent again: the SMTP
 * server answered 5xx (550 no such user, 552 too large, 554 refused), other than about signing in;
 * or nodemailer refused the envelope before sending (no recipient). Connection failures
 * (ECONNREFUSED, ECONNECTION, ETIMEDOUT, ESOCKET, EDNS), 4xx replies (421, 450, 451, 452) and
 * sign-in failures (EAUTH) may pass.
 */
export function isPermanentSmtpFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, responseCode } = error as NodemailerErrorFields;
  if (code === 'EAUTH') return false;
  if (typeof responseCode === 'number') return responseCode >= 500 && responseCode < 600 && !smtpConfigurationReplies.has(responseCode);
  return code === 'EENVELOPE';
}
