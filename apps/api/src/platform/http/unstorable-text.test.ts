import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSAFE_TEXT_MESSAGE } from '@tendly/domain/validation/safe-text';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { registerErrorHandler } from './error-handler';
import { isUnstorableTextError } from './unstorable-text';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

/** Routes with no input schema at all: whatever text they get goes straight to the database. */
async function appWithUncheckedRoutes() {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.post('/text', async (request) => {
    const { value } = request.body as { value: string };
    return database.db.execute(sql`select ${value}::text as value`);
  });
  app.post('/json', async (request) => database.db.execute(sql`select ${JSON.stringify(request.body)}::jsonb as value`));
  app.get('/broken', async () => database.db.execute(sql`select 1 / 0 as value`));
  await app.ready();
  return app;
}

describe('text the database cannot store (defence in depth behind the request schemas)', () => {
  it('is a 400 with the unsafe-text message, in a text column and in JSON', async () => {
    const app = await appWithUncheckedRoutes();
    for (const url of ['/text', '/json']) {
      const response = await app.inject({ method: 'POST', url, payload: { value: 'a\u0000b' } });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ message: UNSAFE_TEXT_MESSAGE, code: 'VALIDATION' });
    }
  });

  it('leaves other database failures as a 500', async () => {
    const app = await appWithUncheckedRoutes();
    const response = await app.inject({ method: 'GET', url: '/broken' });
    expect(response.statusCode).toBe(500);
  });

  it('recognises the codes through the errors that wrap them', () => {
    expect(isUnstorableTextError({ cause: { code: '22021' } })).toBe(true);
    expect(isUnstorableTextError(Object.assign(new Error('x'), { cause: Object.assign(new Error('y'), { code: '22P05' }) }))).toBe(true);
    expect(isUnstorableTextError({ code: '22012' })).toBe(false);
    expect(isUnstorableTextError(null)).toBe(false);
  });
});
