import { expect } from 'vitest';
import { createBookingResponseSchema, shiftSchema, type Shift } from '@tendly/domain/api/bookings';
import type { StateCode } from '@tendly/domain/states';
import { testRates } from '@tendly/domain/testing/onboarding-facts';
import type { DbExecutor } from '../../platform/db/client';
import { contracts } from '../../platform/db/schema/engagements';
import { createUser, createWorker, sessionFor, type requester } from '../auth/test-factories';

/** Helpers for the bookings tests: contracts inserted directly (the contract API is another part's). */

export type Call = ReturnType<typeof requester>;

export async function insertContract(
  db: DbExecutor,
  careSeekerId: string,
  workerId: string,
  overrides: Partial<typeof contracts.$inferInsert> = {},
): Promise<string> {
  const [row] = await db
    .insert(contracts)
    .values({
      careSeekerId,
      workerId,
      status: 'ACTIVE',
      fundingType: 'PRIVATE',
      clientName: 'Margaret Smith',
      clientState: 'NSW',
      supportRequired: ['COOK'],
      ...testRates,
      startDate: '2026-01-01',
      cancellationPolicy: 'NDIS short-notice rule',
      terminationPolicy: 'Two weeks’ notice',
      emergencyContacts: [{ nameOfContact: 'Tom Smith', relationshipToCareseeker: 'Son', phoneNumber: '0412345678' }],
      // Signed the day before it starts (in UTC: before midnight of its first day in every
      // Australian zone), so that hours recorded under it may begin on its first day.
      signedAt: new Date(Date.parse(`${overrides.startDate ?? '2026-01-01'}T00:00:00Z`) - 24 * 60 * 60 * 1000),
      ...overrides,
    })
    .returning({ id: contracts.id });
  if (!row) throw new Error('insertContract: no row');
  return row.id;
}

/** A care seeker and a worker, both signed in, with an ACTIVE contract for a client in `state`. */
export async function contractedPair(db: DbExecutor, state: StateCode = 'NSW', names: { client?: string; worker?: string } = {}) {
  const careSeeker = await createUser(db, { firstName: 'Helen', lastName: 'Citizen' });
  const worker = await createWorker(db, { user: { firstName: names.worker ?? 'Sam', lastName: 'Carer' } });
  const contractId = await insertContract(db, careSeeker.id, worker.id, { clientState: state, clientName: names.client ?? 'Margaret Smith' });
  return {
    careSeeker,
    worker,
    contractId,
    careSeekerToken: await sessionFor(db, careSeeker.id),
    workerToken: await sessionFor(db, worker.id),
  };
}

export async function book(call: Call, token: string, payload: Record<string, unknown>): Promise<Shift[]> {
  const response = await call('POST', '/api/bookings', { token, payload });
  expect(response.statusCode, response.body).toBe(201);
  return createBookingResponseSchema.parse(response.json()).shifts;
}

export async function move(call: Call, token: string, shiftId: string, action: 'confirm' | 'cancel', payload?: Record<string, unknown>): Promise<Shift> {
  const response = await call('POST', `/api/shifts/${shiftId}/${action}`, { token, ...(payload ? { payload } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return shiftSchema.parse(response.json());
}
