import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INACTIVE_PROFILE, NOT_AUTHORIZED, PLEASE_LOGIN } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createCoordinator, createUser, createWorker, sessionFor } from '../../features/auth/test-factories';
import { loadConfig } from '../config';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { registerErrorHandler } from '../http/error-handler';
import { registerAuthentication } from './authenticate';
import { assertRouteHasAccessRule, MissingAccessRuleError, registerAuthorization } from './authorize';

let database: TestDatabase;
let app: FastifyInstance;

/** A small app with the real authentication and authorisation, and one test route per kind of rule. */
async function appWith(routes: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const instance = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  instance.setValidatorCompiler(validatorCompiler);
  instance.setSerializerCompiler(serializerCompiler);
  instance.decorate('config', loadConfig({ NODE_ENV: 'test' }));
  instance.decorate('database', database);
  registerErrorHandler(instance);
  await registerAuthentication(instance);
  registerAuthorization(instance);
  routes(instance);
  await instance.ready();
  return instance;
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await appWith((a) => {
    const ok = async () => ({ ok: true });
    a.get('/api/test/public', { config: { access: apiAccess.public } }, ok);
    a.get('/api/test/signed-in', { config: { access: 'signedIn' } }, ok);
    a.get('/api/test/coordinators', { config: { access: apiAccess.coordinatorClients } }, ok);
    a.get('/api/test/active-workers', { config: { access: { kind: 'roles', roles: ['CS', 'CR'], blockedForInactive: true } } }, ok);
    a.post(
      '/api/test/with-body',
      { config: { access: 'signedIn' }, schema: { body: z.object({ name: z.string().min(1) }) } },
      ok,
    );
    a.get('/not-api', ok);
  });
});

afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? { 'auth-token': token } : {} });

describe('the access matrix', () => {
  const unauthenticated = { message: PLEASE_LOGIN, code: 'UNAUTHENTICATED' };
  const forbidden = { message: NOT_AUTHORIZED, code: 'FORBIDDEN' };
  const inactive = { message: INACTIVE_PROFILE, code: 'INACTIVE_PROFILE' };

  it('lets anybody use a public route', async () => {
    expect((await get('/api/test/public')).statusCode).toBe(200);
    expect((await get('/api/test/public', 'not-a-real-token')).statusCode).toBe(200);
  });

  it('answers an anonymous visitor 401 with "Please login with your account to continue"', async () => {
    for (const url of ['/api/test/signed-in', '/api/test/coordinators', '/api/test/active-workers']) {
      const response = await get(url);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(unauthenticated);
    }
  });

  it('answers the wrong role 403 "You are not authorized to perform that action."', async () => {
    const seeker = await sessionFor(database.db, (await createUser(database.db)).id);
    const coordinator = await sessionFor(database.db, (await createCoordinator(database.db)).id);
    expect((await get('/api/test/coordinators', seeker)).json()).toEqual(forbidden);
    expect((await get('/api/test/coordinators', seeker)).statusCode).toBe(403);
    expect((await get('/api/test/active-workers', coordinator)).json()).toEqual(forbidden);
    expect((await get('/api/test/coordinators', coordinator)).statusCode).toBe(200);
    expect((await get('/api/test/signed-in', coordinator)).statusCode).toBe(200);
  });

  it('answers an inactive worker 403 INACTIVE_PROFILE on a route blocked for inactive profiles, and only there', async () => {
    const inactiveWorker = await sessionFor(database.db, (await createWorker(database.db, { profileStatus: 'INACTIVE' })).id);
    const activeWorker = await sessionFor(database.db, (await createWorker(database.db, { profileStatus: 'ACTIVE' })).id);
    const blocked = await get('/api/test/active-workers', inactiveWorker);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual(inactive);
    expect((await get('/api/test/signed-in', inactiveWorker)).statusCode).toBe(200);
    expect((await get('/api/test/active-workers', activeWorker)).statusCode).toBe(200);
  });

  it('treats a worker without a profile row as inactive', async () => {
    const worker = await sessionFor(database.db, (await createUser(database.db, { role: 'CR' })).id);
    expect((await get('/api/test/active-workers', worker)).json()).toEqual(inactive);
  });

  it('refuses an anonymous request before looking at its body (401, not 400)', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/with-body', payload: {} });
    expect(response.statusCode).toBe(401);
  });

  it('applies the rule to HEAD requests too', async () => {
    expect((await app.inject({ method: 'HEAD', url: '/api/test/signed-in' })).statusCode).toBe(401);
  });

  it('leaves routes outside /api alone', async () => {
    expect((await get('/not-api')).statusCode).toBe(200);
  });
});

describe('deny by default', () => {
  it('refuses to start an app with an /api route that has no access rule', async () => {
    await expect(appWith((a) => a.get('/api/test/forgotten', async () => ({ ok: true })))).rejects.toThrow(
      /GET \/api\/test\/forgotten has no access rule/,
    );
  });

  it('also catches routes registered under the /api prefix by a plugin', async () => {
    const plugin = async (api: FastifyInstance) => {
      api.post('/things', async () => ({ ok: true }));
    };
    await expect(
      appWith((a) => {
        void a.register(plugin, { prefix: '/api' });
      }),
    ).rejects.toBeInstanceOf(MissingAccessRuleError);
  });

  it('accepts routes outside /api and the API documentation without a rule', () => {
    expect(() => assertRouteHasAccessRule({ method: 'GET', url: '/careworker', config: {} })).not.toThrow();
    expect(() => assertRouteHasAccessRule({ method: 'GET', url: '/api/docs/json', config: {} })).not.toThrow();
    expect(() => assertRouteHasAccessRule({ method: 'GET', url: '/api/docsomething', config: {} })).toThrow(MissingAccessRuleError);
  });
});

describe('the real app', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(async () => {
    await subject?.close();
  });

  it('starts, so every /api route declares an access rule; the public ones stay public', async () => {
    for (const url of ['/api/health', '/api/site', '/api/avatars/abc.svg', '/api/docs/json']) {
      expect((await subject.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
  });
});
