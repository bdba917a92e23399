import type { DbExecutor } from '../../platform/db/client';
import { enqueueJob } from '../../platform/jobs/job-queue';

/**
 * Account emails that a request only asks for (issue 10): the request queues one of these jobs
 * for any email address, known or not, and answers at once, so neither its answer nor the time
 * it takes says whether the address has an account. The job (account-jobs.ts) finds out, and
 * sends the email if there is someone to send it to and the address's hourly limit allows.
 */
export const PASSWORD_RESET_LINK_JOB = 'auth.password-reset-link';
export const VERIFICATION_CODE_JOB = 'auth.verification-code';
export const REGISTRATION_ATTEMPT_JOB = 'auth.registration-attempt';

export type AccountEmailJob = typeof PASSWORD_RESET_LINK_JOB | typeof VERIFICATION_CODE_JOB | typeof REGISTRATION_ATTEMPT_JOB;

export interface AccountEmailPayload {
  /** Parsed by `emailSchema`: trimmed and lower-cased. */
  email: string;
}

export async function queueAccountEmail(db: DbExecutor, type: AccountEmailJob, email: string): Promise<void> {
  const payload: AccountEmailPayload = { email };
  await enqueueJob(db, { type, payload });
}
