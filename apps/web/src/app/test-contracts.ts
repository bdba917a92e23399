import type { Shift } from '@tendly/domain/api/bookings';
import { DEFAULT_CANCELLATION_POLICY, DEFAULT_TERMINATION_POLICY, type Contract } from '@tendly/domain/api/contracts';

/** The test agreement's rates, in cents an hour (travel in cents a km); the offer form starts from them too. */
export const testContractRates = {
  hourlyRateForWeekdays: 4550,
  saturdayRate: 5500,
  sundayRate: 6500,
  rateForPublicHoliday: 9000,
  rateForEveningCare: 5000,
  rateForOverniteCare: null,
  travelExpenseRate: 95,
};

/** A test answer of the service agreements API (packages/domain/src/api/contracts.ts): an offer, unless overridden. */
export function testContract(overrides: Partial<Contract> = {}): Contract {
  return {
    id: '5f0c6c4e-1111-4a7b-8c1d-0a0b0c0d0e0f',
    status: 'OFFERED',
    careSeeker: { id: '9c8b7a6d-3333-4f2e-9d1c-0b1a2c3d4e5f', firstName: 'Helen', lastName: 'Nguyen' },
    worker: { id: '7a1b2c3d-2222-4e5f-8a6b-7c8d9e0f1a2b', firstName: 'Wren', lastName: 'Walker' },
    clientName: 'Helen Nguyen',
    clientState: 'NSW',
    jobId: null,
    jobTitle: null,
    fundingType: 'PRIVATE',
    ndisShortfallBillable: false,
    shiftPlan: null,
    plannedSeriesId: null,
    supportRequired: ['CTP'],
    supportDetails: 'Showering on weekday mornings',
    ...testContractRates,
    ndisRates: [],
    startDate: '2026-12-01',
    endDate: null,
    cancellationPolicy: DEFAULT_CANCELLATION_POLICY,
    cancellationChargePercent: 100,
    terminationPolicy: DEFAULT_TERMINATION_POLICY,
    note: '',
    emergencyContacts: [{ nameOfContact: 'Sam Nguyen', relationshipToCareseeker: 'Son', phoneNumber: '0412345678' }],
    offeredAt: '2026-11-25T01:00:00.000Z',
    signedName: null,
    signedAt: null,
    declinedReason: null,
    terminationReason: null,
    terminationNoticeDate: null,
    closedAt: null,
    ...overrides,
  };
}

/** The care seeker of the shift, job report, timesheet and invoice test answers: the same person throughout. */
export function testCareSeekerPerson() {
  return { id: '44444444-4444-4444-8444-444444444444', firstName: 'Helen', lastName: 'Citizen' };
}

/** The worker of the shift, job report, timesheet and invoice test answers: the same person throughout. */
export function testWorkerPerson() {
  return { id: '55555555-5555-4555-8555-555555555555', firstName: 'Sam', lastName: 'Carer' };
}

/** A test answer of the bookings API (packages/domain/src/api/bookings.ts): a confirmed shift in Perth, unless overridden. */
export function testShift(overrides: Partial<Shift> = {}): Shift {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    bookingId: '22222222-2222-4222-8222-222222222222',
    contractId: '33333333-3333-4333-8333-333333333333',
    careSeeker: testCareSeekerPerson(),
    worker: testWorkerPerson(),
    clientName: 'Margaret Smith',
    state: 'WA',
    timeZone: 'Australia/Perth',
    startsAt: '2027-03-08T01:00:00.000Z',
    endsAt: '2027-03-08T04:00:00.000Z',
    startLocal: '2027-03-08T09:00',
    endLocal: '2027-03-08T12:00',
    durationMinutes: 180,
    scheduleResponseStatus: 'CONFIRMED',
    statusChangedAt: '2027-03-01T00:00:00.000Z',
    repeat: 'NONE',
    note: '',
    cancellation: null,
    ...overrides,
  };
}
