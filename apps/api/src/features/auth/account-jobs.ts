import { z } from 'zod';
import type { JobHandlers } from '../../platform/jobs/job-worker';
import type { AccountContext } from './account-context';
import { PASSWORD_RESET_LINK_JOB, REGISTRATION_ATTEMPT_JOB, VERIFICATION_CODE_JOB } from './account-job-queue';
import { tellOwnerOfRegistrationAttempt } from './account-service';
import { sendPasswordResetLink } from './password-reset-service';
import { sendVerificationCode } from './verification-service';

const payloadSchema = z.object({ email: z.string() });

/**
 * The account email jobs (account-job-queue.ts). Each runs at least once (platform/jobs): a
 * repeat after a crash can at worst send a second email, which the per-address limit bounds.
 */
export function accountJobHandlers(deps: Omit<AccountContext, 'db'>): JobHandlers {
  return {
    async [PASSWORD_RESET_LINK_JOB](payload, job) {
      await sendPasswordResetLink({ ...deps, db: job.db }, payloadSchema.parse(payload).email);
    },
    async [VERIFICATION_CODE_JOB](payload, job) {
      await sendVerificationCode({ ...deps, db: job.db }, payloadSchema.parse(payload).email);
    },
    async [REGISTRATION_ATTEMPT_JOB](payload, job) {
      await tellOwnerOfRegistrationAttempt({ ...deps, db: job.db }, payloadSchema.parse(payload).email);
    },
  };
}
