import { and, eq, isNotNull } from 'drizzle-orm';
import { expect } from 'vitest';
import { contractSchema, type Contract } from '@tendly/domain/api/contracts';
import type { DbExecutor } from '../../platform/db/client';
import { localities } from '../../platform/db/schema/reference';
import { createUser, createWorker, sessionFor, type requester } from '../auth/test-factories';
import { todayIn } from './contracts-service';

export type Call = ReturnType<typeof requester>;

/** A care seeker in Marrickville NSW (MMM 1) with a session, unless told otherwise. */
export async function careSeekerWithSession(db: DbExecutor, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, { firstName: 'Helen', lastName: 'Nguyen', state: 'NSW', postcode: '2204', suburb: 'Marrickville', ...overrides });
  return { user, token: await sessionFor(db, user.id) };
}

export async function workerWithSession(db: DbExecutor, options: Parameters<typeof createWorker>[1] = {}) {
  const user = await createWorker(db, {
    user: { firstName: 'Wren', lastName: 'Walker', ...options.user },
    profile: {
      weekdayRateCents: 4550,
      saturdayRateCents: 5500,
      sundayRateCents: 6500,
      publicHolidayRateCents: 9000,
      eveningRateCents: 5000,
      overnightRateCents: 6000,
      travelPerKmCents: 95,
      ...options.profile,
    },
    ...(options.profileStatus ? { profileStatus: options.profileStatus } : {}),
  });
  return { user, token: await sessionFor(db, user.id) };
}

export function offer(workerId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    workerId,
    fundingType: 'PRIVATE',
    supportRequired: ['CTP', 'COOK'],
    supportDetails: 'Help with showering and lunch on weekday mornings.',
    hourlyRateForWeekdays: 4550,
    saturdayRate: 5525,
    sundayRate: 6575,
    rateForPublicHoliday: 9010,
    rateForEveningCare: 5040,
    rateForOverniteCare: 6120,
    travelExpenseRate: 97,
    startDate: todayIn('NSW'),
    emergencyContacts: [{ nameOfContact: 'Sam Nguyen', relationshipToCareseeker: 'Son', phoneNumber: '0412 345 678' }],
    ...overrides,
  };
}

export async function offerOk(call: Call, token: string, payload: Record<string, unknown>): Promise<Contract> {
  const response = await call('POST', '/api/contracts', { token, payload });
  expect(response.statusCode, response.body).toBe(201);
  return contractSchema.parse(response.json());
}

/** A postcode and suburb whose locality has the MMM class (for remote prices). */
export async function placeWithMmm(db: DbExecutor, mmmClass: number) {
  const [row] = await db
    .select({ postcode: localities.postcode, suburb: localities.suburb, state: localities.state })
    .from(localities)
    .where(and(eq(localities.mmmClass, mmmClass), isNotNull(localities.mmmClass)))
    .limit(1);
  if (!row) throw new Error(`No locality of MMM ${mmmClass}`);
  return row;
}
