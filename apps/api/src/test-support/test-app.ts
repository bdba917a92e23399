import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { requester } from '../features/auth/test-factories';
import { loadConfig, type Config } from '../platform/config';
import type { Db } from '../platform/db/client';
import { createTestDatabase, type TestDatabase, type TestDatabaseOptions } from '../platform/db/test-database';
import { drainJobs } from '../platform/jobs/job-worker';
import type { PaymentProvider } from '../platform/payments/provider';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /**
   * Runs every due background job (e.g. delivers queued email into the outbox) and returns how
   * many ran. No worker polls in tests, so nothing happens behind a test's back.
   */
  drainJobs(): Promise<number>;
  close(): Promise<void>;
}

/**
 * The real application on a fresh real database (PGlite, or the PostgreSQL server when
 * TEST_DB=postgres), for integration tests. Each test file gets its own.
 */
export interface TestAppOptions {
  env?: Record<string, string>;
  database?: TestDatabaseOptions;
  paymentProvider?: PaymentProvider;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  // Tests change data between searches: no cached results unless a test asks for them.
  // Uploaded files go to a folder of this test file's own, removed when it closes.
  const dataDir = options.env?.DATA_DIR ?? (await mkdtemp(path.join(os.tmpdir(), 'tendly-test-data-')));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEARCH_CACHE_TTL_MS: '0', SEARCH_INDEX_SYNC: 'true', DATA_DIR: dataDir, ...options.env });
  const database = await createTestDatabase(options.database);
  const app = await buildApp({ config, database, logger: false, ...(options.paymentProvider ? { paymentProvider: options.paymentProvider } : {}) });
  await app.ready();
  return {
    app,
    database,
    config,
    drainJobs: () => drainJobs(database, app.jobHandlers),
    async close() {
      await app.close();
      await database.dispose();
      if (!options.env?.DATA_DIR) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** What a test file uses of the app that `useTestApp` made for it. */
export interface TestAppFixture {
  /** The file's app, database and config; usable inside tests and hooks, once `beforeAll` has run. */
  subject: TestApp;
  /** `inject` with the auth-token header and a fresh client address (see `requester`). */
  call: ReturnType<typeof requester>;
  db: () => Db;
}

/**
 * Makes the file's app on a fresh database before its tests and closes it after them: the set-up
 * nearly every API test file needs. Call it at the top of the file, where `beforeAll` would stand.
 */
export function useTestApp(options: TestAppOptions = {}): TestAppFixture {
  let made: TestApp | undefined;
  beforeAll(async () => {
    made = await createTestApp(options);
  });
  afterAll(async () => {
    await made?.close();
  });

  const current = (): TestApp => {
    if (!made) throw new Error('useTestApp: the app is made in beforeAll; use it inside a test or a hook.');
    return made;
  };
  // The app does not exist yet when the file's top level runs, so each part is looked up on use.
  const subject: TestApp = {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get config() {
      return current().config;
    },
    drainJobs: () => current().drainJobs(),
    close: () => current().close(),
  };
  return {
    subject,
    call: (method, url, callOptions) => requester(current().app)(method, url, callOptions),
    db: () => current().database.db,
  };
}
