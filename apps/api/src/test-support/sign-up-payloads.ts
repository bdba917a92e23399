import { uniqueEmail } from '../features/auth/test-factories';

/** A worker's sign-up that POST /api/signup accepts, with a fresh email address each call. */
export function workerSignup(overrides: Record<string, unknown> = {}) {
  return {
    role: 'CR',
    firstName: 'Sam',
    lastName: 'Nguyen',
    email: uniqueEmail('worker'),
    password: 'a-long-enough-password',
    phone: '0412 345 678',
    address: '1 Campbell Parade',
    suburb: 'bondi',
    state: 'New South Wales',
    postcode: '2026',
    hearAboutUs: 'SEARCH_ENGINE',
    acceptTerms: true,
    acceptEng: true,
    acceptNDISCode: true,
    acceptAgedCareCode: true,
    ...overrides,
  };
}
