import { testWorkerSignup } from '@tendly/domain/testing/form-answers';
import { uniqueEmail } from '../features/auth/test-factories';

/** A worker's sign-up that POST /api/signup accepts, with a fresh email address each call. */
export function workerSignup(overrides: Record<string, unknown> = {}) {
  return testWorkerSignup({ email: uniqueEmail('worker'), ...overrides });
}
