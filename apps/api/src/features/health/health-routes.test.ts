import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { HEALTH_CHECK_TIMEOUT_MS } from './health-routes';

let subject: TestApp;

beforeAll(async () => {
  subject = await createTestApp();
});

afterAll(async () => {
  await subject?.close();
});

const health = () => subject.app.inject({ method: 'GET', url: '/api/health' });

/**
 * Makes every new query wait until `release` is called: on PGlite, which runs one query at a
 * time, a transaction that does not end; on a server, every connection of the pool taken.
 */
async function holdTheDatabase(): Promise<{ release: () => Promise<void> }> {
  const { client } = subject.database;
  if (client instanceof PGlite) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const holding = new Promise<void>((resolve) => (started = resolve));
    const transaction = client.transaction(async () => {
      started();
      await released;
    });
    await holding;
    return {
      release: async () => {
        release();
        await transaction;
      },
    };
  }
  if (!(client instanceof pg.Pool)) throw new Error('unknown database client');
  const taken: pg.PoolClient[] = [];
  while (client.totalCount < client.options.max || client.idleCount > 0) taken.push(await client.connect());
  return {
    release: async () => {
      for (const connection of taken) connection.release();
    },
  };
}

describe('GET /api/health', () => {
  it('answers 200 ok when the database answers the extension check', async () => {
    const response = await health();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const index = expect.objectContaining({ state: expect.stringMatching(/^(ready|loading)$/) });
    expect(response.json()).toEqual({ status: 'ok', searchIndexes: { workerSearch: index, jobBoard: index } });
  });

  it('answers 503 when the database answers, but search would not work', async () => {
    // The database still answers `select 1`; only the trigram operator is gone. This file has a
    // database of its own, so the indexes the cascade drops are missed by no other test. The
    // search indexes load first: their reads of the tables the cascade locks could otherwise
    // deadlock with it (PostgreSQL ends one of the two after a second).
    await subject.app.liveTables.loaded();
    await subject.database.db.execute(sql`drop extension pg_trgm cascade`);
    try {
      const response = await health();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', message: 'The database is not answering.' });
    } finally {
      await subject.database.db.execute(sql`create extension pg_trgm`);
    }
    expect((await health()).statusCode).toBe(200);
  });

  it(`answers 503 within ${HEALTH_CHECK_TIMEOUT_MS} ms when the database does not answer in time`, async () => {
    const held = await holdTheDatabase();
    try {
      const started = Date.now();
      const response = await health();
      const took = Date.now() - started;
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', message: 'The database is not answering.' });
      expect(took).toBeGreaterThanOrEqual(HEALTH_CHECK_TIMEOUT_MS - 50);
      expect(took).toBeLessThan(HEALTH_CHECK_TIMEOUT_MS + 3000);
    } finally {
      await held.release();
    }
    expect((await health()).statusCode).toBe(200);
  });
});
