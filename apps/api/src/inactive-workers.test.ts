import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '@tendly/domain/access';
import { INACTIVE_PROFILE } from '@tendly/domain/errors';
import { decideApiAccess } from '@tendly/domain/permissions';
import { jobApplications } from './platform/db/schema/jobs';
import { workerProfiles } from './platform/db/schema/workers';
import { createWorker, sessionFor } from './features/auth/test-factories';
import { postJob, signedInCareSeeker, type Call } from './features/jobs/test-jobs';
import { useTestApp } from './test-support/test-app';

/**
 * Issue 10: the API let a worker whose profile is INACTIVE have what the web keeps from them
 * (spec sections 2.5 and 4: My jobs, with their applications and invitations, is blocked). The
 * API's rules now take the inactive block from the route table's screens (permissions.ts).
 */

const { subject, call } = useTestApp({ database: { referenceData: true } });
let jobId: string;
let worker: { id: string; token: string };

const inactiveWorker: Viewer = { role: 'CR', isInactiveWorker: true };
const refusedAsInactive = { message: INACTIVE_PROFILE, code: 'INACTIVE_PROFILE' };
const MESSAGE = 'I have supported older people at home for six years and live nearby.';

async function setProfileStatus(status: 'ACTIVE' | 'INACTIVE') {
  await subject.database.db.update(workerProfiles).set({ status }).where(eq(workerProfiles.userId, worker.id));
}

beforeAll(async () => {
  const owner = await signedInCareSeeker(subject.database.db);
  jobId = (await postJob(call, owner.token, { disableWorkerNotification: true })).id;
  const user = await createWorker(subject.database.db, { profileStatus: 'INACTIVE' });
  worker = { id: user.id, token: await sessionFor(subject.database.db, user.id) };
});

describe('every API route whose rule serves a screen blocked for inactive workers', () => {
  const blocked = () => subject.app.apiRouteAccess.filter((route) => decideApiAccess(route.access, inactiveWorker) === 'inactiveProfile');

  it("includes everything the worker's My jobs screen shows or does", () => {
    expect(blocked().map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['POST /api/jobs/:jobId/applications', 'GET /api/my/applications', 'GET /api/my/invitations']),
    );
  });

  it('includes the live event stream and the unread count, as the Messages screen (issue 13)', () => {
    expect(blocked().map((route) => `${route.method} ${route.url}`)).toEqual(expect.arrayContaining(['GET /api/events', 'GET /api/unread-messages']));
  });

  it('refuses an inactive worker with 403 and the inactive-profile message, before looking at the request', async () => {
    await setProfileStatus('INACTIVE');
    for (const route of blocked()) {
      const url = route.url.replace(/:\w+/g, () => randomUUID());
      const response = await call(route.method as Parameters<Call>[0], url, { token: worker.token, ...(route.method === 'GET' ? {} : { payload: {} }) });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json(), `${route.method} ${route.url}`).toEqual(refusedAsInactive);
    }
  });

  it('and no other: a worker route open to inactive profiles never answers INACTIVE_PROFILE', async () => {
    await setProfileStatus('INACTIVE');
    // The live event stream, which never ends by itself (inject would wait for it), is refused
    // to inactive workers, so it is not among these.
    const open = subject.app.apiRouteAccess.filter((route) => decideApiAccess(route.access, inactiveWorker) === 'allowed');
    expect(open.map((route) => route.url)).not.toContain('/api/events');
    expect(open.length).toBeGreaterThan(0);
    for (const route of open) {
      const url = route.url.replace(/:\w+/g, () => randomUUID());
      // A session of its own: one of these routes is signing out.
      const token = await sessionFor(subject.database.db, worker.id);
      const response = await call(route.method as Parameters<Call>[0], url, { token, ...(route.method === 'GET' ? {} : { payload: {} }) });
      expect((response.json() as { code?: string }).code, `${route.method} ${route.url}`).not.toBe('INACTIVE_PROFILE');
    }
  });
});

describe('an inactive worker, route family by route family (the same worker, once active, as the control)', () => {
  it('may search the job board, which spec 2.5 leaves open to every worker', async () => {
    for (const status of ['INACTIVE', 'ACTIVE'] as const) {
      await setProfileStatus(status);
      const response = await call('GET', '/api/jobs/search', { token: worker.token });
      expect(response.statusCode, status).toBe(200);
    }
  });

  it('may not apply for a job: 403, and nothing is stored', async () => {
    await setProfileStatus('INACTIVE');
    const refused = await call('POST', `/api/jobs/${jobId}/applications`, { token: worker.token, payload: { message: MESSAGE } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(refusedAsInactive);
    expect(await subject.database.db.$count(jobApplications, eq(jobApplications.workerId, worker.id))).toBe(0);
    await setProfileStatus('ACTIVE');
    expect((await call('POST', `/api/jobs/${jobId}/applications`, { token: worker.token, payload: { message: MESSAGE } })).statusCode).toBe(201);
  });

  it('may not list their applications or their invitations (My jobs)', async () => {
    for (const url of ['/api/my/applications', '/api/my/invitations']) {
      await setProfileStatus('INACTIVE');
      const refused = await call('GET', url, { token: worker.token });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toEqual(refusedAsInactive);
      await setProfileStatus('ACTIVE');
      expect((await call('GET', url, { token: worker.token })).statusCode, url).toBe(200);
    }
  });

  it('may always read and turn off job alert emails (the public unsubscribe page)', async () => {
    await setProfileStatus('INACTIVE');
    expect((await call('GET', '/api/my/job-alerts', { token: worker.token })).statusCode).toBe(200);
    const turnedOff = await call('PUT', '/api/my/job-alerts', { token: worker.token, payload: { enabled: false } });
    expect(turnedOff.statusCode).toBe(200);
    expect(turnedOff.json()).toEqual({ enabled: false });
  });
});
