import { expect } from 'vitest';
import { timesheetSchema, type Timesheet } from '@tendly/domain/api/timesheets';
import { localToInstant } from '@tendly/domain/shift-time';
import { stateTimeZone, type StateCode } from '@tendly/domain/states';
import type { DbExecutor } from '../../platform/db/client';
import { bookings, type contracts, shifts } from '../../platform/db/schema/engagements';
import { multipartBody } from '../../test-support/multipart';
import { createUser, createWorker, sessionFor, type requester } from '../auth/test-factories';
import { insertContract } from '../bookings/test-bookings';
import { pdfBytes } from '../worker-documents/test-documents';

/** Small factories for the hours and job report tests: each call makes its own people and rows. */

export type Call = ReturnType<typeof requester>;

export interface HoursPair {
  careSeeker: { id: string; email: string; firstName: string };
  worker: { id: string; email: string; firstName: string };
  contractId: string;
  state: StateCode;
  careSeekerToken: string;
  workerToken: string;
}

/** A care seeker and an active worker, both signed in, with an ACTIVE private agreement since 1 January 2026. */
export async function hoursPair(db: DbExecutor, options: { state?: StateCode; contract?: Partial<typeof contracts.$inferInsert> } = {}): Promise<HoursPair> {
  const state = options.state ?? 'NSW';
  const careSeeker = await createUser(db, { firstName: 'Helen', lastName: 'Citizen' });
  const worker = await createWorker(db, { user: { firstName: 'Sam', lastName: 'Carer' } });
  const contractId = await insertContract(db, careSeeker.id, worker.id, { clientState: state, startDate: '2026-01-01', ...options.contract });
  return {
    careSeeker,
    worker,
    contractId,
    state,
    careSeekerToken: await sessionFor(db, careSeeker.id),
    workerToken: await sessionFor(db, worker.id),
  };
}

/** A shift booked under the pair's agreement, inserted as it stands (bookings refuse times in the past). */
export async function insertShift(
  db: DbExecutor,
  pair: Pick<HoursPair, 'contractId' | 'careSeeker' | 'worker' | 'state'>,
  times: { start: string; end: string },
  status: 'CONFIRMED' | 'UNCONFIRMED' | 'CANCELLED' = 'CONFIRMED',
): Promise<string> {
  const timeZone = stateTimeZone(pair.state);
  const [booking] = await db
    .insert(bookings)
    .values({ contractId: pair.contractId, timeZone, firstStartLocal: times.start, firstEndLocal: times.end })
    .returning({ id: bookings.id });
  const [shift] = await db
    .insert(shifts)
    .values({
      bookingId: booking!.id,
      contractId: pair.contractId,
      workerId: pair.worker.id,
      careSeekerId: pair.careSeeker.id,
      startsAt: localToInstant(times.start, timeZone),
      endsAt: localToInstant(times.end, timeZone),
      timeZone,
      status,
    })
    .returning({ id: shifts.id });
  return shift!.id;
}

/** A request to record hours: 9 am to 12 pm on Monday 2 November 2026 (a past weekday) unless told otherwise. */
export function hoursRequest(contractId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { contractId, shiftId: null, start: '2026-11-02T09:00', end: '2026-11-02T12:00', breakMinutes: 0, ...overrides };
}

export async function recordHours(call: Call, token: string, payload: Record<string, unknown>): Promise<Timesheet> {
  const response = await call('POST', '/api/timesheets', { token, payload });
  expect(response.statusCode, response.body).toBe(201);
  return timesheetSchema.parse(response.json());
}

/** Hours recorded and submitted at once: a job report waiting for the care seeker. */
export function submitHours(call: Call, pair: HoursPair, overrides: Record<string, unknown> = {}): Promise<Timesheet> {
  return recordHours(call, pair.workerToken, hoursRequest(pair.contractId, { submit: true, ...overrides }));
}

/** A receipt uploaded by the worker; answers its file id. */
export async function uploadReceipt(call: Call, token: string, file: { bytes: Buffer; filename: string } = { bytes: pdfBytes('A parking receipt'), filename: 'parking.pdf' }): Promise<string> {
  const { payload, headers } = multipartBody({}, { ...file, contentType: 'application/pdf' });
  const response = await call('POST', '/api/timesheets/receipts', { token, payload, headers });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { fileId: string }).fileId;
}
