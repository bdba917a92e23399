import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { interpretResponseSchema } from '@tendly/domain/api/search';
import { buildApp } from '../../app';
import { loadConfig } from '../../platform/config';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';

/**
 * Send to results took about 1.7 s (issue 11): the first message of each process waited for the
 * suburb names and the English model. The server now loads them as soon as it listens, and says
 * so in its log. The app is built here rather than with createTestApp, to read that log: the API
 * test files share their modules, so no module is mocked.
 */
let app: FastifyInstance;
let database: TestDatabase;
const logged: { msg?: string; ms?: number }[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ referenceData: true });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', SEARCH_CACHE_TTL_MS: '0' });
  app = await buildApp({ config, database, logger: { write: (line) => logged.push(JSON.parse(line) as { msg?: string; ms?: number }) } });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

const warmedUp = () => logged.filter((line) => line.msg?.startsWith('AI worker match: ready to read messages'));

describe('the AI worker match at start-up', () => {
  it('loads what it reads with when the server starts listening, so the first message and its search answer at once', async () => {
    expect(warmedUp()).toHaveLength(0);
    await app.listen({ port: 0, host: '127.0.0.1' });
    // Listening starts the loading, before any message is sent.
    await vi.waitFor(() => expect(warmedUp()).toHaveLength(1), { timeout: 20_000, interval: 50 });
    expect(warmedUp()[0]?.ms).toBeGreaterThan(0);
    // The page the person types on has already called the API: the server's own first request is not the match's.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/search/interpret',
      payload: { text: 'Mum lives in Parramatta and needs help with showering in the mornings' },
      remoteAddress: `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`,
    });
    const interpretMs = performance.now() - started;
    expect(response.statusCode).toBe(200);
    const { filters } = interpretResponseSchema.parse(response.json());
    const search = await app.inject({
      method: 'GET',
      url: `/api/search?location=${encodeURIComponent(filters.location ?? '')}&locationType=${filters.locationType ?? ''}&personalCare=true&timesOfDay=morning`,
    });
    const totalMs = performance.now() - started;
    expect(search.statusCode).toBe(200);
    // Measured at 20 to 60 ms for both on a quiet 2-core machine (see the README); the bound leaves
    // room for a busy one, and still fails when the first message loads the names and the model
    // itself (1.5 s or more).
    expect(interpretMs).toBeLessThan(1000);
    expect(totalMs).toBeLessThan(1000);
    // The message was read once, by the warmed-up match: no second loading.
    expect(warmedUp()).toHaveLength(1);
  });
});
