import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { payoutRunSchema } from '@tendly/domain/api/payments';
import { buildApp } from '../../app';
import { createPaidInvoice, giveWorkerBankDetails } from '../../platform/billing/test-billing';
import { loadConfig } from '../../platform/config';
import { openDatabase, type Database } from '../../platform/db/client';
import { createPgliteDataDir } from '../../platform/db/test-database';
import { useTestApp } from '../../test-support/test-app';
import { createUser, createWorker, requester, sessionFor } from '../auth/test-factories';
import { placesWithOpenJobs } from '../jobs/job-board-repository';
import { jobDraft } from '../jobs/test-jobs';
import { placesWithWorkers } from '../search/search-repository';
import { seedSearchWorkers } from '../search/test-search-workers';
import { HEALTH_CHECK_TIMEOUT_MS } from './health-routes';

const { subject } = useTestApp({ database: { referenceData: true } });

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
    expect(response.json()).toEqual({ status: 'ok', searchIndexes: { workerSearch: index, jobBoard: index }, warm: false });
  });

  it('says warm once the start-up requests have run down every hot path, which write nothing', { tags: ['one-driver'] }, async () => {
    const { db } = subject.database;
    await seedSearchWorkers(db);
    // Workers live in localities (the seed places them by coordinates alone): the warm-up searches around those.
    const { rows: localities } = await db.execute(sql`select id from localities where state = 'NSW' order by id limit 5`);
    const { rows: workers } = await db.execute(sql`select user_id from worker_profiles where status = 'ACTIVE' order by user_id limit 5`);
    for (const [at, locality] of localities.entries()) {
      await db.execute(sql`update worker_profiles set locality_id = ${locality.id} where user_id = ${workers[at]?.user_id}`);
    }
    const careSeeker = await createUser(db);
    const posted = await requester(subject.app)('POST', '/api/jobs', { token: await sessionFor(db, careSeeker.id), payload: jobDraft() });
    expect(posted.statusCode).toBe(201);
    expect(await placesWithWorkers(db, 5)).toHaveLength(5);
    expect(await placesWithOpenJobs(db, 5)).toHaveLength(1);

    // As the server runs: searches do not first wait for the indexes to catch up (each wait is
    // a NOTIFY, which takes a transaction id of its own).
    const server = await buildApp({ config: { ...subject.config, SEARCH_INDEX_SYNC: false }, database: subject.database, logger: false });
    try {
      await server.ready();
      await server.liveTables.loaded();
      const serverHealth = async () => (await server.inject({ method: 'GET', url: '/api/health' })).json();
      expect(await serverHealth()).toMatchObject({ warm: false });
      // No transaction id is given out while only reads run: the next one to be is unchanged.
      const nextTransaction = async () => (await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`)).rows[0];
      const before = await nextTransaction();
      const warned: string[] = [];
      const took = await server.warmUp.run(30, { warn: (_object, message) => warned.push(message) });
      expect(warned).toEqual([]);
      expect(Object.keys(took).sort()).toEqual(['jobBoard', 'workerProfile', 'workerSearch']);
      expect(await nextTransaction()).toEqual(before);
      expect(await serverHealth()).toMatchObject({ status: 'ok', warm: true });
    } finally {
      await server.close();
    }
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
      expect(response.json()).toEqual({ status: 'unavailable', message: 'The database is not answering.', reason: 'The database failed the check query.' });
    } finally {
      await subject.database.db.execute(sql`create extension pg_trgm`);
    }
    expect((await health()).statusCode).toBe(200);
  });

  it(`answers 503 within ${HEALTH_CHECK_TIMEOUT_MS} ms when the database does not answer in time, even when asked with a session's token`, async () => {
    // A supervisor or a browser may send its token: reading the session would wait on the database too.
    const token = await sessionFor(subject.database.db, (await createUser(subject.database.db)).id);
    const held = await holdTheDatabase();
    try {
      for (const headers of [{}, { 'auth-token': token }]) {
        const started = Date.now();
        const response = await Promise.race([
          subject.app.inject({ method: 'GET', url: '/api/health', headers }),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('/api/health did not answer')), HEALTH_CHECK_TIMEOUT_MS + 3000)),
        ]);
        const took = Date.now() - started;
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ status: 'unavailable', message: 'The database is not answering.', reason: `The database did not answer within ${HEALTH_CHECK_TIMEOUT_MS} ms.` });
        expect(took).toBeGreaterThanOrEqual(HEALTH_CHECK_TIMEOUT_MS - 50);
        expect(took).toBeLessThan(HEALTH_CHECK_TIMEOUT_MS + 3000);
      }
    } finally {
      await held.release();
    }
    expect((await health()).statusCode).toBe(200);
  });
});

/** Asks /api/health every 100 ms until stopped; returns each answer's status and time. */
function watchHealth(app: FastifyInstance): { stop: () => Promise<{ statusCode: number; ms: number }[]> } {
  const answers: { statusCode: number; ms: number }[] = [];
  let stopped = false;
  const watching = (async () => {
    while (!stopped) {
      const started = Date.now();
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      answers.push({ statusCode: response.statusCode, ms: Date.now() - started });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await watching;
      return answers;
    },
  };
}

// Issue 27, section 1: on PGlite, the second payout run of a day in a fresh process loaded the
// encryption key through the database from inside the run's transaction; with one connection, the
// two waited on each other for ever and the whole server, health included, stopped answering.
describe.skipIf(process.env.TEST_DB === 'postgres')('on PGlite, payout runs either side of a restart', () => {
  it(`answer /api/health within ${HEALTH_CHECK_TIMEOUT_MS} ms throughout, and the second run of the day completes`, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tendly-test-restart-'));
    // No ENCRYPTION_KEY: the key is the one kept in the database, as on a laptop's `npm start`.
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ENCRYPTION_KEY: '' });
    let database: Database = await createPgliteDataDir(dataDir, 'ref');
    let app = await buildApp({ config, database, logger: false });
    const runNow = async (token: string) => {
      const response = await Promise.race([
        app.inject({ method: 'POST', url: '/api/admin/payout-runs', headers: { 'auth-token': token } }),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the payout run did not finish within 15 s')), 15_000)),
      ]);
      expect(response.statusCode, response.body).toBe(200);
      return payoutRunSchema.parse(response.json());
    };
    let watch: ReturnType<typeof watchHealth> | undefined;
    try {
      const worker = await createWorker(database.db);
      await giveWorkerBankDetails(database.db, app.fieldCipher, worker.id);
      await createPaidInvoice(database.db, worker.id);
      const admin = await sessionFor(database.db, (await createUser(database.db, { role: 'ADMIN' })).id);
      watch = watchHealth(app);
      const first = await runNow(admin);
      expect(first).toMatchObject({ payoutCount: 1, hasFile: true });
      const beforeRestart = await watch.stop();

      await app.close();
      await database.close();
      database = await openDatabase({ dataDir });
      app = await buildApp({ config, database, logger: false });
      watch = watchHealth(app);
      // Nothing new to pay: the run only writes the day's bank file again, reading the account
      // number of the payout already made.
      const second = await runNow(admin);
      expect(second).toMatchObject({ id: first.id, payoutCount: 1, totalCents: first.totalCents, hasFile: true });
      const afterRestart = await watch.stop();

      for (const answer of [...beforeRestart, ...afterRestart]) {
        expect(answer.statusCode).toBe(200);
        expect(answer.ms).toBeLessThan(HEALTH_CHECK_TIMEOUT_MS);
      }
      expect(afterRestart.length).toBeGreaterThan(0);
    } finally {
      await watch?.stop();
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
