import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { aliasSessionResponseSchema } from '@tendly/domain/api/auth';
import { myCarersSchema, shortlistItemSchema, shortlistSchema } from '@tendly/domain/api/search';
import { NOT_AUTHORIZED, PLEASE_LOGIN } from '@tendly/domain/errors';
import { users } from '../../platform/db/schema/accounts';
import { contracts } from '../../platform/db/schema/engagements';
import { workerProfiles } from '../../platform/db/schema/workers';
import { useTestApp } from '../../test-support/test-app';
import { signedIn } from '../../test-support/signed-in-users';
import { createCoordinator, createUser, createWorker, linkClient, sessionFor } from '../auth/test-factories';
import { NOT_ON_SHORTLIST } from './shortlist-service';
import { WORKER_NOT_FOUND } from './worker-profile-service';

const { call, db } = useTestApp();

async function careSeeker() {
  const user = await createUser(db());
  return signedIn(db(), user);
}

async function shortlist(token: string) {
  const response = await call('GET', '/api/shortlist', { token });
  expect(response.statusCode).toBe(200);
  return shortlistSchema.parse(response.json());
}

/** A coordinator acting for a linked client: the alias token, the client and the coordinator's own token. */
async function coordinatorActingForClient() {
  const coordinator = await createCoordinator(db());
  const client = await createUser(db(), { firstName: 'Client' });
  await linkClient(db(), coordinator.id, client.id);
  const token = await sessionFor(db(), coordinator.id);
  const response = await call('POST', `/api/support-coordinator/clients/${client.id}/alias`, { token });
  return { client, coordinatorToken: token, aliasToken: aliasSessionResponseSchema.parse(response.json()).aliasToken };
}

describe('the shortlist', () => {
  it('adds (201, then 200 when already there), lists newest first and removes (204, then 404)', async () => {
    const { token } = await careSeeker();
    const first = await createWorker(db(), { user: { firstName: 'Ada' } });
    const second = await createWorker(db(), { user: { firstName: 'Bo' } });
    expect(await shortlist(token)).toEqual([]);

    const added = await call('POST', '/api/shortlist', { token, payload: { carerId: first.id } });
    expect(added.statusCode).toBe(201);
    expect(shortlistItemSchema.parse(added.json())).toMatchObject({ carerId: first.id, worker: { carerId: first.id, firstName: 'Ada', distance: null } });
    const again = await call('POST', '/api/shortlist', { token, payload: { carerId: first.id } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(added.json());
    expect((await call('POST', '/api/shortlist', { token, payload: { carerId: second.id } })).statusCode).toBe(201);

    const items = await shortlist(token);
    expect(items.map((item) => item.worker.firstName)).toEqual(['Bo', 'Ada']);
    expect(new Date(items[0]?.addedAt ?? 0).getTime()).toBeGreaterThan(new Date(items[1]?.addedAt ?? 0).getTime());

    const removed = await call('DELETE', `/api/shortlist/${first.id}`, { token });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await shortlist(token)).map((item) => item.carerId)).toEqual([second.id]);
    const notThere = await call('DELETE', `/api/shortlist/${first.id}`, { token });
    expect(notThere.statusCode).toBe(404);
    expect(notThere.json().message).toBe(NOT_ON_SHORTLIST);
    expect((await call('DELETE', '/api/shortlist/not-an-id', { token })).statusCode).toBe(404);
  });

  it('keeps each care seeker’s list their own', async () => {
    const a = await careSeeker();
    const b = await careSeeker();
    const worker = await createWorker(db());
    await call('POST', '/api/shortlist', { token: a.token, payload: { carerId: worker.id } });
    expect(await shortlist(b.token)).toEqual([]);
    expect((await call('DELETE', `/api/shortlist/${worker.id}`, { token: b.token })).statusCode).toBe(404);
    expect(await shortlist(a.token)).toHaveLength(1);
  });

  it('refuses unknown, inactive and deactivated workers (404) and a bad carerId (400)', async () => {
    const { token } = await careSeeker();
    const inactive = await createWorker(db(), { profileStatus: 'INACTIVE' });
    const deactivated = await createWorker(db(), { user: { status: 'DEACTIVATED' } });
    const notAWorker = await createUser(db());
    for (const carerId of ['6f1c2b1e-8a0b-4c55-9a77-1f0e2d3c4b5a', inactive.id, deactivated.id, notAWorker.id]) {
      const response = await call('POST', '/api/shortlist', { token, payload: { carerId } });
      expect(response.statusCode, carerId).toBe(404);
      expect(response.json().message).toBe(WORKER_NOT_FOUND);
    }
    for (const payload of [{}, { carerId: 'abc' }, { carerId: 42 }]) {
      const response = await call('POST', '/api/shortlist', { token, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('carerId must be a worker id');
    }
  });

  it('stops showing a worker whose profile is no longer listed', async () => {
    const { token } = await careSeeker();
    const worker = await createWorker(db());
    await call('POST', '/api/shortlist', { token, payload: { carerId: worker.id } });
    await db().update(workerProfiles).set({ status: 'INACTIVE' }).where(eq(workerProfiles.userId, worker.id));
    expect(await shortlist(token)).toEqual([]);
    await db().update(workerProfiles).set({ status: 'ACTIVE' }).where(eq(workerProfiles.userId, worker.id));
    await db().update(users).set({ status: 'DEACTIVATED' }).where(eq(users.id, worker.id));
    expect(await shortlist(token)).toEqual([]);
  });

  it("lets a coordinator acting for a client work on the client's list", async () => {
    const { client, aliasToken } = await coordinatorActingForClient();
    const worker = await createWorker(db());
    expect((await call('POST', '/api/shortlist', { token: aliasToken, payload: { carerId: worker.id } })).statusCode).toBe(201);
    expect((await shortlist(await sessionFor(db(), client.id))).map((item) => item.carerId)).toEqual([worker.id]);
    expect((await shortlist(aliasToken)).map((item) => item.carerId)).toEqual([worker.id]);
  });

  it('is for care seekers: 401 anonymous, 403 for workers and coordinators not acting for a client', async () => {
    const worker = await createWorker(db());
    const workerToken = await sessionFor(db(), worker.id);
    const { coordinatorToken } = await coordinatorActingForClient();
    const calls = [
      ['GET', '/api/shortlist', undefined],
      ['POST', '/api/shortlist', { carerId: worker.id }],
      ['DELETE', `/api/shortlist/${worker.id}`, undefined],
    ] as const;
    for (const [method, url, payload] of calls) {
      const anonymous = await call(method, url, { payload });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json().message).toBe(PLEASE_LOGIN);
      for (const token of [workerToken, coordinatorToken]) {
        const refused = await call(method, url, { token, payload });
        expect(refused.statusCode, `${method} ${url}`).toBe(403);
        expect(refused.json().message).toBe(NOT_AUTHORIZED);
      }
    }
  });
});

describe('GET /api/user/{id}/my-carers', () => {
  it("lists the care seeker's shortlisted workers; none has a contract yet", async () => {
    const { user, token } = await careSeeker();
    const first = await createWorker(db(), { user: { firstName: 'Cy' } });
    const second = await createWorker(db(), { user: { firstName: 'Di' } });
    for (const worker of [first, second]) await call('POST', '/api/shortlist', { token, payload: { carerId: worker.id } });

    const response = await call('GET', `/api/user/${user.id}/my-carers`, { token });
    expect(response.statusCode).toBe(200);
    const carers = myCarersSchema.parse(response.json());
    expect(carers.map((carer) => [carer.worker.firstName, carer.shortlisted, carer.hasContract])).toEqual([
      ['Di', true, false],
      ['Cy', true, false],
    ]);
    const explicit = await call('GET', `/api/user/${user.id}/my-carers?withContractsOnly=false`, { token });
    expect(explicit.json()).toEqual(response.json());
    const contractsOnly = await call('GET', `/api/user/${user.id}/my-carers?withContractsOnly=true`, { token });
    expect(contractsOnly.statusCode).toBe(200);
    expect(contractsOnly.json()).toEqual([]);
    const bad = await call('GET', `/api/user/${user.id}/my-carers?withContractsOnly=maybe`, { token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('must be true or false');
  });

  it('adds the workers the care seeker has hired (a signed agreement, active or ended), merged with the shortlist', async () => {
    const { user, token } = await careSeeker();
    const shortlisted = await createWorker(db(), { user: { firstName: 'Flo' } });
    const hired = await createWorker(db(), { user: { firstName: 'Gus' } });
    const both = await createWorker(db(), { user: { firstName: 'Hal' } });
    const offeredOnly = await createWorker(db(), { user: { firstName: 'Ida' } });
    for (const worker of [shortlisted, both]) await call('POST', '/api/shortlist', { token, payload: { carerId: worker.id } });
    const agreement = (workerId: string, status: 'ACTIVE' | 'ENDED' | 'OFFERED', signedAt: Date | null) => ({
      careSeekerId: user.id,
      workerId,
      status,
      fundingType: 'PRIVATE' as const,
      clientName: 'Client',
      clientState: 'NSW' as const,
      supportRequired: ['CA' as const],
      weekdayRateCents: 5000,
      saturdayRateCents: 6000,
      sundayRateCents: 7000,
      publicHolidayRateCents: 9000,
      eveningRateCents: 5500,
      travelPerKmCents: 90,
      startDate: '2026-01-01',
      cancellationPolicy: 'Policy',
      terminationPolicy: 'Policy',
      emergencyContacts: [{ nameOfContact: 'A', relationshipToCareseeker: 'B', phoneNumber: '0400000000' }],
      signedAt,
    });
    await db().insert(contracts).values([
      agreement(hired.id, 'ENDED', new Date(Date.now() + 60_000)),
      agreement(both.id, 'ACTIVE', new Date(Date.now() - 3_600_000)),
      agreement(offeredOnly.id, 'OFFERED', null),
    ]);

    const carers = myCarersSchema.parse((await call('GET', `/api/user/${user.id}/my-carers`, { token })).json());
    expect(carers.map((carer) => [carer.worker.firstName, carer.shortlisted, carer.hasContract])).toEqual([
      ['Gus', false, true],
      ['Hal', true, true],
      ['Flo', true, false],
    ]);
    const contractsOnly = myCarersSchema.parse((await call('GET', `/api/user/${user.id}/my-carers?withContractsOnly=true`, { token })).json());
    expect(contractsOnly.map((carer) => carer.worker.firstName)).toEqual(['Gus', 'Hal']);
  });

  it("lets a coordinator acting for the client see the client's workers", async () => {
    const { client, aliasToken } = await coordinatorActingForClient();
    const worker = await createWorker(db());
    await call('POST', '/api/shortlist', { token: aliasToken, payload: { carerId: worker.id } });
    const response = await call('GET', `/api/user/${client.id}/my-carers`, { token: aliasToken });
    expect(response.statusCode).toBe(200);
    expect(myCarersSchema.parse(response.json()).map((carer) => carer.worker.carerId)).toEqual([worker.id]);
  });

  it("refuses anyone else: 401 anonymous, 403 for another care seeker, a worker, or a coordinator not acting for that client", async () => {
    const { user } = await careSeeker();
    const url = `/api/user/${user.id}/my-carers`;
    const anonymous = await call('GET', url);
    expect(anonymous.statusCode).toBe(401);
    const other = await careSeeker();
    const worker = await createWorker(db());
    const { aliasToken, coordinatorToken } = await coordinatorActingForClient();
    const coordinatorOfUser = await createCoordinator(db());
    await linkClient(db(), coordinatorOfUser.id, user.id);
    for (const token of [other.token, await sessionFor(db(), worker.id), aliasToken, coordinatorToken, await sessionFor(db(), coordinatorOfUser.id)]) {
      const refused = await call('GET', url, { token });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: NOT_AUTHORIZED, code: 'FORBIDDEN' });
    }
    expect((await call('GET', '/api/user/not-an-id/my-carers', { token: other.token })).statusCode).toBe(403);
  });
});
