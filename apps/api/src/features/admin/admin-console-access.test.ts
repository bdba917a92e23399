import { beforeAll, describe, expect, it } from 'vitest';
import { NOT_AUTHORIZED, PLEASE_LOGIN } from '@tendly/domain/errors';
import { useTestApp } from '../../test-support/test-app';
import { createCoordinator, createUser, createWorker, sessionFor } from '../auth/test-factories';
import { coordinatorActingForClient } from '../jobs/test-jobs';

const { call, db } = useTestApp();
let refusedTokens: [string, string][];
let adminToken: string;
let workerId: string;

beforeAll(async () => {
  const worker = await createWorker(db());
  workerId = worker.id;
  const { aliasToken } = await coordinatorActingForClient(db(), call);
  refusedTokens = [
    ['a care seeker', await sessionFor(db(), (await createUser(db())).id)],
    ['a worker', await sessionFor(db(), worker.id)],
    ['a support coordinator', await sessionFor(db(), (await createCoordinator(db())).id)],
    ['an Engage administrator', await sessionFor(db(), (await createUser(db(), { role: 'ENGAGEADMIN' })).id)],
    ['a coordinator acting for a client', aliasToken],
  ];
  adminToken = await sessionFor(db(), (await createUser(db(), { role: 'ADMIN' })).id);
});

const someId = '00000000-0000-4000-8000-000000000000';

/** Every admin console route, with a body that would pass validation. */
function consoleRoutes(): { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: unknown }[] {
  return [
    { method: 'GET', url: '/api/admin/summary' },
    { method: 'GET', url: '/api/admin/review-queue' },
    { method: 'GET', url: `/api/admin/workers/${workerId}` },
    { method: 'POST', url: `/api/admin/workers/${workerId}/approve` },
    { method: 'POST', url: `/api/admin/workers/${workerId}/request-changes`, payload: { items: ['Upload a clearer police check'] } },
    { method: 'POST', url: `/api/admin/workers/${workerId}/suspend`, payload: { reason: 'A complaint to look into' } },
    { method: 'POST', url: `/api/admin/workers/${workerId}/restore` },
    { method: 'GET', url: '/api/admin/people?q=jo' },
    { method: 'GET', url: '/api/admin/administrators' },
    { method: 'GET', url: `/api/admin/people/${workerId}` },
    { method: 'POST', url: `/api/admin/people/${workerId}/deactivate`, payload: { reason: 'Asked to close the account' } },
    { method: 'POST', url: `/api/admin/people/${workerId}/reactivate`, payload: { reason: 'Came back' } },
    { method: 'GET', url: '/api/admin/inbox' },
    { method: 'GET', url: `/api/admin/inbox/${someId}` },
    { method: 'PATCH', url: `/api/admin/inbox/${someId}`, payload: { status: 'IN_PROGRESS' } },
    { method: 'POST', url: `/api/admin/inbox/${someId}/notes`, payload: { body: 'Called them back.' } },
    { method: 'GET', url: '/api/admin/audit' },
    { method: 'GET', url: '/api/admin/jobs?status=FAILED' },
    { method: 'GET', url: '/api/admin/jobs/counts' },
    { method: 'POST', url: `/api/admin/jobs/${someId}/retry` },
    { method: 'POST', url: `/api/admin/jobs/${someId}/discard` },
  ];
}

describe('the admin console API', () => {
  it('answers 401 to a visitor on every route', async () => {
    for (const route of consoleRoutes()) {
      const response = await call(route.method, route.url, { payload: route.payload });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json()).toMatchObject({ message: PLEASE_LOGIN });
    }
  });

  it('answers 403 on every route to every role but ADMIN, and to a coordinator acting for a client', async () => {
    for (const route of consoleRoutes()) {
      for (const [who, token] of refusedTokens) {
        const response = await call(route.method, route.url, { token, payload: route.payload });
        expect(response.statusCode, `${who}: ${route.method} ${route.url}`).toBe(403);
        expect(response.json()).toMatchObject({ message: NOT_AUTHORIZED });
      }
    }
  });

  it('answers 404 for an id that names nothing, whatever it looks like', async () => {
    for (const id of [someId, 'not-a-uuid']) {
      for (const url of [`/api/admin/workers/${id}`, `/api/admin/people/${id}`, `/api/admin/inbox/${id}`]) {
        const response = await call('GET', url, { token: adminToken });
        expect(response.statusCode, url).toBe(404);
      }
      for (const url of [`/api/admin/workers/${id}/approve`, `/api/admin/workers/${id}/restore`]) {
        expect((await call('POST', url, { token: adminToken })).statusCode, url).toBe(404);
      }
    }
  });
});
