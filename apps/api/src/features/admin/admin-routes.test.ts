import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSummaryResponseSchema, type AdminSummary } from '@tendly/domain/api/admin';
import { NOT_AUTHORIZED, PLEASE_LOGIN } from '@tendly/domain/errors';
import { jobs, jobApplications } from '../../platform/db/schema/jobs';
import { useTestApp } from '../../test-support/test-app';
import { createCoordinator, createUser, createWorker, sessionFor } from '../auth/test-factories';
import { coordinatorActingForClient, postJob, signedInCareSeeker } from '../jobs/test-jobs';

const { subject, call, db } = useTestApp({ database: { referenceData: true } });
let adminToken: string;

beforeAll(async () => {
  const admin = await createUser(subject.database.db, { role: 'ADMIN', firstName: 'Ada' });
  adminToken = await sessionFor(subject.database.db, admin.id);
});

async function summary(): Promise<AdminSummary> {
  const response = await call('GET', '/api/admin/summary', { token: adminToken });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return adminSummaryResponseSchema.parse(response.json());
}

describe('GET /api/admin/summary', () => {
  it('is refused to anyone who is not signed in: 401', async () => {
    const response = await call('GET', '/api/admin/summary');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: PLEASE_LOGIN });
  });

  it('is refused to every other role, and to a coordinator acting for a client: 403', async () => {
    const careSeeker = await signedInCareSeeker(db());
    const worker = await createWorker(db());
    const coordinator = await createCoordinator(db());
    const engageAdmin = await createUser(db(), { role: 'ENGAGEADMIN' });
    const { aliasToken } = await coordinatorActingForClient(db(), call);
    const tokens = [
      careSeeker.token,
      await sessionFor(db(), worker.id),
      await sessionFor(db(), coordinator.id),
      await sessionFor(db(), engageAdmin.id),
      aliasToken,
    ];
    for (const token of tokens) {
      const response = await call('GET', '/api/admin/summary', { token });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: NOT_AUTHORIZED });
    }
  });

  it('counts accounts by role and state, worker profiles, jobs by status and applications', async () => {
    const before = await summary();

    const { token: careSeekerToken } = await signedInCareSeeker(db());
    await createUser(db(), { emailVerifiedAt: null });
    await createUser(db(), { status: 'DEACTIVATED' });
    const worker = await createWorker(db(), { profileStatus: 'ACTIVE' });
    await createWorker(db(), { profileStatus: 'INACTIVE' });
    await createCoordinator(db());
    const open = await postJob(call, careSeekerToken);
    const closed = await postJob(call, careSeekerToken);
    await db().update(jobs).set({ status: 'CLOSED' }).where(eq(jobs.id, closed.id));
    await db().insert(jobApplications).values({ jobId: open.id, workerId: worker.id, message: 'I would love to help.' });

    const after = await summary();
    const grown = (group: keyof Omit<AdminSummary, 'countedAt'>) =>
      Object.fromEntries(
        Object.entries(after[group]).map(([key, value]) => [key, value - (before[group] as Record<string, number>)[key]!]),
      );
    expect(grown('accounts')).toEqual({
      total: 6,
      careSeekers: 3,
      workers: 2,
      supportCoordinators: 1,
      administrators: 0,
      unverified: 1,
      deactivated: 1,
    });
    expect(grown('workers')).toEqual({ active: 1, inactive: 1 });
    expect(grown('jobs')).toEqual({ open: 1, filled: 0, closed: 1 });
    expect(grown('applications')).toEqual({ total: 1, pending: 1 });
    expect(after.accounts.administrators).toBeGreaterThanOrEqual(1);
    expect(Date.parse(after.countedAt)).toBeGreaterThanOrEqual(Date.parse(before.countedAt));
  });
});
