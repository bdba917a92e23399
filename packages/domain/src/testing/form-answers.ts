/**
 * For tests only: answers to the public forms and sign-up that their schemas accept, shared by
 * the domain's schema tests and the API's route tests so that both start from the same valid
 * answer and change only what they test.
 */

/** A support coordinator's referral (POST /api/forms/referral), without an organisation. */
export const testReferral = {
  referrerName: 'Ren Coordinator',
  email: 'ren@example.com',
  phone: '02 9999 0000',
  relationship: 'SUPPORT_COORDINATOR',
  participantFirstName: 'Pat',
  participantLastName: 'Lee',
  participantDateOfBirth: '1990-05-04',
  ndisNumber: '430 123 456',
  postcode: '2000',
  state: 'NSW',
  fundingManagement: 'NDIS_PLAN_MANAGED',
  supportsNeeded: ['CTP'],
  consent: true,
};

/** A worker's sign-up (POST /api/signup); `overrides` change or add fields. */
export function testWorkerSignup(overrides: Record<string, unknown> = {}) {
  return {
    role: 'CR',
    firstName: 'Sam',
    lastName: 'Nguyen',
    email: 'sam@example.com',
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
