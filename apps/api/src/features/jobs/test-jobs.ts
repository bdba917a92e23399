import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { aliasSessionResponseSchema } from '@tendly/domain/api/auth';
import { jobSchema, type Job } from '@tendly/domain/api/jobs';
import type { DbExecutor } from '../../platform/db/client';
import { localities } from '../../platform/db/schema/reference';
import { week } from '../../test-support/test-availability';
import { createCoordinator, createUser, linkClient, sessionFor, type requester } from '../auth/test-factories';

/** Small helpers for the jobs tests: a valid draft, a care seeker with a session, a posted job. */

export type Call = ReturnType<typeof requester>;


/** A draft with only the required fields filled in, and a fresh draftId. */
export function jobDraft(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    draftId: randomUUID(),
    supportCategory: 'AGED_CARE',
    supportType: ['AGEDGEN', 'DEMENTIA'],
    careFor: 'Immediate Family',
    location: 'Marrickville',
    availability: week({ mon: ['morning'], thu: ['morning', 'afternoon'] }),
    title: 'Friendly support for Mum in Marrickville',
    htmlDescription: '<p>Mum is 84 and lives on her own. She would love help with the shopping, some cooking and a good chat.</p>',
    ...overrides,
  };
}

export async function signedInCareSeeker(db: DbExecutor, firstName = 'Helen') {
  const user = await createUser(db, { firstName });
  return { user, token: await sessionFor(db, user.id) };
}

/** A coordinator acting for a linked client: the alias token, the client and the coordinator. */
export async function coordinatorActingForClient(db: DbExecutor, call: Call) {
  const coordinator = await createCoordinator(db);
  const client = await createUser(db, { firstName: 'Clara' });
  await linkClient(db, coordinator.id, client.id);
  const coordinatorToken = await sessionFor(db, coordinator.id);
  const response = await call('POST', `/api/support-coordinator/clients/${client.id}/alias`, { token: coordinatorToken });
  expect(response.statusCode).toBe(200);
  return { coordinator, client, coordinatorToken, aliasToken: aliasSessionResponseSchema.parse(response.json()).aliasToken };
}

export async function postJob(call: Call, token: string, overrides: Record<string, unknown> = {}): Promise<Job> {
  const response = await call('POST', '/api/jobs', { token, payload: jobDraft(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return jobSchema.parse(response.json());
}

export interface Place {
  id: number;
  latitude: number;
  longitude: number;
}

export async function locality(db: DbExecutor, suburb: string, postcode: string): Promise<Place> {
  const [row] = await db
    .select({ id: localities.id, latitude: localities.latitude, longitude: localities.longitude })
    .from(localities)
    .where(and(eq(localities.suburb, suburb), eq(localities.postcode, postcode)));
  if (!row) throw new Error(`No locality ${suburb} ${postcode}`);
  return row;
}
